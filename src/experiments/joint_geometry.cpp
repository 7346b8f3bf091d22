// SPDX-License-Identifier: GPL-3.0-or-later
#include "skinlab/experiments/joint_geometry.hpp"

#include <algorithm>

#include "skinlab/metrics/self_intersections.hpp"
#include "skinlab/metrics/surface_distance.hpp"

namespace skinlab {

TriMesh frame_mesh(const Frame& frame, const SkinMesh& rest) {
  TriMesh mesh;
  mesh.positions.resize(frame.positions.size() / 3);
  for (std::size_t v = 0; v < mesh.positions.size(); ++v)
    mesh.positions[v] = Vec3(frame.positions[3 * v], frame.positions[3 * v + 1], frame.positions[3 * v + 2]);
  mesh.triangles = topology(frame, rest).triangles;
  return mesh;
}

std::optional<JointSection> joint_section(const SegmentedModel& model, const Rig& rig, int child) {
  const Opening* opening = model.opening_between(child, rig.components[child].parent);
  if (!opening) return std::nullopt;
  const OpeningLoop* longest = nullptr;
  for (const OpeningLoop& loop : opening->loops)
    if (loop.closed && loop.original.size() >= 3 && (!longest || loop.length > longest->length)) longest = &loop;
  if (!longest) return std::nullopt;
  std::vector<Vec3> points;
  for (int v : longest->original) points.push_back(model.mesh().positions[v]);
  Plane plane = fit_plane(points);
  if (plane.normal.dot(rig.components[child].obb.center - plane.point) < 0) plane.normal = -plane.normal;
  double radius = 0;
  for (const Vec3& q : points) radius = std::max(radius, (q - plane.point).norm());
  const Vec3 center = plane.point;
  plane.point += 0.25 * longest->length / static_cast<double>(points.size()) * plane.normal;
  return JointSection{plane, 2 * radius, center};
}

Plane posed_plane(const Plane& rest, const Rig& rig, int child, const AcceptedPose& pose) {
  const QT& p = pose.world[rig.components[child].parent];
  const QT& w = pose.world[child];
  return {w.apply_point(rest.point), (p.apply_normal(rest.normal) + w.apply_normal(rest.normal)).normalized()};
}

Vec3 posed_center(const Vec3& rest, const Rig& rig, int child, const AcceptedPose& pose) {
  return 0.5 * (pose.world[rig.components[child].parent].apply_point(rest) + pose.world[child].apply_point(rest));
}

std::vector<Tri> joint_parts(const std::vector<Vec3>& positions, const std::vector<Tri>& triangles,
                             const std::vector<int>& triangle_component, int child, int parent, const Vec3& center,
                             double reach) {
  std::vector<Tri> out;
  const auto near = [&](const Tri& t) {
    return std::all_of(t.begin(), t.end(), [&](int v) { return (positions[v] - center).norm() <= reach; });
  };
  for (std::size_t t = 0; t < triangles.size(); ++t)
    if ((triangle_component[t] == child || triangle_component[t] == parent) && near(triangles[t]))
      out.push_back(triangles[t]);
  return out;
}

double distance_to_joint_parts(const std::vector<float>& positions, const std::vector<Tri>& triangles,
                               const std::vector<int>& triangle_component, int child, int parent, const Vec3& point) {
  std::vector<Tri> parts;
  for (std::size_t t = 0; t < triangles.size(); ++t)
    if (triangle_component[t] == child || triangle_component[t] == parent) parts.push_back(triangles[t]);
  return parts.empty() ? 0.0 : distances_to_triangles(positions, parts, {point}).front();
}

int frame_joint_pairs(const Frame& frame, const SkinMesh& rest, const std::vector<int>& parent) {
  const FrameTopology topo = topology(frame, rest);
  const auto pairs = self_intersections(frame.positions, topo.triangles);
  return pairs ? pairs_at_joints(*pairs, topo.triangle_component, parent) : -1;
}

std::optional<JointPairsPerPart> frame_pairs_per_part(const Frame& frame, const SkinMesh& rest,
                                                      const std::vector<int>& parent) {
  const FrameTopology topo = topology(frame, rest);
  const auto pairs = self_intersections(frame.positions, topo.triangles);
  if (!pairs) return std::nullopt;
  return JointPairsPerPart{
      pairs_per_part(*pairs, topo.triangle_component, parent),
      pairs_per_part(pairs_sharing_no_vertex(*pairs, topo.triangles), topo.triangle_component, parent)};
}

double relative_angle(const AcceptedPose& pose, const Rig& rig, int child) {
  const Quat rel = pose.world[rig.components[child].parent].q.conjugate() * pose.world[child].q;
  return rotation_angle(rel);
}

}  // namespace skinlab
