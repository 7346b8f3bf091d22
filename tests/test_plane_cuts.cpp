// SPDX-License-Identifier: GPL-3.0-or-later
// Clean cuts (segmentation/plane_cuts): borders moved onto planes, on shapes built in code and
// on the committed standard models.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <numbers>
#include <sstream>

#include "skinlab/core/mesh_io.hpp"
#include "skinlab/core/segmented_model.hpp"
#include "skinlab/geometry/loop_metrics.hpp"
#include "skinlab/io/model_library.hpp"
#include "run_command.hpp"
#include "skinlab/segmentation/mesh_checks.hpp"
#include "skinlab/segmentation/plane_cuts.hpp"
#include "skinlab/segmentation/segment_body_parts.hpp"
#include "test_meshes.hpp"

using namespace skinlab;
namespace fs = std::filesystem;

namespace {

// A limb along z, closed by caps: radius 1 narrowing to 0.6 at z = 2 (a capsule waist), with
// the border between its two parts zig-zagging around z = 2.1 as a geodesic ring would.
LabeledMesh waisted_limb() {
  LabeledMesh out;
  const int rings = 81;  // z from 0 to 4 in steps of 0.05, inner rings lifted off the grid
  const auto radius = [](double z) { return 1.0 - 0.4 * std::exp(-(z - 2.0) * (z - 2.0) / 0.3); };
  out.mesh = test::lathe(
      48, rings, [](int k) { return 0.05 * k + (k > 0 && k + 1 < rings ? 0.013 : 0.0); }, radius);
  const TriMesh& m = out.mesh;
  for (const Tri& t : m.triangles) {
    const Vec3 c = (m.positions[t[0]] + m.positions[t[1]] + m.positions[t[2]]) / 3.0;
    out.labels.push_back(c.z() + 0.15 * std::sin(5 * std::atan2(c.y(), c.x())) > 2.1 ? 1 : 0);
  }
  out.part_names = {"upper", "lower"};
  return out;
}

LoopMetrics only_loop(const SegmentedModel& model) {
  EXPECT_EQ(model.openings().size(), 1u);
  EXPECT_EQ(model.openings()[0].loops.size(), 1u);
  std::vector<Vec3> points;
  for (int v : model.openings()[0].loops[0].original) points.push_back(model.mesh().positions[v]);
  return loop_metrics(points);
}

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v.size() % 2 ? v[v.size() / 2] : 0.5 * (v[v.size() / 2 - 1] + v[v.size() / 2]);
}

}  // namespace

TEST(LoopMetrics, CircleIsPlanarAndConvexSawtoothIsNot) {
  std::vector<Vec3> circle, sawtooth;
  for (int i = 0; i < 64; ++i) {
    const double a = 2 * std::numbers::pi * i / 64;
    circle.emplace_back(2 * std::cos(a), 2 * std::sin(a), 5.0);
    const double r = i % 2 ? 2.0 : 1.6;  // a star: its outline is the circle through the tips
    sawtooth.emplace_back(r * std::cos(a), r * std::sin(a), i % 2 ? 0.2 : -0.2);
  }
  const LoopMetrics c = loop_metrics(circle);
  EXPECT_NEAR(c.planarity, 0.0, 1e-12);
  EXPECT_NEAR(c.length, 64 * 2 * 2 * std::sin(std::numbers::pi / 64), 1e-12);
  EXPECT_NEAR(c.outline_ratio, 1.0, 1e-12);
  EXPECT_NEAR(std::abs(c.normal.z()), 1.0, 1e-12);
  const LoopMetrics s = loop_metrics(sawtooth);
  EXPECT_NEAR(s.planarity, 0.2 / s.mean_radius, 1e-9);  // every point 0.2 off the plane z = 0
  EXPECT_GT(s.outline_ratio, 1.05);
  // Neither turns back about its centre: the star is not convex, but it is star-shaped.
  EXPECT_NEAR(std::abs(c.winding.winding), 2 * std::numbers::pi, 1e-9);
  EXPECT_EQ(c.winding.turned_back, 0.0);
  EXPECT_EQ(s.winding.turned_back, 0.0);
  EXPECT_DOUBLE_EQ(smallest_angle(Vec3(0, 0, 0), Vec3(1, 0, 0), Vec3(0, 1, 0)), 45.0);
}

