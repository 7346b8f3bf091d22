// SPDX-License-Identifier: GPL-3.0-or-later
// Step 6 of the segmentation, before the names (docs/models.md, "Method"): which way a new mesh
// stands, when no up and forward directions are given. The creature stands on its legs: limbs
// that reach down to the ground, with the trunk held above it and the body balanced over them.
#pragma once

#include <optional>
#include <vector>

#include "skinlab/core/tri_mesh.hpp"
#include "skinlab/segmentation/joint_splits.hpp"

namespace skinlab {

/// Per limb (`face_limb`: per triangle its limb or -1 for the trunk; limbs 0 .. num_limbs-1),
/// where it meets the trunk: the mean of its triangles' corners on the trunk, each counted once
/// per triangle; the centroid of its surface where it does not touch the trunk; NaN for a limb
/// without triangles.
std::vector<Vec3> limb_attachments(const TriMesh& mesh, const std::vector<int>& face_limb, int num_limbs);

/// Which way a mesh stands.
struct Orientation {
  Vec3 up = Vec3::Zero();       ///< unit
  Vec3 forward = Vec3::Zero();  ///< unit, orthogonal to up
};

/// Estimates up and forward from the limbs (`face_limb` as above; `tips`: per limb its tip
/// vertex; `profiles`: per limb its diameter profile). Candidate up directions are the coordinate
/// axes, both ways, and, only when none of them gives a stance, 400 directions spread over the
/// sphere. Along a candidate, the limbs standing on the ground are those whose tip lies within a
/// tenth of the height of the lowest point and whose reach (tip minus attachment) points within
/// 60° of down; the candidate counts when at least two limbs stand, the trunk stays clear of the
/// ground, the surface centroid lies over the feet (within a quarter of its height from the hull
/// of the soles, seen from above) and, on two legs or off the axes, the mesh is mirror-symmetric
/// about an upright plane (on two legs, one with a leg on either side). The most legs win, then
/// the highest trunk; a direction off the axes is then settled on the plane of the soles.
/// Forward is across a biped's mirror plane, or along the longest horizontal axis of anything
/// with more legs, pointing the way the feet reach (on more legs, by a vote with the thickest
/// and the most rising other limb); it snaps to a coordinate axis within 30° when up is one.
/// Nothing is returned when no candidate counts, or when two (at least 30° apart) are too close
/// to tell: the same number of legs and a clearance within 20% of each other.
std::optional<Orientation> estimate_orientation(const TriMesh& mesh, const std::vector<int>& face_limb,
                                                const std::vector<int>& tips, const std::vector<LimbProfile>& profiles);

}  // namespace skinlab
