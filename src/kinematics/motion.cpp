// SPDX-License-Identifier: GPL-3.0-or-later
#include "skinlab/kinematics/motion.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>

#include "skinlab/core/registry.hpp"
#include "skinlab/core/stopwatch.hpp"

namespace skinlab {

namespace {

QT mover_transform(const Rig& rig, const Pose& pose) {
  const Vec3& pivot = rig.components[rig.order.front()].joint;
  QT m;
  m.q = Quat(Eigen::AngleAxisd(pose.mover[3], Vec3::UnitX())) * Quat(Eigen::AngleAxisd(pose.mover[4], Vec3::UnitY())) *
        Quat(Eigen::AngleAxisd(pose.mover[5], Vec3::UnitZ()));
  m.t = pivot + Vec3(pose.mover[0], pose.mover[1], pose.mover[2]) - m.q * pivot;
  return m;
}

QT local_transform(const Rig& rig, const Pose& pose, int joint) {
  const double* a = &pose.angles[3 * static_cast<std::size_t>(joint)];
  return joint_transform(rig.components[rig.order[joint]], a[0], a[1], a[2]);
}

OBB moved(const OBB& box, const QT& t) {
  OBB out = box;
  out.center = t.apply_point(box.center);
  out.axes = t.q.toRotationMatrix() * box.axes;
  return out;
}

// The first pair of rig.collision_pairs[component] whose boxes overlap in `world`.
bool collides(const Rig& rig, int component, const std::vector<QT>& world, int& moving, int& other) {
  struct Candidate {
    double w;
    int a, b;
  };
  std::vector<Candidate> candidates;
  for (auto [a, b] : rig.collision_pairs[component]) {
    const Sphere &sa = rig.components[a].sphere, &sb = rig.components[b].sphere;
    const double l = (world[a].apply_point(sa.center) - world[b].apply_point(sb.center)).norm();
    const double r = sa.radius + sb.radius;
    if (l <= r) candidates.push_back({(l / r) * (l / r), a, b});
  }
  std::sort(candidates.begin(), candidates.end(), [](const Candidate& x, const Candidate& y) { return x.w < y.w; });
  for (const Candidate& k : candidates)
    if (obb_overlap(moved(rig.components[k.a].obb, world[k.a]), moved(rig.components[k.b].obb, world[k.b]))) {
      moving = k.a;
      other = k.b;
      return true;
    }
  return false;
}

}  // namespace

void forward_kinematics(const Rig& rig, const Pose& pose, std::vector<QT>& world) {
  world.resize(rig.components.size());
  for (std::size_t j = 0; j < rig.order.size(); ++j) {
    const int c = rig.order[j];
    const int parent = rig.components[c].parent;
    world[c] =
        (parent < 0 ? mover_transform(rig, pose) : world[parent]) * local_transform(rig, pose, static_cast<int>(j));
  }
}

std::string describe(const Rejection& r, const Rig& rig) {
  if (r.kind == Rejection::Kind::collision) {
    const std::string hit = rig.names[r.moving] + " hits " + rig.names[r.other];
    return rig.order[r.joint] == r.moving ? hit : rig.names[rig.order[r.joint]] + ": " + hit;
  }
  char bound[32];
  std::snprintf(bound, sizeof bound, "%g", r.limit);
  return rig.names[rig.order[r.joint]] + " " + "XYZ"[r.axis] + (r.angle > r.limit ? " above" : " below") + " limit " +
         bound + "°";
}

std::vector<std::string> summarize_rejections(const std::vector<Rejection>& rejections, const Rig& rig) {
  struct Run {
    int first, last;
    std::string what;
  };
  std::vector<Run> runs;
  // A run may continue only from the previous frame, and several joints can be rejected in
  // one frame, so each new event looks back over the runs that are still open.
  std::size_t open_from = 0;
  for (const Rejection& r : rejections) {
    const std::string what = describe(r, rig);
    while (open_from < runs.size() && runs[open_from].last < r.frame - 1) ++open_from;
    bool extended = false;
    for (std::size_t i = open_from; i < runs.size() && !extended; ++i)
      if (runs[i].what == what && runs[i].last == r.frame - 1) {
        runs[i].last = r.frame;
        extended = true;
      }
    if (!extended) runs.push_back({r.frame, r.frame, what});
  }
  std::vector<std::string> lines;
  for (const Run& run : runs)
    lines.push_back(run.first == run.last
                        ? "frame " + std::to_string(run.first) + ": " + run.what
                        : "frames " + std::to_string(run.first) + "–" + std::to_string(run.last) + ": " + run.what);
  return lines;
}

const std::vector<std::string>& limit_rejection_names() {
  static const std::vector<std::string> names{"joint", "dof"};
  return names;
}

LimitRejection find_limit_rejection(const std::string& name) {
  return enum_named<LimitRejection>(limit_rejection_names(), name, "limit rejection");
}

void check_motion(const Rig& rig, const MotionCheckParams& params, const Pose& accepted, int frame, double time,
                  Pose& wanted, std::vector<QT>& world, std::vector<Rejection>& rejections, double& collision_seconds) {
  constexpr double kDegrees = 180.0 / std::numbers::pi;
  const int joints = static_cast<int>(rig.order.size());
  if (params.limits)
    for (int j = 0; j < joints; ++j) {
      bool violated = false;
      for (int k = 0; k < 3; ++k) {
        double& angle = wanted.angles[3 * j + k];
        const auto& limits = rig.components[rig.order[j]].limits;
        const double lo = limits[2 * k], hi = limits[2 * k + 1], eps = 1e-9;
        if (angle < lo - eps || angle > hi + eps) {
          Rejection r;
          r.frame = frame;
          r.time = time;
          r.joint = j;
          r.axis = k;
          r.limit = (angle < lo ? lo : hi) * kDegrees;
          r.angle = angle * kDegrees;
          rejections.push_back(r);
          violated = true;
          if (params.limit_rejection == LimitRejection::dof) angle = accepted.angles[3 * j + k];
        }
      }
      if (violated && params.limit_rejection == LimitRejection::joint)
        for (int k = 0; k < 3; ++k) wanted.angles[3 * j + k] = accepted.angles[3 * j + k];
    }
  if (!params.collisions) {
    forward_kinematics(rig, wanted, world);
    return;
  }
  // Start from the accepted pose (the mover moves everything rigidly and is always accepted),
  // then try each changed joint, parents first, keeping what does not collide.
  Pose current = accepted;
  current.mover = wanted.mover;
  forward_kinematics(rig, current, world);
  std::vector<QT> trial = world;
  for (int j = 0; j < joints; ++j) {
    double* asked = &wanted.angles[3 * j];
    double* held = &current.angles[3 * j];
    if (std::equal(asked, asked + 3, held)) continue;
    const int c = rig.order[j];
    std::copy(asked, asked + 3, held);
    for (int s : rig.subtree[c]) {
      const int parent = rig.components[s].parent;
      trial[s] =
          (parent < 0 ? mover_transform(rig, current) : trial[parent]) * local_transform(rig, current, rig.joint_of[s]);
    }
    int moving = -1, other = -1;
    const Stopwatch stopwatch;
    const bool hit = collides(rig, c, trial, moving, other);
    collision_seconds += stopwatch.seconds();
    if (hit) {
      Rejection r;
      r.kind = Rejection::Kind::collision;
      r.frame = frame;
      r.time = time;
      r.joint = j;
      r.other = other;
      r.moving = moving;
      rejections.push_back(r);
      const double* before = &accepted.angles[3 * j];
      std::copy(before, before + 3, held);
      std::copy(before, before + 3, asked);
      for (int s : rig.subtree[c]) trial[s] = world[s];
    } else {
      for (int s : rig.subtree[c]) world[s] = trial[s];
    }
  }
}

}  // namespace skinlab
