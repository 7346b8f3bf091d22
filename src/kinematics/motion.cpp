#include "kinematics/motion.hpp"

#include <algorithm>
#include <chrono>
#include <numbers>

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

MotionChecker::MotionChecker(const Rig& rig, MotionCheckParams params) : rig_(rig), params_(params) {
  accepted_.angles.assign(3 * rig.order.size(), 0.0);
}

bool MotionChecker::collides(int component, const std::vector<QT>& world, int& moving, int& other) const {
  struct Candidate {
    double w;
    int a, b;
  };
  std::vector<Candidate> candidates;
  for (auto [a, b] : rig_.collision_pairs[component]) {
    const Sphere &sa = rig_.components[a].sphere, &sb = rig_.components[b].sphere;
    const double l = (world[a].apply_point(sa.center) - world[b].apply_point(sb.center)).norm();
    const double r = sa.radius + sb.radius;
    if (l <= r) candidates.push_back({(l / r) * (l / r), a, b});
  }
  std::sort(candidates.begin(), candidates.end(), [](const Candidate& x, const Candidate& y) { return x.w < y.w; });
  for (const Candidate& k : candidates)
    if (obb_overlap(moved(rig_.components[k.a].obb, world[k.a]), moved(rig_.components[k.b].obb, world[k.b]))) {
      moving = k.a;
      other = k.b;
      return true;
    }
  return false;
}

void MotionChecker::apply(double time, Pose& pose, std::vector<QT>& world, std::vector<Rejection>& rejections) {
  const int joints = static_cast<int>(rig_.order.size());
  if (params_.limits)
    for (int j = 0; j < joints; ++j)
      for (int k = 0; k < 3; ++k) {
        double& angle = pose.angles[3 * j + k];
        const auto& limits = rig_.components[rig_.order[j]].limits;
        const double lo = limits[2 * k], hi = limits[2 * k + 1], eps = 1e-9;
        if (angle < lo - eps || angle > hi + eps) {
          rejections.push_back({Rejection::Kind::limit, time, j, k, (angle < lo ? lo : hi) * 180.0 / std::numbers::pi});
          angle = accepted_.angles[3 * j + k];
        }
      }
  if (!params_.collisions) {
    forward_kinematics(rig_, pose, world);
    accepted_ = pose;
    return;
  }
  // Start from the accepted pose (the mover moves everything rigidly and is always accepted),
  // then try each changed joint, parents first, keeping what does not collide.
  Pose current = accepted_;
  current.mover = pose.mover;
  forward_kinematics(rig_, current, world);
  std::vector<QT> trial = world;
  for (int j = 0; j < joints; ++j) {
    double* wanted = &pose.angles[3 * j];
    double* held = &current.angles[3 * j];
    if (std::equal(wanted, wanted + 3, held)) continue;
    const int c = rig_.order[j];
    std::copy(wanted, wanted + 3, held);
    for (int s : rig_.subtree[c]) {
      const int parent = rig_.components[s].parent;
      trial[s] = (parent < 0 ? mover_transform(rig_, current) : trial[parent]) *
                 local_transform(rig_, current, rig_.joint_of[s]);
    }
    int moving = -1, other = -1;
    const auto start = std::chrono::steady_clock::now();
    const bool hit = collides(c, trial, moving, other);
    collision_seconds_ += std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (hit) {
      rejections.push_back({Rejection::Kind::collision, time, j, -1, 0.0, other, moving});
      const double* before = &accepted_.angles[3 * j];
      std::copy(before, before + 3, held);
      std::copy(before, before + 3, wanted);
      for (int s : rig_.subtree[c]) trial[s] = world[s];
    } else {
      for (int s : rig_.subtree[c]) world[s] = trial[s];
    }
  }
  accepted_ = current;
}

}  // namespace skinlab
