// SPDX-License-Identifier: GPL-3.0-or-later
#include <gtest/gtest.h>

#include <cstdio>
#include <numbers>
#include <random>

#include "skinlab/core/error.hpp"
#include "skinlab/geometry/line_surface.hpp"
#include "skinlab/metrics/skeleton_quality.hpp"
#include "skinlab/skeleton/component_surface.hpp"
#include "skinlab/skeleton/extract_skeleton.hpp"
#include "skinlab/skeleton/grouping.hpp"
#include "skinlab/skeleton/refinement.hpp"
#include "test_meshes.hpp"

using namespace skinlab;

namespace {

// Thesis Fig. 3.4b: a bent component between a parent block and a child block.
SegmentedModel bent_model() {
  const LabeledMesh mesh = test::voxel_model({{0, 0, 0, 0},
                                              {1, 0, 0, 0},  // parent
                                              {2, 0, 0, 1},
                                              {3, 0, 0, 1},
                                              {4, 0, 0, 1},
                                              {4, 1, 0, 1},
                                              {4, 2, 0, 1},  // bent
                                              {4, 3, 0, 2},
                                              {4, 4, 0, 2}},  // child
                                             {"parent", "bent", "child"});
  SegmentedModel model = SegmentedModel::build(mesh, "bent");
  model.attach_hierarchy(parse_skel("bent.skel",
                                    "ROOT parent 0 0 0 0 0 0 { JOINT bent 0 0 0 0 0 0 {"
                                    " JOINT child 0 0 0 0 0 0 { End Site } } }"));
  return model;
}

// Thesis Fig. 3.6: a cross whose children hang on the ends of its short bar.
SegmentedModel cross_model() {
  std::vector<std::array<int, 4>> voxels = {{0, 2, 0, 1}, {4, 2, 0, 2}, {1, 2, 0, 0}, {3, 2, 0, 0}};
  for (int y = 0; y < 5; ++y) voxels.push_back({2, y, 0, 0});
  SegmentedModel model = SegmentedModel::build(test::voxel_model(voxels, {"cross", "left", "right"}), "cross");
  model.attach_hierarchy(parse_skel("cross.skel",
                                    "ROOT cross 0 0 0 0 0 0 { JOINT left 0 0 0 0 0 0 { End Site }"
                                    " JOINT right 0 0 0 0 0 0 { End Site } }"));
  return model;
}

// The smallest winding number of component c's closed surface along the inner 90% of a bone.
double least_inside(const SegmentedModel& model, int c, const Vec3& a, const Vec3& b) {
  const ComponentSurface s = component_surface(model, c);
  double least = 1.0;
  for (int i = 1; i < 20; ++i) {
    const double t = 0.05 + 0.9 * i / 20.0;
    least = std::min(least, winding_number(a + t * (b - a), s.positions, s.triangles));
  }
  return least;
}

std::vector<Bone> bones_of(const Skeleton& s, int c) {
  std::vector<Bone> out;
  for (const Bone& b : s.bones)
    if (b.component == c) out.push_back(b);
  return out;
}

SkeletonParams with_method(const std::string& method) {
  SkeletonParams params;
  params.method = method;
  return params;
}

}  // namespace

TEST(Skeleton, OpeningMethodLeavesTheBentComponentWhileCentroidAndPAStayInside) {
  const SegmentedModel model = bent_model();
  const int bent = model.find_component("bent");
  for (const std::string method : {"opening", "centroid", "pa"}) {
    const Skeleton s = extract_skeleton(model, with_method(method));
    const auto bones = bones_of(s, bent);
    ASSERT_FALSE(bones.empty()) << method;
    double least = 1.0;
    for (const Bone& b : bones)
      least = std::min(least, least_inside(model, bent, s.joints[b.from].position, s.joints[b.to].position));
    if (method == "opening")
      EXPECT_LT(least, 0.1) << "the straight bone between the openings cuts the corner";
    else
      EXPECT_GT(least, 0.45) << method;
  }
  // The kernel of the bent part is its corner cell, capped by its two opening planes.
  const Skeleton s = extract_skeleton(model, with_method("centroid"));
  EXPECT_FALSE(s.components[bent].kernel_empty);
  EXPECT_LT((s.components[bent].kernel_centroid - Vec3(4.5, 0.5, 0.5)).norm(), 1e-9);
  // Joints: the root, two openings, two kernel centroids; the opening joints belong to the child.
  EXPECT_EQ(s.joints.size(), 5u);
  EXPECT_EQ(s.joints[s.components[bent].root_joint].kind, JointKind::opening);
  EXPECT_LT((s.joints[s.components[bent].root_joint].position - Vec3(2, 0.5, 0.5)).norm(), 1e-12);
}

