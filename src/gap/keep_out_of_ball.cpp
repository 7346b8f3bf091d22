// SPDX-License-Identifier: GPL-3.0-or-later
#include "skinlab/gap/keep_out_of_ball.hpp"

#include <algorithm>

#include "skinlab/core/closest_point.hpp"

namespace skinlab {

namespace {
// Below this share of a cell's nearest point, its new points would have to move more than ten
// times the shortfall: the point lies on the parts' own boundary, which the patch cannot move.
constexpr double kLeastShare = 0.1;
}  // namespace

void keep_points_out_of_ball(std::vector<Vec3>& positions, int first_point, int end_point, const Vec3& center,
                             double radius) {
  for (int v = first_point; v < end_point; ++v) {
    const Vec3 out = positions[v] - center;
    const double distance = out.norm();
    if (distance > 0 && distance < radius) positions[v] = center + out * (radius / distance);
  }
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

}  // namespace skinlab
