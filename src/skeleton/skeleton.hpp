// SPDX-License-Identifier: GPL-3.0-or-later
// A skeleton as extraction leaves it (thesis chapter 3): joints, bones and, per component, what
// the method computed. Plain data, Eigen alone: the runtime (rig, gap reconstruction) reads it;
// skeleton/extract_skeleton.hpp makes it.
#pragma once

#include <string>
#include <vector>

#include "skinlab/core/bounding_volumes.hpp"

namespace skinlab {

enum class JointKind { root, opening, kernel, link, axis_end };

struct SkeletonJoint {
  Vec3 position = Vec3::Zero();
  JointKind kind = JointKind::link;
  int component = 0;  ///< owner: the component whose local skeleton made it; an opening joint
                      ///< belongs to the child, which rotates about it
};

struct Bone {
  int from = 0;  ///< joint ids
  int to = 0;
  int component = 0;
};

/// Per component: what the methods computed, for later stages (FK, collision, viewer).
struct ComponentFrame {
  int root_joint = -1;  ///< the joint the component's local skeleton starts from
  Vec3 kernel_centroid = Vec3::Zero();
  bool kernel_empty = true;        ///< true: kernel_centroid is the part's centre of mass (or its hull's
                                   ///< centroid: SkeletonParams::empty_kernel_centre_of_mass)
  OBB obb;                         ///< axes = principal directions after any refinement
  int principal_axis = 0;          ///< which column of obb.axes is the principal axis
  Vec3 axis_begin = Vec3::Zero();  ///< PA_KC: the principal axis through the kernel centroid,
  Vec3 axis_end = Vec3::Zero();    ///< clipped to the component (pa methods only)
  double refinement_turn = 0.0;    ///< radians that refinement turned the principal directions
};

struct Skeleton {
  std::string method;  ///< the name of the method that made it (skeleton/skeleton_method.hpp)
  /// What the skeleton has, which later stages read (never the method): kernel centroids, boxes
  /// and principal directions per component (the rig's parent axes aim at the kernel centroids,
  /// else at the parent's root joint), and the clipped principal axes (axis_begin, axis_end).
  bool has_kernel_centroids = false;
  bool has_principal_axes = false;
  std::vector<SkeletonJoint> joints;
  std::vector<Bone> bones;
  std::vector<ComponentFrame> components;
};

}  // namespace skinlab
