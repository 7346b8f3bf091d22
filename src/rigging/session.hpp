// SPDX-License-Identifier: GPL-3.0-or-later
// The set-up every command and the viewer share: model -> skeleton -> rig -> animator ->
// deformer (docs/animation.md), and one timed step of it. Offline: it extracts the skeleton.
#pragma once

#include <memory>
#include <optional>

#include "skinlab/rigging/deformer_registry.hpp"
#include "skinlab/rigging/weights.hpp"
#include "skinlab/skeleton/extract_skeleton.hpp"
#include "skinlab/skinning/deformer.hpp"

namespace skinlab {

struct SessionParams {
  SkeletonParams skeleton;   ///< the method whose joints and kernel centroids the rig uses
  MotionCheckParams checks;  ///< which rejections apply
  double fps = 30.0;         ///< the frame grid
  WeightsSpec weights;       ///< for the smooth deformers
  int threads = 1;           ///< threads a deformer may split its vertex loop over
};

class AnimationSession {
 public:
  /// `clip` may be empty (rest pose). Throws what extract_skeleton, build_rig, Animator and the
  /// deformer throw. `model` must outlive the session.
  AnimationSession(const SegmentedModel& model, const std::optional<ClipFile>& clip, const SessionParams& params,
                   const DeformerEntry& deformer);
  AnimationSession(const AnimationSession&) = delete;  // the context refers to the skeleton
  AnimationSession& operator=(const AnimationSession&) = delete;

  const Skeleton& skeleton() const { return skeleton_; }
  DeformerContext& context() { return context_; }
  const Rig& rig() const { return animator_.rig(); }
  Animator& animator() { return animator_; }
  const Animator& animator() const { return animator_; }
  Deformer& deformer() { return *deformer_; }
  const Deformer& deformer() const { return *deformer_; }
  const DeformerEntry& deformer_entry() const { return entry_; }
  /// Replaces the deformer; the animator and its playback state stay.
  void set_deformer(const DeformerEntry& deformer);

  /// Poses grid frame `frame` (Animator::seek) and deforms it into `out`.
  const AcceptedPose& play(int frame, Frame& out);
  /// Seconds spent deforming since construction or reset_timings() (posing: animator().timings()).
  double deformation_seconds() const { return deformation_seconds_; }
  void reset_timings();

 private:
  Skeleton skeleton_;
  Animator animator_;
  DeformerContext context_;
  DeformerEntry entry_;
  std::unique_ptr<Deformer> deformer_;
  double deformation_seconds_ = 0.0;
};

}  // namespace skinlab
