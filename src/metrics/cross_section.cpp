// SPDX-License-Identifier: GPL-3.0-or-later
#include "skinlab/metrics/cross_section.hpp"

#include <algorithm>
#include <cstdint>
#include <limits>
#include <unordered_map>

namespace skinlab {

namespace {

std::uint64_t edge_key(int a, int b) {
  if (a > b) std::swap(a, b);
  return (static_cast<std::uint64_t>(a) << 32) | static_cast<std::uint32_t>(b);
}

}  // namespace

std::optional<double> cross_section_area(const std::vector<Vec3>& positions, const std::vector<Tri>& triangles,
                                         const Vec3& point, const Vec3& normal, double nearest_within) {
  const Vec3 n = normal.normalized();
  std::vector<double> side(positions.size());
  for (std::size_t v = 0; v < side.size(); ++v) side[v] = n.dot(positions[v] - point);
  const auto positive = [&](int v) { return side[v] >= 0.0; };
  // Each crossed edge is one section point; each crossed triangle links the two on its edges.
  std::unordered_map<std::uint64_t, int> point_of_edge;
  std::vector<Vec3> points;
  std::vector<std::array<int, 2>> links;  // per section point: its neighbours along the loop
  const auto section_point = [&](int a, int b) {
    const auto [it, inserted] = point_of_edge.try_emplace(edge_key(a, b), static_cast<int>(points.size()));
    if (inserted) {
      const double t = side[a] / (side[a] - side[b]);
      points.push_back(positions[a] + t * (positions[b] - positions[a]));
      links.push_back({-1, -1});
    }
    return it->second;
  };
  const auto link = [&](int p, int q) {
    for (int r : {p, q}) {
      const int other = r == p ? q : p;
      if (links[r][0] < 0)
        links[r][0] = other;
      else
        links[r][1] = other;
    }
  };
  for (const Tri& t : triangles) {
    std::array<int, 2> crossing{};
    int count = 0;
    for (int k = 0; k < 3; ++k) {
      const int a = t[k], b = t[(k + 1) % 3];
      if (positive(a) != positive(b) && count < 2) crossing[count++] = section_point(a, b);
    }
    if (count == 2) link(crossing[0], crossing[1]);
  }
  // Walk each loop once; the area is the shoelace sum of the polygon projected on the plane.
  // A loop around the point is the limb's own section (when loops nest, the innermost); else
  // the loop nearest the point, as a collapsed section no longer surrounds its joint.
  const Vec3 u = n.unitOrthogonal(), v = n.cross(u);
  std::vector<char> visited(points.size(), 0);
  double best_area = 0.0, best_distance = std::numeric_limits<double>::infinity();
  bool best_surrounds = false, found = false;
  for (std::size_t start = 0; start < points.size(); ++start) {
    if (visited[start]) continue;
    std::vector<int> loop;
    int previous = -1, current = static_cast<int>(start);
    bool closed = false;
    while (current >= 0 && !visited[current]) {
      visited[current] = 1;
      loop.push_back(current);
      const int next = links[current][0] != previous ? links[current][0] : links[current][1];
      previous = current;
      current = next;
      if (current == static_cast<int>(start)) closed = true;
    }
    if (!closed || loop.size() < 3) continue;
    Vec3 doubled_area = Vec3::Zero(), sum = Vec3::Zero();
    bool surrounds = false;  // crossing-number test in the plane's (u, v) coordinates
    for (std::size_t i = 0; i < loop.size(); ++i) {
      const Vec3 a = points[loop[i]] - point, b = points[loop[(i + 1) % loop.size()]] - point;
      doubled_area += a.cross(b);
      sum += points[loop[i]];
      const double av = a.dot(v), bv = b.dot(v);
      if ((av > 0) != (bv > 0) && a.dot(u) + (b.dot(u) - a.dot(u)) * (0 - av) / (bv - av) > 0) surrounds = !surrounds;
    }
    const double area = 0.5 * std::abs(doubled_area.dot(n));
    const double distance = (sum / static_cast<double>(loop.size()) - point).norm();
    const bool better = surrounds ? (!best_surrounds || area < best_area)
                                  : (!best_surrounds && distance < best_distance && distance <= nearest_within);
    if (better) {
      found = true;
      best_surrounds = surrounds;
      best_distance = distance;
      best_area = area;
    }
  }
  if (!found) return std::nullopt;
  return best_area;
}

}  // namespace skinlab