TEST(Skeleton, PrincipalAxisOnACrossGivesCrossingSegmentsWhereCentroidGivesOne) {
  const SegmentedModel model = cross_model();
  const Skeleton pa = extract_skeleton(model, with_method("pa"));
  const ComponentFrame& cross = pa.components[0];
  EXPECT_LT((cross.kernel_centroid - Vec3(2.5, 2.5, 0.5)).norm(), 1e-9);
  // PA_KC runs along the long bar, end to end.
  EXPECT_LT((cross.axis_begin - Vec3(2.5, 0, 0.5)).norm() * (cross.axis_end - Vec3(2.5, 5, 0.5)).norm() *
                (cross.axis_begin - Vec3(2.5, 5, 0.5)).norm() * (cross.axis_end - Vec3(2.5, 0, 0.5)).norm(),
            1e-9);
  bool along_x = false, along_y = false;
  double length = 0;
  for (const Bone& b : bones_of(pa, 0)) {
    const Vec3 d = pa.joints[b.to].position - pa.joints[b.from].position;
    along_x |= std::abs(d.x()) > 1.0 && std::abs(d.y()) < 1e-9;
    along_y |= std::abs(d.y()) > 2.0 && std::abs(d.x()) < 1e-9;
    length += d.norm();
  }
  EXPECT_TRUE(along_x && along_y);
  EXPECT_NEAR(length, 3.0 + 5.0, 1e-9);  // both openings to the centre, both ends to the centre
  const Skeleton centroid = extract_skeleton(model, with_method("centroid"));
  for (const Bone& b : bones_of(centroid, 0))
    EXPECT_LT(std::abs(centroid.joints[b.to].position.y() - centroid.joints[b.from].position.y()), 1e-9);
}

TEST(Skeleton, GroupingMatchesAHandWorkedExample) {
  // PA_KC along x; four centroids one unit off the axis above x = 1, 2, 8, 9.
  GroupingInput in;
  for (double x : {1.0, 2.0, 8.0, 9.0}) {
    in.centroids.emplace_back(x, 1, 0);
    in.projections.emplace_back(x, 0, 0);
  }
  // {oc1, oc2}: link (1.5, 0, 0); d(oc, L) = sqrt(1.25), d_min = 1; farthest 8 and 7.
  const double v1 = (std::sqrt(1.25) - 1) / 7, v2 = (std::sqrt(1.25) - 1) / 6;
  EXPECT_NEAR(normalized_variation(in, 0, Vec3(1.5, 0, 0)), v1, 1e-15);
  EXPECT_NEAR(merging_score(in, 0, 1), ((v1 + v2) / 2 + 1.0 / 8) / 2, 1e-15);  // = 0.0716336
  EXPECT_NEAR(merging_score(in, 0, 1), 0.0716336, 1e-7);
  // Apart, {oc1} {oc2}: no variation, gap 1 of 8: F2 = (1 - 1/8) / 3 > F1, so they merge.
  EXPECT_NEAR(separating_score(in, {{0, 0}}, {{1, 1}}), 0.875 / 3, 1e-15);
  // All four as one group: link (5, 0, 0), F1 = (mean V + 8/8) / 2 = 0.7016344.
  EXPECT_NEAR(merging_score(in, 0, 3), 0.7016344, 1e-7);
  // {oc1, oc2} {oc3, oc4}: gap 6 of 8: F2 = (2 * 0.0182672 + 0.25) / 3 = 0.0955114, the best.
  EXPECT_NEAR(separating_score(in, {{0, 1}}, {{2, 3}}), 0.0955114, 1e-7);
  EXPECT_EQ(group_opening_centroids(in), (Groups{{0, 1}, {2, 3}}));
  EXPECT_LT((link_point(in, 2, 3) - Vec3(8.5, 0, 0)).norm(), 1e-15);
}

double degrees_between_lines(const Vec3& a, const Vec3& b) {
  return std::acos(std::min(1.0, std::abs(a.normalized().dot(b.normalized())))) * 180 / std::numbers::pi;
}

