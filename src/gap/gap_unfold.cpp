// SPDX-License-Identifier: GPL-3.0-or-later
// GapDeformer's smoothing of each patch's new points, the parts' vertices fixed: the half umbrella
// step (docs/gap.md, "Second generation", 3) and the unfolding (7; untangle_patch.hpp).
#include <algorithm>

#include "skinlab/gap/gap_deformer.hpp"

namespace skinlab {

// One umbrella step, half way: each new point towards the mean of the other corners of its
// triangles (a neighbour shared by two triangles counts twice). On the arm it takes every fold of
// bends from 30 to 150° about any axis (up to 54 pairs) to none, for at most 0.13 of the
// inscribed ratio; a full step shrinks the patch further, and Taubin's inflating second step
// brought folds back (docs/gap.md, "Second generation").
void GapDeformer::relax_patches() {
  for (int k = 0; k < static_cast<int>(gap_.joints.size()); ++k)
    if (moving_[k]) relax_patch(k);
}

// A new point is a corner of its own patch's triangles only.
void GapDeformer::relax_patch(int k) {
  const int first = patch_begin_[k], count = patch_end_[k] - first;
  relax_sum_.assign(count, Vec3::Zero());
  relax_count_.assign(count, 0);
  for (int f = patch_triangles_begin_[k]; f < patch_triangles_end_[k]; ++f) {
    const Tri& t = triangles_[f];
    for (int c = 0; c < 3; ++c) {
      const int v = t[c] - first;
      if (v < 0 || v >= count) continue;
      relax_sum_[v] += positions_[t[(c + 1) % 3]] + positions_[t[(c + 2) % 3]];
      relax_count_[v] += 2;
    }
  }
  for (int v = 0; v < count; ++v)
    if (relax_count_[v] > 0) positions_[first + v] += 0.5 * (relax_sum_[v] / relax_count_[v] - positions_[first + v]);
}

// Unfolding the relaxed patches (untangle_patch.hpp). Where the inside of a bend is cramped,
// neighbouring arcs cross; up to 20 full steps over the folds took the standard clips' frames with
// more pairs than DQS + 2 from 866 to 428 of 1,506 (docs/gap.md). Stopping after 3 steps with no
// fewer folds (a deep bend's valley, which faces the centre) takes the arm bent 120–150° from 20
// steps to 8–9, and those frames to 434. Then cells that pass through another without turning
// over, with steps of their own: 446 -> 423 (man's wave 5 -> 0, the camel's walk 55 -> 41).
void GapDeformer::unfold_patches(const std::vector<QT>& world, GapFrameReport& report) {
  constexpr int kSteps = 20, kPatience = 3;
  for (int k = 0; k < static_cast<int>(gap_.joints.size()); ++k)
    if (moving_[k]) report.unfold_steps += unfold_patch(k, world, kSteps, kPatience);
}

int GapDeformer::unfold_patch(int k, const std::vector<QT>& world, int max_steps, int patience) {
  const int steps =
      untangle_patch(positions_, patch_begin_[k], patch_end_[k], triangles_, patch_triangles_begin_[k],
                     patch_triangles_end_[k], joint_center(world, k), max_steps, patience, untangle_scratch_);
  crossed_left_[k] = untangle_scratch_.crossed_left;
  std::swap(unfolded_crossings_[k], untangle_scratch_.last);
  return steps;
}

// The retwist carries each point of a patch below a twisted joint to the pose by its own share of
// the bands' twist (its rest anchor's, gap_twist_bands.cpp), so cells the unfolding laid out in
// the untwisted pose can turn over again where the shares differ across the patch: homer's thesis
// clip, frame 1, the knee's patch under the hip's band (6 pairs, 10 over DQS + 2; the elbow's
// under the shoulder's in frames 2 and 3). The normal tests' steps once more, in the pose, turn
// them back, kept where the patch comes no nearer the joint's centre (the keep-out does not run
// again: unguarded, the steps took the bull's walk's smallest inscribed ratio from 0.942 to
// 0.851, 12 frames below 0.9). Not the twisted joint's own patch, whose new points the retwist
// carries by one turn: unfolded again it took homer's wave from 0 to 5 frames over DQS + 2. The
// crossing test is not run again: with it the thesis clip's frames took 0.17–0.27 ms more and no
// other frame of any clip came within DQS + 2.
void GapDeformer::unfold_carried_patches(const std::vector<QT>& world, GapFrameReport& report) {
  constexpr int kSteps = 8, kPatience = 2;
  for (int k = 0; k < static_cast<int>(gap_.joints.size()); ++k) {
    if (!moving_[k] || !banded_part_[gap_.joints[k].parent]) continue;
    const int cells_begin = patch_triangles_begin_[k], cells_end = patch_triangles_end_[k];
    const Vec3 center = joint_center(world, k);
    const double nearest = nearest_cell_distance(positions_, triangles_, cells_begin, cells_end, center);
    unturned_points_.assign(positions_.begin() + patch_begin_[k], positions_.begin() + patch_end_[k]);
    const int steps = unfold_turned_cells(positions_, patch_begin_[k], patch_end_[k], triangles_, cells_begin,
                                          cells_end, center, kSteps, kPatience, untangle_scratch_);
    report.unfold_steps += steps;
    if (steps > 0 && nearest_cell_distance(positions_, triangles_, cells_begin, cells_end, center) < nearest)
      std::copy(unturned_points_.begin(), unturned_points_.end(), positions_.begin() + patch_begin_[k]);
  }
}

}  // namespace skinlab
