// Triangles of a frame that pass through each other (a fold, or a patch through a part): the
// self-intersection check of gap reconstruction and of the quality tables.
#pragma once

#include <vector>

#include "core/tri_mesh.hpp"

namespace skinlab {

/// Pairs of triangles that intersect other than along the edge or vertex they share, by CGAL's
/// Polygon Mesh Processing (exact predicates). `positions` holds #V x 3 coordinates. Returns -1
/// when the triangles do not form a mesh CGAL can take (an edge in three triangles).
int self_intersecting_pairs(const std::vector<float>& positions, const std::vector<Tri>& triangles);

}  // namespace skinlab
