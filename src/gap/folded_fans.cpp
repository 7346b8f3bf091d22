// SPDX-License-Identifier: GPL-3.0-or-later
#include "skinlab/gap/folded_fans.hpp"

#include <algorithm>

#include "skinlab/core/triangle_intersection.hpp"

namespace skinlab {

namespace {

// Two triangles face apart by more than 120° when their unit normals' dot product is below this.
// The folds beside man's hip opening are at 147° and 155°. The standard models have 0 (the
// cactus) to 161 (man) vertices where a part folds so, outside a crossing of the rest mesh.
constexpr double kFoldCosine = -0.5;

Vec3 unit_normal(const GapModel& gap, int f) {
  const Tri& t = gap.triangles[f];
  const Vec3& a = gap.rest_positions[t[0]];
  return (gap.rest_positions[t[1]] - a).cross(gap.rest_positions[t[2]] - a).normalized();
}

bool has_vertex(const Tri& t, int v) { return t[0] == v || t[1] == v || t[2] == v; }

bool share_vertex(const Tri& t, const Tri& u) {
  return has_vertex(u, t[0]) || has_vertex(u, t[1]) || has_vertex(u, t[2]);
}

struct Box {
  Vec3 low, high;
  bool apart(const Box& o) const {
    return (low.array() > o.high.array()).any() || (high.array() < o.low.array()).any();
  }
};

Box box_of(const GapModel& gap, int f) {
  const Tri& t = gap.triangles[f];
  const Vec3 &a = gap.rest_positions[t[0]], &b = gap.rest_positions[t[1]], &c = gap.rest_positions[t[2]];
  return {a.cwiseMin(b).cwiseMin(c), a.cwiseMax(b).cwiseMax(c)};
}

// Which of `triangles` cross a triangle of the rest mesh they share no vertex with: one pass over
// the mesh, each of its triangles looked up among `triangles` sorted along x (man, 161 folded
// fans: the whole set-up step took 63 ms trying every triangle of the mesh against each fan's
// triangles, 8.5 ms so).
std::vector<char> cross_rest_mesh(const GapModel& gap, const std::vector<int>& triangles) {
  const int n = static_cast<int>(triangles.size());
  std::vector<Box> box(n);
  std::vector<int> order(n);
  double widest = 0;
  for (int i = 0; i < n; ++i) {
    box[i] = box_of(gap, triangles[i]);
    order[i] = i;
    widest = std::max(widest, box[i].high.x() - box[i].low.x());
  }
  std::sort(order.begin(), order.end(), [&](int i, int j) { return box[i].low.x() < box[j].low.x(); });
  std::vector<char> crossed(n, 0);
  const auto& p = gap.rest_positions;
  for (int g = 0; g < static_cast<int>(gap.triangles.size()); ++g) {
    const Box b = box_of(gap, g);
    const Tri& u = gap.triangles[g];
    const auto first = std::lower_bound(order.begin(), order.end(), b.low.x() - widest,
                                        [&](int i, double x) { return box[i].low.x() < x; });
    for (auto it = first; it != order.end() && box[*it].low.x() <= b.high.x(); ++it) {
      const Tri& t = gap.triangles[triangles[*it]];
      if (crossed[*it] || box[*it].apart(b) || share_vertex(t, u)) continue;
      crossed[*it] = triangles_intersect(p[t[0]], p[t[1]], p[t[2]], p[u[0]], p[u[1]], p[u[2]]);
    }
  }
  return crossed;
}

}  // namespace

bool fan_folds(const GapModel& gap, int v, int part, const std::function<bool(int)>& kept) {
  for (int i = gap.vertex_triangle_offset[v]; i < gap.vertex_triangle_offset[v + 1]; ++i) {
    const int f = gap.vertex_triangle[i];
    if (gap.triangle_part[f] != part || !kept(f)) continue;
    const Tri& t = gap.triangles[f];
    for (int k = 0; k < 3; ++k) {
      // the edge (t[k], t[k+1]) at v, and the triangle across it
      if (t[k] != v && t[(k + 1) % 3] != v) continue;
      const int g = gap.across[3 * f + k];
      if (g > f && gap.triangle_part[g] == part && kept(g) &&
          unit_normal(gap, f).dot(unit_normal(gap, g)) < kFoldCosine)
        return true;
    }
  }
  return false;
}

std::vector<unsigned char> find_folded_fans(const GapModel& gap) {
  const int num_triangles = static_cast<int>(gap.triangles.size());
  std::vector<Vec3> normal(num_triangles);
  for (int f = 0; f < num_triangles; ++f) normal[f] = unit_normal(gap, f);
  // The fans that fold, as (vertex, part), and their part's triangles round the vertex.
  std::vector<std::pair<int, int>> fans;
  std::vector<unsigned char> folded(gap.rest_positions.size(), 0);
  for (int f = 0; f < num_triangles; ++f)
    for (int k = 0; k < 3; ++k) {
      const int g = gap.across[3 * f + k];
      const int part = gap.triangle_part[f];
      if (g <= f || gap.triangle_part[g] != part || normal[f].dot(normal[g]) >= kFoldCosine) continue;
      for (int v : {gap.triangles[f][k], gap.triangles[f][(k + 1) % 3]}) {
        const unsigned char bit = folded_fan_bit(gap, v, part);
        if (folded[v] & bit) continue;
        folded[v] |= bit;
        fans.emplace_back(v, part);
      }
    }
  std::vector<int> fan_triangles, fan_begin;
  for (auto [v, part] : fans) {
    fan_begin.push_back(static_cast<int>(fan_triangles.size()));
    for (int i = gap.vertex_triangle_offset[v]; i < gap.vertex_triangle_offset[v + 1]; ++i)
      if (gap.triangle_part[gap.vertex_triangle[i]] == part) fan_triangles.push_back(gap.vertex_triangle[i]);
  }
  fan_begin.push_back(static_cast<int>(fan_triangles.size()));
  const std::vector<char> crossed = cross_rest_mesh(gap, fan_triangles);
  for (std::size_t i = 0; i < fans.size(); ++i) {
    const auto [v, part] = fans[i];
    if (std::any_of(crossed.begin() + fan_begin[i], crossed.begin() + fan_begin[i + 1], [](char c) { return c != 0; }))
      folded[v] &= static_cast<unsigned char>(~folded_fan_bit(gap, v, part));
  }
  return folded;
}

}  // namespace skinlab
