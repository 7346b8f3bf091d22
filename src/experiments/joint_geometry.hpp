// SPDX-License-Identifier: GPL-3.0-or-later
// What the quality table and the joint sweeps measure at a joint (docs/quality.md): a frame as a
// mesh, the joint's section plane at rest and in a pose, its centre, and the triangles of its two
// parts near it. Internal to the experiments.
#pragma once

#include <optional>
#include <vector>

#include "skinlab/core/segmented_model.hpp"
#include "skinlab/geometry/obb.hpp"
#include "skinlab/kinematics/animator.hpp"
#include "skinlab/skinning/deformer.hpp"

namespace skinlab {

/// One frame's surface as a TriMesh (positions, and the frame's or the rest mesh's triangles).
TriMesh frame_mesh(const Frame& frame, const SkinMesh& rest);

/// Where a joint's cross-section is taken at rest: the least-squares plane of its opening (the cut
/// the segmentation made across the limb), its normal into the child, moved a quarter of the
/// opening's mean edge into the child so that the rest cut does not run through the opening's own
/// vertices; only triangles within `reach` (twice the opening's largest radius) are cut, so that a
/// trunk the plane also crosses (at a shoulder or a hip) adds no loops.
struct JointSection {
  Plane plane;
  double reach = 0;
  Vec3 center = Vec3::Zero();  ///< the opening's centroid: the joint's centre for the inscribed ratio
};
/// Nothing for a joint without a closed opening.
std::optional<JointSection> joint_section(const SegmentedModel& model, const Rig& rig, int child);

/// The same plane in a pose: moved with the child, its normal halfway between where the parent and
/// the child turn it, so that it bisects the bend, where linear blending collapses.
Plane posed_plane(const Plane& rest, const Rig& rig, int child, const AcceptedPose& pose);

/// A joint's centre in a pose: halfway between where its parent and its child take it (the two
/// agree for a rotation about the centre itself).
Vec3 posed_center(const Vec3& rest, const Rig& rig, int child, const AcceptedPose& pose);

/// The triangles of a joint's two parts near it (child and parent, every vertex within `reach` of
/// `center`), so that other limbs the plane happens to cross do not join the section.
std::vector<Tri> joint_parts(const std::vector<Vec3>& positions, const std::vector<Tri>& triangles,
                             const std::vector<int>& triangle_component, int child, int parent, const Vec3& center,
                             double reach);

/// The distance from `point` to the nearest triangle of a joint's two parts (child and parent, a gap
/// patch with its child): the inscribed ratio's numerator and denominator (docs/quality.md). A
/// descendant the pose brings near the joint (a hand swung to its shoulder) is the clip's doing,
/// not the skin's, and does not count, as it does not among the joint's pairs. 0 when the two
/// parts have no triangle (no ratio to take).
double distance_to_joint_parts(const std::vector<float>& positions, const std::vector<Tri>& triangles,
                               const std::vector<int>& triangle_component, int child, int parent, const Vec3& point);

/// The self-intersecting triangle pairs of a frame at its joints (pairs_at_joints: in one part, or a
/// part and its parent); -1 when the frame is not a mesh CGAL takes (an edge in three triangles).
/// `parent`: each part's parent, -1 for the root.
int frame_joint_pairs(const Frame& frame, const SkinMesh& rest, const std::vector<int>& parent);
/// The same part by part (pairs_per_part): `all` as frame_joint_pairs counts them, `apart` only
/// those whose triangles share no vertex (pairs_sharing_no_vertex). Nothing where
/// frame_joint_pairs gives -1.
struct JointPairsPerPart {
  std::vector<int> all, apart;  ///< #parts each
};
std::optional<JointPairsPerPart> frame_pairs_per_part(const Frame& frame, const SkinMesh& rest,
                                                      const std::vector<int>& parent);

/// The angle (radians) of the child's rotation relative to its parent.
double relative_angle(const AcceptedPose& pose, const Rig& rig, int child);

}  // namespace skinlab
