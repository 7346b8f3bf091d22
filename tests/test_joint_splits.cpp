// SPDX-License-Identifier: GPL-3.0-or-later
// Joint splits along a limb (segmentation step 3) on lathed limbs whose profile is known.
#include <gtest/gtest.h>

#include <cmath>
#include <functional>
#include <numbers>

#include "skinlab/geometry/geodesic_distance.hpp"
#include "skinlab/segmentation/joint_splits.hpp"
#include "test_meshes.hpp"

namespace skinlab {
namespace {

// A limb along +z from its tip at z = 0 to z = 10, radius r(z), closed by flat caps; its tip
// is the centre of the cap at z = 0 and the limb is cut `length` from it.
Limbs lathed_limb(const std::function<double(double)>& r, double length, TriMesh& m) {
  m = test::lathe(
      40, 201, [](int k) { return 0.05 * k; }, r);  // z from 0 to 10
  const int tip = m.num_vertices() - 2;
  Limbs limbs;
  limbs.tips = {tip};
  limbs.distance = {geodesic_distances(m, vertex_one_rings(m), {tip})};
  limbs.length = {length};
  for (const Tri& t : m.triangles) {
    const auto& g = limbs.distance[0];
    limbs.face_limb.push_back((g[t[0]] + g[t[1]] + g[t[2]]) / 3 < length ? 0 : -1);
  }
  return limbs;
}

// A hand (radius 0.9 at z = 0.8) on a wrist (radius 0.38 at z = 1.8) on an arm of radius 0.5.
double arm_with_hand(double z) {
  return 0.5 + 0.4 * std::exp(-std::pow((z - 0.8) / 0.45, 2)) - 0.12 * std::exp(-std::pow((z - 1.8) / 0.2, 2));
}

TEST(JointSplits, HandSplitsOffAtTheWristAndTheArmAtItsMiddle) {
  TriMesh mesh;
  const Limbs limbs = lathed_limb(arm_with_hand, 9.5, mesh);
  // Geodesic distance from the tip to the wrist ring: across the cap, then along the surface.
  double wrist = 0.0;
  for (int v = 0; v < mesh.num_vertices(); ++v)
    if (std::abs(mesh.positions[v].z() - 1.8) < 1e-9) wrist = limbs.distance[0][v];
  SegmentParams params;  // split_aspect 3, max_pieces 3, end_narrowing 1.3
  std::vector<LimbProfile> profiles{limb_profile(mesh, limbs, 0, params.min_limb_aspect)};
  EXPECT_FALSE(profiles[0].bump);
  EXPECT_NEAR(profiles[0].mean_diameter, 1.0, 0.05);  // the arm's 2 x 0.5
  std::vector<int> face_label;
  const std::vector<BodyPart> parts = split_limbs_at_joints(mesh, limbs, {"arm_l"}, params, profiles, face_label);
  ASSERT_EQ(parts.size(), 4u);  // the trunk, then upper arm, forearm, hand
  EXPECT_TRUE(profiles[0].end);
  ASSERT_EQ(profiles[0].joints.size(), 2u);
  const double ring = 9.5 / 64;  // the profile's resolution
  EXPECT_NEAR(profiles[0].joints[1], wrist, 1.5 * ring);
  // The rest (about 7 diameters) splits once, in its middle: a tube shows no waist.
  EXPECT_NEAR(profiles[0].joints[0], (wrist + 9.5) / 2, 1.5 * ring);
  for (int p = 1; p <= 3; ++p) {
    EXPECT_EQ(parts[p].piece, p - 1);
    EXPECT_EQ(parts[p].parent, p == 1 ? kTrunkPart : p - 1);
    EXPECT_EQ(parts[p].end, p == 3);
  }
  // Every triangle of the hand lies beyond the wrist, towards the tip.
  for (int f = 0; f < mesh.num_triangles(); ++f) {
    if (face_label[f] != 3) continue;
    for (int v : mesh.triangles[f]) {
      EXPECT_LT(mesh.positions[v].z(), 1.8 + 0.3);
    }
  }
}

TEST(JointSplits, ATaperingTipIsNoHandAndShortLimbsStayWholeOrBumps) {
  SegmentParams params;
  {
    TriMesh mesh;  // a cone-like tip: the ring only grows, then a tube
    const Limbs limbs = lathed_limb([](double z) { return std::min(0.5, 0.05 + 0.25 * z); }, 9.5, mesh);
    std::vector<LimbProfile> profiles{limb_profile(mesh, limbs, 0, params.min_limb_aspect)};
    std::vector<int> face_label;
    split_limbs_at_joints(mesh, limbs, {"leg_l"}, params, profiles, face_label);
    EXPECT_FALSE(profiles[0].end);
    EXPECT_EQ(profiles[0].joints.size(), 2u);  // about 9 diameters: three pieces
  }
  {
    TriMesh mesh;  // 2.5 diameters: one part, no joint inside
    const Limbs limbs = lathed_limb([](double) { return 0.5; }, 2.5, mesh);
    std::vector<LimbProfile> profiles{limb_profile(mesh, limbs, 0, params.min_limb_aspect)};
    std::vector<int> face_label;
    EXPECT_EQ(split_limbs_at_joints(mesh, limbs, {"leg_l"}, params, profiles, face_label).size(), 2u);
    EXPECT_TRUE(profiles[0].joints.empty());
  }
  {
    TriMesh mesh;  // 2.5 diameters, when limbs must be 3 diameters long: a bump, left to the trunk
    const Limbs limbs = lathed_limb([](double) { return 0.5; }, 2.5, mesh);
    std::vector<LimbProfile> profiles{limb_profile(mesh, limbs, 0, 3.0)};
    EXPECT_TRUE(profiles[0].bump);
    std::vector<int> face_label;
    EXPECT_EQ(split_limbs_at_joints(mesh, limbs, {"limb_0"}, params, profiles, face_label).size(), 1u);
    for (int l : face_label) EXPECT_EQ(l, kTrunkPart);
  }
}

}  // namespace
}  // namespace skinlab
