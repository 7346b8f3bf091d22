// SPDX-License-Identifier: GPL-3.0-or-later
// A body part while the segmentation builds it: where it sits in its limb and the hierarchy.
#pragma once

#include <string>

namespace skinlab {

/// Part 0 is always the trunk.
constexpr int kTrunkPart = 0;

struct BodyPart {
  int limb = -1;     ///< the limb it belongs to (Limbs), -1 for the trunk
  int parent = -1;   ///< part id; -1 for the trunk
  int piece = 0;     ///< along its limb: 0 at the trunk, counting towards the tip
  bool end = false;  ///< the piece beyond the limb's last narrowing (a hand, a foot)
  std::string name;  ///< set by name_parts
  /// Set by name_parts: trunk, neck, head, tail, upper, middle, lower, end (hand, foot) or limb
  /// (an unsplit limb); the default joint limits follow it.
  std::string role;
};

}  // namespace skinlab
