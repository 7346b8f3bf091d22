// SPDX-License-Identifier: GPL-3.0-or-later
#include "skinlab/gap/keep_out_of_ball.hpp"

#include <algorithm>
#include <cmath>

#include "skinlab/core/closest_point.hpp"

namespace skinlab {

namespace {
// Below this share of a cell's nearest point, its new points would have to move more than ten
// times the shortfall: the point lies on the parts' own boundary, which the patch cannot move.
constexpr double kLeastShare = 0.1;
// An edge is split only where it passes within this fraction of the ball: splitting those between
// 0.9 and 1 as well cost the standard clips 21 more frames with pairs over DQS + 2 (the cow's
// swing, the triceratops' walk) and lifted no sweep's worst ratio further.
constexpr double kSplitWithin = 0.9;
}  // namespace

void keep_points_out_of_ball(std::vector<Vec3>& positions, int first_point, int end_point, const Vec3& center,
                             double radius) {
  for (int v = first_point; v < end_point; ++v) {
    const Vec3 out = positions[v] - center;
    const double distance = out.norm();
    if (distance > 0 && distance < radius) positions[v] = center + out * (radius / distance);
  }
}

double nearest_cell_distance(const std::vector<Vec3>& positions, const std::vector<Tri>& triangles, int first_triangle,
                             int end_triangle, const Vec3& center) {
  double nearest = first_triangle < end_triangle ? HUGE_VAL : 0.0;
  for (int f = first_triangle; f < end_triangle; ++f) {
    const Tri& t = triangles[f];
    nearest = std::min(
        nearest,
        (closest_point_on_triangle(center, positions[t[0]], positions[t[1]], positions[t[2]]) - center).norm());
  }
  return nearest;
}

int keep_cells_out_of_ball(std::vector<Vec3>& positions, int first_point, int end_point,
                           const std::vector<Tri>& triangles, int first_triangle, int end_triangle, const Vec3& center,
                           double radius, int passes) {
  const auto is_new = [&](int v) { return v >= first_point && v < end_point; };
  int inside = 0;
  for (int pass = 0; pass <= passes; ++pass) {
    inside = 0;
    for (int f = first_triangle; f < end_triangle; ++f) {
      const Tri& t = triangles[f];
      if (!is_new(t[0]) && !is_new(t[1]) && !is_new(t[2])) continue;
      const Vec3 weight = closest_point_weights(center, positions[t[0]], positions[t[1]], positions[t[2]]);
      const Vec3 out = weight[0] * positions[t[0]] + weight[1] * positions[t[1]] + weight[2] * positions[t[2]] - center;
      const double distance = out.norm();
      if (distance >= radius) continue;
      ++inside;
      // The last pass only counts; a centre on the cell gives no direction to move it.
      if (pass == passes || distance == 0) continue;
      // The new points' share of the nearest point (its barycentric weights): moved out together by
      // the shortfall over that share, along the nearest point's direction from the centre, they
      // take it to the ball's surface; a point on the parts' own boundary edge cannot move.
      double share = 0;
      for (int k = 0; k < 3; ++k) share += is_new(t[k]) ? weight[k] : 0.0;
      if (share < kLeastShare) continue;
      const Vec3 push = out * (std::min((radius - distance) / share, radius) / distance);
      for (int v : t)
        if (is_new(v)) positions[v] += push;
    }
    if (inside == 0) break;
  }
  return inside;
}

int split_edges_out_of_ball(std::vector<Vec3>& positions, int first_point, int end_point, const std::vector<int>& side,
                            std::vector<Tri>& triangles, int first_triangle, int end_triangle, const Vec3& center,
                            double radius, std::vector<EdgeSplit>& splits) {
  const auto is_new = [&](int v) { return v >= first_point && v < end_point; };
  int count = 0;
  for (int f = first_triangle; f < end_triangle; ++f)
    for (int i = 0; i < 3; ++i) {
      const int a = triangles[f][i], b = triangles[f][(i + 1) % 3];
      const int sides = static_cast<int>(side.size());  // vertices split in are past it
      if (a >= sides || b >= sides || is_new(a) || is_new(b) || side[a] == side[b]) continue;
      const Vec3 edge = positions[b] - positions[a];
      const double along = (center - positions[a]).dot(edge) / edge.squaredNorm();
      if (!(along > 0 && along < 1)) continue;  // nearest at an end (or a degenerate edge)
      const Vec3 out = positions[a] + along * edge - center;
      const double distance = out.norm();
      if (distance >= kSplitWithin * radius || distance == 0) continue;
      // The edge's other triangle holds it the other way round, b -> a.
      int other = -1, at = -1;
      for (int g = first_triangle; g < end_triangle && other < 0; ++g)
        for (int j = 0; j < 3; ++j)
          if (g != f && triangles[g][j] == b && triangles[g][(j + 1) % 3] == a) other = g, at = j;
      if (other < 0) continue;
      const int middle = static_cast<int>(positions.size());
      positions.push_back(center + out * (radius / distance));
      splits.push_back({a, b, along});
      // (a, b, x) -> (a, middle, x) and (middle, b, x); likewise (b, a, y).
      for (const auto& [g, j] : {std::pair{f, i}, std::pair{other, at}}) {
        Tri second = triangles[g];
        second[j] = middle;
        triangles[g][(j + 1) % 3] = middle;
        triangles.push_back(second);
      }
      ++count;
    }
  return count;
}

}  // namespace skinlab
