// SPDX-License-Identifier: GPL-3.0-or-later
// How well a skeleton fits its model (docs/quality.md, "Skeleton quality"): how much of the bones
// lies inside the mesh, how far each part's bone and principal axis stray from the part's own
// direction, how far its joint sits off its opening, how far refinement turned it. The thesis
// judges skeletons by eye (Figs. 5.2-5.19); these are the numbers behind such a judgement.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "skinlab/core/segmented_model.hpp"
#include "skinlab/skeleton/skeleton.hpp"

namespace skinlab {

/// One part. Angles are in degrees between lines (0..90), absent where the skeleton has no such
/// thing for the part; the root part has no opening to its parent and so no angles.
struct PartQuality {
  int component = 0;
  std::string name;
  bool root = false;
  /// The part's elongation: the line from its opening's centroid (where it meets its parent) to
  /// the vertex of the part farthest from that centroid.
  Vec3 opening = Vec3::Zero();
  Vec3 far_end = Vec3::Zero();
  /// The part's bone: from its root joint to the farthest end of the bones the part owns; the
  /// angle between that line and the elongation.
  std::optional<double> bone_angle;
  Vec3 bone_begin = Vec3::Zero();
  Vec3 bone_end = Vec3::Zero();
  /// Methods with principal axes: the angle between the principal axis (the OBB's first axis
  /// after any refinement) and the line from the opening's centroid to the kernel centroid.
  std::optional<double> axis_angle;
  /// Distance of the part's root joint from its opening's least-squares plane, divided by the
  /// opening's mean radius.
  double joint_off_plane = 0.0;
  double refinement_turn = 0.0;  ///< degrees that refinement turned the principal directions
  double bone_length = 0.0;      ///< of the bones the part owns
  double bone_length_inside = 0.0;
};

struct SkeletonQuality {
  /// Fraction of all bone length inside the mesh (bones sampled every 1/64 of their length; a
  /// sample is inside where the mesh's winding number is at least 1/2).
  double inside_fraction = 1.0;
  std::vector<PartQuality> parts;  ///< every part, in component order
};

/// Measures `skeleton` (extracted from `model`, whose hierarchy it needs).
SkeletonQuality measure_skeleton_quality(const SegmentedModel& model, const Skeleton& skeleton);

}  // namespace skinlab
