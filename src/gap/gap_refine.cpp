// SPDX-License-Identifier: GPL-3.0-or-later
// GapDeformer's refinement (GapOptions::refine; docs/gap.md, "Second generation", 8): a patch the
// unfolding could not part is built again with its new points closer, up to four times, and the
// construction with the fewest crossed cells is kept. The unfolding moves only new points; where a
// patch's points are as far apart as the parts' median edges, a fold between fine loops (the
// triceratops' frill), near the rotation axis or under a shoulder's twist has too few of them to
// move, and a finer sampling often has enough. Finer everywhere is no better: a spacing of 0.7
// for every patch took some clips' folds away and brought others (the armadillo's kick 4 -> 17
// frames over DQS + 2 pairs, the bull's walk 24 -> 39) at twice the points; chosen per patch by
// the crossings it leaves, it keeps the better of the two. Before any finer construction, the
// crossed cells' edges are turned (docs/gap.md item 22).
#include <algorithm>
#include <cmath>

#include "skinlab/gap/gap_deformer.hpp"

namespace skinlab {

namespace {

// Each construction's spacing, a fraction of the first's (the parts' median edges). Standard-clip
// frames over DQS + 2 pairs (of 1,506; 282 without refining): 0.7 alone 212; then 0.5, 154; then
// 0.35, 142; then 0.25, 130 (a coarser 1.4 instead of 0.25: 136). Every level runs while crossed
// cells are left, even after one that crossed more. Until docs/gap.md's item 20 a level that
// crossed more than the best so far ended the refinement (135 frames instead of 130 then, and
// where a deep bend's valley crossed, homer's shoulder bent 150° took 32 ms a pose with every
// level, 6.9 without); since the unfolding got cheaper it saves no time: homer's shoulder
// twisted 110° crossed 11 cells, 17 at 0.7, 4 at 0.5 and none at 0.35, and every level took the
// standard clips' frames over DQS + 2 from 55 to 51, the sweeps' poses from 8 to 6, homer's
// thesis clip 0.92, 2.10, 1.24, 1.29 ms a frame to 0.93, 2.13, 1.26, 1.30, and the sweeps' slowest
// pose from 9.8 to 10.5 ms. A finer construction's unfolding stops sooner than the first's (8
// steps, 2 without fewer folds): 20 and 3 gave the same frames and cost homer's thesis clip's
// frame 2 a third more; 5 steps left 174.
constexpr double kSpacings[] = {0.7, 0.5, 0.35, 0.25};
constexpr int kSteps = 8, kPatience = 2;

}  // namespace

void GapDeformer::refine_crossed_patches(const std::vector<QT>& world, GapFrameReport& report) {
  for (int k = 0; k < static_cast<int>(gap_.joints.size()); ++k) {
    if (!moving_[k] || crossed_left_[k] == 0) continue;
    const int first_crossed = crossed_cells(k);
    int crossed = turn_crossed_cells(k, world, first_crossed, report);
    bool refined = crossed < first_crossed;
    for (double fraction : kSpacings) {
      if (crossed == 0) break;
      const int built = rebuild_patch(k, fraction * point_spacing(k), world, crossed, report);
      refined |= built < crossed;
      crossed = std::min(crossed, built);
    }
    report.refined_patches += refined;
  }
}

// The cells of joint k's patch that its unfolding left crossing another (crossed_left_), and those
// that cross a triangle of the two parts in the patch's box (a cell may count twice). The parts'
// count too: a finer patch the unfolding parts from itself may lie across the parts' triangles
// round the loop (the armadillo's wave, judged by the patch alone: 59 -> 108 pairs at its worst
// frame).
int GapDeformer::crossed_cells(int k) {
  Vec3 low = Vec3::Constant(HUGE_VAL), high = -low;
  for (int f = patch_triangles_begin_[k]; f < patch_triangles_end_[k]; ++f)
    for (int v : triangles_[f]) {
      low = low.cwiseMin(positions_[v]);
      high = high.cwiseMax(positions_[v]);
    }
  const GapJoint& joint = gap_.joints[k];
  obstacles_.clear();
  for (int f = 0; f < kept_triangles_; ++f) {
    if (triangle_part_[f] != joint.parent && triangle_part_[f] != joint.child) continue;
    const Tri& t = triangles_[f];
    const Vec3 &a = positions_[t[0]], &b = positions_[t[1]], &c = positions_[t[2]];
    if ((a.cwiseMin(b).cwiseMin(c).array() <= high.array()).all() &&
        (a.cwiseMax(b).cwiseMax(c).array() >= low.array()).all())
      obstacles_.push_back(f);
  }
  return crossed_left_[k] + cells_crossing_fixed_triangles(positions_, patch_begin_[k], patch_end_[k], triangles_,
                                                           patch_triangles_begin_[k], patch_triangles_end_[k],
                                                           obstacles_, untangle_scratch_);
}

// The unfolding moves new points only; where two crossed cells have the wrong shape (arcs fanned
// from neighbouring vertices of a sharp loop), no place of their points parts them, but the quad's
// other diagonal may (the triceratops' swing, at its back's ridge). Standard-clip frames over DQS
// + 2 pairs 48 -> 37 (sharing no vertex 32 -> 30), the sweeps' poses 6 -> 3 of 315. Kept only where
// the patch comes no nearer the joint's centre: the turns brought the cow's tail bent 90° then
// twisted 30° in the sweep from an inscribed ratio of 1.058 to 0.939 (DQS 1.0). Turning the finer
// constructions' cells as well parted no more and took the slowest sweep pose from 14 to 73 ms.
int GapDeformer::turn_crossed_cells(int k, const std::vector<QT>& world, int crossed, GapFrameReport& report) {
  const int cells_begin = patch_triangles_begin_[k], cells_end = patch_triangles_end_[k];
  const Vec3 center = joint_center(world, k);
  const double nearest = nearest_cell_distance(positions_, triangles_, cells_begin, cells_end, center);
  unturned_cells_.assign(triangles_.begin() + cells_begin, triangles_.begin() + cells_end);
  if (turn_crossing_cells(positions_, patch_begin_[k], patch_end_[k], triangles_, cells_begin, cells_end,
                          kept_triangles_, fixed_cell_scratch_) == 0)
    return crossed;
  unturned_points_.assign(positions_.begin() + patch_begin_[k], positions_.begin() + patch_end_[k]);
  const int first_crossed_left = crossed_left_[k];
  std::swap(unturned_crossings_, unfolded_crossings_[k]);
  report.unfold_steps += unfold_patch(k, world, kSteps, kPatience);
  const int now_crossed = crossed_cells(k);
  if (now_crossed < crossed && nearest_cell_distance(positions_, triangles_, cells_begin, cells_end, center) >= nearest)
    return now_crossed;
  std::copy(unturned_cells_.begin(), unturned_cells_.end(), triangles_.begin() + cells_begin);
  std::copy(unturned_points_.begin(), unturned_points_.end(), positions_.begin() + patch_begin_[k]);
  crossed_left_[k] = first_crossed_left;
  std::swap(unturned_crossings_, unfolded_crossings_[k]);
  return crossed;
}

// Joint k's patch built again, `spacing` apart, relaxed and unfolded as the first was; kept where
// it has fewer crossed cells (crossed_cells) than `crossed`. Returns its crossed cells.
int GapDeformer::rebuild_patch(int k, double spacing, const std::vector<QT>& world, int crossed,
                               GapFrameReport& report) {
  const int points_begin = patch_begin_[k], points_end = patch_end_[k], first_crossed_left = crossed_left_[k];
  const int cells_begin = patch_triangles_begin_[k], cells_end = patch_triangles_end_[k];
  const int frame_triangles = static_cast<int>(triangles_.size());
  // The new construction goes after every patch; the points of the one not kept are left unused,
  // and the frame drops them (write_frame).
  add_joint_arcs(k, spacing, finer_arcs_);
  append_arc_chains(k, finer_arcs_, world);
  patch_triangles_begin_[k] = frame_triangles;
  zip_patch(k);
  patch_triangles_end_[k] = static_cast<int>(triangles_.size());
  triangle_part_.resize(triangles_.size(), gap_.joints[k].child);
  if (options_.keep_out_of_joint)
    keep_points_out_of_ball(positions_, patch_begin_[k], patch_end_[k], joint_center(world, k), joint_ball_[k]);
  if (options_.relax_patch) relax_patch(k);
  std::swap(set_aside_crossings_, unfolded_crossings_[k]);
  report.unfold_steps += unfold_patch(k, world, kSteps, kPatience);
  const int now_crossed = crossed_cells(k);
  if (now_crossed >= crossed) {
    crossed_left_[k] = first_crossed_left;
    std::swap(set_aside_crossings_, unfolded_crossings_[k]);
    triangles_.resize(frame_triangles);
    triangle_part_.resize(frame_triangles);
    patch_begin_[k] = points_begin;
    patch_end_[k] = points_end;
    patch_triangles_begin_[k] = cells_begin;
    patch_triangles_end_[k] = cells_end;
    return now_crossed;
  }
  const int first_cells = cells_end - cells_begin;
  triangles_.erase(triangles_.begin() + cells_begin, triangles_.begin() + cells_end);
  triangle_part_.erase(triangle_part_.begin() + cells_begin, triangle_part_.begin() + cells_end);
  for (std::size_t j = 0; j < gap_.joints.size(); ++j)
    if (moving_[j] && patch_triangles_begin_[j] >= cells_end) {
      patch_triangles_begin_[j] -= first_cells;
      patch_triangles_end_[j] -= first_cells;
    }
  count_arcs(arcs_[k], -1, report);
  count_arcs(finer_arcs_, 1, report);
  report.patch_triangles += patch_triangles_end_[k] - patch_triangles_begin_[k] - first_cells;
  std::swap(arcs_[k], finer_arcs_);
  return now_crossed;
}

}  // namespace skinlab
