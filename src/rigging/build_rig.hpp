// SPDX-License-Identifier: GPL-3.0-or-later
// Building the rig of a segmented model from its skeleton [VF08 §4.3]: joints, alignments,
// limits, collision boxes and spheres, collision pairs.
#pragma once

#include "skinlab/core/segmented_model.hpp"
#include "skinlab/kinematics/rig.hpp"
#include "skinlab/skeleton/skeleton.hpp"

namespace skinlab {

/// Builds the rig. The parent axis of a component is the vector from its joint to its parent's
/// kernel centroid; with the opening method, which computes none, to its parent's root joint.
/// Throws InputError when the model has no hierarchy (and more than one component).
Rig build_rig(const SegmentedModel& model, const Skeleton& skeleton);

}  // namespace skinlab
