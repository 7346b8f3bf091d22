// SPDX-License-Identifier: GPL-3.0-or-later
// Step 4 of the segmentation (docs/models.md, "Method"): the labels become parts an animator
// can use — each one connected piece, none too small, each meeting only its parent.
#pragma once

#include <vector>

#include "skinlab/core/tri_mesh.hpp"
#include "skinlab/segmentation/body_part.hpp"

namespace skinlab {

/// Cleans `face_label` (#F part ids into `parts`) in place: every face-connected piece of a part
/// but its largest goes to the neighbouring part it shares most edges with; parts with fewer
/// than `min_fraction` of the triangles join their parent (whose children they adopt); then,
/// while two parts that are not parent and child touch (share a vertex), the smaller gives the
/// triangles at the contact to its own parent, so each child meets only its parent, along a
/// closed loop rather than a chain ending where three parts meet. A part left without triangles
/// hands its children to its parent, and a part that no longer meets its parent is re-parented
/// to the neighbour it meets most (or merged into it when that is its own descendant), so every
/// part shares a border with its parent.
void clean_up_parts(const TriMesh& mesh, std::vector<int>& face_label, std::vector<BodyPart>& parts,
                    double min_fraction);

}  // namespace skinlab
