// SPDX-License-Identifier: GPL-3.0-or-later
// Whether a plane cut left the border it promises: the edges between the parts labelled a and b
// form one simple closed loop (every border vertex on exactly two border edges, all of them one
// cycle, at least three).
#pragma once

#include <vector>

#include "skinlab/core/tri_mesh.hpp"

namespace skinlab {

/// `face_label`: #F part labels of `mesh`'s triangles.
bool border_is_one_simple_loop(const TriMesh& mesh, const std::vector<int>& face_label, int a, int b);

}  // namespace skinlab
