// SPDX-License-Identifier: GPL-3.0-or-later
#include <gtest/gtest.h>

#include <numbers>
#include <random>

#include "skinlab/io/model_library.hpp"
#include "skinlab/kinematics/animator.hpp"
#include "skinlab/rigging/build_rig.hpp"
#include "skinlab/skeleton/extract_skeleton.hpp"
#include "skinlab/skinning/blend_deformer.hpp"
#include "test_meshes.hpp"

using namespace skinlab;

namespace {

constexpr double kDeg = std::numbers::pi / 180.0;

// Three links along x: joints at x = 0, 1, 2, every parent axis already +z.
Rig chain() {
  Rig rig;
  rig.order = {0, 1, 2};
  rig.joint_of = {0, 1, 2};
  for (int c = 0; c < 3; ++c) {
    RigComponent rc;
    rc.parent = c - 1;
    rc.joint = Vec3(c, 0, 0);
    rc.limits = {-std::numbers::pi, std::numbers::pi,  -std::numbers::pi,
                 std::numbers::pi,  -std::numbers::pi, std::numbers::pi};
    rig.components.push_back(rc);
  }
  rig.subtree = {{0, 1, 2}, {1, 2}, {2}};
  rig.collision_pairs.assign(3, {});
  return rig;
}

Pose rest(int joints) {
  Pose p;
  p.angles.assign(3 * static_cast<std::size_t>(joints), 0.0);
  return p;
}

// A base with two pillars standing 3 apart: rig from the centroid skeleton.
struct Gate {
  SegmentedModel model;
  Skeleton skeleton;
  Rig rig;
};
Gate gate() {
  std::vector<std::array<int, 4>> v;
  for (int x = 0; x < 5; ++x) v.push_back({x, 0, 0, 0});
  for (int y = 1; y < 5; ++y) {
    v.push_back({0, y, 0, 1});
    v.push_back({4, y, 0, 2});
  }
  Gate g{SegmentedModel::build(test::voxel_model(v, {"base", "left", "right"}), "gate"), {}, {}};
  g.model.attach_hierarchy(parse_skel("gate.skel",
                                      "ROOT base -180 180 -180 180 -180 180 { JOINT left -120 120 -120 120 -120 120"
                                      " { End Site } JOINT right -30 30 -30 30 -30 30 { End Site } }"));
  SkeletonParams params;
  params.method = "centroid";
  g.skeleton = extract_skeleton(g.model, params);
  g.rig = build_rig(g.model, g.skeleton);
  return g;
}

}  // namespace

TEST(ForwardKinematics, ThreeLinkChainMatchesHandComputedPositions) {
  const Rig rig = chain();
  Pose pose = rest(3);
  pose.angles[3 * 1 + 2] = 90 * kDeg;  // joint 1 about z
  pose.angles[3 * 2 + 2] = 90 * kDeg;  // joint 2 about z
  std::vector<QT> world;
  forward_kinematics(rig, pose, world);
  // Link 1 turns up at x = 1; link 2 turns left at (1, 1): the tip (3, 0, 0) ends at (0, 1, 0).
  EXPECT_LT((world[1].apply_point(Vec3(2, 0, 0)) - Vec3(1, 1, 0)).norm(), 1e-12);
  EXPECT_LT((world[2].apply_point(Vec3(3, 0, 0)) - Vec3(0, 1, 0)).norm(), 1e-12);
  EXPECT_LT((world[0].apply_point(Vec3(0.5, 0, 0)) - Vec3(0.5, 0, 0)).norm(), 1e-12);
  // The mover translates everything and turns it about the root joint.
  pose.mover = {0, 0, 5, 0, 0, 180 * kDeg};
  forward_kinematics(rig, pose, world);
  EXPECT_LT((world[2].apply_point(Vec3(3, 0, 0)) - Vec3(0, -1, 5)).norm(), 1e-12);
}

// Thesis §2.2.1: M = R_y(theta2) R_x(theta1) for v = (a, b, c), lambda = sqrt(b² + c²).
Mat3 thesis_alignment_matrix(const Vec3& v) {
  const double a = v.x(), b = v.y(), c = v.z(), n = v.norm(), l = std::hypot(b, c);
  Mat3 m;
  m << l / n, -a * b / (l * n), -a * c / (l * n), 0, c / l, -b / l, a / n, b / n, c / n;
  return m;
}

