// SPDX-License-Identifier: GPL-3.0-or-later
#include "skinlab/animation/clip_sampler.hpp"

#include <cmath>
#include <numbers>

#include "skinlab/core/error.hpp"
#include "skinlab/core/lexer.hpp"

namespace skinlab {

ClipSampler::ClipSampler(const ClipFile& clip, const std::vector<int>& dofs, int num_joints)
    : dofs_(dofs), spans_(dofs.size(), 0), num_joints_(num_joints), begin_(clip.range_begin), end_(clip.range_end) {
  for (const ClipChannel& c : clip.channels) {
    channels_.emplace_back(c.keys, c.before, c.after);
    names_.push_back(clip.file + ":" + std::to_string(c.line) + ": channel " + c.dof.text());
  }
}

void ClipSampler::sample(double t, Pose& pose) {
  pose.angles.assign(3 * static_cast<std::size_t>(num_joints_), 0.0);
  pose.mover.fill(0.0);
  constexpr double kRadians = std::numbers::pi / 180.0;
  for (std::size_t c = 0; c < channels_.size(); ++c) {
    const double value = channels_[c].evaluate(t, spans_[c]);
    // Bounded keys keep values finite; keys a few ulps apart can still make a tangent overflow.
    if (!(std::abs(value) <= kMaxSampledValue))
      throw InputError(names_[c] + " at t = " + format_double(t) + " s evaluates to " + format_double(value) +
                       ", beyond +-" + format_double(kMaxSampledValue) + " (keys too close for their values?)");
    const int dof = dofs_[c];
    if (dof < 3 * num_joints_) {
      pose.angles[dof] = value * kRadians;
    } else {
      const int m = dof - 3 * num_joints_;
      pose.mover[m] = m < 3 ? value : value * kRadians;  // translations stay in model units
    }
  }
}

}  // namespace skinlab
