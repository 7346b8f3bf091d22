// SPDX-License-Identifier: GPL-3.0-or-later
// Forward kinematics on quaternion–translation pairs, and the checks that reject a motion:
// joint limits and collisions between parts [VF08 §4.3].
#pragma once

#include <string>
#include <vector>

#include "skinlab/animation/clip_sampler.hpp"
#include "skinlab/kinematics/rig.hpp"

namespace skinlab {

/// World transform of every component (by component id): the root's joint transform after the
/// mover (its rotation about the root joint, then its translation), each child's after its
/// parent's, depth-first. One QT per component; skinning turns each into a matrix once.
void forward_kinematics(const Rig& rig, const Pose& pose, std::vector<QT>& world);

struct Rejection {
  enum class Kind { limit, collision };
  Kind kind = Kind::limit;
  int frame = -1;  ///< grid frame (-1 for an explicit pose)
  double time = 0.0;
  int joint = 0;       ///< depth-first joint index (the moving component)
  int axis = -1;       ///< limit: 0, 1, 2 for X, Y, Z
  double limit = 0.0;  ///< limit: the bound crossed, degrees
  double angle = 0.0;  ///< limit: the angle asked for, degrees
  int other = -1;      ///< collision: the component hit (id)
  int moving = -1;     ///< collision: the component of the moved subtree that hit it (id)
};

/// "arm_l_upper X above limit 120°", "forearm_l hits torso", or, when the joint that moved is
/// an ancestor of the part that hit, "arm_l_upper: forearm_l hits torso".
std::string describe(const Rejection& rejection, const Rig& rig);

/// Consecutive frames rejected for the same joint and reason, as one line each:
/// "frames 12–19: arm_l_upper X above limit 120°" ("frame 12: ..." for a single frame).
std::vector<std::string> summarize_rejections(const std::vector<Rejection>& rejections, const Rig& rig);

/// What a violated joint limit cancels.
enum class LimitRejection {
  joint,  ///< the joint's whole motion for the frame: all three angles keep their accepted values
          ///< ([VF08 §4.3]: "If any of two comes true then the motion is cancelled")
  dof,    ///< only the angle outside its range (skinlab's earlier rule; `--limits dof`)
};

/// The names of LimitRejection's values ("joint", "dof"), in order.
const std::vector<std::string>& limit_rejection_names();
/// The value called `name`; throws InputError naming the choices.
LimitRejection find_limit_rejection(const std::string& name);

struct MotionCheckParams {
  bool limits = true;      ///< reject angles outside the .skel ranges
  bool collisions = true;  ///< reject motions that make parts' boxes overlap
  LimitRejection limit_rejection = LimitRejection::joint;
};

/// One step of the checks: `wanted` is repaired in place against the last `accepted` pose and
/// `world` receives the repaired pose's transforms. A joint with a DOF outside its limit keeps
/// its accepted angles (all three, or that DOF alone: params.limit_rejection); then the joints whose angles changed are tried depth-first, and a joint whose moved
/// subtree hits another part (rig.collision_pairs: bounding spheres first, candidate pairs by
/// increasing w = (l / r)^2, centre distance over radius sum, then the OBB separating-axis test)
/// keeps its accepted angles. The mover is always accepted. Appends what it rejected, stamped
/// with `frame` and `time`; adds the seconds spent in collision tests to `collision_seconds`.
void check_motion(const Rig& rig, const MotionCheckParams& params, const Pose& accepted, int frame, double time,
                  Pose& wanted, std::vector<QT>& world, std::vector<Rejection>& rejections, double& collision_seconds);

}  // namespace skinlab