TEST(AlignToZ, ObliqueAxesFollowTheThesisMatrix) {
  for (const Vec3& v : {Vec3(1, 2, 3), Vec3(-2, 0.5, -1), Vec3(0.3, -4, 0.2), Vec3(5, 1, -1)}) {
    SCOPED_TRACE(v.transpose());
    const Mat3 r = align_to_z(v).toRotationMatrix();
    EXPECT_LT((r - thesis_alignment_matrix(v)).norm(), 1e-12);
    EXPECT_LT((r * v.normalized() - Vec3::UnitZ()).norm(), 1e-12);
    // The thesis' twist: the first turn is about X, so X's image keeps no Y component; the
    // shortest arc onto +z does not have that property for these axes.
    EXPECT_NEAR((r * Vec3::UnitX()).y(), 0.0, 1e-12);
    EXPECT_GT(std::abs((Quat::FromTwoVectors(v, Vec3::UnitZ()).toRotationMatrix() * Vec3::UnitX()).y()), 1e-3);
  }
}

TEST(AlignToZ, AxisAlignedAxesTurnAboutXThenY) {
  // +y and -z need only the turn about X (theta2 = 0); +z needs nothing.
  EXPECT_TRUE(align_to_z(Vec3(0, 2, 0)).isApprox(Quat(Eigen::AngleAxisd(90 * kDeg, Vec3::UnitX())), 1e-12));
  EXPECT_TRUE(align_to_z(Vec3(0, -1, 0)).isApprox(Quat(Eigen::AngleAxisd(-90 * kDeg, Vec3::UnitX())), 1e-12));
  const Mat3 down = align_to_z(Vec3(0, 0, -3)).toRotationMatrix();
  EXPECT_LT((down - Eigen::AngleAxisd(std::numbers::pi, Vec3::UnitX()).toRotationMatrix()).norm(), 1e-12);
  EXPECT_TRUE(align_to_z(Vec3(0, 0, 1)).isApprox(Quat::Identity(), 1e-12));
  EXPECT_TRUE(align_to_z(Vec3::Zero()).isApprox(Quat::Identity(), 1e-12));
}

TEST(AlignToZ, AxesOnAndNearXAreDefined) {
  // On ±X theta1 is undetermined: 0 by definition, so only the turn about Y is left.
  EXPECT_TRUE(align_to_z(Vec3(3, 0, 0)).isApprox(Quat(Eigen::AngleAxisd(-90 * kDeg, Vec3::UnitY())), 1e-12));
  EXPECT_TRUE(align_to_z(Vec3(-1, 0, 0)).isApprox(Quat(Eigen::AngleAxisd(90 * kDeg, Vec3::UnitY())), 1e-12));
  EXPECT_TRUE(align_to_z(Vec3(-1, 1e-13, -1e-13)).isApprox(Quat(Eigen::AngleAxisd(90 * kDeg, Vec3::UnitY())), 1e-12));
  // Just off the axis the thesis' formula holds and still lands on +z.
  for (const Vec3& v : {Vec3(1, 1e-6, 0), Vec3(-1, 0, 1e-7), Vec3(2, -1e-5, 1e-5)}) {
    SCOPED_TRACE(v.transpose());
    const Mat3 r = align_to_z(v).toRotationMatrix();
    EXPECT_LT((r * v.normalized() - Vec3::UnitZ()).norm(), 1e-12);
    EXPECT_LT((r - thesis_alignment_matrix(v)).norm(), 1e-9);
  }
}

TEST(ForwardKinematics, AlignTurnsZIntoTheParentAxis) {
  RigComponent c;
  c.joint = Vec3(1, 2, 3);
  c.align = align_to_z(Vec3::UnitX());  // parent axis +x
  const QT twist = joint_transform(c, 0, 0, 90 * kDeg);
  // A turn about the joint's z is a twist about the parent axis: the axis stays, y goes to z.
  EXPECT_LT((twist.apply_point(c.joint + Vec3(2, 0, 0)) - (c.joint + Vec3(2, 0, 0))).norm(), 1e-12);
  EXPECT_LT((twist.apply_point(c.joint + Vec3(0, 1, 0)) - (c.joint + Vec3(0, 0, 1))).norm(), 1e-12);
}

TEST(ForwardKinematics, RotationAboutAJointLeavesItFixedAndSkinningKeepsEdgeLengths) {
  const Gate g = gate();
  const auto rigid = make_rigid_deformer(g.model, std::make_shared<const Rig>(g.rig), 1);
  const SkinMesh& mesh = rigid->rest_mesh();
  std::mt19937 rng(4);
  std::uniform_real_distribution<double> angle(-1.0, 1.0);
  AcceptedPose accepted;
  std::vector<QT>& world = accepted.world;
  Frame frame;
  const std::vector<float>& positions = frame.positions;
  const std::vector<float>& normals = frame.normals;
  for (int trial = 0; trial < 20; ++trial) {
    Pose pose = rest(3);
    for (double& a : pose.angles) a = angle(rng);
    forward_kinematics(g.rig, pose, world);
    for (int c = 0; c < 3; ++c) {
      const RigComponent& rc = g.rig.components[c];
      if (rc.parent >= 0) {
        EXPECT_LT((world[c].apply_point(rc.joint) - world[rc.parent].apply_point(rc.joint)).norm(), 1e-12);
      }
    }
    transforms_to_matrices(world, accepted.matrices);
    rigid->deform(accepted, frame);
    const auto at = [](const std::vector<float>& a, int v) {
      return Eigen::Vector3f(a[3 * v], a[3 * v + 1], a[3 * v + 2]);
    };
    for (const Tri& t : mesh.triangles)
      for (int i = 0; i < 3; ++i) {
        const int u = t[i], w = t[(i + 1) % 3];
        EXPECT_NEAR((at(positions, u) - at(positions, w)).norm(),
                    (at(mesh.rest_positions, u) - at(mesh.rest_positions, w)).norm(), 1e-5);
      }
    for (int v = 0; v < mesh.num_vertices(); ++v)
      EXPECT_NEAR(at(normals, v).norm(), at(mesh.rest_normals, v).norm(), 1e-5);
  }
}

