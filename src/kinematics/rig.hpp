// The rig: what forward kinematics and collision rejection need of a segmented model and its
// skeleton, built once (thesis §4.3, DESIGN.md "Pose").
#pragma once

#include <array>
#include <string>
#include <vector>

#include "core/qt_transform.hpp"
#include "core/segmented_model.hpp"
#include "geometry/obb.hpp"
#include "skeleton/skeleton.hpp"

namespace skinlab {

struct RigComponent {
  int parent = -1;                 ///< component id, -1 for the root
  Vec3 joint = Vec3::Zero();       ///< J: the point the component rotates about (rest pose)
  Quat align = Quat::Identity();   ///< Q_align: turns the parent axis onto +z (root: identity)
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
  /// Per component c: the components its subtree may collide with: outside the subtree, not its
  /// parent, and (per pair) not overlapping already in the rest pose (parts that touch at a
  /// junction by construction would otherwise veto every motion).
  std::vector<std::vector<std::pair<int, int>>> collision_pairs;
};

/// Builds the rig. The parent axis of a component is the vector from its joint to its parent's
/// kernel centroid; with the opening method, which computes none, to its parent's root joint.
/// Throws InputError when the model has no hierarchy (and more than one component).
Rig build_rig(const SegmentedModel& model, const Skeleton& skeleton);

/// The local transform of a component for joint angles x, y, z (radians):
/// T_q = Q_align^-1 Q(X,x) Q(Y,y) Q(Z,z) Q_align, T_t = J - T_q J.
QT joint_transform(const RigComponent& component, double x, double y, double z);

}  // namespace skinlab
