// SPDX-License-Identifier: GPL-3.0-or-later
// The loop metrics of every opening of a model (docs/models.md): shared by `segment` and `info`.
#pragma once

#include <nlohmann/json.hpp>

#include "skinlab/core/segmented_model.hpp"

namespace skinlab {

/// One JSON object per loop of the opening: ordered vertex positions, length, planarity,
/// outline ratio, mean radius, the least-squares plane, and the smallest triangle angle
/// (degrees) within one ring of the loop.
nlohmann::json opening_loop_metrics(const SegmentedModel& model, const Opening& opening);

/// Median and maximum of planarity and outline ratio, and the smallest angle, over every closed
/// loop of every opening.
nlohmann::json opening_metrics_summary(const SegmentedModel& model);

}  // namespace skinlab
