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

/// Writes a .glb: joint node c = component c (children per `parent`), rest pose = identity node
/// transforms (so the inverse bind matrices are identities and are omitted), one mesh node with
/// the skin, vertices as in `mesh` bound by `skin` (one entry per vertex), and one LINEAR
/// animation whose joint samplers hold each component's local transform (parent world^-1 x
/// world) per frame. `parent` is indexed by component id, -1 for the root.
void write_glb(std::ostream& out, const SegmentedModel& model, const SkinMesh& mesh, const LinearSkin& skin,
               const std::vector<int>& parent, const AnimationFrames& frames);

}  // namespace skinlab
