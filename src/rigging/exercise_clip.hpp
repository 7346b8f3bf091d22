// SPDX-License-Identifier: GPL-3.0-or-later
// A clip for any rig (`skinlab clip exercise`): every joint but the root moved alone through its
// `.skel` limits, one axis at a time (rx, ry, rz: up to the top limit, back, down to the bottom
// limit, back), then every joint together at half its x range. Quality tables and joint sweeps
// can then run on a model nobody wrote a clip for (docs/animation.md).
#pragma once

#include <string>

#include "skinlab/core/clip_io.hpp"
#include "skinlab/core/skel_io.hpp"

namespace skinlab {

struct ExerciseParams {
  double move_seconds = 0.5;  ///< one move: rest to a limit, or a limit back to rest
  /// Largest angle a move reaches, degrees: a limit past it (a root's ±180, an unconstrained
  /// twist) is exercised to this angle instead of turning the part round.
  double max_degrees = 150.0;
};

/// The clip for `skel`'s joints. Each axis of each joint but the root gets a window of four
/// moves: rest, top, rest, bottom, rest. "Rest" is 0 clamped into the limits (a range that
/// excludes 0 starts from its nearer end); an axis whose limits are both 0 is skipped. Then one
/// window moves every such joint at once to half its x top, to half its x bottom, and back.
/// Keys are flat on both sides, so no value leaves the limits between keys. The clip's range is
/// its last key. Throws InputError when the skeleton has no joint to move.
ClipFile exercise_clip(const SkelFile& skel, const ExerciseParams& params = {});

}  // namespace skinlab
