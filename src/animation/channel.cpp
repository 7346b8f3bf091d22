// SPDX-License-Identifier: GPL-3.0-or-later
#include "skinlab/animation/channel.hpp"

#include <algorithm>
#include <cmath>

namespace skinlab {

namespace {

// Slope of the segment between keys a and b.
double slope(const ClipKey& a, const ClipKey& b) { return (b.value - a.value) / (b.time - a.time); }

}  // namespace

Channel::Channel(std::vector<ClipKey> keys, Extrapolation before, Extrapolation after)
    : keys_(std::move(keys)), before_(before), after_(after) {
  const int n = static_cast<int>(keys_.size());
  in_tangent_.assign(n, 0.0);
  out_tangent_.assign(n, 0.0);
  for (int k = 0; k < n; ++k) {
    // One-sided slopes; a missing side borrows the other (linear at the ends, docs/animation.md).
    const bool has_prev = k > 0, has_next = k + 1 < n;
    const double left = has_prev ? slope(keys_[k - 1], keys_[k]) : (has_next ? slope(keys_[k], keys_[k + 1]) : 0.0);
    const double right = has_next ? slope(keys_[k], keys_[k + 1]) : left;
    // Catmull-Rom: the slope between the two neighbours; at an end, the one-sided slope.
    const double smooth = has_prev && has_next ? slope(keys_[k - 1], keys_[k + 1]) : (has_prev ? left : right);
    const auto rule = [&](TangentRule r, double linear) {
      switch (r) {
        case TangentRule::flat:
          return 0.0;
        case TangentRule::linear:
          return linear;
        case TangentRule::smooth:
          return smooth;
      }
      return 0.0;
    };
    in_tangent_[k] = rule(keys_[k].in, left);
    out_tangent_[k] = rule(keys_[k].out, right);
  }
}

double Channel::span_value(int span, double t) const {
  const ClipKey &a = keys_[span], &b = keys_[span + 1];
  const double h = b.time - a.time;
  const double s = (t - a.time) / h;
  const double s2 = s * s, s3 = s2 * s;
  return (2 * s3 - 3 * s2 + 1) * a.value + (s3 - 2 * s2 + s) * h * out_tangent_[span] + (-2 * s3 + 3 * s2) * b.value +
         (s3 - s2) * h * in_tangent_[span + 1];
}

double Channel::evaluate_inside(double t, int& span) const {
  const int last_span = static_cast<int>(keys_.size()) - 2;
  const auto contains = [&](int s) { return s >= 0 && s <= last_span && keys_[s].time <= t && t <= keys_[s + 1].time; };
  if (!contains(span)) {
    if (contains(span + 1)) {
      ++span;
    } else {
      const auto it =
          std::upper_bound(keys_.begin(), keys_.end(), t, [](double time, const ClipKey& k) { return time < k.time; });
      span = std::clamp(static_cast<int>(it - keys_.begin()) - 1, 0, last_span);
    }
  }
  return span_value(span, t);
}

double Channel::evaluate(double t, int& span) const {
  const ClipKey &first = keys_.front(), &last = keys_.back();
  if (keys_.size() == 1) return first.value;
  const double duration = last.time - first.time;
  if (t < first.time || t > last.time) {
    const bool early = t < first.time;
    const Extrapolation mode = early ? before_ : after_;
    switch (mode) {
      case Extrapolation::constant:
        return early ? first.value : last.value;
      case Extrapolation::linear:
        return early ? first.value + in_tangent_.front() * (t - first.time)
                     : last.value + out_tangent_.back() * (t - last.time);
      case Extrapolation::cycle:
      case Extrapolation::cycle_offset:
      case Extrapolation::bounce: {
        // fmod keeps the local time exact for any number of cycles (t - cycles * duration
        // cancels catastrophically once cycles is large), and the parity of a cycle count past
        // long long's range is a double's, not an overflowing cast's.
        const double cycles = std::floor((t - first.time) / duration);
        double offset = std::fmod(t - first.time, duration);
        if (offset < 0.0) offset += duration;
        double local = std::clamp(first.time + offset, first.time, last.time);
        if (mode == Extrapolation::bounce && std::fmod(cycles, 2.0) != 0.0) local = last.time - (local - first.time);
        const double value = evaluate_inside(local, span);
        return mode == Extrapolation::cycle_offset ? value + cycles * (last.value - first.value) : value;
      }
    }
  }
  return evaluate_inside(t, span);
}

double Channel::evaluate(double t) const {
  int span = -1;
  return evaluate(t, span);
}

}  // namespace skinlab
