// SPDX-License-Identifier: GPL-3.0-or-later
// The one frame grid on which every caller (animate, view, bench, experiments) plays a clip.
#pragma once

#include "skinlab/core/clip_io.hpp"

namespace skinlab {

/// Frame f of a clip is at time begin + f / fps, for f = 0 .. last. The last frame is the one
/// at or before the range's end (a tolerance of 1e-9 frames keeps an end that is a whole
/// number of frames from being lost to rounding).
class FrameGrid {
 public:
  /// One frame at time 0: the rest pose without a clip.
  FrameGrid() = default;
  /// Throws InputError when fps is not positive or the clip would have more than
  /// kMaxFrames frames.
  FrameGrid(const ClipFile& clip, double fps);

  static constexpr int kMaxFrames = 100'000'000;

  double begin() const { return begin_; }
  double fps() const { return fps_; }
  int count() const { return last_ + 1; }
  int last() const { return last_; }
  double time(int frame) const { return begin_ + frame / fps_; }
  /// The frame shown at time t: the last grid frame at or before t, clamped to 0 .. last.
  int frame_at(double t) const;

 private:
  double begin_ = 0.0;
  double fps_ = 30.0;
  int last_ = 0;
};

}  // namespace skinlab
