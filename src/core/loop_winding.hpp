// SPDX-License-Identifier: GPL-3.0-or-later
// How a closed loop winds about a centre, from its points' angles about it: whether it is
// star-shaped about that centre (every ray from it meets the loop once). Gap reconstruction
// [VF08 §4.4] orders both sides of a joint by that angle, and the segmentation's openings are
// measured by it (docs/gap.md, "What gap needs of a model").
#pragma once

#include <vector>

namespace skinlab {

/// `a` wrapped to (-pi, pi].
double wrap_angle(double a);

struct LoopWinding {
  double winding = 0;      ///< signed total turn in radians: +-2 pi for a loop once round the centre
  double turned_back = 0;  ///< radians turned against the winding's sign; 0: star-shaped about it
  int back_stretches = 0;  ///< runs of consecutive loop edges that turn back
};

/// The winding of the closed loop whose points lie at `angles` (radians, in loop order, the
/// closing edge implied) about a centre. Fewer than 2 angles give zeros.
LoopWinding loop_winding(const std::vector<double>& angles);

}  // namespace skinlab
