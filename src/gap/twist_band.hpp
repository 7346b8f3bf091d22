// Twist bands: the part of a child's rotation about its own opening's normal (the twist, in the
// swing–twist decomposition) is spread over a band of the child behind the opening, ring by ring,
// as skinning spreads a rotation over its weights; gap reconstruction then bridges the swing
// alone. A twist leaves no room between two loops that lie in one plane (docs/gap.md, "Twist
// bands"); a band along the bone gives it a length to turn in.
#pragma once

#include <vector>

#include "skinlab/core/qt_transform.hpp"
#include "skinlab/gap/gap_model.hpp"

namespace skinlab {

/// One joint's band, in the rest pose, along the opening's normal (s, from the opening's plane
/// into the child). In a frame it begins where the child's side of the gap ends (its deepest
/// boundary vertex after Remove, so that the patch is built on untwisted ends) and runs `length`
/// further, but never past `end`; a vertex at s takes smoothstep((s - begin) / (end - begin)) of
/// the twist.
struct TwistBand {
  Vec3 axis = Vec3::UnitZ();  ///< the opening's unit normal, into the child
  Vec3 origin = Vec3::Zero();  ///< the opening's centroid (s = 0)
  double length = 0;           ///< 0: no band (the part is too short; the twist stays with gap)
  double end = 0;              ///< the band stops here, short of the child's other openings
  /// The fraction of the twist taken at axial position s by a band beginning at `begin`.
  double fraction(double s, double begin) const;
};

struct TwistBands {
  std::vector<TwistBand> joints;  ///< per joint of the gap model
  /// Per welded vertex: its s in its own part's band (for an opening vertex: in its parent's).
  std::vector<double> axial;
};

/// Bands `radii` opening radii long (the opening's mean distance from its centroid), ending
/// `clearance` of the way to the child's nearest other opening or to its far end, so that every
/// other opening of the child turns rigidly with it. A child with less than half a radius of
/// room has no band.
TwistBands build_twist_bands(const GapModel& gap, double radii = 2.0, double clearance = 0.8);

}  // namespace skinlab
