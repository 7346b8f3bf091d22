// SPDX-License-Identifier: GPL-3.0-or-later
#include <gtest/gtest.h>

#include <numbers>

#include "skinlab/core/error.hpp"
#include "skinlab/core/segmented_model.hpp"
#include "test_meshes.hpp"

using namespace skinlab;

TEST(SegmentedModel, TwoComponentCylinderHasOneClosedOpeningLoop) {
  const int sides = 12;
  const SegmentedModel model = SegmentedModel::build(test::stacked_cylinder(2, sides), "cylinder");
  ASSERT_EQ(model.num_components(), 2);
  EXPECT_EQ(model.mesh().num_vertices(), 3 * sides + 2);
  // Each part owns its ring vertices, the shared ring duplicated: 2 rings + a cap centre.
  EXPECT_EQ(model.components()[0].mesh.num_vertices(), 2 * sides + 1);
  EXPECT_EQ(model.components()[1].mesh.num_vertices(), 2 * sides + 1);
  ASSERT_EQ(model.openings().size(), 1u);
  const Opening& opening = model.openings()[0];
  EXPECT_EQ(opening.a, 0);
  EXPECT_EQ(opening.b, 1);
  ASSERT_EQ(opening.loops.size(), 1u);
  const OpeningLoop& loop = opening.loops[0];
  EXPECT_TRUE(loop.closed);
  ASSERT_EQ(loop.original.size(), static_cast<std::size_t>(sides));
  EXPECT_NEAR(loop.length, sides * 2 * std::sin(std::numbers::pi / sides), 1e-12);
  EXPECT_LT((loop.centroid - Vec3(0, 0, 1)).norm(), 1e-12);
  for (std::size_t i = 0; i < loop.original.size(); ++i) {
    const Vec3& p = model.mesh().positions[loop.original[i]];
    EXPECT_NEAR(p.z(), 1.0, 1e-15);
    EXPECT_EQ(model.components()[0].mesh.positions[loop.in_a[i]], p);
    EXPECT_EQ(model.components()[1].mesh.positions[loop.in_b[i]], p);
    // Consecutive loop vertices are neighbours on the ring.
    const Vec3& next = model.mesh().positions[loop.original[(i + 1) % loop.original.size()]];
    EXPECT_NEAR((next - p).norm(), 2 * std::sin(std::numbers::pi / sides), 1e-12);
  }
  EXPECT_EQ(model.opening_between(1, 0), &opening);
}

TEST(SegmentedModel, MedianEdgeLengthAndOneRings) {
  LabeledMesh tet;
  tet.mesh.positions = {Vec3(0, 0, 0), Vec3(1, 0, 0), Vec3(0, 1, 0), Vec3(0, 0, 1)};
  tet.mesh.triangles = {{0, 2, 1}, {0, 1, 3}, {0, 3, 2}, {1, 2, 3}};
  tet.labels = {0, 0, 0, 0};
  tet.part_names = {"tet"};
  const SegmentedModel model = SegmentedModel::build(tet, "tet");
  // Edges: three of length 1, three of sqrt 2; the median of six is the mean of the middle two.
  EXPECT_NEAR(model.median_edge_length(0), (1 + std::sqrt(2.0)) / 2, 1e-15);
  EXPECT_EQ(model.median_edge_length(0), model.median_edge_length(0));
  const auto& rings = model.one_rings(0);
  EXPECT_EQ(&rings, &model.one_rings(0));  // cached, not recomputed
  EXPECT_EQ(rings[0], (std::vector<int>{1, 2, 3}));
  EXPECT_EQ(rings[3], (std::vector<int>{0, 1, 2}));
  // Area-weighted normal of the origin corner points into the negative octant.
  EXPECT_LT((model.mesh().normals[0] - Vec3(-1, -1, -1).normalized()).norm(), 1e-12);
}

