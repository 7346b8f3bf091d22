// SPDX-License-Identifier: GPL-3.0-or-later
// Binary glTF 2.0 export of an animation whose deformer is a linear blend of the parts'
// transforms (rigid skinning; LBS): a skinned mesh with one joint per component, the
// deformer's weights, and per-joint rotation and translation samplers.
#pragma once

#include <iosfwd>
#include <vector>

#include "skinlab/core/qt_transform.hpp"
#include "skinlab/core/segmented_model.hpp"
#include "skinlab/skinning/deformer.hpp"

namespace skinlab {

struct AnimationFrames {
  std::vector<double> times;           ///< seconds, increasing
  std::vector<std::vector<QT>> world;  ///< per frame: world transform per component
};

/// Writes a .glb: joint node c = component c (children per `parent`), named as the part, at its
/// rest joint point `joints[c]` (model coordinates; its node translation is the offset from its
/// parent's), unrotated, with the inverse of that rest frame as its inverse bind matrix; one
/// mesh node with the skin, vertices as in `mesh` bound by `skin` (one entry per vertex) and
/// coloured by their part (COLOR_0, palette colours); and one LINEAR animation whose joint
/// samplers hold each joint node's local transform per frame, so that node world x inverse bind
/// = the component's world transform. `parent` is indexed by component id, -1 for the root.
void write_glb(std::ostream& out, const SegmentedModel& model, const SkinMesh& mesh, const LinearSkin& skin,
               const std::vector<int>& parent, const std::vector<Vec3>& joints, const AnimationFrames& frames);

}  // namespace skinlab