// One joint driven past its X limit while its Z turn stays in range. The thesis cancels the
// joint's whole motion for that frame (§4.3): X and Z both keep the last accepted values. With
// LimitRejection::dof only X is held, and Z goes on.
TEST(Animator, AngleOutsideItsLimitHoldsTheWholeJointOrOnlyThatAxis) {
  Gate g = gate();
  const int right = g.rig.joint_of[g.model.find_component("right")];
  for (LimitRejection mode : {LimitRejection::joint, LimitRejection::dof}) {
    Animator animator(std::make_shared<const Rig>(g.rig), std::nullopt, 30, {true, true, mode});
    std::vector<Rejection> rejections;
    for (double t : {0.5, 1.0, 1.5}) {
      Pose wanted = rest(3);
      wanted.angles[3 * right + 2] = 20 * t * kDeg;  // 10, 20, 30 degrees: within +-30
      wanted.angles[3 * right + 0] = 40 * t * kDeg;  // 20, 40, 60: over 30 from t = 1
      const AcceptedPose& accepted = animator.apply(wanted, t);
      rejections.insert(rejections.end(), accepted.rejections.begin(), accepted.rejections.end());
      // 20 accepted at 0.5; from t = 1 X keeps it
      EXPECT_DOUBLE_EQ(accepted.pose.angles[3 * right], 20 * kDeg);
      const double z = mode == LimitRejection::joint ? 10.0 : 20 * t;  // the whole joint held, or Z goes on
      EXPECT_DOUBLE_EQ(accepted.pose.angles[3 * right + 2], z * kDeg);
    }
    ASSERT_EQ(rejections.size(), 2u);
    EXPECT_EQ(rejections[0].kind, Rejection::Kind::limit);
    EXPECT_EQ(rejections[0].time, 1.0);
    EXPECT_EQ(rejections[0].joint, right);
    EXPECT_EQ(rejections[0].axis, 0);
    EXPECT_DOUBLE_EQ(rejections[0].limit, 30.0);
    EXPECT_DOUBLE_EQ(rejections[0].angle, 40.0);
    EXPECT_EQ(describe(rejections[0], g.rig), "right X above limit 30°");
  }
}

TEST(Animator, PartsDrivenIntoEachOtherAreRejected) {
  Gate g = gate();
  const int left = g.model.find_component("left"), right = g.model.find_component("right");
  const int joint = g.rig.joint_of[left];
  // The joint axis and direction that swing the left pillar's top closest to the right pillar.
  std::vector<QT> world;
  int dof = 0;
  double sign = 1, closest = 1e9;
  for (int axis = 0; axis < 3; ++axis)
    for (double s : {1.0, -1.0}) {
      Pose probe = rest(3);
      probe.angles[3 * joint + axis] = s * 90 * kDeg;
      forward_kinematics(g.rig, probe, world);
      const double d = (world[left].apply_point(Vec3(0.5, 4.5, 0.5)) - Vec3(4.5, 2.5, 0.5)).norm();
      if (d < closest) {
        closest = d;
        dof = 3 * joint + axis;
        sign = s;
      }
    }
  ASSERT_LT(closest, 2.0);
  const auto rig = std::make_shared<const Rig>(g.rig);
  Animator animator(rig, std::nullopt, 30, {});
  std::vector<Rejection> rejections;
  double reached = 0;
  for (int step = 1; step <= 9; ++step) {
    Pose pose = rest(3);
    pose.angles[dof] = sign * 10 * step * kDeg;
    const AcceptedPose& accepted = animator.apply(pose, step);
    rejections.insert(rejections.end(), accepted.rejections.begin(), accepted.rejections.end());
    reached = std::abs(accepted.pose.angles[dof]);
  }
  ASSERT_FALSE(rejections.empty());
  EXPECT_EQ(rejections.front().kind, Rejection::Kind::collision);
  EXPECT_EQ(rejections.front().joint, joint);
  EXPECT_EQ(rejections.front().other, right);
  EXPECT_LT(reached, 90 * kDeg);  // held at the last pose that did not collide
  EXPECT_EQ(describe(rejections.front(), g.rig), "left hits right");
  Animator unchecked(rig, std::nullopt, 30, {true, false});
  Pose pose = rest(3);
  pose.angles[dof] = sign * 90 * kDeg;
  EXPECT_TRUE(unchecked.apply(pose, 0).rejections.empty());
}

