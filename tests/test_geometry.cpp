// SPDX-License-Identifier: GPL-3.0-or-later
#include <gtest/gtest.h>

#include <random>

#include "skinlab/geometry/kernel_centroid.hpp"
#include "skinlab/geometry/line_surface.hpp"
#include "skinlab/geometry/obb.hpp"
#include "test_meshes.hpp"

using namespace skinlab;

namespace {

KernelCentroid kernel_of(const LabeledMesh& m) {
  return kernel_centroid(m.mesh.positions, m.mesh.triangles, {}, convex_hull(m.mesh.positions));
}

void expect_kernel_box(const KernelCentroid& k, const Vec3& lo, const Vec3& hi) {
  ASSERT_FALSE(k.kernel_empty);
  const Box3 box = bounding_box(k.kernel.points);
  EXPECT_LT((box.min - lo).norm(), 1e-9);
  EXPECT_LT((box.max - hi).norm(), 1e-9);
  EXPECT_LT((k.centroid - 0.5 * (lo + hi)).norm(), 1e-9);
}

}  // namespace

TEST(ConvexHull, CubeHullIsOutwardAndCentred) {
  const LabeledMesh cube = test::voxel_model(
      {{0, 0, 0, 0}, {1, 0, 0, 0}, {0, 1, 0, 0}, {1, 1, 0, 0}, {0, 0, 1, 0}, {1, 0, 1, 0}, {0, 1, 1, 0}, {1, 1, 1, 0}},
      {"cube"});
  const ConvexHull hull = convex_hull(cube.mesh.positions);
  EXPECT_EQ(hull.points.size(), 8u);  // face and edge midpoints are not hull vertices
  EXPECT_EQ(hull.triangles.size(), 12u);
  EXPECT_NEAR(winding_number(Vec3(1, 1, 1), hull.points, hull.triangles), 1.0, 1e-12);
  EXPECT_NEAR(winding_number(Vec3(3, 1, 1), hull.points, hull.triangles), 0.0, 1e-12);
  EXPECT_LT((surface_centroid(hull.points, hull.triangles) - Vec3(1, 1, 1)).norm(), 1e-12);
  EXPECT_THROW(convex_hull({Vec3(0, 0, 0), Vec3(1, 0, 0), Vec3(0, 1, 0), Vec3(1, 1, 0)}), GeometryError);
}

TEST(Kernel, KernelOfACubeIsTheCube) {
  const LabeledMesh cube = test::voxel_model(
      {{0, 0, 0, 0}, {1, 0, 0, 0}, {0, 1, 0, 0}, {1, 1, 0, 0}, {0, 0, 1, 0}, {1, 0, 1, 0}, {0, 1, 1, 0}, {1, 1, 1, 0}},
      {"cube"});
  const KernelCentroid k = kernel_of(cube);
  expect_kernel_box(k, Vec3(0, 0, 0), Vec3(2, 2, 2));
  EXPECT_NEAR(k.inner_radius, 1.0, 1e-9);  // the inscribed ball of the 2-cube
}

TEST(Kernel, KernelOfAnLPrismIsTheCornerBox) {
  // L in the xy-plane: [0,2]x[0,1] and [0,1]x[0,2], height 1; every point of the corner cell
  // sees the whole prism, and no other point does.
  const KernelCentroid k = kernel_of(test::voxel_model({{0, 0, 0, 0}, {1, 0, 0, 0}, {0, 1, 0, 0}}, {"L"}));
  expect_kernel_box(k, Vec3(0, 0, 0), Vec3(1, 1, 1));
  EXPECT_LT((k.centroid - Vec3(0.5, 0.5, 0.5)).norm(), 1e-12);
}

TEST(Kernel, NonStarShapedComponentFallsBackToTheHullCentroid) {
  // A U: the inner faces of the two arms face each other, x <= 1 and x >= 2 at once.
  const LabeledMesh u = test::voxel_model(
      {{0, 0, 0, 0}, {1, 0, 0, 0}, {2, 0, 0, 0}, {0, 1, 0, 0}, {2, 1, 0, 0}, {0, 2, 0, 0}, {2, 2, 0, 0}}, {"U"});
  const ConvexHull hull = convex_hull(u.mesh.positions);
  const KernelCentroid k = kernel_of(u);
  EXPECT_TRUE(k.kernel_empty);
  EXPECT_TRUE(k.kernel.points.empty());
  EXPECT_LT((k.centroid - surface_centroid(hull.points, hull.triangles)).norm(), 1e-12);
  EXPECT_LT((k.centroid - Vec3(1.5, 1.5, 0.5)).norm(), 1e-12);  // the hull is the box [0,3]x[0,3]x[0,1]
}

TEST(Kernel, HalfspaceIntersectionIsAClosedOutwardPolytopeWithoutRepeatedCorners) {
  // |x| + |y| + |z| <= 1: four planes meet at each of the octahedron's six corners, so the
  // dual hull's facets there are quadrilaterals; one corner each, not two triangles' worth.
  std::vector<Halfspace> octahedron;
  for (int i = 0; i < 8; ++i) octahedron.push_back({Vec3(i & 1 ? 1 : -1, i & 2 ? 1 : -1, i & 4 ? 1 : -1), 1.0});
  const std::optional<ConvexHull> polytope = halfspace_intersection(octahedron, Vec3(0.1, -0.2, 0.05));
  ASSERT_TRUE(polytope.has_value());
  EXPECT_EQ(polytope->points.size(), 6u);
  for (const Vec3& p : polytope->points) EXPECT_NEAR(p.cwiseAbs().sum(), 1.0, 1e-12);
  double area = 0.0;
  for (const Tri& t : polytope->triangles) {
    const Vec3 &a = polytope->points[t[0]], &b = polytope->points[t[1]], &c = polytope->points[t[2]];
    area += 0.5 * (b - a).cross(c - a).norm();
  }
  EXPECT_NEAR(area, 4.0 * std::sqrt(3.0), 1e-12);  // eight equilateral faces of side sqrt(2)
  EXPECT_NEAR(winding_number(Vec3(0.2, 0.1, -0.3), polytope->points, polytope->triangles), 1.0, 1e-12);
  EXPECT_NEAR(winding_number(Vec3(0.9, 0.9, 0.0), polytope->points, polytope->triangles), 0.0, 1e-12);
  // Unbounded (a slab) and not strictly inside are refused.
  EXPECT_FALSE(
      halfspace_intersection({{Vec3(0, 0, 1), 1.0}, {Vec3(0, 0, -1), 1.0}, {Vec3(1, 0, 0), 1.0}, {Vec3(0, 1, 0), 1.0}},
                             Vec3::Zero())
          .has_value());
  EXPECT_FALSE(halfspace_intersection(octahedron, Vec3(1, 0, 0)).has_value());
}

