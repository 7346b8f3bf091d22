// SPDX-License-Identifier: GPL-3.0-or-later
#include "skinlab/gap/gap_deformer.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>

#include "skinlab/core/stopwatch.hpp"
#include "skinlab/gap/band_domain.hpp"
#include "skinlab/gap/band_triangulation.hpp"
#include "skinlab/gap/flip_folded_cells.hpp"
#include "skinlab/gap/thesis_arcs.hpp"

namespace skinlab {

namespace {

constexpr double kDegree = std::numbers::pi / 180;
}  // namespace

GapDeformer::GapDeformer(const SegmentedModel& model, const Skeleton& skeleton, std::shared_ptr<const Rig> rig,
                         SurfaceReconstructor reconstructor, GapOptions options)
    : rig_(std::move(rig)),
      reconstructor_(std::move(reconstructor)),
      options_(options),
      gap_(build_gap_model(model, skeleton, *rig_)),
      rest_(welded_skin_mesh(model)) {
  if (options_.twist_bands) bands_ = build_twist_bands(gap_);
  marks_.resize(gap_);
  const std::size_t joints = gap_.joints.size();
  sides_.resize(2 * joints);
  arcs_.resize(joints);
  relative_.resize(joints);
  fits_.assign(joints, {});
  child_begin_.assign(joints, 0.0);
  parent_begin_.assign(joints, 0.0);
  capped_crossings_.assign(joints, -1);
  whole_twist_.assign(joints, 0);
  left_to_gap_.resize(joints);
  moving_.assign(joints, 0);
  child_copy_.assign(gap_.rest_positions.size(), -1);
  patch_begin_.assign(joints, 0);
  patch_end_.assign(joints, 0);
  patch_triangles_begin_.assign(joints, 0);
  patch_triangles_end_.assign(joints, 0);
  crossed_left_.assign(joints, 0);
  unfolded_crossings_.resize(joints);
  // The ball: the opening's nearest edge from its centroid (the skin's distance there, at rest).
  for (const GapJoint& joint : gap_.joints) {
    double nearest = HUGE_VAL;
    for (std::size_t i = 0; i < joint.loop.size(); ++i) {
      const Vec3& a = gap_.rest_positions[joint.loop[i]];
      const Vec3 edge = gap_.rest_positions[joint.loop[(i + 1) % joint.loop.size()]] - a;
      const double along = edge.squaredNorm() > 0
                               ? std::clamp((joint.plane.point - a).dot(edge) / edge.squaredNorm(), 0.0, 1.0)
                               : 0.0;
      nearest = std::min(nearest, (a + along * edge - joint.plane.point).norm());
    }
    joint_ball_.push_back(nearest);
  }
  find_blended_children(model);
}

int GapDeformer::frame_vertex(int v, int part) const {
  const int j = gap_.opening_joint[v];
  return (j >= 0 && gap_.joints[j].child == part) ? child_copy_[v] : v;
}

void GapDeformer::reconstruct_joint_patch(int k, const std::vector<std::vector<int>>& chains, const Vec3& joint_now) {
  const GapJoint& joint = gap_.joints[k];
  // The points: end points and new points (the arcs), and the Extra points, the kept 1-ring of
  // the end points in their part ([VF08 Alg. 5] line 13). side: 0 parent, 1 child, 2 new point.
  std::vector<int> ids;
  std::vector<int> side;
  const auto add = [&](int id, int s) {
    if (patch_slot_.size() <= static_cast<std::size_t>(id)) patch_slot_.resize(id + 1, -1);
    if (patch_slot_[id] >= 0) return;
    patch_slot_[id] = static_cast<int>(ids.size());
    ids.push_back(id);
    side.push_back(s);
  };
  for (const std::vector<int>& chain : chains)
    for (std::size_t i = 0; i < chain.size(); ++i) add(chain[i], i == 0 ? 0 : i + 1 == chain.size() ? 1 : 2);
  for (int s = 0; s < 2; ++s) {
    const int part = s ? joint.child : joint.parent;
    for (int v : sides_[2 * k + s].loop)
      for (int i = gap_.ring_offset[v]; i < gap_.ring_offset[v + 1]; ++i) {
        const int w = gap_.ring[i];
        if (gap_.in_part(w, part) && !marks_.removed_in(gap_, w, part)) add(frame_vertex(w, part), s);
      }
  }
  std::vector<Vec3> points;
  for (int id : ids) points.push_back(positions_[id]);
  const std::vector<Tri> facets = reconstructor_(points);
  for (int id : ids) patch_slot_[id] = -1;
  // Orientation (line 15): each facet turned to agree with its points' normals; a new point has
  // none yet and stands in with its direction from the joint. Filter (line 16): a facet of one
  // side's points lying along that side's surface (normal within ~25° of all its points') would
  // double the kept triangles there.
  const auto reference = [&](int local) {
    const int id = ids[local];
    return side[local] == 2 ? Vec3((positions_[id] - joint_now).normalized()) : normals_[id];
  };
  for (const Tri& f : facets) {
    Vec3 n = (points[f[1]] - points[f[0]]).cross(points[f[2]] - points[f[0]]);
    if (n.norm() == 0) continue;
    n.normalize();
    const Vec3 r = reference(f[0]) + reference(f[1]) + reference(f[2]);
    const bool flip = n.dot(r) < 0;
    if (flip) n = -n;
    if (side[f[0]] != 2 && side[f[0]] == side[f[1]] && side[f[1]] == side[f[2]]) {
      bool along = true;
      for (int v : f) along = along && std::abs(n.dot(normals_[ids[v]].normalized())) > std::cos(25.0 * kDegree);
      if (along) continue;
    }
    triangles_.push_back(flip ? Tri{ids[f[0]], ids[f[2]], ids[f[1]]} : Tri{ids[f[0]], ids[f[1]], ids[f[2]]});
  }
}

bool GapDeformer::triangulate_in_band(int k, int first_patch) {
  const GapJoint& joint = gap_.joints[k];
  const BandDomain domain = band_domain(gap_, k, relative_[k], sides_[2 * k], sides_[2 * k + 1], arcs_[k]);
  const std::optional<std::vector<Tri>> band =
      options_.band_triangulator(domain.points, domain.parent_loop, domain.child_loop);
  if (!band) return false;
  std::vector<int> id(domain.points.size());
  for (std::size_t i = 0; i < id.size(); ++i) {
    const int index = domain.index[i];
    switch (domain.source[i]) {
      case BandDomain::Source::parent: id[i] = frame_vertex(index, joint.parent); break;
      case BandDomain::Source::child: id[i] = frame_vertex(index, joint.child); break;
      case BandDomain::Source::arc: id[i] = first_patch + index; break;
    }
  }
  // The patch runs against the parent's kept triangles along its loop (and so against the
  // child's, the band being an annulus between them).
  const int a = domain.parent_loop[0], b = domain.parent_loop[1];
  bool runs_along = false;
  for (const Tri& t : *band)
    for (int e = 0; e < 3; ++e) runs_along = runs_along || (t[e] == a && t[(e + 1) % 3] == b);
  const bool flip = runs_along == sides_[2 * k].along_triangles;
  for (const Tri& t : *band) {
    const Tri f{id[t[0]], id[t[1]], id[t[2]]};
    for (int v : f) recompute_[v] = 1;
    triangles_.push_back(flip ? Tri{f[0], f[2], f[1]} : f);
  }
  return true;
}

// Rigid skinning of the welded mesh: every vertex with its part. A second pose in one frame (the
// bands fitted again, or the patches built once more) moves only the parts whose transform changed:
// nothing between the two moves the parts' vertices.
void GapDeformer::pose_rigidly(const std::vector<QT>& world) {
  const int num_vertices = static_cast<int>(gap_.rest_positions.size());
  const int parts = static_cast<int>(world.size());
  positions_.resize(num_vertices);
  normals_.resize(num_vertices);
  part_moved_.resize(parts);
  for (int p = 0; p < parts; ++p)
    part_moved_[p] = !posed_ || world[p].q.coeffs() != posed_world_[p].q.coeffs() || world[p].t != posed_world_[p].t;
  posed_world_ = world;
  posed_ = true;
  for (int v = 0; v < num_vertices; ++v) {
    if (!part_moved_[gap_.vertex_part[v]]) continue;
    const QT& w = world[gap_.vertex_part[v]];
    positions_[v] = w.apply_point(gap_.rest_positions[v]);
    normals_[v] = w.apply_normal(gap_.rest_normals[v]);
  }
  pose_blended(world);
}

// Remove [VF08 Alg. 5]: at every joint that moved, the overlap on each side.
void GapDeformer::remove_overlaps(const std::vector<QT>& world, GapFrameReport& report) {
  for (int k = 0; k < static_cast<int>(gap_.joints.size()); ++k) {
    const GapJoint& joint = gap_.joints[k];
    relative_[k] = world[joint.parent].inverse() * world[joint.child];
    const bool turned = rotation_angle(relative_[k].q) > kMovingAngle;
    moving_[k] = turned && !blended_joint_[k];
    report.blended_joints += turned && blended_joint_[k];
    if (!moving_[k]) continue;
    ++report.moving_joints;
    for (int side = 0; side < 2; ++side) {
      SideBoundary& boundary = sides_[2 * k + side];
      remove_overlap(gap_, k, side == 1, relative_[k], {options_.box_reach, options_.take_folded_fans}, marks_,
                     boundary, side == 1 ? &sides_[2 * k] : nullptr);
      report.removed_vertices += static_cast<int>(boundary.removed.size());
      report.clamped_sides += boundary.clamped;
    }
  }
}

double GapDeformer::point_spacing(int k) const {
  const GapJoint& joint = gap_.joints[k];
  return 0.5 * (gap_.median_edge[joint.child] + gap_.median_edge[joint.parent]);
}

void GapDeformer::add_joint_arcs(int k, double spacing, ArcSet& out) const {
  out.clear();
  if (options_.thesis_add)
    thesis_arcs(gap_, k, relative_[k], sides_[2 * k], sides_[2 * k + 1], spacing, out);
  else
    blend_arcs(gap_, k, relative_[k], sides_[2 * k], sides_[2 * k + 1], spacing, !options_.axis_arcs, options_.unfold,
               out);
}

void GapDeformer::count_arcs(const ArcSet& set, int sign, GapFrameReport& report) {
  report.circle_arcs += sign * set.circle;
  report.merged_arcs += sign * set.merged;
  report.bezier_arcs += sign * set.bezier;
  report.bezier_fallbacks += sign * set.fallback;
  report.axis_arcs += sign * set.axis;
  report.patch_vertices += sign * static_cast<int>(set.points.size());
}

// Add [VF08 Alg. 5]: the arcs across every moved joint's gap, points spaced by the parts'
// median edge. With the unfolding, every arc longer than the spacing gets a new point, though
// rounding would give it none: a cell between two arcs without points has only the parts'
// vertices, which the unfolding does not move, and near the rotation axis, where arcs are short,
// such cells crossed their neighbours (standard-clip frames over DQS + 2 pairs: 318 -> 282, the
// armadillo's kick 18 -> 4; the arm's bends of 24-28 and 52 degrees: 4 pairs -> none). A point on
// every arc, however short, made slivers (667 frames); without the unfolding the points only
// add folds (the first generation's arm bent 40-46 degrees: 8 pairs).
void GapDeformer::add_arcs(GapFrameReport& report) {
  for (int k = 0; k < static_cast<int>(gap_.joints.size()); ++k) {
    arcs_[k].clear();
    if (!moving_[k]) continue;
    add_joint_arcs(k, point_spacing(k), arcs_[k]);
    count_arcs(arcs_[k], 1, report);
  }
}

int GapDeformer::append_vertex(const Vec3& position, const Vec3& normal, int part, bool patch, const Vec3& anchor) {
  positions_.push_back(position);
  rest_anchor_.push_back(anchor);
  normals_.push_back(normal);
  vertex_part_.push_back(part);
  recompute_.push_back(1);
  patch_vertex_.push_back(patch);
  return static_cast<int>(positions_.size()) - 1;
}

// Frame vertices: the welded mesh's, then the children's copies of moved openings; and the
// triangles Remove kept, on those vertices.
void GapDeformer::keep_triangles(const std::vector<QT>& world) {
  const int num_vertices = static_cast<int>(gap_.rest_positions.size());
  vertex_part_.assign(gap_.vertex_part.begin(), gap_.vertex_part.end());
  rest_anchor_.clear();
  recompute_.assign(num_vertices, 0);
  patch_vertex_.assign(num_vertices, 0);
  for (int k = 0; k < static_cast<int>(gap_.joints.size()); ++k) {
    const GapJoint& joint = gap_.joints[k];
    for (int v : joint.loop)
      child_copy_[v] = moving_[k] && marks_.child_copy[v] != marks_.frame
                           ? append_vertex(world[joint.child].apply_point(gap_.rest_positions[v]),
                                           world[joint.child].apply_normal(gap_.rest_normals[v]), joint.child, false,
                                           gap_.rest_positions[v])
                           : v;
    if (!moving_[k]) continue;
    for (const BlendArc& arc : arcs_[k].arcs)
      if (arc.kind == ArcKind::merged) child_copy_[arc.child_vertex] = arc.parent_vertex;
  }
  triangles_.clear();
  triangle_part_.clear();
  for (int f = 0; f < static_cast<int>(gap_.triangles.size()); ++f) {
    if (marks_.gone[f] == marks_.frame) continue;
    const int part = gap_.triangle_part[f];
    const Tri& t = gap_.triangles[f];
    triangles_.push_back({frame_vertex(t[0], part), frame_vertex(t[1], part), frame_vertex(t[2], part)});
    triangle_part_.push_back(part);
  }
  kept_triangles_ = static_cast<int>(triangles_.size());
}

// Triangulate [VF08 Alg. 5]: each moved joint's patch, its new points appended after the kept
// vertices, zipped between consecutive arcs (band) or reconstructed (the thesis' back end).
void GapDeformer::triangulate_patches(const std::vector<QT>& world, GapFrameReport& report) {
  for (int k = 0; k < static_cast<int>(gap_.joints.size()); ++k) {
    if (!moving_[k]) continue;
    const GapJoint& joint = gap_.joints[k];
    append_arc_chains(k, arcs_[k], world);
    const std::size_t before = triangles_.size();
    patch_triangles_begin_[k] = static_cast<int>(before);
    if (!reconstructor_)
      zip_patch(k);
    else if (!options_.band_triangulator || !triangulate_in_band(k, patch_begin_[k])) {
      ++report.scattered_patches;
      reconstruct_joint_patch(k, chains_, world[joint.parent].apply_point(joint.joint));
    }
    triangle_part_.resize(triangles_.size(), joint.child);
    patch_triangles_end_[k] = static_cast<int>(triangles_.size());
    report.patch_triangles += static_cast<int>(triangles_.size() - before);
  }
}

// Joint k's new points, appended to the frame's vertices (patch_begin_[k], patch_end_[k]), and each
// arc's chain of frame vertices from the parent's end to the child's (chains_).
void GapDeformer::append_arc_chains(int k, const ArcSet& set, const std::vector<QT>& world) {
  const GapJoint& joint = gap_.joints[k];
  const int first_patch = static_cast<int>(positions_.size());
  // Each new point's rest anchor is set along its arc below.
  for (const Vec3& p : set.points) append_vertex(world[joint.parent].apply_point(p), Vec3::Zero(), joint.child, true, p);
  patch_begin_[k] = first_patch;
  patch_end_[k] = static_cast<int>(positions_.size());
  for (int side = 0; side < 2; ++side)
    for (int v : sides_[2 * k + side].loop) recompute_[frame_vertex(v, side ? joint.child : joint.parent)] = 1;
  chains_.assign(set.arcs.size(), {});
  for (std::size_t a = 0; a < set.arcs.size(); ++a) {
    const BlendArc& arc = set.arcs[a];
    std::vector<int>& chain = chains_[a];
    chain.push_back(frame_vertex(arc.parent_vertex, joint.parent));
    for (int p = 0; p < arc.count; ++p) {
      chain.push_back(first_patch + arc.first_point + p);
      const double t = (p + 1.0) / (arc.count + 1);
      rest_anchor_[first_patch + arc.first_point + p - gap_.rest_positions.size()] =
          (1 - t) * gap_.rest_positions[arc.parent_vertex] + t * gap_.rest_positions[arc.child_vertex];
    }
    const int end = frame_vertex(arc.child_vertex, joint.child);
    if (end != chain.back()) chain.push_back(end);
  }
}

// The band between consecutive chains, zipped (closed by construction), and its cells of the parts'
// vertices alone that lie folded one on the other, or across a neighbour, turned
// (flip_folded_cells.hpp); appended to triangles_.
void GapDeformer::zip_patch(int k) {
  const bool flip = !sides_[2 * k].along_triangles;
  const auto position = [&](int v) -> const Vec3& { return positions_[v]; };
  const int begin = static_cast<int>(triangles_.size());
  for (std::size_t a = 0; a < chains_.size(); ++a)
    zip_chains(chains_[a], chains_[(a + 1) % chains_.size()], position, flip, triangles_);
  const int end = static_cast<int>(triangles_.size());
  flip_folded_fixed_cells(positions_, patch_begin_[k], patch_end_[k], triangles_, begin, end);
  turn_crossing_fixed_cells(positions_, patch_begin_[k], patch_end_[k], triangles_, begin, end, kept_triangles_,
                            fixed_cell_scratch_);
}

// The joint's centre where the parent and the child take it, half way (the two agree for a centre on
// the rotation's axis).
Vec3 GapDeformer::joint_center(const std::vector<QT>& world, int k) const {
  const GapJoint& joint = gap_.joints[k];
  return 0.5 * (world[joint.parent].apply_point(joint.plane.point) + world[joint.child].apply_point(joint.plane.point));
}

// Normals ([VF08 Alg. 5], lines 17–19): a new point or an end point takes the mean of the unit
// normals of the frame's triangles around it; every other vertex keeps its rotated rest normal.
void GapDeformer::recompute_normals() {
  const int frame_vertices = static_cast<int>(positions_.size());
  for (int v = 0; v < frame_vertices; ++v)
    if (recompute_[v]) normals_[v].setZero();
  for (const Tri& t : triangles_) {
    if (!recompute_[t[0]] && !recompute_[t[1]] && !recompute_[t[2]]) continue;
    const Vec3 n = (positions_[t[1]] - positions_[t[0]]).cross(positions_[t[2]] - positions_[t[0]]);
    const double length = n.norm();
    if (length == 0) continue;
    for (int v : t)
      if (recompute_[v]) normals_[v] += n / length;
  }
}

// The frame: the vertices the triangles use, packed (removed ones drop out); the scratch arrays
// shrink back to the welded mesh for the next frame.
void GapDeformer::write_frame(Frame& frame) {
  const int frame_vertices = static_cast<int>(positions_.size());
  compact_.assign(frame_vertices, -1);
  for (const Tri& t : triangles_)
    for (int v : t) compact_[v] = 0;
  int used = 0;
  for (int v = 0; v < frame_vertices; ++v)
    if (compact_[v] == 0) compact_[v] = used++;
  frame.positions.resize(3 * used);
  frame.normals.resize(3 * used);
  frame.vertex_component.resize(used);
  frame.added_vertex.assign(used, 0);
  for (int v = 0; v < frame_vertices; ++v) {
    const int c = compact_[v];
    if (c < 0) continue;
    Vec3 n = normals_[v];
    if (recompute_[v] && n.norm() > 0) n.normalize();
    for (int k = 0; k < 3; ++k) {
      frame.positions[3 * c + k] = static_cast<float>(positions_[v][k]);
      frame.normals[3 * c + k] = static_cast<float>(n[k]);
    }
    frame.vertex_component[c] = vertex_part_[v];
    frame.added_vertex[c] = patch_vertex_[v];
  }
  frame.triangles.resize(triangles_.size());
  for (std::size_t f = 0; f < triangles_.size(); ++f)
    for (int k = 0; k < 3; ++k) frame.triangles[f][k] = compact_[triangles_[f][k]];
  frame.triangle_component = triangle_part_;
  frame.rest_triangles = false;
  const int num_vertices = static_cast<int>(gap_.rest_positions.size());
  positions_.resize(num_vertices);
  normals_.resize(num_vertices);
}

const std::vector<QT>& GapDeformer::build_patches(const std::vector<QT>& pose_world, bool refitted,
                                                  GapFrameReport& report, Stopwatch& stopwatch) {
  ++marks_.frame;
  const std::vector<QT>* world = &untwist(pose_world, report, refitted);
  pose_rigidly(*world);
  report.rigid += stopwatch.lap();
  remove_overlaps(*world, report);
  // The bands begin where Remove ended; fitted again to that, the pose they leave to gap changes
  // a little, and Remove runs once more on it. Only that fit's bands are tried against their skin
  // (the first lays them from the openings, which Remove seldom leaves): where Remove left them,
  // or, where it left them as they were, when the skin bears less than their twists.
  if (!refitted && world != &pose_world && (refit_bands() || skin_bears_less())) {
    report.clear_counts();
    ++marks_.frame;
    world = &untwist(pose_world, report, true);
    pose_rigidly(*world);
    remove_overlaps(*world, report);
  }
  report.remove += stopwatch.lap();
  add_arcs(report);
  report.add += stopwatch.lap();
  keep_triangles(*world);
  triangulate_patches(*world, report);
  report.triangulate += stopwatch.lap();
  if (options_.keep_out_of_joint) keep_out_of_joints(*world, false);
  if (options_.relax_patch) relax_patches();
  if (options_.unfold) unfold_patches(*world, report);
  if (options_.unfold && options_.refine) refine_crossed_patches(*world, report);
  // Once more after the umbrella steps, which pull a deep bend's inner side in again (the arm bent
  // 150°: inscribed ratio 0.861 without, 0.888 with; no standard clip's pairs change).
  if (options_.keep_out_of_joint && options_.unfold) keep_out_of_joints(*world, true);
  return *world;
}

// The thesis' four phases, each timed here: Remove, Add, Triangulate, Normals (after the rigid
// pose they start from).
void GapDeformer::deform(const AcceptedPose& pose, Frame& frame) {
  GapFrameReport report;
  Stopwatch stopwatch;
  std::fill(child_begin_.begin(), child_begin_.end(), 0.0);
  std::fill(parent_begin_.begin(), parent_begin_.end(), 0.0);
  std::fill(whole_twist_.begin(), whole_twist_.end(), 0);
  posed_ = false;
  const std::vector<QT>* world = &build_patches(pose.world, false, report, stopwatch);
  if (world != &pose.world && options_.unfold && gap_bears_worse()) {
    report.normals += stopwatch.lap();
    report.clear_counts();
    world = &build_patches(pose.world, true, report, stopwatch);
    for (char whole : whole_twist_) report.whole_twist_bands += whole;
  }
  if (world != &pose.world) {
    retwist(pose.world);
    if (options_.unfold) unfold_carried_patches(pose.world, report);
  }
  recompute_normals();
  write_frame(frame);
  report.normals += stopwatch.lap();
  last_ = report;
  total_ += report;
  ++frames_;
}

std::unique_ptr<Deformer> make_gap_deformer(DeformerContext& context, SurfaceReconstructor reconstructor,
                                            GapOptions options) {
  return std::make_unique<GapDeformer>(context.model(), context.skeleton(), context.rig(), std::move(reconstructor),
                                       options);
}

}  // namespace skinlab
