// Rigid skinning as a deformer (thesis §4.3): every vertex of the per-part split follows its
// component's world transform, so the gaps and overlaps at the joints stay visible.
#pragma once

#include "skinning/deformer.hpp"

namespace skinlab {

class RigidDeformer : public Deformer {
 public:
  explicit RigidDeformer(const SegmentedModel& model);
  const SkinMesh& rest_mesh() const override { return mesh_; }
  void deform(const AcceptedPose& pose, Frame& frame) override;
  std::optional<LinearSkin> linear_skin() const override;
  /// Rest position, normal and component id: 28 bytes per vertex.
  std::size_t runtime_bytes() const override;

 private:
  SkinMesh mesh_;
};

}  // namespace skinlab
