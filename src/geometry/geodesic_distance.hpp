// SPDX-License-Identifier: GPL-3.0-or-later
// Graph geodesics on a triangle mesh.
#pragma once

#include <vector>

#include "skinlab/core/tri_mesh.hpp"

namespace skinlab {

/// Shortest-path distances along mesh edges (Dijkstra, Euclidean edge lengths) from the
/// sources to every vertex; `rings` are the 1-rings of `mesh` (vertex_one_rings). Unreached
/// vertices get +infinity. Ties resolve by vertex id, so the result is repeatable.
std::vector<double> geodesic_distances(const TriMesh& mesh, const std::vector<std::vector<int>>& rings,
                                       const std::vector<int>& sources);

}  // namespace skinlab
