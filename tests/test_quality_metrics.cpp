// SPDX-License-Identifier: GPL-3.0-or-later
// The quality metrics of the experiment tables against analytic values on shapes built in code.
#include <gtest/gtest.h>

#include <cmath>
#include <numbers>
#include <random>

#include "skinlab/core/triangle_intersection.hpp"
#include "skinlab/experiments/joint_geometry.hpp"
#include "skinlab/metrics/cross_section.hpp"
#include "skinlab/metrics/normal_deviation.hpp"
#include "skinlab/metrics/self_intersections.hpp"
#include "skinlab/metrics/surface_distance.hpp"
#include "test_meshes.hpp"

namespace skinlab {
namespace {

constexpr double kPi = std::numbers::pi;

// Area of the regular n-gon of circumradius r.
double ngon_area(int n, double r) { return 0.5 * n * r * r * std::sin(2 * kPi / n); }

TEST(QualityMetrics, VolumeOfAnOctahedronAndASphere) {
  // |x| + |y| + |z| <= 1 encloses 4/3 exactly.
  TriMesh octahedron;
  octahedron.positions = {{1, 0, 0}, {-1, 0, 0}, {0, 1, 0}, {0, -1, 0}, {0, 0, 1}, {0, 0, -1}};
  for (int sx : {0, 1})
    for (int sy : {2, 3})
      for (int sz : {4, 5}) {
        Tri t{sx, sy, sz};
        // Outward when the signs' product is positive, as (+x, +y, +z) is.
        if (((sx == 1) != (sy == 3)) != (sz == 5)) std::swap(t[1], t[2]);
        octahedron.triangles.push_back(t);
      }
  EXPECT_NEAR(enclosed_volume(octahedron), 4.0 / 3.0, 1e-12);
  // A lathed sphere of radius 2 converges to 32/3 pi.
  const int rings = 200;
  const TriMesh sphere = test::lathe(
      256, rings, [&](int k) { return -2.0 + 4.0 * k / (rings - 1); },
      [](double z) { return std::sqrt(std::max(0.0, 4.0 - z * z)); });
  EXPECT_NEAR(enclosed_volume(sphere) / (32.0 / 3.0 * kPi), 1.0, 2e-3);
}

// The inscribed ratio's distance: from the axis of a lathed cylinder of radius r to its side is the
// n-gon's apothem r cos(pi/n); the LBS-twisted cylinder's middle ring (below) comes nearer.
TEST(QualityMetrics, DistanceToTrianglesFromInsideAndOutsideACylinder) {
  const int sides = 16;
  const TriMesh cylinder = test::lathe(
      sides, 21, [](int k) { return 0.1 * k; }, [](double) { return 0.5; });
  std::vector<float> positions;
  for (const Vec3& p : cylinder.positions)
    for (int k = 0; k < 3; ++k) positions.push_back(static_cast<float>(p[k]));
  const std::vector<double> d =
      distances_to_triangles(positions, cylinder.triangles, {Vec3(0, 0, 1), Vec3(2, 0, 1), Vec3(0, 0, 3)});
  EXPECT_NEAR(d[0], 0.5 * std::cos(kPi / sides), 1e-6);
  EXPECT_NEAR(d[1], 1.5, 1e-6);  // (2, 0, 1) faces a vertex column at (0.5, 0)
  EXPECT_NEAR(d[2], 1.0, 1e-6);  // above the top's centre (a lathe closes its ends at z = 0 and 2)
  EXPECT_TRUE(std::isinf(distances_to_triangles(positions, {}, {Vec3::Zero()}).front()));
}

// The inscribed ratio counts only the joint's two parts: a third part's triangle a tenth from the
// joint's centre (a hand swung to its shoulder) leaves the distance at the cylinder's apothem; as
// the joint of that part and the cylinder's lower half, the triangle is the nearest.
TEST(QualityMetrics, DistanceToJointPartsLeavesOtherPartsOut) {
  const int sides = 16;
  TriMesh mesh = test::lathe(
      sides, 21, [](int k) { return 0.1 * k; }, [](double) { return 0.5; });
  std::vector<int> label;
  for (const Tri& t : mesh.triangles)  // lower half the parent (0), upper half the child (1)
    label.push_back(mesh.positions[t[0]].z() + mesh.positions[t[1]].z() + mesh.positions[t[2]].z() > 3.0 ? 1 : 0);
  const int first = static_cast<int>(mesh.positions.size());
  for (const Vec3& p : {Vec3(0.1, -0.1, 0.9), Vec3(0.1, 0.1, 0.9), Vec3(0.1, 0.0, 1.1)}) mesh.positions.push_back(p);
  mesh.triangles.push_back({first, first + 1, first + 2});
  label.push_back(2);
  std::vector<float> positions;
  for (const Vec3& p : mesh.positions)
    for (int k = 0; k < 3; ++k) positions.push_back(static_cast<float>(p[k]));
  const Vec3 center(0, 0, 1);
  EXPECT_NEAR(distance_to_joint_parts(positions, mesh.triangles, label, 1, 0, center), 0.5 * std::cos(kPi / sides),
              1e-6);
  EXPECT_NEAR(distance_to_joint_parts(positions, mesh.triangles, label, 2, 0, center), 0.1, 1e-6);
  EXPECT_EQ(distance_to_joint_parts(positions, mesh.triangles, label, 3, 4, center), 0.0);  // no such parts
}

// A cylinder of radius r along z from 0 to 2, skinned linearly to two bones whose weights cross
// over along z (bone 1's weight z/2), the second bone twisted by `twist` about z: each vertex
// goes to (1 - w) p + w R p. At the middle ring (w = 1/2) the radius shrinks to r cos(twist/2).
TriMesh lbs_twisted_cylinder(double twist, int sides, double r) {
  const int rings = 21;
  TriMesh mesh = test::lathe(
      sides, rings, [](int k) { return 0.1 * k; }, [r](double) { return r; });
  for (Vec3& p : mesh.positions) {
    const double w = p.z() / 2.0;
    const Vec3 rotated = Eigen::AngleAxisd(twist, Vec3::UnitZ()) * p;
    p = (1 - w) * p + w * rotated;
  }
  return mesh;
}

TEST(QualityMetrics, CrossSectionOfATwistedCylinderShrinksAsCosineSquared) {
  const int sides = 48;
  const double r = 0.3;
  for (double degrees : {0.0, 60.0, 90.0, 150.0}) {
    const double twist = degrees * kPi / 180.0;
    const TriMesh mesh = lbs_twisted_cylinder(twist, sides, r);
    const double expected = ngon_area(sides, r * std::cos(twist / 2));
    EXPECT_NEAR(*cross_section_area(mesh.positions, mesh.triangles, Vec3(0, 0, 1), Vec3::UnitZ()), expected, 1e-9)
        << degrees;
  }
  // Half a turn collapses the middle ring onto the axis: the candy wrapper.
  const TriMesh wrapper = lbs_twisted_cylinder(kPi, sides, r);
  EXPECT_NEAR(*cross_section_area(wrapper.positions, wrapper.triangles, Vec3(0, 0, 1), Vec3::UnitZ()), 0.0, 1e-12);
}

TEST(QualityMetrics, CrossSectionPicksTheLoopNearestThePoint) {
  // Two cylinders side by side, radii 0.3 and 0.5: the plane z = 1 cuts both.
  TriMesh mesh = test::lathe(
      32, 21, [](int k) { return 0.1 * k; }, [](double) { return 0.3; });
  const TriMesh other = test::lathe(
      32, 21, [](int k) { return 0.1 * k; }, [](double) { return 0.5; });
  const int offset = mesh.num_vertices();
  for (const Vec3& p : other.positions) mesh.positions.push_back(p + Vec3(3, 0, 0));
  for (Tri t : other.triangles) mesh.triangles.push_back({t[0] + offset, t[1] + offset, t[2] + offset});
  EXPECT_NEAR(*cross_section_area(mesh.positions, mesh.triangles, Vec3(0.1, 0, 1.05), Vec3::UnitZ()),
              ngon_area(32, 0.3), 1e-9);
  EXPECT_NEAR(*cross_section_area(mesh.positions, mesh.triangles, Vec3(2.8, 0, 1.05), Vec3::UnitZ()),
              ngon_area(32, 0.5), 1e-9);
  // A point inside neither: the loop whose centroid is nearest (the thin one, 1.2 away against 1.8).
  EXPECT_NEAR(*cross_section_area(mesh.positions, mesh.triangles, Vec3(1.2, 0, 1.05), Vec3::UnitZ()),
              ngon_area(32, 0.3), 1e-9);
  // ... unless it lies farther than allowed: then there is no section.
  EXPECT_NEAR(*cross_section_area(mesh.positions, mesh.triangles, Vec3(1.2, 0, 1.05), Vec3::UnitZ(), 1.3),
              ngon_area(32, 0.3), 1e-9);
  EXPECT_FALSE(cross_section_area(mesh.positions, mesh.triangles, Vec3(1.2, 0, 1.05), Vec3::UnitZ(), 1.1).has_value());
  // Only the triangles given are cut: without the thin cylinder's, the thick one is left.
  const std::vector<Tri> thick(mesh.triangles.begin() + static_cast<std::ptrdiff_t>(other.triangles.size()),
                               mesh.triangles.end());
  EXPECT_NEAR(*cross_section_area(mesh.positions, thick, Vec3(0.1, 0, 1.05), Vec3::UnitZ()), ngon_area(32, 0.5), 1e-9);
  // A tilted plane through the thin one cuts an ellipse: area grows as 1 / cos(tilt).
  const double tilt = 0.4;
  const double tilted =
      *cross_section_area(mesh.positions, mesh.triangles, Vec3(0, 0, 1.05), Vec3(std::sin(tilt), 0, std::cos(tilt)));
  EXPECT_NEAR(tilted / (kPi * 0.09 / std::cos(tilt)), 1.0, 0.01);
  // A plane past the ends cuts nothing.
  EXPECT_FALSE(cross_section_area(mesh.positions, mesh.triangles, Vec3(0, 0, 5), Vec3::UnitZ()).has_value());
  // An open tube (no caps) cut across: the loop is closed; cut lengthwise: only open chains.
  std::vector<Tri> tube;
  for (const Tri& t : mesh.triangles)
    if (std::none_of(t.begin(), t.end(), [&](int v) { return v >= 21 * 32; })) tube.push_back(t);
  EXPECT_TRUE(cross_section_area(mesh.positions, tube, Vec3(0, 0, 1.05), Vec3::UnitZ()).has_value());
  EXPECT_FALSE(cross_section_area(mesh.positions, tube, Vec3(0, 0, 1.05), Vec3::UnitX()).has_value());
}

TEST(QualityMetrics, NormalDeviationOfFlatAndFoldedSheets) {
  // Two triangles of equal area share the edge OP. Flat: no deviation. Folded by phi: each
  // triangle's smooth normal is 3 n1 + 2 n2 (its own normal at its three vertices, the other's at
  // the two shared ones), so it deviates by atan(2 sin phi / (3 + 2 cos phi)).
  for (double degrees : {0.0, 45.0, 90.0}) {
    const double phi = degrees * kPi / 180.0;
    TriMesh sheet;
    sheet.positions = {{0, 0, 0}, {0, 1, 0}, {-1, 0.5, 0}, {std::cos(phi), 0.5, std::sin(phi)}};
    sheet.triangles = {{0, 1, 2}, {1, 0, 3}};
    const NormalDeviation d = normal_deviation(sheet);
    const double expected = std::atan(2 * std::sin(phi) / (3 + 2 * std::cos(phi))) * 180 / kPi;
    EXPECT_NEAR(d.mean_degrees, expected, 1e-9) << degrees;
    EXPECT_NEAR(d.max_degrees, expected, 1e-9) << degrees;
  }
}

// The runtime's separating-axis test (gap's unfolding) on hand-made pairs, then against CGAL's
// exact predicates (the metrics' self-intersections) on random pairs: the two must agree.
TEST(TriangleIntersection, HandMadePairsAndAgreementWithCgal) {
  const Vec3 a0(0, 0, 0), a1(2, 0, 0), a2(0, 2, 0);
  // Piercing the face; above it; beside it in its plane; overlapping in its plane (the case the
  // in-plane axes settle); crossing an edge; short of that edge.
  EXPECT_TRUE(triangles_intersect(a0, a1, a2, {0.5, 0.5, -1}, {0.5, 0.5, 1}, {3, 3, 1}));
  EXPECT_FALSE(triangles_intersect(a0, a1, a2, {0.5, 0.5, 0.1}, {0.5, 0.5, 1}, {3, 3, 1}));
  EXPECT_FALSE(triangles_intersect(a0, a1, a2, {1.1, 1.1, 0}, {3, 1, 0}, {1, 3, 0}));
  EXPECT_TRUE(triangles_intersect(a0, a1, a2, {-0.5, 0.5, 0}, {2, 0.5, 0}, {0.5, -0.5, 0}));
  EXPECT_TRUE(triangles_intersect(a0, a1, a2, {1, -1, -1}, {1, -1, 1}, {1, 0.5, 0}));
  EXPECT_FALSE(triangles_intersect(a0, a1, a2, {1, -1, -1}, {1, -1, 1}, {1, -0.5, 0}));

  std::mt19937 random(7);
  std::uniform_real_distribution<float> coordinate(0, 1);
  int meeting = 0;
  for (int trial = 0; trial < 3000; ++trial) {
    std::vector<float> positions(18);
    for (float& x : positions) x = coordinate(random);
    const std::vector<Tri> triangles{{0, 1, 2}, {3, 4, 5}};
    const auto corner = [&](int v) { return Vec3(positions[3 * v], positions[3 * v + 1], positions[3 * v + 2]); };
    const auto cgal = self_intersections(positions, triangles);
    ASSERT_TRUE(cgal);
    const bool expected = !cgal->empty();
    meeting += expected;
    EXPECT_EQ(triangles_intersect(corner(0), corner(1), corner(2), corner(3), corner(4), corner(5)), expected)
        << "trial " << trial;
  }
  // Both outcomes are well represented.
  EXPECT_GT(meeting, 300);
  EXPECT_LT(meeting, 2700);
}

}  // namespace
}  // namespace skinlab
