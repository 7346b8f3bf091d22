// SPDX-License-Identifier: GPL-3.0-or-later
// How far a surface's facets turn away from a smooth normal field: folds, creases and the
// pinches of collapsing joints raise it, a smooth bend barely does (docs/quality.md).
#pragma once

#include <vector>

#include "skinlab/core/tri_mesh.hpp"

namespace skinlab {

struct NormalDeviation {
  double mean_degrees = 0.0;  ///< over the non-degenerate triangles
  double max_degrees = 0.0;
};

/// Per triangle, the angle between its unit normal and the smooth reference normal there: the
/// sum of its three vertices' area-weighted normals (so the triangles around it, weighted by
/// area and by how many vertices they share with it). Flat regions give 0; a uniformly
/// tessellated smooth surface gives about the angle its edges subtend; a crease of angle θ
/// between two flat sheets gives about θ/2 on the triangles along it.
NormalDeviation normal_deviation(const TriMesh& mesh);

}  // namespace skinlab
