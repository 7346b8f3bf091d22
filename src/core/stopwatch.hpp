// SPDX-License-Identifier: GPL-3.0-or-later
// The one way skinlab times a stage: a monotonic clock read in seconds.
#pragma once

#include <chrono>

namespace skinlab {

class Stopwatch {
 public:
  Stopwatch() : start_(Clock::now()) {}
  /// Seconds since construction or the last lap().
  double seconds() const { return std::chrono::duration<double>(Clock::now() - start_).count(); }
  /// Seconds since construction or the last lap(), and starts the next lap.
  double lap() {
    const auto now = Clock::now();
    const double s = std::chrono::duration<double>(now - start_).count();
    start_ = now;
    return s;
  }

 private:
  using Clock = std::chrono::steady_clock;
  Clock::time_point start_;
};

}  // namespace skinlab
