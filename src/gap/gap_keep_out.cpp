// SPDX-License-Identifier: GPL-3.0-or-later
// GapDeformer's keep-out (keep_out_of_ball.hpp, docs/gap.md "Second generation", 6): the patch
// kept out of the ball a limb holds round each moved joint's centre.
#include <algorithm>
#include <cmath>

#include "skinlab/gap/gap_deformer.hpp"

namespace skinlab {

namespace {

// After the unfolding, a patch that reaches nearer the joint's centre than this share of the ball's
// radius keeps the keep-out's moves whatever they cross: there they are what holds the skin off
// the joint (the cow's tail bent 50-70° in the sweep: inscribed ratio 0.527 without them, 0.990
// with; DQS 0.759). 0.5: the same 0.527. 0.75 left the tail bent 90° then twisted 50° at 0.917
// (its patch at 0.771 of the radius; DQS 0.972), 0.8 takes it to 1.123 and changes no clip's
// pairs; 0.9 adds pairs at the cow's knee and homer's elbow bent (0 -> 9 and 0 -> 7).
constexpr double kDeepInBall = 0.8;
// Halvings of the keep-out's moves tried where the whole moves cross more (the cow's knee bent in
// the sweep: inscribed ratio 0.493 with the moves undone, 0.658 with three halvings; DQS 0.520).
constexpr int kMoveHalvings = 3;

}  // namespace

// New points nearer the joint's centre than the opening's nearest edge at rest go out along their
// direction from it. Deep bends of thin parts pulled the patch's inner side through the joint (the
// cow's knee at 150°: inscribed ratio 0.27). With `cells`, after the unfolding, the patch's
// triangles too: a long cell beside the bend passed inside with its corners outside (the cow's
// knee at 150°: 0.442 without, 0.654 with; DQS 0.520); and last the edges between the two parts'
// own vertices, which no move reaches, split out of the ball (the arm bent 150°: 0.890 without).
void GapDeformer::keep_out_of_joints(const std::vector<QT>& world, bool cells) {
  constexpr int kCellPasses = 3;
  for (int k = 0; k < static_cast<int>(gap_.joints.size()); ++k) {
    if (!moving_[k]) continue;
    const Vec3 center = joint_center(world, k);
    if (cells) kept_out_from_.assign(positions_.begin() + patch_begin_[k], positions_.begin() + patch_end_[k]);
    keep_points_out_of_ball(positions_, patch_begin_[k], patch_end_[k], center, joint_ball_[k]);
    if (!cells) continue;
    keep_cells_out_of_ball(positions_, patch_begin_[k], patch_end_[k], triangles_, patch_triangles_begin_[k],
                           patch_triangles_end_[k], center, joint_ball_[k], kCellPasses);
    keep_unfolded(k, center);
    edge_splits_.clear();
    split_edges_out_of_ball(positions_, patch_begin_[k], patch_end_[k], vertex_part_, triangles_,
                            patch_triangles_begin_[k], patch_triangles_end_[k], center, joint_ball_[k], edge_splits_);
    // The split points are patch points of the child's side, as the arcs' are, and lie between
    // their edge's ends at rest.
    const int child = gap_.joints[k].child;
    for (const EdgeSplit& split : edge_splits_) {
      normals_.push_back(Vec3::Zero());
      rest_anchor_.push_back((1 - split.along) * rest_anchor(split.a) + split.along * rest_anchor(split.b));
      vertex_part_.push_back(child);
      recompute_.push_back(1);
      patch_vertex_.push_back(1);
    }
    triangle_part_.resize(triangles_.size(), child);
  }
}

// The keep-out after the unfolding pushes cells out along their own directions from the centre,
// and where the patch bends round the joint's ball neighbouring cells pushed apart that way cross
// (homer's wave: its shoulder's patch, unfolded without a crossing, had 60 pairs of its own cells
// sharing no vertex over the 20 frames over DQS + 2). Where its moves leave the patch crossing
// more of its own cells (crossed_patch_cells) than before them, they are halved until they do
// not, or undone; not where the patch reached deep into the ball. Standard-clip frames over DQS +
// 2 pairs: 110 -> 80 (homer's wave 20 -> 10, the bull's walk 12 -> 4, the triceratops' walk 14 ->
// 2); with the moves after the unfolding left out altogether, 80 too, but the sweeps' cow's knee
// and tail bent fell to 0.493 and 0.527 of their rest inscribed distance (DQS 0.520 and 0.759).
void GapDeformer::keep_unfolded(int k, const Vec3& center) {
  const auto points = positions_.begin() + patch_begin_[k];
  if (std::equal(kept_out_from_.begin(), kept_out_from_.end(), points)) return;
  double nearest = HUGE_VAL;
  for (const Vec3& p : kept_out_from_) nearest = std::min(nearest, (p - center).norm());
  if (nearest < kDeepInBall * joint_ball_[k]) return;
  const auto crossed = [&] {
    return crossed_patch_cells(positions_, patch_begin_[k], patch_end_[k], triangles_, patch_triangles_begin_[k],
                               patch_triangles_end_[k], unfolded_crossings_[k], untangle_scratch_);
  };
  // Before the moves, the patch crossed what the unfolding left (crossed_left_).
  const int before = crossed_left_[k];
  if (crossed() <= before) return;
  kept_out_to_.assign(points, positions_.begin() + patch_end_[k]);
  for (int halving = 0; halving < kMoveHalvings; ++halving) {
    for (std::size_t i = 0; i < kept_out_to_.size(); ++i) kept_out_to_[i] = 0.5 * (kept_out_to_[i] + kept_out_from_[i]);
    std::copy(kept_out_to_.begin(), kept_out_to_.end(), points);
    if (crossed() <= before) return;
  }
  std::copy(kept_out_from_.begin(), kept_out_from_.end(), points);
}

}  // namespace skinlab
