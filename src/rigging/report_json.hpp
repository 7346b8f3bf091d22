// SPDX-License-Identifier: GPL-3.0-or-later
// Poses, rejections and deformer statistics as JSON, for the reports of `animate --json`,
// `view --json` and the benchmarks.
#pragma once

#include <nlohmann/json.hpp>

#include "skinlab/kinematics/motion.hpp"
#include "skinlab/skinning/deformer.hpp"

namespace skinlab {

/// The rejection as JSON: frame, time, kind, joint; axis, limit and angle (degrees) or the
/// moving and the hit part (`skinlab animate --json`).
nlohmann::json rejection_json(const Rejection& rejection, const Rig& rig);

/// A pose's joint angles in degrees, {joint name: [x, y, z]} (what `animate --json` and
/// `view --json` print, so the two can be compared).
nlohmann::json pose_degrees_json(const Pose& pose, const Rig& rig);

/// The statistics as one JSON object, by name; counts as integers.
nlohmann::json statistics_json(const DeformerStatistics& statistics);

}  // namespace skinlab
