// SPDX-License-Identifier: GPL-3.0-or-later
// The rig: what forward kinematics and collision rejection need of a segmented model and its
// skeleton, built once ([VF08 §4.3], docs/animation.md) by rigging/build_rig.hpp. Plain data.
#pragma once

#include <array>
#include <string>
#include <vector>

#include "skinlab/core/bounding_volumes.hpp"
#include "skinlab/core/qt_transform.hpp"

namespace skinlab {

struct RigComponent {
  int parent = -1;                 ///< component id, -1 for the root
  Vec3 joint = Vec3::Zero();       ///< J: the point the component rotates about (rest pose)
  Quat align = Quat::Identity();   ///< Q_align: turns the parent axis onto +z (align_to_z; root: identity)
  std::array<double, 6> limits{};  ///< radians: XMIN XMAX YMIN YMAX ZMIN ZMAX
  OBB obb;                         ///< rest-pose box, from the skeleton's principal directions
  Sphere sphere;                   ///< rest-pose bounding sphere
};

struct Rig {
  std::vector<RigComponent> components;   ///< by component id
  std::vector<std::string> names;         ///< per component: its name (the .skel joint name)
  std::vector<int> order;                 ///< component ids depth-first: joint j is order[j]
  std::vector<int> joint_of;              ///< per component: its joint index (inverse of order)
  std::vector<std::vector<int>> subtree;  ///< per component: itself and its descendants
  /// Per component c: the pairs (a in c's subtree, b outside it) that may collide when c's joint
  /// moves: every such pair but (c, c's parent), which meet at the joint, and pairs whose boxes
  /// already overlap in the rest pose (parts that touch at a junction by construction, such as
  /// two upper legs at the hips, would otherwise veto every motion).
  std::vector<std::vector<std::pair<int, int>>> collision_pairs;
};

/// Q_align of [VF08 §2.2.1] ("alignment of a vector with the positive z-axis") and §4.3: a
/// rotation about X by theta1 that brings `axis` = (a, b, c) into the XZ plane, then one about Y
/// that brings it onto +z, M = R_y(theta2) R_x(theta1). Where the axis lies on the X axis
/// (sqrt(b² + c²) <= kAlignUndetermined |axis|) theta1 is undetermined and taken as 0. A zero
/// axis gives the identity.
Quat align_to_z(const Vec3& axis);
inline constexpr double kAlignUndetermined = 1e-9;

/// The local transform of a component for joint angles x, y, z (radians):
/// T_q = Q_align^-1 Q(X,x) Q(Y,y) Q(Z,z) Q_align, T_t = J - T_q J.
QT joint_transform(const RigComponent& component, double x, double y, double z);

}  // namespace skinlab
