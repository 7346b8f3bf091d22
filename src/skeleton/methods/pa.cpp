// SPDX-License-Identifier: GPL-3.0-or-later
// The Principal Axis method [VF08 §3.2.3] on the hull covariance's principal directions.
#include "skinlab/skeleton/principal_axis_skeleton.hpp"

namespace skinlab {

SkeletonMethod pa_skeleton_method() {
  return {"pa", "opening centroids grouped along the principal axis through the kernel centroid (thesis 3.2.3)",
          true, true, false, principal_axis_component};
}

}  // namespace skinlab
