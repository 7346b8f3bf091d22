// SPDX-License-Identifier: GPL-3.0-or-later
// Closing the holes of a mesh before segmentation (`skinlab segment --fill-holes`): real meshes
// often have small openings (a neck, eye sockets) that make them fail the closed-surface check.
#pragma once

#include <vector>

#include "skinlab/core/tri_mesh.hpp"

namespace skinlab {

/// What filling one hole did.
struct FilledHole {
  int boundary_edges = 0;  ///< edges of the hole's border loop
  int new_vertices = 0;    ///< inserted by the refinement (the patch's density matches its border's)
  int new_triangles = 0;
  bool faired = false;  ///< false: the fairing's linear system failed; the patch stays unfaired
};

/// Closes every hole of `mesh` (each border loop; manifold edges required) in place with CGAL's
/// hole filling: a minimum-weight triangulation of the loop, refined to the border's density
/// and faired (curvature-continuous with the surroundings). Existing vertices keep their ids;
/// new ones are appended. Returns one entry per hole, in the order of their first border edge.
std::vector<FilledHole> fill_holes(TriMesh& mesh);

}  // namespace skinlab
