// SPDX-License-Identifier: GPL-3.0-or-later
#include "skinlab/core/loop_winding.hpp"

#include <cmath>
#include <numbers>

namespace skinlab {

double wrap_angle(double a) {
  constexpr double kTwoPi = 2 * std::numbers::pi;
  while (a > std::numbers::pi) a -= kTwoPi;
  while (a <= -std::numbers::pi) a += kTwoPi;
  return a;
}

LoopWinding loop_winding(const std::vector<double>& angles) {
  LoopWinding w;
  const std::size_t n = angles.size();
  if (n < 2) return w;
  for (std::size_t i = 0; i < n; ++i) w.winding += wrap_angle(angles[(i + 1) % n] - angles[i]);
  const double sign = w.winding >= 0 ? 1.0 : -1.0;
  // A stretch that turns back across the loop's closing edge counts once.
  bool previous_back = sign * wrap_angle(angles[0] - angles[n - 1]) < 0;
  for (std::size_t i = 0; i < n; ++i) {
    const double step = sign * wrap_angle(angles[(i + 1) % n] - angles[i]);
    const bool back = step < 0;
    if (back) {
      w.turned_back -= step;
      if (!previous_back) ++w.back_stretches;
    }
    previous_back = back;
  }
  // Every edge turned back: one stretch that is the whole loop.
  if (w.turned_back > 0 && w.back_stretches == 0) w.back_stretches = 1;
  return w;
}

}  // namespace skinlab
