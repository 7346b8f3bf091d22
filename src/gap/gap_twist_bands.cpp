// SPDX-License-Identifier: GPL-3.0-or-later
// GapDeformer's twist bands (twist_band.hpp, docs/gap.md "Second generation"): the pose with each
// banded joint's twist taken out, where the bands begin, and the twists put back on every frame
// vertex.
#include <algorithm>
#include <cmath>

#include "skinlab/gap/gap_deformer.hpp"

namespace skinlab {

// Each banded joint's relative rotation R about J, as swing S · twist T(θ) about the child's
// bone. The bands take T(θ) when their fit leaves them room (else none: gap bridges all of R);
// R' = R T(θ)⁻¹ = S is left to gap. The bands' share at the opening, T0 = T(g θ), turns both
// loops alike, so that Remove, Add and Triangulate see the rest pose turned by T0 and R': the
// untwisted child stands at E = T0⁻¹ R' T0 (R J + t stays where it was), passed down the tree.
// The construction is rigid-invariant, so this is the construction on the turned rest pose.
const std::vector<QT>& GapDeformer::untwist(const std::vector<QT>& world, GapFrameReport& report, bool try_skin) {
  if (!bands_) return world;
  std::fill(capped_crossings_.begin(), capped_crossings_.end(), -1);
  const int parts = static_cast<int>(world.size());
  untwisted_.resize(parts);
  bool any = false;
  for (int c : rig_->order) {
    const int p = rig_->components[c].parent;
    const int k = gap_.joint_of_part[c];
    if (p < 0) {
      untwisted_[c] = world[c];
      continue;
    }
    const QT relative = world[p].inverse() * world[c];
    QT untwisted_relative = relative;
    if (k >= 0) {
      const TwistBand& band = bands_->joints[k];
      TwistBand::Fit& fit = fits_[k];
      double bent_below = 0;
      for (int o : band.passed) {
        const QT below = world[gap_.joints[o].parent].inverse() * world[gap_.joints[o].child];
        const Quat bend = swing_twist(below.q, band.axis).swing;
        bent_below = std::max(bent_below, rotation_angle(bend));
      }
      fit = band.fit(band.length > 0 ? swing_twist(relative.q, band.axis).twist_angle : 0.0, child_begin_[k],
                     parent_begin_[k], bent_below);
      if (try_skin && !whole_twist_[k] && std::abs(fit.twist) > kMovingAngle) {
        const double bearable = bearable_twist(gap_, *bands_, k, fit, band_scratch_);
        if (bearable != fit.twist) {
          ++report.skin_capped_bands;
          capped_crossings_[k] = band_scratch_.crossed_at_whole_twist;
        }
        fit.twist = bearable;
      }
      if (std::abs(fit.twist) > kMovingAngle) {
        const Vec3& center = gap_.joints[k].joint;
        const Quat rest_of = relative.q * quat_from_axis_angle(band.axis, -fit.twist);
        left_to_gap_[k] = {rest_of, relative.apply_point(center) - rest_of * center};
        const QT at_opening = turn_about_joint(k, fit.share_at_opening);
        untwisted_relative = at_opening.inverse() * left_to_gap_[k] * at_opening;
        ++report.twisted_joints;
        any = true;
      } else {
        fit.twist = 0;
      }
    }
    untwisted_[c] = untwisted_[p] * untwisted_relative;
  }
  return any ? untwisted_ : world;
}

QT GapDeformer::turn_about_joint(int k, double share) const {
  const Vec3& center = gap_.joints[k].joint;
  const Quat turn = quat_from_axis_angle(bands_->joints[k].axis, share * fits_[k].twist);
  return {turn, center - turn * center};
}

bool GapDeformer::skin_bears_less() {
  for (int k = 0; k < static_cast<int>(gap_.joints.size()); ++k)
    if (fits_[k].twist != 0 && bearable_twist(gap_, *bands_, k, fits_[k], band_scratch_) != fits_[k].twist) return true;
  return false;
}

// The gap bridges a twist badly, and where a thin band's skin crosses a few cells the patch may
// cross many more: the cow's tail twisted 160-180° in the sweep crosses 4-6 cells of its band at
// the whole twist, and the patch bridging what the band left folded across the body (29 pairs at
// the joint at worst; none with the whole twist in the band; DQS 0). Homer's shoulder twisted
// 180°: 33 pairs, 8 with the whole twist (DQS 31). Weighed cell for cell, both keep the whole
// twist, and no limit is needed on what a band sends back (30° before: the same 117 standard-clip
// frames over DQS + 2). It runs where a band took less, in 26 of 1,506 standard frames, and
// chose the whole twist in one (the bull's swing, whose pairs did not change).
bool GapDeformer::gap_bears_worse() {
  bool worse = false;
  for (int k = 0; k < static_cast<int>(gap_.joints.size()); ++k)
    if (capped_crossings_[k] >= 0 && moving_[k] && crossed_cells(k) > capped_crossings_[k]) {
      whole_twist_[k] = 1;
      worse = true;
    }
  return worse;
}

bool GapDeformer::refit_bands() {
  bool changed = false;
  for (int k = 0; k < static_cast<int>(gap_.joints.size()); ++k) {
    if (fits_[k].twist == 0 || !moving_[k]) continue;
    const Vec3& axis = bands_->joints[k].axis;
    const Vec3& center = gap_.joints[k].joint;
    double child = 0, parent = 0;
    for (int v : sides_[2 * k + 1].loop) child = std::max(child, axis.dot(gap_.rest_positions[v] - center));
    for (int v : sides_[2 * k].loop) parent = std::max(parent, -axis.dot(gap_.rest_positions[v] - center));
    changed = changed || child != child_begin_[k] || parent != parent_begin_[k];
    child_begin_[k] = child;
    parent_begin_[k] = parent;
  }
  return changed;
}

void GapDeformer::retwist(const std::vector<QT>& world) {
  const int num_vertices = static_cast<int>(gap_.rest_positions.size());
  const int frame_vertices = static_cast<int>(positions_.size());
  const int parts = static_cast<int>(world.size());
  const auto twisted = [&](int k) { return k >= 0 && fits_[k].twist != 0; };
  // Per part: whether a joint on its way to the root turns a band this frame.
  banded_part_.assign(parts, 0);
  for (int c : rig_->order) {
    const int p = rig_->components[c].parent;
    banded_part_[c] = p >= 0 && (banded_part_[p] || twisted(gap_.joint_of_part[c]));
  }
  // Per frame, what every vertex would otherwise recompute: each part's relative motion and
  // untwisted pose's inverse, and each banded joint's turn at the two shares most points hold (all
  // of the twist beyond the child's band, the opening's share before it).
  relative_world_.resize(parts);
  untwisted_inverse_.resize(parts);
  for (int c = 0; c < parts; ++c) {
    const int p = rig_->components[c].parent;
    if (p >= 0) relative_world_[c] = world[p].inverse() * world[c];
    untwisted_inverse_[c] = untwisted_[c].inverse();
  }
  turn_at_ends_.resize(gap_.joints.size());
  for (int k = 0; k < static_cast<int>(gap_.joints.size()); ++k)
    if (twisted(k)) turn_at_ends_[k] = {turn_about_joint(k, 1.0), turn_about_joint(k, fits_[k].share_at_opening)};
  const auto turn = [&](int k, double share) {
    if (share == 1.0) return turn_at_ends_[k].first;
    if (share == fits_[k].share_at_opening) return turn_at_ends_[k].second;
    return turn_about_joint(k, share);
  };
  // Where a rest point x of `part` goes: down the tree from the root, each joint turns by its
  // relative motion, a banded joint by what it leaves to gap and x's share of its bands' twist
  // (1 beyond the child's band, which may run on into the child's children).
  const auto part_pose = [&](int part, const Vec3& x) -> QT {
    if (!banded_part_[part]) return world[part];
    path_.clear();
    for (int c = part; rig_->components[c].parent >= 0; c = rig_->components[c].parent) path_.push_back(c);
    QT pose = world[rig_->components[path_.back()].parent];
    for (auto c = path_.rbegin(); c != path_.rend(); ++c) {
      const int k = gap_.joint_of_part[*c];
      if (!twisted(k)) {
        pose = pose * relative_world_[*c];
        continue;
      }
      const TwistBand& band = bands_->joints[k];
      pose = pose * left_to_gap_[k] * turn(k, band.child_share(band.axis.dot(x - gap_.joints[k].joint), fits_[k]));
    }
    return pose;
  };
  for (int v = 0; v < frame_vertices; ++v) {
    const int part = vertex_part_[v];
    const int own = gap_.joint_of_part[part];
    // A child's copy of an opening vertex or a patch point sits on the parent's side of its
    // opening, with the bands' share there; a point of a parent's band turns by its share in the
    // parent's frame first.
    int frame = part, k = -1;
    double share = 0;
    if (v >= num_vertices && twisted(own)) {
      frame = gap_.joints[own].parent;
      k = own;
      share = fits_[own].share_at_opening;
    } else if (v < num_vertices && twisted(bands_->parent_joint[v])) {
      k = bands_->parent_joint[v];
      share = bands_->parent_weight[v] * bands_->joints[k].parent_share(bands_->parent_axial[v], fits_[k]);
    }
    // Nothing turns such a point: its part's pose and its untwisted pose are one motion, composed
    // along two paths (on homer's thesis clip, most of the mesh).
    if (k < 0 && !banded_part_[frame]) continue;
    const QT& untwisted_inverse = untwisted_inverse_[frame];
    const Vec3& x = rest_anchor(v);
    QT pose = part_pose(frame, x);
    if (k >= 0) pose = pose * turn(k, share);
    const QT to_pose = pose * untwisted_inverse;
    positions_[v] = to_pose.apply_point(positions_[v]);
    if (!recompute_[v]) normals_[v] = to_pose.apply_normal(normals_[v]);
  }
}

}  // namespace skinlab
