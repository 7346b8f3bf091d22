// SPDX-License-Identifier: GPL-3.0-or-later
// Joint sweeps (docs/quality.md, "Joint sweeps"): one joint driven alone through a motion, per
// pose and deformer.
#include <algorithm>
#include <cmath>
#include <numbers>

#include "skinlab/core/edge_defects.hpp"
#include "skinlab/core/error.hpp"
#include "skinlab/core/stopwatch.hpp"
#include "skinlab/experiments/joint_geometry.hpp"
#include "skinlab/experiments/measurements.hpp"
#include "skinlab/metrics/cross_section.hpp"
#include "skinlab/metrics/normal_deviation.hpp"
#include "skinlab/metrics/self_intersections.hpp"
#include "skinlab/rigging/deformer_registry.hpp"

namespace skinlab {

Pose sweep_pose(const Rig& rig, const Skeleton& skeleton, int child, const SweepMotion& motion, double fraction,
                double* angle) {
  const RigComponent& joint = rig.components[child];
  double degrees[3];
  int turning = 0;
  for (int k = 0; k < 3; ++k) {
    degrees[k] = motion.from[k] + fraction * (motion.to[k] - motion.from[k]);
    if (std::abs(motion.to[k] - motion.from[k]) > std::abs(motion.to[turning] - motion.from[turning])) turning = k;
  }
  if (angle) *angle = degrees[turning];
  constexpr double kRadians = std::numbers::pi / 180;
  // The bone, and the joint frame's x made square to it (a limb that leaves its parent sideways
  // may point along the frame's x, which would make a "bend" a twist), and y square to both.
  Vec3 bone = skeleton.components.at(child).kernel_centroid - joint.joint;
  bone = bone.norm() > 0 ? Vec3(bone.normalized()) : Vec3(joint.align.conjugate() * Vec3::UnitZ());
  Vec3 x = joint.align.conjugate() * Vec3::UnitX();
  x -= x.dot(bone) * bone;
  if (x.norm() < 1e-6) x = (joint.align.conjugate() * Vec3::UnitY()).cross(bone);
  x.normalize();
  const Vec3 y = bone.cross(x);
  const Quat twist = quat_from_axis_angle(bone, degrees[2] * kRadians);
  const Quat frame_x = quat_from_axis_angle(x, degrees[0] * kRadians);
  const Quat frame_y = quat_from_axis_angle(y, degrees[1] * kRadians);
  // joint_transform turns by align⁻¹ Qx Qy Qz align: the angles of align R align⁻¹, X then Y then Z.
  const Quat aligned = joint.align * (frame_x * frame_y * twist) * joint.align.conjugate();
  const Vec3 xyz = aligned.toRotationMatrix().eulerAngles(0, 1, 2);
  Pose pose;
  pose.angles.assign(3 * rig.components.size(), 0.0);
  for (int k = 0; k < 3; ++k) pose.angles[3 * rig.joint_of[child] + k] = xyz[k];
  return pose;
}

std::vector<SweepMotion> default_sweep_motions() {
  return {{"bend", {0, 0, 0}, {150, 0, 0}, 16},
          {"twist", {0, 0, 0}, {0, 0, 180}, 19},
          {"bend_then_twist", {90, 0, 0}, {90, 0, 90}, 10}};
}

namespace {

struct JointPairCount {
  int all = -1, apart = -1;
};

// The measures of one frame of a joint sweep against the same deformer's rest frame.
struct SweepReference {
  int parent = -1, child = -1;
  std::optional<JointSection> section;
  Vec3 center = Vec3::Zero();
  double center_distance = 0, section_area = 0, volume = 0, deviation = 0;
  JointPairCount pairs;  ///< -1: the rest frame is not a mesh CGAL takes
  bool closed = false;
};

// Self-intersecting pairs whose two triangles both lie in the joint's parent or child: all, and
// those whose triangles share no vertex (issue 24's count); -1 when CGAL cannot take the frame.
JointPairCount pairs_at_joint(const std::vector<float>& positions, const std::vector<Tri>& triangles,
                              const std::vector<int>& labels, int parent, int child) {
  const auto pairs = self_intersections(positions, triangles);
  if (!pairs) return {};
  const auto near = [&](int t) { return labels[t] == parent || labels[t] == child; };
  std::vector<std::pair<int, int>> at_joint;
  std::copy_if(pairs->begin(), pairs->end(), std::back_inserter(at_joint),
               [&](const std::pair<int, int>& p) { return near(p.first) && near(p.second); });
  return {static_cast<int>(at_joint.size()), static_cast<int>(pairs_sharing_no_vertex(at_joint, triangles).size())};
}

// Extra pairs over the rest frame's; null where either is not measurable.
nlohmann::json extra_over(int posed, int rest) {
  return posed >= 0 && rest >= 0 ? nlohmann::json(posed - rest) : nlohmann::json();
}

}  // namespace

nlohmann::json measure_joint_sweep(const std::string& name, const SegmentedModel& model,
                                   const std::vector<std::string>& joints, const std::vector<SweepMotion>& motions,
                                   const std::vector<std::string>& deformers) {
  nlohmann::json rows = nlohmann::json::array();
  if (!model.hierarchy()) return rows;
  SessionParams params;
  params.checks.limits = false;
  params.checks.collisions = false;
  for (const std::string& deformer : deformers) {
    AnimationSession session(model, std::nullopt, params, find_deformer(deformer));
    const Rig& rig = session.rig();
    const SkinMesh& skin = session.deformer().rest_mesh();
    Frame rest_frame, frame;
    session.play(0, rest_frame);
    const TriMesh rest = frame_mesh(rest_frame, skin);
    const std::vector<int> rest_labels = topology(rest_frame, skin).triangle_component;
    const bool closed = edge_defects(rest.triangles).closed_manifold();
    for (const std::string& joint : joints) {
      SweepReference ref;
      ref.child = model.find_component(joint);
      if (ref.child < 0 || rig.components[ref.child].parent < 0)
        throw InputError(name + ": no joint '" + joint +
                         "' (a joint is named by the part that hangs from it, not the root)");
      ref.parent = rig.components[ref.child].parent;
      ref.section = joint_section(model, rig, ref.child);
      ref.center = ref.section ? ref.section->center : rig.components[ref.child].joint;
      ref.center_distance =
          distance_to_joint_parts(rest_frame.positions, rest.triangles, rest_labels, ref.child, ref.parent, ref.center);
      ref.closed = closed;
      if (closed) {
        ref.volume = enclosed_volume(rest);
        if (ref.section) {
          const Plane& plane = ref.section->plane;
          const std::vector<Tri> parts = joint_parts(rest.positions, rest.triangles, rest_labels, ref.child, ref.parent,
                                                     plane.point, ref.section->reach);
          ref.section_area =
              cross_section_area(rest.positions, parts, plane.point, plane.normal, ref.section->reach / 4)
                  .value_or(0.0);
        }
      }
      ref.deviation = normal_deviation(rest).mean_degrees;
      ref.pairs = pairs_at_joint(rest_frame.positions, rest.triangles, rest_labels, ref.parent, ref.child);
      for (const SweepMotion& motion : motions)
        for (int s = 0; s < motion.steps; ++s) {
          const double f = motion.steps == 1 ? 1.0 : static_cast<double>(s) / (motion.steps - 1);
          double angle = 0;
          const Pose pose = sweep_pose(rig, session.skeleton(), ref.child, motion, f, &angle);
          const AcceptedPose& accepted = session.animator().apply(pose, 0.0);
          const Stopwatch stopwatch;
          session.deformer().deform(accepted, frame);
          const double deform_ms = 1e3 * stopwatch.seconds();
          const TriMesh mesh = frame_mesh(frame, skin);
          const std::vector<int> labels = topology(frame, skin).triangle_component;
          const JointPairCount pairs = pairs_at_joint(frame.positions, mesh.triangles, labels, ref.parent, ref.child);
          const double distance =
              distance_to_joint_parts(frame.positions, mesh.triangles, labels, ref.child, ref.parent,
                                      posed_center(ref.center, rig, ref.child, accepted));
          nlohmann::json section = nullptr, volume = nullptr;
          const EdgeDefects defects = edge_defects(mesh.triangles);
          if (ref.closed && defects.closed_manifold()) {
            volume = 100.0 * (enclosed_volume(mesh) / ref.volume - 1.0);
            if (ref.section_area > 0) {
              const Plane plane = posed_plane(ref.section->plane, rig, ref.child, accepted);
              const std::vector<Tri> parts = joint_parts(mesh.positions, mesh.triangles, labels, ref.child, ref.parent,
                                                         plane.point, ref.section->reach);
              if (const auto area =
                      cross_section_area(mesh.positions, parts, plane.point, plane.normal, ref.section->reach / 4))
                section = *area / ref.section_area;
            }
          }
          rows.push_back(
              {{"model", name},
               {"joint", joint},
               {"motion", motion.name},
               {"angle", angle},
               {"skinning", deformer},
               {"extra_pairs", extra_over(pairs.all, ref.pairs.all)},
               {"extra_pairs_apart", extra_over(pairs.apart, ref.pairs.apart)},
               {"inscribed_ratio",
                ref.center_distance > 0 ? nlohmann::json(distance / ref.center_distance) : nlohmann::json()},
               {"section_ratio", section},
               {"volume_change_pct", volume},
               {"normal_deviation_deg", normal_deviation(mesh).mean_degrees - ref.deviation},
               {"open_edges", defects.boundary_edges + defects.non_manifold_edges + defects.misoriented_edges},
               {"deform_ms", deform_ms}});
        }
    }
  }
  return rows;
}

}  // namespace skinlab
