// SPDX-License-Identifier: GPL-3.0-or-later
// Caps: a child with no children of its own whose opening is not star-shaped about its centre is
// blended across the opening instead of bridged (GapOptions::blend_non_star_leaves; docs/gap.md,
// "What gap needs of a model"). Remove's loops and the arcs order both sides by the angle about
// the opening's centre, and such an opening turns back.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <numbers>
#include <string>

#include "skinlab/gap/gap_deformer.hpp"

namespace skinlab {

namespace {

constexpr double kDegree = std::numbers::pi / 180;
// An opening whose angle about its centroid turns back by more than this is not star-shaped
// about it. Every opening of the standard models turns back by 0°; CGAL's bear's back patch
// (5.5° in 9 stretches) and the dragon's half-face (11.9° in 3) do, and their patches cross
// themselves in a tenth and a fifth of their exercise clips' frames (docs/gap.md, "Meshes it has
// never seen").
constexpr double kMostTurnBack = 1 * kDegree;

std::string not_star_shaped(const SegmentedModel& model, const GapJoint& joint, bool blended) {
  char numbers[96];
  std::snprintf(numbers, sizeof numbers, "%.1f° in %d stretch%s", joint.winding.turned_back / kDegree,
                joint.winding.back_stretches, joint.winding.back_stretches == 1 ? "" : "es");
  return "gap: the opening between '" + model.components()[joint.parent].name + "' and '" +
         model.components()[joint.child].name +
         "' is not star-shaped about its centre (its angle about it turns back " + numbers + "); " +
         (blended ? "gap does not bridge it but blends '" + model.components()[joint.child].name +
                        "' across it, as a smooth skinning would: its share of the joint's turn grows from 0 at "
                        "the opening to 1 one opening radius from it"
                  : std::string("gap orders both sides' loops by that angle and flattens where it turns back, and "
                                "the patch may cross itself where that joint turns (frames stay closed)")) +
         " (docs/gap.md, \"What gap needs of a model\")";
}

// Each own vertex of a blended child: its share of the joint's rotation, smoothly (smoothstep)
// from 0 at the opening to 1 one opening radius (the loop's mean distance from its centroid) from
// it, by its distance to the nearest opening vertex at rest: where the smooth deformers' opening
// weights give the child its whole motion. On CGAL's dragon's half-face, frames over DQS + 2
// pairs (sharing no vertex) were 144 bridged, 107 with the share reaching 1 only at the farthest
// vertex, 90 at one radius, 71 at two; but at two radii the face's middle turns by half the joint
// (a 60° twist: 30°), and at half a radius its rim folds. The bear's back patch lies within one
// radius of its opening: 104 bridged, 32 at each.
std::vector<double> blend_shares(const GapModel& gap, const GapJoint& joint, const std::vector<int>& vertices) {
  constexpr double kBlendRadii = 1.0;
  double radius = 0;
  for (int o : joint.loop) radius += (gap.rest_positions[o] - joint.plane.point).norm();
  radius /= static_cast<double>(joint.loop.size());
  const double reach = kBlendRadii * radius;
  std::vector<double> share;
  for (int v : vertices) {
    double nearest = HUGE_VAL;
    for (int o : joint.loop) nearest = std::min(nearest, (gap.rest_positions[v] - gap.rest_positions[o]).norm());
    const double t = std::min(1.0, nearest / reach);
    share.push_back(t * t * (3 - 2 * t));
  }
  return share;
}

}  // namespace

void GapDeformer::find_blended_children(const SegmentedModel& model) {
  const int joints = static_cast<int>(gap_.joints.size());
  blended_joint_.assign(joints, 0);
  for (int k = 0; k < joints; ++k) {
    const GapJoint& joint = gap_.joints[k];
    if (joint.winding.turned_back <= kMostTurnBack) continue;
    const bool leaf = std::none_of(gap_.joints.begin(), gap_.joints.end(),
                                   [&](const GapJoint& other) { return other.parent == joint.child; });
    const bool blended = options_.blend_non_star_leaves && leaf;
    warnings_.push_back(not_star_shaped(model, joint, blended));
    if (!blended) continue;
    BlendedChild child{k, {}, {}};
    for (int v = 0; v < static_cast<int>(gap_.vertex_part.size()); ++v)
      if (gap_.vertex_part[v] == joint.child) child.vertices.push_back(v);
    child.share = blend_shares(gap_, joint, child.vertices);
    blended_.push_back(std::move(child));
    blended_joint_[k] = 1;
    if (bands_) bands_->joints[k].length = 0;  // the blend takes the twist too
  }
}

void GapDeformer::pose_blended(const std::vector<QT>& world) {
  for (const BlendedChild& child : blended_) {
    const GapJoint& joint = gap_.joints[child.joint];
    if (!part_moved_[joint.child] && !part_moved_[joint.parent]) continue;
    const QT& parent = world[joint.parent];
    const QT relative = parent.inverse() * world[joint.child];
    // The joint's centre moves by what the rig adds to the turn about it (nothing, for a rig's
    // rotation about its joint); a share of the turn takes that share of the move.
    const Vec3 moved = relative.apply_point(joint.joint) - joint.joint;
    for (std::size_t i = 0; i < child.vertices.size(); ++i) {
      const int v = child.vertices[i];
      const double share = child.share[i];
      const Quat turn = Quat::Identity().slerp(share, relative.q);
      const QT pose = parent * QT{turn, joint.joint + share * moved - turn * joint.joint};
      positions_[v] = pose.apply_point(gap_.rest_positions[v]);
      normals_[v] = pose.apply_normal(gap_.rest_normals[v]);
    }
  }
}

}  // namespace skinlab
