// SPDX-License-Identifier: GPL-3.0-or-later
#include "skinlab/metrics/skeleton_quality.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>

#include "skinlab/geometry/line_surface.hpp"
#include "skinlab/geometry/loop_metrics.hpp"

namespace skinlab {

namespace {

double line_angle_degrees(const Vec3& a, const Vec3& b) {
  const double c = std::abs(a.normalized().dot(b.normalized()));
  return std::acos(std::clamp(c, 0.0, 1.0)) * 180.0 / std::numbers::pi;
}

// The longest loop of the opening between parts a and b: the one the skeleton's joint sits on.
const OpeningLoop& main_loop(const SegmentedModel& model, int a, int b) {
  const Opening& opening = *model.opening_between(a, b);
  return *std::max_element(opening.loops.begin(), opening.loops.end(),
                           [](const OpeningLoop& x, const OpeningLoop& y) { return x.length < y.length; });
}

// Length of the segment from p to q inside the mesh, by the midpoints of 64 equal pieces.
double length_inside(const Vec3& p, const Vec3& q, const TriMesh& mesh) {
  constexpr int kPieces = 64;
  int inside = 0;
  for (int i = 0; i < kPieces; ++i)
    if (winding_number(p + (i + 0.5) / kPieces * (q - p), mesh.positions, mesh.triangles) >= 0.5) ++inside;
  return (q - p).norm() * inside / kPieces;
}

PartQuality measure_part(const SegmentedModel& model, const Skeleton& skeleton, int c, int parent) {
  PartQuality part;
  part.component = c;
  part.name = model.components()[c].name;
  part.root = parent < 0;
  const ComponentFrame& frame = skeleton.components[c];
  part.refinement_turn = frame.refinement_turn * 180.0 / std::numbers::pi;
  if (part.root) return part;
  const OpeningLoop& loop = main_loop(model, std::min(c, parent), std::max(c, parent));
  part.opening = loop.centroid;
  double farthest = -1.0;
  for (const Vec3& p : model.components()[c].mesh.positions)
    if ((p - part.opening).norm() > farthest) {
      farthest = (p - part.opening).norm();
      part.far_end = p;
    }
  const Vec3 elongation = part.far_end - part.opening;

  part.bone_begin = skeleton.joints[frame.root_joint].position;
  part.bone_end = part.bone_begin;
  for (const Bone& bone : skeleton.bones) {
    if (bone.component != c) continue;
    for (int j : {bone.from, bone.to}) {
      const Vec3& p = skeleton.joints[j].position;
      if ((p - part.bone_begin).norm() > (part.bone_end - part.bone_begin).norm()) part.bone_end = p;
    }
  }
  if ((part.bone_end - part.bone_begin).norm() > 0.0 && elongation.norm() > 0.0)
    part.bone_angle = line_angle_degrees(part.bone_end - part.bone_begin, elongation);
  const Vec3 to_kernel = frame.kernel_centroid - part.opening;
  if (skeleton.has_principal_axes && to_kernel.norm() > 0.0)
    part.axis_angle = line_angle_degrees(frame.obb.axes.col(frame.principal_axis), to_kernel);

  std::vector<Vec3> points;
  for (int v : loop.original) points.push_back(model.mesh().positions[v]);
  const LoopMetrics shape = loop_metrics(points);
  if (shape.mean_radius > 0.0)
    part.joint_off_plane = std::abs((part.bone_begin - shape.centroid).dot(shape.normal)) / shape.mean_radius;
  return part;
}

}  // namespace

SkeletonQuality measure_skeleton_quality(const SegmentedModel& model, const Skeleton& skeleton) {
  SkeletonQuality quality;
  const std::vector<int> parent =
      model.hierarchy() ? model.hierarchy()->parent : std::vector<int>(model.num_components(), -1);
  for (int c = 0; c < model.num_components(); ++c) quality.parts.push_back(measure_part(model, skeleton, c, parent[c]));
  double total = 0.0, inside = 0.0;
  for (const Bone& bone : skeleton.bones) {
    const Vec3& p = skeleton.joints[bone.from].position;
    const Vec3& q = skeleton.joints[bone.to].position;
    const double in = length_inside(p, q, model.mesh());
    total += (q - p).norm();
    inside += in;
    quality.parts[bone.component].bone_length += (q - p).norm();
    quality.parts[bone.component].bone_length_inside += in;
  }
  if (total > 0.0) quality.inside_fraction = inside / total;
  return quality;
}

}  // namespace skinlab
