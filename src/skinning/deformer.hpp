// What a viewer or an exporter plays: a deformer turns a clip time into a skinned mesh. Rigid
// skinning today; gap reconstruction, LBS, SBS and DQS implement the same interface.
#pragma once

#include <memory>
#include <optional>
#include <vector>

#include "core/clip_io.hpp"
#include "kinematics/motion.hpp"
#include "skinning/rigid_skinning.hpp"

namespace skinlab {

/// Seconds spent per stage since construction or reset().
struct DeformerTimings {
  double sampling = 0, fk_and_limits = 0, collision = 0, skinning = 0;
};

class Deformer {
 public:
  virtual ~Deformer() = default;
  /// The mesh the positions and normals belong to (its triangles, parts and rest pose).
  virtual const SkinMesh& mesh() const = 0;
  /// Poses the model at `time` (the clip's time; without a clip, the rest pose), writes #V x 3
  /// positions and normals and the parts' world transforms, and appends the rejections.
  virtual void evaluate(double time, std::vector<float>& positions, std::vector<float>& normals, std::vector<QT>& world,
                        std::vector<Rejection>& rejections) = 0;
  /// Forgets the accepted pose (back to rest) and the timings.
  virtual void reset() = 0;
  virtual const DeformerTimings& timings() const = 0;
};

/// Clip sampling -> FK with limit and collision checks -> rigid skinning.
class RigidDeformer : public Deformer {
 public:
  /// `clip` may be empty (rest pose). Throws ParseError when the clip's DOFs are not in `rig`'s
  /// model (`joint_names` in depth-first order name its joints).
  RigidDeformer(const SegmentedModel& model, Rig rig, const std::vector<std::string>& joint_names,
                std::optional<ClipFile> clip, MotionCheckParams checks);
  const SkinMesh& mesh() const override { return mesh_; }
  void evaluate(double time, std::vector<float>& positions, std::vector<float>& normals, std::vector<QT>& world,
                std::vector<Rejection>& rejections) override;
  void reset() override;
  const DeformerTimings& timings() const override { return timings_; }
  const Rig& rig() const { return rig_; }

 private:
  SkinMesh mesh_;
  Rig rig_;
  std::optional<ClipSampler> sampler_;
  MotionCheckParams checks_;
  std::unique_ptr<MotionChecker> checker_;
  Pose pose_;
  std::vector<float> matrices_;
  DeformerTimings timings_;
};

/// The model's hierarchy as .skel data (depth-first; one joint for a model without one), to
/// resolve clips against.
SkelFile hierarchy_skel(const SegmentedModel& model);

}  // namespace skinlab
