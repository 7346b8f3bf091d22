// SPDX-License-Identifier: GPL-3.0-or-later
// Where a line meets a closed surface, and whether a point lies inside it.
#pragma once

#include <vector>

#include "skinlab/core/tri_mesh.hpp"

namespace skinlab {

/// Where the line origin + t·direction crosses triangle (a, b, c), either side (Möller–Trumbore):
/// true and `t` when it does.
bool line_triangle_hit(const Vec3& origin, const Vec3& direction, const Vec3& a, const Vec3& b, const Vec3& c,
                       double& t);

/// Parameters t of the points origin + t·direction where the line crosses the triangles,
/// sorted increasingly (Möller–Trumbore, both sides of every triangle).
std::vector<double> line_surface_hits(const Vec3& origin, const Vec3& direction, const std::vector<Vec3>& positions,
                                      const std::vector<Tri>& triangles);

/// Generalized winding number of a closed, outward-oriented surface about q (Van Oosterom and
/// Strackee solid angles): about 1 inside, 0 outside, robust to small holes.
double winding_number(const Vec3& q, const std::vector<Vec3>& positions, const std::vector<Tri>& triangles);

}  // namespace skinlab
