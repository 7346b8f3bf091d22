// Binary glTF 2.0 export of a rigidly skinned animation: a skinned mesh with one joint per
// component, rigid weights, and per-joint rotation and translation samplers.
#pragma once

#include <iosfwd>
#include <vector>

#include "core/qt_transform.hpp"
#include "core/segmented_model.hpp"
#include "skinning/rigid_skinning.hpp"

namespace skinlab {

struct AnimationFrames {
  std::vector<double> times;           ///< seconds, increasing
  std::vector<std::vector<QT>> world;  ///< per frame: world transform per component
};

/// Writes a .glb: joint node c = component c (children per `parent`), rest pose = identity node
/// transforms (so the inverse bind matrices are identities and are omitted), one mesh node with
/// the skin, vertices as in `mesh` (each bound to its component with weight 1), and one LINEAR
/// animation whose joint samplers hold each component's local transform (parent world^-1 x
/// world) per frame. `parent` is indexed by component id, -1 for the root.
void write_glb(std::ostream& out, const SegmentedModel& model, const SkinMesh& mesh, const std::vector<int>& parent,
               const AnimationFrames& frames);

}  // namespace skinlab
