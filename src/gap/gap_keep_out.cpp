// SPDX-License-Identifier: GPL-3.0-or-later
// GapDeformer's keep-out (keep_out_of_ball.hpp, docs/gap.md "Second generation", 6): the patch
// kept out of the ball a limb holds round each moved joint's centre.
#include "skinlab/gap/gap_deformer.hpp"

namespace skinlab {

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
    keep_points_out_of_ball(positions_, patch_begin_[k], patch_end_[k], center, joint_ball_[k]);
    if (!cells) continue;
    keep_cells_out_of_ball(positions_, patch_begin_[k], patch_end_[k], triangles_, patch_triangles_begin_[k],
                           patch_triangles_end_[k], center, joint_ball_[k], kCellPasses);
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

}  // namespace skinlab