TEST(Refinement, BlendAlignsASingleVectorFullyAndMakesItThePrincipalAxis) {
  const double ten = 10 * std::numbers::pi / 180;
  const Vec3 v(std::sin(ten), std::cos(ten), 0);  // 10 degrees from +y
  const PrincipalFrame out =
      local_refine({Mat3::Identity(), 0}, &v, {}, 20 * std::numbers::pi / 180, LocalRefinement::blend);
  EXPECT_EQ(out.principal_axis, 1);
  EXPECT_LT((out.directions.col(1) - v).norm(), 1e-12);
  const PrincipalFrame limited =
      local_refine({Mat3::Identity(), 0}, &v, {}, 5 * std::numbers::pi / 180, LocalRefinement::blend);
  EXPECT_EQ(limited.directions, Mat3::Identity());  // rejected: the turn exceeds max-angle
}

// Algorithm 3 by hand: a part with one child, w = 2. The root vector is 12 degrees from +y in
// the xy plane: align turns y by 12 / (2w) = 3 degrees towards it and makes y the principal
// axis. The child vector is -y: y, now 3 degrees off, turns back by 3 / w = 1.5 degrees. A
// child vector that x is closest to then makes x the principal axis (line 6, every step).
TEST(Refinement, ThesisAlignStepsFollowAlgorithmThreeAndSwitchTheAxisEachTime) {
  const double twelve = 12 * std::numbers::pi / 180;
  const Vec3 root(std::sin(twelve), std::cos(twelve), 0);
  const double limit = 18 * std::numbers::pi / 180;
  const PrincipalFrame out = local_refine({Mat3::Identity(), 0}, &root, {Vec3(0, -1, 0)}, limit);
  EXPECT_EQ(out.principal_axis, 1);
  EXPECT_NEAR(degrees_between_lines(out.directions.col(1), Vec3::UnitY()), 1.5, 1e-9);
  EXPECT_NEAR(out.directions.col(1).x(), std::sin(1.5 * std::numbers::pi / 180), 1e-12);  // towards the root vector
  const PrincipalFrame sideways = local_refine({Mat3::Identity(), 0}, &root, {Vec3(1, 0, 0)}, limit);
  EXPECT_EQ(sideways.principal_axis, 0);
  // The earlier blend keeps the covariance axis whenever a part has more than one opening.
  EXPECT_EQ(local_refine({Mat3::Identity(), 0}, &root, {Vec3(0, -1, 0)}, limit, LocalRefinement::blend).principal_axis, 0);
  // A step whose weighted angle exceeds the limit is skipped whole: no turn, no switch.
  const PrincipalFrame rejected = local_refine({Mat3::Identity(), 0}, &root, {}, 5 * std::numbers::pi / 180);
  EXPECT_EQ(rejected.principal_axis, 0);
  EXPECT_EQ(rejected.directions, Mat3::Identity());
}

// The thesis' case for refinement (§3.3.1, Fig. 3.11): an L-shaped limb (a leg and a long foot
// of voxels) between a torso and a child below the leg. Its hull's principal axis runs along
// the foot, far from the leg; after refinement at Homer's angle (18 degrees) the limb's
// principal axis, and the bone along it, follow the leg.
TEST(Skeleton, LocalRefinementTurnsAnLShapedLimbOntoItsLength) {
  std::vector<std::array<int, 4>> voxels;
  for (int x = 0; x < 3; ++x)
    for (int y = 5; y < 7; ++y) voxels.push_back({x, y, 0, 0});    // torso
  for (int y = 1; y < 5; ++y) voxels.push_back({1, y, 0, 1});      // the limb's leg
  for (int x = 2; x < 9; ++x) voxels.push_back({x, 2, 0, 1});      // and its foot
  voxels.push_back({1, 0, 0, 2});                                  // child
  SegmentedModel model = SegmentedModel::build(test::voxel_model(voxels, {"torso", "limb", "child"}), "L");
  model.attach_hierarchy(parse_skel("L.skel",
                                    "ROOT torso 0 0 0 0 0 0 { JOINT limb 0 0 0 0 0 0 {"
                                    " JOINT child 0 0 0 0 0 0 { End Site } } }"));
  const auto limb_axis = [&](const std::string& method, LocalRefinement mode) -> Vec3 {
    SkeletonParams params = with_method(method);
    params.max_angle_degrees = 18;
    params.local_refinement = mode;
    const Skeleton skeleton = extract_skeleton(model, params);
    const ComponentFrame& limb = skeleton.components[1];
    return limb.obb.axes.col(limb.principal_axis);
  };
  const Vec3 leg = Vec3::UnitY();
  const double before = degrees_between_lines(limb_axis("pa", LocalRefinement::thesis), leg);
  const double thesis = degrees_between_lines(limb_axis("pa-refined", LocalRefinement::thesis), leg);
  const double blend = degrees_between_lines(limb_axis("pa-refined", LocalRefinement::blend), leg);
  std::printf("L limb: pa %.2f, thesis %.2f, blend %.2f degrees off the leg\n", before, thesis, blend);
  EXPECT_GT(before, 70.0);
  EXPECT_LT(thesis, 5.0);
  EXPECT_GT(blend, 45.0);
}

