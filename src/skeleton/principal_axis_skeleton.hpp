// SPDX-License-Identifier: GPL-3.0-or-later
// The component step of the Principal Axis method [VF08 §3.2.3, Alg. 1], shared by `pa` and
// `pa-refined` (which differ only in the refinement phase before it).
#pragma once

#include "skinlab/skeleton/skeleton_builder.hpp"

namespace skinlab {

/// Opening centroids to their link points on PA_KC (the principal axis through the kernel
/// centroid, clipped to the component), the link points in sequence, and the connecting rules
/// towards the ends of PA_KC. With params().all_axes, also the other two clipped directions.
void principal_axis_component(SkeletonBuilder& builder, int component);

}  // namespace skinlab
