// SPDX-License-Identifier: GPL-3.0-or-later
// The patch kept out of the ball a limb holds round its joint: deep bends pull the patch's inner
// side through the joint's centre, where no skin is (docs/gap.md, "Second generation", 6).
#pragma once

#include <vector>

#include "skinlab/core/tri_mesh.hpp"

namespace skinlab {

/// Each new point ([first_point, end_point) of `positions`) nearer `center` than `radius` moves out
/// to `radius` along its direction from `center`.
void keep_points_out_of_ball(std::vector<Vec3>& positions, int first_point, int end_point, const Vec3& center,
                             double radius);

/// Then the cells between them: a patch triangle ([first_triangle, end_triangle) of `triangles`)
/// with a new point, whose nearest point to `center` lies within `radius` (a long cell beside a
/// bend, its corners outside, its middle inside), moves its new points out together along that
/// point's direction from `center`, by the shortfall over the new points' share of the point (its
/// barycentric weights; none where that share is under a tenth: the point is on the parts' own
/// boundary); up to `passes` passes over the patch. Returns the cells still within `radius` after
/// the last pass.
int keep_cells_out_of_ball(std::vector<Vec3>& positions, int first_point, int end_point,
                           const std::vector<Tri>& triangles, int first_triangle, int end_triangle, const Vec3& center,
                           double radius, int passes);

/// How near the patch comes to `center`: the least distance from it to a triangle of
/// [first_triangle, end_triangle) (0 for none).
double nearest_cell_distance(const std::vector<Vec3>& positions, const std::vector<Tri>& triangles, int first_triangle,
                             int end_triangle, const Vec3& center);

/// Last, the edges no move reaches: a patch edge between two of the parts' own vertices on
/// opposite sides of the joint (`side` differs, neither a new point), whose nearest point to
/// `center` lies within 0.9 `radius` and strictly inside the edge (a zip diagonal or an arc without
/// new points, across the inside of a deep bend). Each such edge is split at that point, moved out
/// to `radius` along its direction from `center`: the new vertex is appended to `positions` and
/// each of the edge's two triangles becomes two, keeping its orientation (the second appended to
/// `triangles`). An edge whose nearest point is the centre itself gives no direction and stays.
/// Each split is appended to `splits` (its new vertex's order among the appended ones). Returns the
/// edges split.
struct EdgeSplit {
  int a = -1, b = -1;  ///< the edge's ends
  double along = 0;    ///< where it was split, from a (0) to b (1)
};
int split_edges_out_of_ball(std::vector<Vec3>& positions, int first_point, int end_point, const std::vector<int>& side,
                            std::vector<Tri>& triangles, int first_triangle, int end_triangle, const Vec3& center,
                            double radius, std::vector<EdgeSplit>& splits);

}  // namespace skinlab