TEST(Refinement, NeverTurnsAFrameFurtherThanMaxAngle) {
  std::mt19937 rng(17);
  std::normal_distribution<double> normal;
  const auto random_frame = [&] {
    return PrincipalFrame{Quat(normal(rng), normal(rng), normal(rng), normal(rng)).normalized().toRotationMatrix(), 0};
  };
  for (double degrees : {5.0, 12.0, 20.0, 45.0}) {
    const double max_angle = degrees * std::numbers::pi / 180;
    for (int trial = 0; trial < 200; ++trial) {
      const PrincipalFrame start = random_frame();
      const Vec3 root(normal(rng), normal(rng), normal(rng));
      std::vector<Vec3> children(trial % 4);
      for (Vec3& c : children) c = Vec3(normal(rng), normal(rng), normal(rng));
      // The blend is held to the limit as a whole; Algorithm 3 holds each align step to it.
      const PrincipalFrame blend =
          local_refine(start, trial % 2 ? &root : nullptr, children, max_angle, LocalRefinement::blend);
      EXPECT_LE(rotation_angle_between(start.directions, blend.directions), max_angle + 1e-12);
      const PrincipalFrame parent = parent_refine(blend, random_frame(), start.directions, max_angle);
      EXPECT_LE(rotation_angle_between(start.directions, parent.directions), max_angle + 1e-12);
      EXPECT_LT((parent.directions.transpose() * parent.directions - Mat3::Identity()).norm(), 1e-12);
      const int steps = static_cast<int>(children.size()) + trial % 2;
      const PrincipalFrame thesis = local_refine(start, trial % 2 ? &root : nullptr, children, max_angle);
      if (steps == 0) EXPECT_EQ(thesis.directions, start.directions);
      else EXPECT_LE(rotation_angle_between(start.directions, thesis.directions), steps * max_angle + 1e-12);
      EXPECT_LT((thesis.directions.transpose() * thesis.directions - Mat3::Identity()).norm(), 1e-12);
    }
  }
}

TEST(Refinement, ParentRefinementSnapsANearlyAlignedChildOntoItsParent) {
  const Mat3 tilted = Eigen::AngleAxisd(0.1, Vec3(1, 2, 3).normalized()).toRotationMatrix();
  const PrincipalFrame child{tilted, 2};
  const PrincipalFrame out = parent_refine(child, {Mat3::Identity(), 0}, tilted, 0.2);
  EXPECT_LT(rotation_angle_between(Mat3::Identity(), out.directions), 1e-9);
}

// Every align step is held to the limit: the blend's one step, and Algorithm 3's one per
// opening (bent: the root part and the child one each, the bent part two). The turn the
// skeleton reports is the one between the covariance frame and the refined one.
TEST(Skeleton, RefinedFramesStayWithinMaxAngleOfTheCovarianceFramesPerAlignStep) {
  const SegmentedModel model = bent_model();
  const Skeleton pa = extract_skeleton(model, with_method("pa"));
  const double limit = 12 * std::numbers::pi / 180;
  for (LocalRefinement mode : {LocalRefinement::thesis, LocalRefinement::blend}) {
    SkeletonParams params = with_method("pa-refined");
    params.max_angle_degrees = 12;
    params.local_refinement = mode;
    const Skeleton refined = extract_skeleton(model, params);
    const int steps[] = {1, 2, 1};
    for (int c = 0; c < model.num_components(); ++c) {
      const double turn = rotation_angle_between(pa.components[c].obb.axes, refined.components[c].obb.axes);
      EXPECT_LE(turn, (mode == LocalRefinement::blend ? 1 : steps[c]) * limit + 1e-12);
      EXPECT_NEAR(refined.components[c].refinement_turn, turn, 1e-9);
      EXPECT_EQ(pa.components[c].refinement_turn, 0.0);
    }
  }
}