TEST(OBB, RecoversTheAxesAndHalfExtentsOfARotatedBox) {
  std::mt19937 rng(5);
  std::normal_distribution<double> normal;
  for (int trial = 0; trial < 20; ++trial) {
    const Mat3 r = Quat(normal(rng), normal(rng), normal(rng), normal(rng)).normalized().toRotationMatrix();
    const Vec3 half(3.0, 2.0, 1.0), center(normal(rng), normal(rng), normal(rng));
    std::vector<Vec3> corners;
    for (int i = 0; i < 8; ++i)
      corners.push_back(
          center + r * Vec3((i & 1 ? 1 : -1) * half.x(), (i & 2 ? 1 : -1) * half.y(), (i & 4 ? 1 : -1) * half.z()));
    const OBB box = covariance_obb(convex_hull(corners));
    for (int k = 0; k < 3; ++k) EXPECT_NEAR(std::abs(box.axes.col(k).dot(r.col(k))), 1.0, 1e-9);
    EXPECT_LT((box.half_extents - half).norm(), 1e-9);
    EXPECT_LT((box.center - center).norm(), 1e-9);
    EXPECT_NEAR(box.axes.determinant(), 1.0, 1e-12);
  }
}

TEST(OBB, SeparatingAxisTestAgreesWithSamplingAndExactLP) {
  std::mt19937 rng(9);
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  std::normal_distribution<double> normal;
  const auto random_box = [&] {
    OBB b;
    b.axes = Quat(normal(rng), normal(rng), normal(rng), normal(rng)).normalized().toRotationMatrix();
    b.center = Vec3(u(rng), u(rng), u(rng)) * 1.2;
    b.half_extents = Vec3(0.2 + std::abs(u(rng)), 0.2 + std::abs(u(rng)), 0.1 + 0.3 * std::abs(u(rng)));
    return b;
  };
  const auto halfspaces = [](const OBB& b, std::vector<Halfspace>& out) {
    for (int k = 0; k < 3; ++k) {
      const Vec3 n = b.axes.col(k);
      out.push_back({n, n.dot(b.center) + b.half_extents[k]});
      out.push_back({-n, -n.dot(b.center) + b.half_extents[k]});
    }
  };
  const auto sample_hits = [](const OBB& from, const OBB& into) {
    const int n = 12;
    for (int i = 0; i <= n; ++i)
      for (int j = 0; j <= n; ++j)
        for (int k = 0; k <= n; ++k) {
          const Vec3 s(2.0 * i / n - 1, 2.0 * j / n - 1, 2.0 * k / n - 1);
          if (obb_contains(into, from.center + from.axes * s.cwiseProduct(from.half_extents))) return true;
        }
    return false;
  };
  int overlapping = 0, separated = 0;
  for (int trial = 0; trial < 300; ++trial) {
    const OBB a = random_box(), b = random_box();
    const bool sat = obb_overlap(a, b);
    std::vector<Halfspace> both;
    halfspaces(a, both);
    halfspaces(b, both);
    const bool exact = chebyshev_center(both, 10.0).radius > 1e-9;
    EXPECT_EQ(sat, exact) << "trial " << trial;
    if (sample_hits(a, b) || sample_hits(b, a)) {
      EXPECT_TRUE(sat) << "trial " << trial;
    }
    (sat ? overlapping : separated)++;
  }
  EXPECT_GT(overlapping, 30);
  EXPECT_GT(separated, 30);
}

TEST(Geometry, BoundingSphereAndPlaneFit) {
  const Sphere s = bounding_sphere({Vec3(-1, 0, 0), Vec3(1, 0, 0), Vec3(0, 0.5, 0), Vec3(0, 0, 0.2)});
  EXPECT_LT(s.center.norm(), 1e-12);
  EXPECT_NEAR(s.radius, 1.0, 1e-12);
  const Plane p = fit_plane({Vec3(0, 0, 1), Vec3(1, 0, 1), Vec3(0, 1, 1), Vec3(1, 1, 1)});
  EXPECT_NEAR(std::abs(p.normal.z()), 1.0, 1e-12);
  EXPECT_LT((p.point - Vec3(0.5, 0.5, 1)).norm(), 1e-12);
}

TEST(Geometry, LineHitsOfACube) {
  const LabeledMesh cube = test::voxel_model({{0, 0, 0, 0}}, {"cube"});
  const auto hits = line_surface_hits(Vec3(0.5, 0.25, 0.75), Vec3(1, 0, 0), cube.mesh.positions, cube.mesh.triangles);
  ASSERT_EQ(hits.size(), 2u);
  EXPECT_NEAR(hits[0], -0.5, 1e-15);
  EXPECT_NEAR(hits[1], 0.5, 1e-15);
}