TEST(Animator, FoldingAChainAtItsUpperJointDrivesTheLowerPartIntoTheRoot) {
  // root x in [0, 3], upper [3, 4], lower [4, 7]: folding the upper joint towards 170 degrees
  // swings the lower part back over the root, its grandparent.
  std::vector<std::array<int, 4>> v;
  for (int x = 0; x < 7; ++x) v.push_back({x, 0, 0, x < 3 ? 0 : x < 4 ? 1 : 2});
  SegmentedModel model = SegmentedModel::build(test::voxel_model(v, {"root", "upper", "lower"}), "chain");
  model.attach_hierarchy(parse_skel("chain.skel",
                                    "ROOT root -180 180 -180 180 -180 180 { JOINT upper -180 180 -180 180 -180 180"
                                    " { JOINT lower -180 180 -180 180 -180 180 { End Site } } }"));
  SkeletonParams params;
  params.method = "centroid";
  const auto rig = std::make_shared<const Rig>(build_rig(model, extract_skeleton(model, params)));
  const int upper = rig->joint_of[model.find_component("upper")];
  const int lower = model.find_component("lower"), root = model.find_component("root");
  Animator animator(rig, std::nullopt, 30, {});
  std::vector<Rejection> rejections;
  double reached = 0;
  for (int step = 1; step <= 17; ++step) {
    Pose pose = rest(3);
    pose.angles[3 * upper] = 10 * step * kDeg;
    const AcceptedPose& accepted = animator.apply(pose, step);
    rejections.insert(rejections.end(), accepted.rejections.begin(), accepted.rejections.end());
    reached = accepted.pose.angles[3 * upper];
  }
  ASSERT_FALSE(rejections.empty());
  EXPECT_EQ(rejections.front().kind, Rejection::Kind::collision);
  EXPECT_EQ(rejections.front().joint, upper);
  EXPECT_EQ(rejections.front().moving, lower);
  EXPECT_EQ(rejections.front().other, root);
  EXPECT_GT(reached, 60 * kDeg);  // the fold went on until the lower part reached the root
  EXPECT_LT(reached, 170 * kDeg);
}

TEST(Animator, SeekingToAFrameEqualsPlayingToIt) {
  // homer's wave at 120 fps: 361 frames, several checkpoints, a held (rejected) nod.
  const SegmentedModel model = load_model(resolve_model("homer"));
  const ClipFile clip = read_clip(std::string(SKINLAB_SOURCE_DIR) + "/clips/homer_wave.clip");
  SkeletonParams params;
  const auto rig = std::make_shared<const Rig>(build_rig(model, extract_skeleton(model, params)));
  Animator player(rig, clip, 120, {});
  ASSERT_EQ(player.grid().count(), 361);
  std::vector<AcceptedPose> played;
  for (int f = 0; f < player.grid().count(); ++f) played.push_back(player.seek(f));
  int held = 0;
  for (const AcceptedPose& p : played) held += !p.rejections.empty();
  ASSERT_GT(held, 10);
  Animator seeker(rig, clip, 120, {});
  std::mt19937 rng(7);
  std::vector<int> order{360, 0, 200, 64, 63, 65, 128, 359, 1};
  for (int i = 0; i < 40; ++i) order.push_back(std::uniform_int_distribution<int>(0, 360)(rng));
  for (int f : order) {
    SCOPED_TRACE(f);
    const AcceptedPose& p = seeker.seek(f);
    EXPECT_EQ(p.frame, f);
    EXPECT_EQ(p.pose.angles, played[f].pose.angles);
    EXPECT_EQ(p.matrices, played[f].matrices);
    ASSERT_EQ(p.rejections.size(), played[f].rejections.size());
    for (std::size_t r = 0; r < p.rejections.size(); ++r) {
      EXPECT_EQ(p.rejections[r].joint, played[f].rejections[r].joint);
      EXPECT_EQ(p.rejections[r].kind, played[f].rejections[r].kind);
    }
  }
  // An explicit pose in between does not leak into the grid frames.
  Pose wild = played[100].pose;
  for (double& a : wild.angles) a = 0.3;
  seeker.apply(wild, 0.0);
  EXPECT_EQ(seeker.seek(101).pose.angles, played[101].pose.angles);
}
