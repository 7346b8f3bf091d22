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

/// Deformed frames of a fixed-topology deformer (SBS, DQS, any blend): per frame its time and
/// its vertex positions and normals (#V x 3 floats, the rest mesh's vertices).
struct BakedFrames {
  std::vector<double> times;
  std::vector<std::vector<float>> positions, normals;
};

/// Writes a .glb of baked frames: the rest mesh (coloured by part as write_glb) with one morph
/// target per frame (POSITION and NORMAL offsets from the rest mesh), and one LINEAR animation
/// of the mesh's target weights: at frame f's time, weight 1 on target f and 0 on the others,
/// so a reader shows frame f there and blends neighbouring frames between. About 24 bytes per
/// vertex per frame.
void write_baked_glb(std::ostream& out, const SkinMesh& mesh, const BakedFrames& frames);

}  // namespace skinlab