// A loop's angle about a centre, hand-computed: 0, 90, 60, 120, 180, 270 degrees goes once round
// and turns back 30 degrees on one edge, whichever way it runs and wherever the loop starts.
TEST(LoopWinding, CountsWhatTurnsBackAgainstTheWinding) {
  const auto radians = [](std::vector<double> degrees) {
    for (double& d : degrees) d *= std::numbers::pi / 180;
    return degrees;
  };
  const double degree = std::numbers::pi / 180;
  const LoopWinding w = loop_winding(radians({0, 90, 60, 120, 180, 270}));
  EXPECT_NEAR(w.winding, 360 * degree, 1e-12);
  EXPECT_NEAR(w.turned_back, 30 * degree, 1e-12);
  EXPECT_EQ(w.back_stretches, 1);
  const LoopWinding reversed = loop_winding(radians({270, 180, 120, 60, 90, 0}));
  EXPECT_NEAR(reversed.winding, -360 * degree, 1e-12);
  EXPECT_NEAR(reversed.turned_back, 30 * degree, 1e-12);
  EXPECT_EQ(reversed.back_stretches, 1);
  // The edge that turns back is the closing one; two edges in a row are one stretch.
  EXPECT_EQ(loop_winding(radians({60, 120, 180, 270, 0, 90})).back_stretches, 1);
  const LoopWinding two_edges = loop_winding(radians({0, 90, 70, 50, 120, 180, 270}));
  EXPECT_NEAR(two_edges.turned_back, 40 * degree, 1e-12);
  EXPECT_EQ(two_edges.back_stretches, 1);
  EXPECT_EQ(loop_winding(radians({0, 90, 70, 120, 100, 180, 270})).back_stretches, 2);
  EXPECT_NEAR(wrap_angle(3 * std::numbers::pi / 2), -std::numbers::pi / 2, 1e-12);
}

TEST(PlaneCuts, ARaggedBorderOnALimbMovesOntoAPlaneAtItsWaist) {
  const LabeledMesh limb = waisted_limb();
  const LoopMetrics before = only_loop(SegmentedModel::build(limb, "limb"));
  EXPECT_GT(before.planarity, 0.05);
  TriMesh mesh = limb.mesh;
  std::vector<int> labels = limb.labels;
  const std::vector<PlaneCut> cuts = cut_borders_along_planes(mesh, labels, {-1, 0});
  ASSERT_EQ(cuts.size(), 1u);
  ASSERT_TRUE(cuts[0].cut);
  EXPECT_EQ(mesh.num_triangles(), limb.mesh.num_triangles() + 2 * cuts[0].new_vertices);
  EXPECT_NO_THROW(check_closed_genus0(mesh, "cut limb"));
  EXPECT_NEAR(enclosed_volume(mesh), enclosed_volume(limb.mesh), 1e-3 * enclosed_volume(limb.mesh));
  LabeledMesh cut{mesh, labels, limb.part_names, "cut limb", {}};
  const LoopMetrics after = only_loop(SegmentedModel::build(cut, "cut limb"));
  EXPECT_LT(after.planarity, 0.01);
  EXPECT_LT(after.outline_ratio, 1.01);
  EXPECT_GT(std::abs(after.normal.z()), 0.99);  // across the limb
  EXPECT_NEAR(after.centroid.z(), 2.0, 0.1);    // at the waist
  EXPECT_NEAR(after.mean_radius, 0.6, 0.03);
  EXPECT_GT(cuts[0].normal.z(), 0.99);  // towards the child (upper, z > 2)
  EXPECT_EQ(cuts[0].slivers, 0);
  EXPECT_GE(cuts[0].smallest_new_angle, std::min(5.0, cuts[0].smallest_split_angle));
}

