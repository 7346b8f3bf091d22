// SPDX-License-Identifier: GPL-3.0-or-later
#include "skinlab/skeleton/skeleton_builder.hpp"

#include <numbers>

#include "skinlab/core/error.hpp"
#include "skinlab/core/lexer.hpp"
#include "skinlab/core/stopwatch.hpp"
#include "skinlab/geometry/obb.hpp"

namespace skinlab {

SkeletonBuilder::SkeletonBuilder(const SegmentedModel& model, const SkeletonMethod& method,
                                 const SkeletonParams& params, SkeletonTimings& timings)
    : model_(model), method_(method), params_(params), timings_(timings) {}

Skeleton SkeletonBuilder::build() {
  const Stopwatch stopwatch;
  skeleton_.method = method_.name;
  skeleton_.has_kernel_centroids = method_.kernel_centroids;
  skeleton_.has_principal_axes = method_.principal_axes;
  const int n = model_.num_components();
  order_ = {0};
  parent_.assign(n, -1);
  if (const auto& h = model_.hierarchy()) {
    order_ = h->depth_first;
    parent_ = h->parent;
  } else if (n != 1) {
    throw InputError(model_.source() + ": " + std::to_string(n) +
                     " components but no hierarchy (.skel); skeleton extraction needs one");
  }
  children_.assign(n, {});
  for (int c : order_)
    if (parent_[c] >= 0) children_[parent_[c]].push_back(c);
  skeleton_.components.resize(n);
  opening_joint_.assign(n, -1);
  if (method_.kernel_centroids) analyze_components();
  if (method_.refines) refine();
  for (int c : order_) {
    if (method_.kernel_centroids) {
      const ComponentAnalysis& a = analysis_[c];
      ComponentFrame& frame = skeleton_.components[c];
      frame.kernel_centroid = a.kernel.centroid;
      frame.kernel_empty = a.kernel.kernel_empty;
      frame.obb = fit_obb(a.frame.directions, a.hull.points);
      frame.principal_axis = a.frame.principal_axis;
      frame.refinement_turn = a.refinement_turn;
    }
    method_.build_component(*this, c);
  }
  timings_.total = stopwatch.seconds();
  return std::move(skeleton_);
}

void SkeletonBuilder::analyze_components() {
  auto& t = timings_;
  analysis_.resize(model_.num_components());
  for (int c : order_) {
    ComponentAnalysis& a = analysis_[c];
    Stopwatch stopwatch;
    a.surface = component_surface(model_, c);
    a.diagonal = bounding_box(a.surface.positions).diagonal();
    t.surfaces += stopwatch.lap();
    const TriMesh& mesh = model_.components()[c].mesh;
    // Degenerate geometry (a flat or collapsed part) is a fault of the input, said as such.
    try {
      a.hull = convex_hull(mesh.positions);
      t.hull += stopwatch.lap();
      a.kernel = kernel_centroid(mesh.positions, mesh.triangles, a.surface.opening_planes, a.hull, params_.kernel);
      Vec3 centre_of_mass;
      if (a.kernel.kernel_empty && params_.empty_kernel_centre_of_mass &&
          enclosed_volume(TriMesh{a.surface.positions, a.surface.triangles}, &centre_of_mass) > 0.0)
        a.kernel.centroid = centre_of_mass;
      t.kernel_phases += a.kernel.timings;
    } catch (const GeometryError& e) {
      throw InputError(model_.source() + ": component " + quote(model_.components()[c].name) + ": " + e.what());
    }
    t.kernel += stopwatch.lap();
    a.frame = {principal_directions(a.hull), 0};
    t.covariance += stopwatch.lap();
  }
}

void SkeletonBuilder::refine() {
  const Stopwatch stopwatch;
  const double max_angle = params_.max_angle_degrees * std::numbers::pi / 180.0;
  std::vector<Mat3> original(analysis_.size());
  for (int c : order_) {
    original[c] = analysis_[c].frame.directions;
    // The centroid method's vectors [VF08 §3.3.1]: from the kernel centroid to the openings.
    const Vec3& kc = analysis_[c].kernel.centroid;
    Vec3 root_vector;
    if (parent_[c] >= 0) root_vector = opening_centroid(model_, c, parent_[c]) - kc;
    std::vector<Vec3> child_vectors;
    for (int child : children_[c]) child_vectors.push_back(opening_centroid(model_, c, child) - kc);
    analysis_[c].frame =
        local_refine(analysis_[c].frame, parent_[c] >= 0 ? &root_vector : nullptr, child_vectors, max_angle,
                     params_.local_refinement);
  }
  // Depth-first order visits parents first: each child meets its parent's final frame.
  for (int c : order_)
    if (parent_[c] >= 0)
      analysis_[c].frame = parent_refine(analysis_[c].frame, analysis_[parent_[c]].frame, original[c], max_angle);
  for (int c : order_) analysis_[c].refinement_turn = rotation_angle_between(original[c], analysis_[c].frame.directions);
  timings_.refinement += stopwatch.seconds();
}

int SkeletonBuilder::add_joint(const Vec3& position, JointKind kind, int component) {
  skeleton_.joints.push_back({position, kind, component});
  return static_cast<int>(skeleton_.joints.size()) - 1;
}

void SkeletonBuilder::add_bone(int from, int to, int component) {
  if (from == to) return;
  if ((skeleton_.joints[from].position - skeleton_.joints[to].position).norm() < 1e-12) return;
  skeleton_.bones.push_back({from, to, component});
}

int SkeletonBuilder::opening_joint(int child) {
  if (opening_joint_[child] < 0)
    opening_joint_[child] = add_joint(opening_centroid(model_, child, parent_[child]), JointKind::opening, child);
  return opening_joint_[child];
}

}  // namespace skinlab