TEST(SegmentedModel, CylinderRingVertexHasFiveNeighbours) {
  const SegmentedModel model = SegmentedModel::build(test::stacked_cylinder(2, 8), "cylinder");
  const Component& c = model.components()[0];
  // Original vertex 0 is ring 0, i = 0: neighbours ring0 i±1, ring1 i and i+1, the cap centre.
  const int local0 = 0;
  ASSERT_EQ(c.original_vertex[local0], 0);
  std::vector<int> originals;
  for (int v : model.one_rings(0)[local0]) originals.push_back(c.original_vertex[v]);
  std::sort(originals.begin(), originals.end());
  EXPECT_EQ(originals, (std::vector<int>{1, 7, 8, 9, 24}));
}

TEST(SegmentedModel, RejectsDisconnectedComponentAndNonManifoldEdge) {
  LabeledMesh m = test::stacked_cylinder(3, 8);
  for (int& l : m.labels) l = l == 2 ? 0 : l;  // parts 0 and 2 merged: two pieces
  m.part_names.pop_back();
  try {
    SegmentedModel::build(m, "merged");
    FAIL() << "accepted a component of two pieces";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("'seg0' is not one connected surface: 2 pieces"), std::string::npos)
        << e.what();
  }
  LabeledMesh fin = test::stacked_cylinder(1, 8);
  fin.mesh.positions.emplace_back(5, 5, 5);
  fin.mesh.triangles.push_back({0, 1, fin.mesh.num_vertices() - 1});
  fin.labels.push_back(0);
  EXPECT_THROW(SegmentedModel::build(fin, "fin"), InputError);
}

TEST(SegmentedModel, WeldJoinsPartsStoredAsSeparateObjects) {
  LabeledMesh m = test::stacked_cylinder(2, 8);
  const int nv = m.mesh.num_vertices();
  // Give part 1 its own copies of its vertices, slightly off as an exporter's rounding would.
  std::vector<int> copy(nv, -1);
  for (std::size_t f = 0; f < m.mesh.triangles.size(); ++f) {
    if (m.labels[f] != 1) continue;
    for (int& v : m.mesh.triangles[f]) {
      if (copy[v] < 0) {
        copy[v] = m.mesh.num_vertices();
        m.mesh.positions.push_back(m.mesh.positions[v] + Vec3(1e-9, 0, 0));
      }
      v = copy[v];
    }
  }
  EXPECT_TRUE(SegmentedModel::build(m, "apart").openings().empty());
  EXPECT_EQ(weld_border_vertices(m, 1e-6), 8);  // the shared ring
  const SegmentedModel model = SegmentedModel::build(m, "welded");
  ASSERT_EQ(model.openings().size(), 1u);
  EXPECT_EQ(model.openings()[0].loops[0].original.size(), 8u);
}

TEST(SegmentedModel, HierarchyAttachesAndRejectsNonAdjacentChild) {
  SegmentedModel model = SegmentedModel::build(test::stacked_cylinder(3, 8), "cylinder");
  model.attach_hierarchy(parse_skel("chain.skel",
                                    "ROOT seg1 -180 180 -180 180 -180 180 {\n"
                                    "  JOINT seg0 -10 10 -20 20 -30 30 { End Site }\n"
                                    "  JOINT seg2 0 0 0 0 0 0 { End Site } }"));
  const Hierarchy& h = *model.hierarchy();
  EXPECT_EQ(h.root, 1);
  EXPECT_EQ(h.parent, (std::vector<int>{1, -1, 1}));
  EXPECT_EQ(h.depth_first, (std::vector<int>{1, 0, 2}));
  EXPECT_EQ(h.limits[0][5], 30);
  try {
    model.attach_hierarchy(parse_skel("bad.skel",
                                      "ROOT seg0 -180 180 -180 180 -180 180 {\n"
                                      "  JOINT seg1 0 0 0 0 0 0 { End Site }\n"
                                      "  JOINT seg2 0 0 0 0 0 0 { End Site } }"));
    FAIL() << "accepted a child without an opening to its parent";
  } catch (const ParseError& e) {
    EXPECT_EQ(e.line(), 3);
    EXPECT_NE(std::string(e.what()).find("'seg2' shares no opening with its parent 'seg0'"), std::string::npos);
  }
}
