// SPDX-License-Identifier: GPL-3.0-or-later
#include "skinlab/rigging/exercise_clip.hpp"

#include <algorithm>

#include "skinlab/core/error.hpp"

namespace skinlab {

namespace {

ClipKey flat_key(double time, double value) { return {time, value, TangentRule::flat, TangentRule::flat}; }

}  // namespace

ClipFile exercise_clip(const SkelFile& skel, const ExerciseParams& params) {
  ClipFile clip;
  clip.file = skel.file + " (exercise)";
  const double step = params.move_seconds;
  double time = 0.0;
  for (std::size_t j = 1; j < skel.joints.size(); ++j) {
    const SkelJoint& joint = skel.joints[j];
    for (int axis = 0; axis < 3; ++axis) {
      const double low = std::max(joint.limits[2 * axis], -params.max_degrees);
      const double high = std::min(joint.limits[2 * axis + 1], params.max_degrees);
      if (joint.limits[2 * axis] == 0.0 && joint.limits[2 * axis + 1] == 0.0) continue;
      const double rest = std::clamp(0.0, low, high);
      ClipChannel channel;
      channel.dof.joint = joint.name;
      channel.dof.axis = axis;
      channel.keys = {flat_key(time, rest), flat_key(time + step, high), flat_key(time + 2 * step, rest),
                      flat_key(time + 3 * step, low), flat_key(time + 4 * step, rest)};
      time += 4 * step;
      clip.channels.push_back(std::move(channel));
    }
  }
  if (clip.channels.empty()) throw InputError(skel.file + ": no joint below the root moves (every limit is 0)");
  // All together: every x channel gets three more keys, half way to each limit and back.
  const double start = time;
  for (ClipChannel& channel : clip.channels) {
    if (channel.dof.axis != 0) continue;
    const double rest = channel.keys.front().value;
    const double high = channel.keys[1].value, low = channel.keys[3].value;
    if (channel.keys.back().time < start) channel.keys.push_back(flat_key(start, rest));  // held until then
    channel.keys.push_back(flat_key(start + step, rest + 0.5 * (high - rest)));
    channel.keys.push_back(flat_key(start + 2 * step, rest + 0.5 * (low - rest)));
    channel.keys.push_back(flat_key(start + 3 * step, rest));
    time = start + 3 * step;
  }
  clip.range_end = time;
  return clip;
}

}  // namespace skinlab
