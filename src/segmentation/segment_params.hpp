// SPDX-License-Identifier: GPL-3.0-or-later
// Parameters of the automatic segmentation (segment_body_parts); docs/models.md explains each
// with the step of the method it belongs to.
#pragma once

#include <limits>
#include <vector>

#include "skinlab/core/tri_mesh.hpp"
#include "skinlab/segmentation/plane_cuts.hpp"

namespace skinlab {

/// A limb the user adds (see SegmentParams::add_tips).
struct AddedTip {
  Vec3 point = Vec3::Zero();  ///< its tip: the vertex nearest to this point
  double radius = 0.0;        ///< > 0: the limb is the geodesic disc of this radius around the tip;
                              ///< 0: it ends where its ring spreads (ring_slope), as found limbs do
};

struct SegmentParams {
  /// A branch of the merge tree is a limb when it rises this fraction of the largest geodesic
  /// distance from the trunk centre above the level where it meets another branch
  /// (persistence); smaller bumps stay with what they grow from.
  double min_persistence = 0.12;
  /// A creature has at least four limbs: when min_persistence leaves fewer and more branches
  /// stand above the noise (3 % of the largest distance), the threshold drops to the widest gap
  /// (by ratio) between consecutive persistences below the fourth, so that legs fused lower
  /// with the trunk (a seated teddy) still count. False when the persistence is given.
  bool adapt_persistence = true;
  /// When > 0, choose the persistence threshold that yields this many limbs (before splits)
  /// instead of min_persistence: the `parts` most persistent branches.
  int limbs = 0;
  /// A limb ends where its geodesic ring (distance from the tip) lengthens faster than this per
  /// unit of distance: where it spreads onto the trunk (2 pi on a flat wall; 0 along a tube).
  double ring_slope = 2.5;
  /// A limb shorter than this multiple of its mean diameter is a bump (a hump, a belly), not a
  /// limb: it stays with the trunk.
  double min_limb_aspect = 0.8;
  /// A limb's end (hand, foot) is a part of its own when the ring narrows within the outer 45%
  /// of the limb and a ring between it and the tip is this many times as long.
  double end_narrowing = 1.3;
  /// A limb (less its end) splits into 1 + its length / (this x its mean diameter) pieces of
  /// about equal length, each split at the narrowest ring near it (knee, elbow), ...
  double split_aspect = 3.0;
  /// ... up to this many pieces per limb (end included).
  int max_pieces = 3;
  /// Parts with fewer triangles than this fraction of the mesh are merged into a neighbour.
  double min_part_fraction = 0.002;
  /// When finite, the trunk centre is the vertex nearest to this point instead of the vertex
  /// nearest to the centroid of the enclosed volume (for a trunk that is itself long, such as a
  /// cactus stem: put it at the base).
  Vec3 root = Vec3::Constant(std::numeric_limits<double>::quiet_NaN());
  /// User guidance (seed points, model coordinates): a limb grows from each of `add_tips`, as if
  /// the merge tree had found it; the limb whose tip is nearest to each of `ignore_tips` is not a
  /// limb. For branches the geometry does not show (a head sunk between the shoulders) and
  /// branches that are not body parts (ears, horns).
  std::vector<AddedTip> add_tips;
  std::vector<Vec3> ignore_tips;
  /// Unit vectors of the model's up and forward directions, for body-part names; zero
  /// vectors: estimated from the limbs (estimate_orientation), or generic names (trunk,
  /// limb_0, limb_0_lower, ...) where no stance is found or `estimate_orientation` is false
  /// (a plant has no legs to stand on).
  Vec3 up = Vec3::Zero();
  Vec3 forward = Vec3::Zero();
  bool estimate_orientation = true;
  /// How the borders are moved onto planes (clean cuts).
  PlaneCutParams cuts;
};

}  // namespace skinlab