// Thesis §3.2.2: a part that is not star-shaped takes its centre of mass. A U of seven unit
// voxels: the mean of their centres, y = (3 * 0.5 + 2 * 1.5 + 2 * 2.5) / 7; the hull's centroid
// (the earlier choice) is the middle of its box.
TEST(Skeleton, EmptyKernelTakesTheCentreOfMass) {
  const SegmentedModel u = SegmentedModel::build(
      test::voxel_model({{0, 0, 0, 0}, {1, 0, 0, 0}, {2, 0, 0, 0}, {0, 1, 0, 0}, {2, 1, 0, 0}, {0, 2, 0, 0}, {2, 2, 0, 0}},
                        {"U"}),
      "U");
  SkeletonParams params = with_method("centroid");
  const ComponentFrame mass = extract_skeleton(u, params).components[0];
  EXPECT_TRUE(mass.kernel_empty);
  EXPECT_LT((mass.kernel_centroid - Vec3(1.5, 9.5 / 7, 0.5)).norm(), 1e-12);
  params.empty_kernel_centre_of_mass = false;
  EXPECT_LT((extract_skeleton(u, params).components[0].kernel_centroid - Vec3(1.5, 1.5, 0.5)).norm(), 1e-12);
}

// The skeleton-quality measures on `bent` by hand. The opening method's bone of the bent part
// runs from its opening (2, .5, .5) to the child's (4.5, 3, .5): inside the part while y <= 1 or
// x >= 4, i.e. for t <= 0.2 and t >= 0.8, which 13 + 13 of the 64 midpoint samples hit. The
// part's farthest vertex from its opening is (5, 3, 0): the elongation (3, 2.5, -.5). The centroid
// method's bones run along the parts' middle lines, inside everywhere. Every joint sits on its
// opening's plane (the loops are planar squares).
TEST(SkeletonQuality, BentPartMeasuredByHand) {
  const SegmentedModel model = bent_model();
  const int bent = model.find_component("bent");
  const SkeletonQuality opening = measure_skeleton_quality(model, extract_skeleton(model, with_method("opening")));
  ASSERT_EQ(opening.parts.size(), 3u);
  const PartQuality& part = opening.parts[bent];
  EXPECT_EQ(part.name, "bent");
  EXPECT_FALSE(part.root);
  EXPECT_NEAR(part.bone_length, std::sqrt(2 * 2.5 * 2.5), 1e-12);
  EXPECT_NEAR(part.bone_length_inside / part.bone_length, 26.0 / 64.0, 1e-12);
  EXPECT_LT((part.opening - Vec3(2, 0.5, 0.5)).norm(), 1e-12);
  EXPECT_NEAR(std::abs(part.far_end.x() - 5) + std::abs(part.far_end.y() - 3), 0.0, 1e-12);
  ASSERT_TRUE(part.bone_angle.has_value());
  const Vec3 bone(2.5, 2.5, 0), elongation(3, 2.5, 0.5);
  EXPECT_NEAR(*part.bone_angle,
              std::acos(bone.dot(elongation) / (bone.norm() * elongation.norm())) * 180 / std::numbers::pi, 1e-9);
  EXPECT_FALSE(part.axis_angle.has_value());  // the opening method has no principal axes
  EXPECT_LT(opening.inside_fraction, 1.0);
  EXPECT_TRUE(opening.parts[model.find_component("parent")].root);

  const SkeletonQuality centroid = measure_skeleton_quality(model, extract_skeleton(model, with_method("centroid")));
  EXPECT_DOUBLE_EQ(centroid.inside_fraction, 1.0);
  for (const PartQuality& p : centroid.parts) {
    EXPECT_LE(p.joint_off_plane, 1e-12) << p.name;
    EXPECT_EQ(p.refinement_turn, 0.0) << p.name;
  }
  // With principal axes, each non-root part has an axis angle; refinement reports its turn.
  const SkeletonQuality refined = measure_skeleton_quality(model, extract_skeleton(model, with_method("pa-refined")));
  EXPECT_TRUE(refined.parts[bent].axis_angle.has_value());
  EXPECT_FALSE(refined.parts[model.find_component("parent")].axis_angle.has_value());
}

TEST(Skeleton, ModelWithPartsButNoHierarchyIsRejected) {
  const SegmentedModel model = SegmentedModel::build(test::stacked_cylinder(2, 8), "cylinder");
  EXPECT_THROW(extract_skeleton(model), InputError);
}
