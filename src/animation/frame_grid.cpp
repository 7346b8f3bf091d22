// SPDX-License-Identifier: GPL-3.0-or-later
#include "skinlab/animation/frame_grid.hpp"

#include <cmath>

#include "skinlab/core/error.hpp"
#include "skinlab/core/lexer.hpp"

namespace skinlab {

namespace {

constexpr double kFrameTolerance = 1e-9;

}  // namespace

FrameGrid::FrameGrid(const ClipFile& clip, double fps) : begin_(clip.range_begin), fps_(fps) {
  if (!(fps > 0.0) || !std::isfinite(fps))
    throw InputError("frame rate must be positive, found " + std::to_string(fps));
  const double frames = std::floor((clip.range_end - clip.range_begin) * fps + kFrameTolerance);
  if (!(frames < kMaxFrames))
    throw InputError(clip.file + ": range " + format_double(clip.range_begin) + ".." + format_double(clip.range_end) +
                     " s at " + format_double(fps) + " fps is more than " + std::to_string(kMaxFrames) + " frames");
  last_ = static_cast<int>(frames);
}

int FrameGrid::frame_at(double t) const {
  const double f = std::floor((t - begin_) * fps_ + kFrameTolerance);
  if (!(f > 0.0)) return 0;
  return f >= last_ ? last_ : static_cast<int>(f);
}

}  // namespace skinlab
