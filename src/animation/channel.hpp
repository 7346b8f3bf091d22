// SPDX-License-Identifier: GPL-3.0-or-later
// A keyframe channel [VF08 §4.2]: keys with tangent rules, cubic Hermite spans, and
// extrapolation before the first and after the last key (modes in docs/formats.md, `.clip`).
#pragma once

#include <vector>

#include "skinlab/core/clip_io.hpp"

namespace skinlab {

class Channel {
 public:
  /// Builds the channel and computes every key's tangents from its rules once. Keys must have
  /// strictly increasing times (the .clip reader guarantees it) and there must be at least one.
  Channel(std::vector<ClipKey> keys, Extrapolation before, Extrapolation after);

  /// The value at time t. `span` caches the span of the previous call: sequential playback
  /// finds its span in O(1) and random access stays correct (a miss falls back to a binary
  /// search). Start it at 0.
  double evaluate(double t, int& span) const;
  /// The same without a cache (binary search every time).
  double evaluate(double t) const;

  const std::vector<ClipKey>& keys() const { return keys_; }
  double in_tangent(int k) const { return in_tangent_[k]; }    ///< value per second
  double out_tangent(int k) const { return out_tangent_[k]; }  ///< value per second

 private:
  double evaluate_inside(double t, int& span) const;
  double span_value(int span, double t) const;

  std::vector<ClipKey> keys_;
  std::vector<double> in_tangent_, out_tangent_;
  Extrapolation before_, after_;
};

}  // namespace skinlab
