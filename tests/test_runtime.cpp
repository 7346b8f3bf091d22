// SPDX-License-Identifier: GPL-3.0-or-later
// The runtime on its own (Eigen alone, no offline library): a three-part cylinder whose rig,
// skeleton and weights are made here by hand, as an application that ships its own rig would,
// played through a clip and every runtime deformer. Built and run where only Eigen is found.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <numbers>

#include "skinlab/core/clip_io.hpp"
#include "skinlab/core/segmented_model.hpp"
#include "skinlab/core/skel_io.hpp"
#include "skinlab/gap/gap_deformer.hpp"
#include "skinlab/kinematics/animator.hpp"
#include "skinlab/skinning/blend_deformer.hpp"
#include "skinlab/skinning/deformer_context.hpp"
#include "test_meshes.hpp"

using namespace skinlab;

namespace {

constexpr int kParts = 3;
constexpr int kSides = 16;
constexpr double kRadius = 0.3;

// The cylinder stands on z = 0; part c spans z in [c, c+1] and turns about the ring at z = c.
struct HandRig {
  SegmentedModel model;
  Skeleton skeleton;
  std::shared_ptr<const Rig> rig;
};

HandRig hand_rig() {
  SegmentedModel model = SegmentedModel::build(test::stacked_cylinder(kParts, kSides, kRadius), "cylinder");
  model.attach_hierarchy(parse_skel("cylinder.skel", R"(ROOT seg0 -180 180 -180 180 -180 180
{
  JOINT seg1 -180 180 -180 180 -180 180
  {
    JOINT seg2 -180 180 -180 180 -180 180
    {
      End Site
    }
  }
})"));
  Skeleton skeleton;
  skeleton.method = "centroid";
  skeleton.has_kernel_centroids = true;
  Rig rig;
  rig.order = {0, 1, 2};
  rig.joint_of = {0, 1, 2};
  rig.subtree = {{0, 1, 2}, {1, 2}, {2}};
  rig.collision_pairs.resize(kParts);
  for (int c = 0; c < kParts; ++c) {
    const Vec3 joint(0, 0, c), centroid(0, 0, c + 0.5);
    skeleton.joints.push_back({joint, c == 0 ? JointKind::root : JointKind::opening, c});
    ComponentFrame frame;
    frame.root_joint = c;
    frame.kernel_centroid = centroid;
    frame.kernel_empty = false;
    skeleton.components.push_back(frame);
    RigComponent rc;
    rc.parent = c - 1;
    rc.joint = joint;
    // The parent axis runs from the joint to the parent's kernel centroid (docs/animation.md).
    if (c > 0) rc.align = align_to_z(Vec3(0, 0, c - 0.5) - joint);
    for (int k = 0; k < 6; ++k) rc.limits[k] = (k % 2 ? 1 : -1) * std::numbers::pi;
    rc.obb = fit_obb(Mat3::Identity(), model.components()[c].mesh.positions);
    rc.sphere = {centroid, std::sqrt(0.25 + kRadius * kRadius)};
    rig.components.push_back(rc);
    rig.names.push_back(model.components()[c].name);
  }
  for (int c = 1; c < kParts; ++c) skeleton.bones.push_back({c - 1, c, c - 1});
  return {std::move(model), std::move(skeleton), std::make_shared<const Rig>(std::move(rig))};
}

// seg1 bends 90 degrees about its X axis over one second: everything above z = 1 swings about
// the joint at (0, 0, 1) into the plane z = 1.
ClipFile bend_clip() {
  return parse_clip("bend.clip", R"(animation
{
  range 0 1
  numChannels 1
  channel seg1.rx
  {
    extrapolate constant constant
    keys 2
    {
      0 0 linear linear
      1 90 linear linear
    }
  }
})");
}

// Half and half on the rings two parts share, 1 on the own part elsewhere.
SkinWeights hand_weights(const SegmentedModel& model) {
  const int n = model.mesh().num_vertices();
  std::vector<std::vector<int>> parts(n);
  for (int f = 0; f < model.mesh().num_triangles(); ++f)
    for (int v : model.mesh().triangles[f])
      if (std::find(parts[v].begin(), parts[v].end(), model.labels()[f]) == parts[v].end())
        parts[v].push_back(model.labels()[f]);
  SkinWeights w;
  for (const Component& c : model.components()) w.parts.push_back(c.name);
  for (int v = 0; v < n; ++v) {
    std::array<std::uint16_t, 4> joints{};
    std::array<float, 4> weights{};
    for (std::size_t k = 0; k < parts[v].size(); ++k) {
      joints[k] = static_cast<std::uint16_t>(parts[v][k]);
      weights[k] = 1.0f / static_cast<float>(parts[v].size());
    }
    w.joints.push_back(joints);
    w.weights.push_back(weights);
  }
  return w;
}

Vec3 position(const Frame& frame, std::size_t v) {
  return {frame.positions[3 * v], frame.positions[3 * v + 1], frame.positions[3 * v + 2]};
}

// The frame vertex nearest to p, and its distance.
double distance_to_nearest(const Frame& frame, const Vec3& p) {
  double best = INFINITY;
  for (std::size_t v = 0; 3 * v < frame.positions.size(); ++v) best = std::min(best, (position(frame, v) - p).norm());
  return best;
}

}  // namespace

TEST(Runtime, ForwardKinematicsOfAHandMadeRigFollowsTheClip) {
  const HandRig hand = hand_rig();
  Animator animator(hand.rig, bend_clip(), 30, {true, false});
  const AcceptedPose& bent = animator.seek(30);
  ASSERT_EQ(bent.world.size(), 3u);
  // The root stays; seg1 and seg2 turn by 90 degrees about an axis through (0, 0, 1) normal to z.
  EXPECT_LT((bent.world[0].apply_point(Vec3(0, 0, 0.5)) - Vec3(0, 0, 0.5)).norm(), 1e-12);
  for (int c : {1, 2}) {
    EXPECT_LT((bent.world[c].apply_point(Vec3(0, 0, 1)) - Vec3(0, 0, 1)).norm(), 1e-12);
    const Vec3 tip = bent.world[c].apply_point(Vec3(0, 0, 3));
    EXPECT_NEAR(tip.z(), 1.0, 1e-12);
    EXPECT_NEAR((tip - Vec3(0, 0, 1)).norm(), 2.0, 1e-12);
  }
  // Half way through the clip: 45 degrees.
  const Vec3 half = animator.seek(15).world[2].apply_point(Vec3(0, 0, 3));
  EXPECT_NEAR(half.z(), 1.0 + 2.0 * std::cos(std::numbers::pi / 4), 1e-12);
}

TEST(Runtime, EveryRuntimeDeformerKeepsTheRestPoseAndBendsTheFarEndExactly) {
  const HandRig hand = hand_rig();
  DeformerContext context(hand.model, hand.skeleton, hand.rig, [&] { return hand_weights(hand.model); }, 2);
  std::vector<std::pair<std::string, std::unique_ptr<Deformer>>> deformers;
  deformers.emplace_back("rigid", make_rigid_deformer(hand.model, hand.rig, 2));
  deformers.emplace_back("lbs", make_smooth_deformer(context, BlendKind::lbs));
  deformers.emplace_back("sbs", make_smooth_deformer(context, BlendKind::sbs));
  deformers.emplace_back("dqs", make_smooth_deformer(context, BlendKind::dqs));
  deformers.emplace_back("gap", make_gap_deformer(context));
  Animator animator(hand.rig, bend_clip(), 30, {true, false});
  const Vec3 far_end = animator.seek(30).world[2].apply_point(Vec3(0, 0, 3));
  for (auto& [name, deformer] : deformers) {
    SCOPED_TRACE(name);
    Frame rest, bent, again;
    deformer->deform(animator.seek(0), rest);
    const SkinMesh& mesh = deformer->rest_mesh();
    ASSERT_EQ(rest.positions.size(), mesh.rest_positions.size());
    for (std::size_t i = 0; i < rest.positions.size(); ++i) EXPECT_NEAR(rest.positions[i], mesh.rest_positions[i], 1e-6);
    deformer->deform(animator.seek(30), bent);
    deformer->deform(animator.seek(30), again);
    EXPECT_EQ(bent.positions, again.positions);
    EXPECT_EQ(bent.normals.size(), bent.positions.size());
    for (float x : bent.positions) ASSERT_TRUE(std::isfinite(x));
    for (float x : bent.normals) ASSERT_TRUE(std::isfinite(x));
    // The top cap's centre moves with seg2 alone: every deformer puts it in the same place.
    EXPECT_LT(distance_to_nearest(bent, far_end), 1e-5);
    // Nothing is left behind where the upper parts stood.
    EXPECT_GT(distance_to_nearest(bent, Vec3(0, 0, 3)), 1.5);
  }
}
