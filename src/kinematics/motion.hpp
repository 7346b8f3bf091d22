// Forward kinematics on quaternion–translation pairs, and the checks that reject a motion:
// joint limits and collisions between parts (thesis §4.3).
#pragma once

#include <vector>

#include "animation/clip_sampler.hpp"
#include "kinematics/rig.hpp"

namespace skinlab {

/// World transform of every component (by component id): the root's joint transform after the
/// mover (its rotation about the root joint, then its translation), each child's after its
/// parent's, depth-first. One QT per component; skinning turns each into a matrix once.
void forward_kinematics(const Rig& rig, const Pose& pose, std::vector<QT>& world);

struct Rejection {
  enum class Kind { limit, collision };
  Kind kind = Kind::limit;
  double time = 0.0;
  int joint = 0;       ///< depth-first joint index (the moving component)
  int axis = -1;       ///< limit: 0, 1, 2 for X, Y, Z
  double limit = 0.0;  ///< limit: the bound crossed, degrees
  int other = -1;      ///< collision: the component hit (id)
  int moving = -1;     ///< collision: the component of the moved subtree that hit it (id)
};

struct MotionCheckParams {
  bool limits = true;      ///< reject angles outside the .skel ranges
  bool collisions = true;  ///< reject motions that make parts' boxes overlap
};

/// Stateful per clip: remembers the last accepted pose. A rejected DOF (limit) or joint
/// (collision) keeps its last accepted value, and the rejection is reported.
class MotionChecker {
 public:
  MotionChecker(const Rig& rig, MotionCheckParams params);
  /// Checks `pose` (sampled at `time`), repairs it in place, fills `world` with the accepted
  /// pose's transforms and appends what it rejected. Joints are tried depth-first; a joint's
  /// subtree is tested against rig.collision_pairs: bounding spheres first, candidate pairs by
  /// increasing w = (l / r)^2 (centre distance over radius sum), then the OBB separating-axis test.
  void apply(double time, Pose& pose, std::vector<QT>& world, std::vector<Rejection>& rejections);
  /// Seconds spent in collision tests so far (the rest of apply() is FK and limits).
  double collision_seconds() const { return collision_seconds_; }

 private:
  bool collides(int component, const std::vector<QT>& world, int& moving, int& other) const;

  const Rig& rig_;
  MotionCheckParams params_;
  Pose accepted_;
  double collision_seconds_ = 0.0;
};

}  // namespace skinlab
