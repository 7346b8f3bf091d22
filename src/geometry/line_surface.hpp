// Where a line meets a closed surface, and whether a point lies inside it.
#pragma once

#include <vector>

#include "core/tri_mesh.hpp"

namespace skinlab {

/// Parameters t of the points origin + t·direction where the line crosses the triangles,
/// sorted increasingly (Möller–Trumbore, both sides of every triangle).
std::vector<double> line_surface_hits(const Vec3& origin, const Vec3& direction, const std::vector<Vec3>& positions,
                                      const std::vector<Tri>& triangles);

/// Generalized winding number of a closed, outward-oriented surface about q (Van Oosterom and
/// Strackee solid angles): about 1 inside, 0 outside, robust to small holes.
double winding_number(const Vec3& q, const std::vector<Vec3>& positions, const std::vector<Tri>& triangles);

}  // namespace skinlab
