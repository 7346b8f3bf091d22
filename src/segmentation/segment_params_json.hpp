// SPDX-License-Identifier: GPL-3.0-or-later
// Segmentation parameters as JSON: one model's entry of a parameters file
// (experiments/segmentation.json, `segment --params`) or an experiment's "segment" block. The
// keys and ranges are those of `skinlab segment`'s options (docs/models.md).
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "skinlab/segmentation/segment_params.hpp"

namespace skinlab {

/// A numeric parameter: its JSON key (the option is --KEY with '_' as '-') and its range.
struct SegmentNumberRange {
  std::string key;
  double low = 0.0, high = 0.0;
  bool integral = false;
};

/// persistence, limbs, parts, split_aspect, end_narrowing, max_pieces, ring_slope,
/// min_limb_aspect; and "coordinate", the range of a point's or a direction's coordinates.
const std::vector<SegmentNumberRange>& segment_number_ranges();
/// The entry of segment_number_ranges() called `key`; std::out_of_range for another.
const SegmentNumberRange& segment_number_range(const std::string& key);

/// What one entry asks for: the parameters, and the most parts wanted (0: no limit,
/// segment_into_at_most otherwise).
struct SegmentRequest {
  SegmentParams params;
  int parts = 0;
};

/// Applies `entry` (an object with any of up, forward, generic_names, root, add_tips,
/// ignore_tips and the numbers above) over `request`. Throws InputError starting with `where`,
/// then `separator` and the key, for an unknown key or a value of the wrong type or out of
/// range. Giving the persistence turns its adaptation off, as the option does.
void apply_segment_json(const nlohmann::json& entry, const std::string& where, SegmentRequest& request,
                        char separator = '.');

}  // namespace skinlab
