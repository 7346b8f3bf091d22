// SPDX-License-Identifier: GPL-3.0-or-later
// The distance from points to a surface: the inscribed ratio of the joint sweeps and the quality
// table (docs/quality.md), how far the skin stays from a joint's centre against its rest pose.
#pragma once

#include <vector>

#include "skinlab/core/tri_mesh.hpp"

namespace skinlab {

/// Per point of `points`: its distance to the nearest of `triangles` (indices into `positions`,
/// #V x 3 coordinates), by CGAL's AABB tree; infinity when there are no triangles. Degenerate
/// triangles are skipped.
std::vector<double> distances_to_triangles(const std::vector<float>& positions, const std::vector<Tri>& triangles,
                                           const std::vector<Vec3>& points);

}  // namespace skinlab
