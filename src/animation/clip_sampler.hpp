// SPDX-License-Identifier: GPL-3.0-or-later
// Sampling a clip into poses: the runtime job that turns time into joint angles.
#pragma once

#include <array>
#include <string>
#include <vector>

#include "skinlab/animation/channel.hpp"
#include "skinlab/core/clip_io.hpp"

namespace skinlab {

/// Joint angles and the character mover at one time. Radians; mover translation in model units.
struct Pose {
  std::vector<double> angles;     ///< 3 per joint (X, Y, Z), joints in depth-first order
  std::array<double, 6> mover{};  ///< tx, ty, tz, rx, ry, rz
};

class ClipSampler {
 public:
  /// `dofs` are the channels' DOF ids (resolve_clip_dofs) for a skeleton of `num_joints` joints.
  ClipSampler(const ClipFile& clip, const std::vector<int>& dofs, int num_joints);
  double begin() const { return begin_; }
  double end() const { return end_; }
  /// Fills `pose` (resized as needed) at time t: DOFs without a channel are 0 (rest pose).
  /// Keeps one span cache per channel, so playing forward costs O(channels). A channel value
  /// that is not finite or beyond kMaxSampledValue throws InputError naming the channel and t.
  void sample(double t, Pose& pose);
  /// Largest magnitude a sampled value may have (degrees or model units): cycle_offset over the
  /// clip's range may reach it legitimately from keys of at most kMaxClipValue.
  static constexpr double kMaxSampledValue = 1e15;

 private:
  std::vector<Channel> channels_;
  std::vector<std::string> names_;  ///< FILE:LINE: channel DOF, for messages
  std::vector<int> dofs_;
  std::vector<int> spans_;
  int num_joints_;
  double begin_, end_;
};

}  // namespace skinlab