TEST(PlaneCuts, SegmentedCapsuleFigureHasPlanarConvexOpeningsRunAfterRun) {
  SegmentParams params;
  params.up = Vec3(0, 1, 0);
  params.forward = Vec3(0, 0, 1);
  const TriMesh mesh = test::capsule_figure();
  const Segmentation s = segment_body_parts(mesh, "figure", params);
  EXPECT_NO_THROW(check_closed_genus0(s.parts.mesh, "refined figure"));
  EXPECT_NEAR(enclosed_volume(s.parts.mesh), enclosed_volume(mesh), 1e-3 * enclosed_volume(mesh));
  SegmentedModel model = SegmentedModel::build(s.parts, "figure");
  model.attach_hierarchy(s.hierarchy);
  ASSERT_GE(model.openings().size(), 5u);
  for (const Opening& o : model.openings()) {
    ASSERT_EQ(o.loops.size(), 1u);
    std::vector<Vec3> points;
    for (int v : o.loops[0].original) points.push_back(model.mesh().positions[v]);
    const LoopMetrics m = loop_metrics(points);
    EXPECT_LT(m.planarity, 0.01) << model.components()[o.a].name << " | " << model.components()[o.b].name;
    EXPECT_LT(m.outline_ratio, 1.1);
  }
  const Segmentation again = segment_body_parts(mesh, "figure", params);
  EXPECT_EQ(again.parts.labels, s.parts.labels);
  EXPECT_EQ(again.parts.mesh.positions, s.parts.mesh.positions);
  EXPECT_EQ(again.parts.mesh.triangles, s.parts.mesh.triangles);
}

// The committed standard models: each refined mesh is a closed genus-0 2-manifold enclosing the
// source's volume, and its openings meet the bars of docs/models.md.
TEST(PlaneCuts, EveryStandardModelIsClosedKeepsItsVolumeAndHasCleanOpenings) {
  std::vector<double> planarity, outline;
  for (const char* name :
       {"homer", "cow", "camel", "dino", "man", "armadillo", "bull", "triceratops", "diplodocus", "cactus"}) {
    SCOPED_TRACE(name);
    const TriMesh source = read_off(resolve_source_mesh(name));
    const SegmentedModel model = load_model(resolve_model(name));
    EXPECT_NO_THROW(check_closed_genus0(model.mesh(), name));
    EXPECT_NEAR(enclosed_volume(model.mesh()), enclosed_volume(source), 1e-3 * std::abs(enclosed_volume(source)));
    const auto& parent = model.hierarchy()->parent;
    for (const Opening& o : model.openings()) {
      EXPECT_TRUE(parent[o.a] == o.b || parent[o.b] == o.a);
      ASSERT_EQ(o.loops.size(), 1u);
      EXPECT_TRUE(o.loops[0].closed);
      std::vector<Vec3> points;
      for (int v : o.loops[0].original) points.push_back(model.mesh().positions[v]);
      const LoopMetrics m = loop_metrics(points);
      EXPECT_LE(m.planarity, 0.10);
      EXPECT_LE(m.outline_ratio, 1.30);
      planarity.push_back(m.planarity);
      outline.push_back(m.outline_ratio);
    }
  }
  EXPECT_LE(median(planarity), 0.03);
  EXPECT_LE(median(outline), 1.10);
}

// The committed refined mesh and labels are what `segment` makes from the source, byte for byte.
TEST(PlaneCuts, CommittedModelsAreReproducedBySegment) {
  const fs::path dir = fs::temp_directory_path() / ("skinlab_cuts_" + std::to_string(::getpid()));
  fs::create_directories(dir);
  const fs::path root = SKINLAB_SOURCE_DIR;
  const auto bytes = [](const fs::path& p) {
    std::ifstream in(p, std::ios::binary);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
  };
  for (const std::string name : {"homer", "cactus"}) {
    std::string out;
    ASSERT_EQ(test::run_command("'" SKINLAB_EXE "' segment " + name + " --params '" +
                                    (root / "experiments/segmentation.json").string() + "' -o '" +
                                    (dir / (name + ".obj")).string() + "' --off '" + (dir / (name + ".off")).string() +
                                    "' --seg '" + (dir / (name + ".seg")).string() + "'",
                                out),
              0)
        << out;
    EXPECT_EQ(bytes(dir / (name + ".off")), bytes(root / "models" / (name + ".off"))) << name;
    EXPECT_EQ(bytes(dir / (name + ".seg")), bytes(root / "models" / (name + ".seg"))) << name;
  }
  fs::remove_all(dir);
}
