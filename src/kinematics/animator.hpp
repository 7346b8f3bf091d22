// SPDX-License-Identifier: GPL-3.0-or-later
// The animator: the runtime job that turns a clip and a frame number (or an explicit pose)
// into an accepted pose — clip sampling, forward kinematics, joint limits and collision
// rejection ([VF08 §4.2]–4.3). It knows nothing of skinning; deformers take its output.
#pragma once

#include <memory>
#include <optional>
#include <vector>

#include "skinlab/animation/frame_grid.hpp"
#include "skinlab/kinematics/motion.hpp"

namespace skinlab {

/// What a deformer needs of one posed frame.
struct AcceptedPose {
  int frame = -1;                     ///< grid frame; -1 for an explicit pose
  double time = 0.0;                  ///< clip time, seconds
  Pose pose;                          ///< the accepted angles (radians) and mover
  std::vector<QT> world;              ///< per component id: its world QT pair
  std::vector<float> matrices;        ///< per component id: world as a 3x4 row-major float matrix
  std::vector<Rejection> rejections;  ///< what this step rejected
};

/// Seconds spent per stage, summed over every step the animator took (replays included).
struct PoseTimings {
  double sampling = 0.0;       ///< clip channels -> joint angles
  double fk_and_limits = 0.0;  ///< forward kinematics, limits, world matrices
  double collision = 0.0;      ///< collision tests
  int steps = 0;               ///< frames posed
  double total() const { return sampling + fk_and_limits + collision; }
};

/// 3x4 row-major float matrices (rotation | translation) of the world transforms, one per
/// component: a quaternion becomes a matrix once per component, not once per vertex.
void transforms_to_matrices(const std::vector<QT>& world, std::vector<float>& matrices);

class Animator {
 public:
  /// `clip` may be empty: every frame is the rest pose. Throws ParseError when a channel's DOF
  /// names no joint of the rig, InputError for a frame grid that is too long (FrameGrid).
  Animator(std::shared_ptr<const Rig> rig, const std::optional<ClipFile>& clip, double fps, MotionCheckParams checks);

  const Rig& rig() const { return *rig_; }
  const std::shared_ptr<const Rig>& shared_rig() const { return rig_; }
  const FrameGrid& grid() const { return grid_; }
  bool has_clip() const { return sampler_.has_value(); }

  /// The accepted pose at grid frame `frame` (clamped to the grid). Because a rejected joint
  /// keeps its last accepted value, frame N is defined as the result of playing frames 0..N in
  /// order: the next frame is one step; any other frame replays from the nearest checkpoint
  /// (one every kCheckpointEvery frames), so playing, scrubbing and seeking agree bit for bit.
  const AcceptedPose& seek(int frame);
  /// Checks an explicit pose against the last accepted one, as a playback step would, and
  /// accepts what passes; `time` only stamps the rejections. The next seek() replays.
  const AcceptedPose& apply(const Pose& wanted, double time);
  /// The last pose returned (the rest pose before any call).
  const AcceptedPose& current() const { return out_; }

  const PoseTimings& timings() const { return timings_; }
  void reset_timings() { timings_ = {}; }

  static constexpr int kCheckpointEvery = 64;

 private:
  void step(int frame);
  /// Checks wanted_ against the accepted pose and accepts what passes, as grid frame `frame`
  /// (-1 for an explicit pose).
  void accept(int frame, double time);
  void finish(const Pose& accepted);

  std::shared_ptr<const Rig> rig_;
  std::optional<ClipSampler> sampler_;
  FrameGrid grid_;
  MotionCheckParams checks_;
  Pose accepted_;                  ///< the last accepted pose
  int played_ = -1;                ///< the grid frame accepted_ belongs to; -1 before frame 0 or after apply()
  std::vector<Pose> checkpoints_;  ///< [k]: accepted_ before frame k * kCheckpointEvery
  Pose wanted_;
  AcceptedPose out_;
  PoseTimings timings_;
};

}  // namespace skinlab
