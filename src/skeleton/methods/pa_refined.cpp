// SPDX-License-Identifier: GPL-3.0-or-later
// The Principal Axis method after Local and Parent refinement of the principal directions
// [VF08 §3.3, Algs. 3-4]: the default.
#include "skinlab/skeleton/principal_axis_skeleton.hpp"

namespace skinlab {

SkeletonMethod pa_refined_skeleton_method() {
  return {"pa-refined", "pa after local and parent refinement of the principal directions (thesis 3.3)", true,
          true, true, principal_axis_component};
}

}  // namespace skinlab
