// SPDX-License-Identifier: GPL-3.0-or-later
// Cracks and tears of a triangle mesh: what a closed, consistently oriented 2-manifold has none
// of (the input checks of segmentation, gap reconstruction's per-frame check, the quality
// tables' crack count).
#pragma once

#include <array>
#include <vector>

#include "skinlab/core/tri_mesh.hpp"

namespace skinlab {

struct EdgeDefects {
  int edges = 0;                 ///< undirected edges
  int boundary_edges = 0;        ///< in one triangle: a crack or a hole
  int non_manifold_edges = 0;    ///< in three or more triangles
  int misoriented_edges = 0;     ///< in two triangles that run along it the same way
  int euler_characteristic = 0;  ///< V - E + F over the vertices the triangles use (2: a sphere)
  /// The first edge (lower id first) in three or more triangles, and how many; {-1, -1}, 0 when none.
  std::array<int, 2> non_manifold_edge{-1, -1};
  int non_manifold_edge_triangles = 0;
  bool closed_manifold() const { return boundary_edges == 0 && non_manifold_edges == 0 && misoriented_edges == 0; }
};

/// Counts the defects of a triangle soup given by vertex ids.
EdgeDefects edge_defects(const std::vector<Tri>& triangles);

}  // namespace skinlab
