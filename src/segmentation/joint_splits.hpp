// SPDX-License-Identifier: GPL-3.0-or-later
// Step 3 of the segmentation (docs/models.md, "Method"): bumps go back to the trunk, and each
// limb becomes a chain of parts split at its joints.
#pragma once

#include <string>
#include <vector>

#include "skinlab/core/tri_mesh.hpp"
#include "skinlab/segmentation/body_part.hpp"
#include "skinlab/segmentation/limbs.hpp"
#include "skinlab/segmentation/segment_params.hpp"

namespace skinlab {

/// Per limb, its diameter profile: ring length / pi of the geodesic rings around its tip at
/// `levels` evenly spaced distances across its length (midpoints), over its own triangles.
struct LimbProfile {
  double length = 0.0;           ///< geodesic distance from the tip to where the limb is cut
  std::vector<double> diameter;  ///< per level, from the tip
  double mean_diameter = 0.0;    ///< over 20–90% of the length (the tip and the base left out)
  std::vector<double> joints;    ///< distances from the tip where it is split, decreasing
  bool end = false;              ///< the first split (nearest the tip) is a narrowing: hand, foot
  bool bump = false;             ///< shorter than SegmentParams::min_limb_aspect diameters
};

/// The profile of limb b of `limbs` over its own triangles, and whether it is a bump.
LimbProfile limb_profile(const TriMesh& mesh, const Limbs& limbs, int b, double min_limb_aspect);

/// Splits the limbs of `limbs` into parts; bumps (LimbProfile::bump) stay with the trunk.
/// Where the ring narrows within the outer 45% of a limb by params.end_narrowing against the
/// widest ring beyond it (a wrist, an ankle: the one nearest the trunk; for a limb named head,
/// the one nearest the tip within 85%: the neck behind the skull), the end is split off; the rest splits into 1 + its
/// length / (its mean diameter x params.split_aspect) pieces of about equal length (a head without a neck narrowing
/// only past 3 diameters), each split at the narrowest ring near it (or exactly there when no ring near is 5% narrower
/// than the mean): an elbow, a knee; at most params.max_pieces pieces per limb. Returns the parts (part 0 the trunk,
/// then per limb its pieces from the trunk outwards), sets `face_label` (#F part ids) and each profile's joints and
/// end.
std::vector<BodyPart> split_limbs_at_joints(const TriMesh& mesh, const Limbs& limbs,
                                            const std::vector<std::string>& limb_names, const SegmentParams& params,
                                            std::vector<LimbProfile>& profiles, std::vector<int>& face_label);

}  // namespace skinlab
