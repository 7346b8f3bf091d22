// SPDX-License-Identifier: GPL-3.0-or-later
#include "skinlab/rigging/session.hpp"

#include "skinlab/core/stopwatch.hpp"
#include "skinlab/rigging/build_rig.hpp"

namespace skinlab {

AnimationSession::AnimationSession(const SegmentedModel& model, const std::optional<ClipFile>& clip,
                                   const SessionParams& params, const DeformerEntry& deformer)
    : skeleton_(extract_skeleton(model, params.skeleton)),
      animator_(std::make_shared<const Rig>(build_rig(model, skeleton_)), clip, params.fps, params.checks),
      context_(model, skeleton_, animator_.shared_rig(), weight_source(model, skeleton_, params.weights), params.threads) {
  set_deformer(deformer);
}

void AnimationSession::set_deformer(const DeformerEntry& deformer) {
  deformer_ = deformer.create(context_);
  entry_ = deformer;
}

const AcceptedPose& AnimationSession::play(int frame, Frame& out) {
  const AcceptedPose& pose = animator_.seek(frame);
  const Stopwatch stopwatch;
  deformer_->deform(pose, out);
  deformation_seconds_ += stopwatch.seconds();
  return pose;
}

void AnimationSession::reset_timings() {
  animator_.reset_timings();
  deformation_seconds_ = 0.0;
}

}  // namespace skinlab
