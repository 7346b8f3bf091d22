// SPDX-License-Identifier: GPL-3.0-or-later
// Edge defects and self-intersections on a tetrahedron built in code, whole and broken.
#include <gtest/gtest.h>

#include <algorithm>

#include "skinlab/core/edge_defects.hpp"
#include "skinlab/metrics/self_intersections.hpp"

using namespace skinlab;

namespace {

// A tetrahedron with outward faces.
const std::vector<Tri> kTetrahedron{{0, 2, 1}, {0, 1, 3}, {0, 3, 2}, {1, 2, 3}};

std::vector<float> tetrahedron_positions(float shift) {
  std::vector<float> p{0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1};
  for (float& x : p) x += shift;
  return p;
}

}  // namespace

TEST(EdgeDefects, ClosedTetrahedronHasNoneAndIsASphere) {
  const EdgeDefects d = edge_defects(kTetrahedron);
  EXPECT_TRUE(d.closed_manifold());
  EXPECT_EQ(d.edges, 6);
  EXPECT_EQ(d.euler_characteristic, 2);
  EXPECT_EQ(d.non_manifold_edge, (std::array<int, 2>{-1, -1}));
}

TEST(EdgeDefects, AMissingTriangleLeavesItsThreeEdgesOnTheBoundary) {
  const EdgeDefects d = edge_defects({kTetrahedron[0], kTetrahedron[1], kTetrahedron[2]});
  EXPECT_EQ(d.boundary_edges, 3);
  EXPECT_EQ(d.non_manifold_edges + d.misoriented_edges, 0);
  EXPECT_EQ(d.euler_characteristic, 1);  // a disc
}

TEST(EdgeDefects, AFlippedTriangleMisorientsItsThreeEdges) {
  std::vector<Tri> flipped = kTetrahedron;
  std::swap(flipped[3][1], flipped[3][2]);
  const EdgeDefects d = edge_defects(flipped);
  EXPECT_EQ(d.misoriented_edges, 3);
  EXPECT_EQ(d.boundary_edges + d.non_manifold_edges, 0);
  EXPECT_FALSE(d.closed_manifold());
}

TEST(EdgeDefects, AFinMakesItsEdgeNonManifoldAndIsNamed) {
  std::vector<Tri> fin = kTetrahedron;
  fin.push_back({1, 0, 4});  // a third triangle on edge (0, 1)
  const EdgeDefects d = edge_defects(fin);
  EXPECT_EQ(d.non_manifold_edges, 1);
  EXPECT_EQ(d.non_manifold_edge, (std::array<int, 2>{0, 1}));
  EXPECT_EQ(d.non_manifold_edge_triangles, 3);
  EXPECT_EQ(d.boundary_edges, 2);  // the fin's other two edges
}

TEST(SelfIntersections, TwoTetrahedraIntersectOnlyWhereTheyOverlap) {
  for (float shift : {0.25f, 5.0f}) {
    std::vector<float> positions = tetrahedron_positions(0);
    const std::vector<float> second = tetrahedron_positions(shift);
    positions.insert(positions.end(), second.begin(), second.end());
    std::vector<Tri> triangles = kTetrahedron;
    for (const Tri& t : kTetrahedron) triangles.push_back({t[0] + 4, t[1] + 4, t[2] + 4});
    const auto pairs = self_intersections(positions, triangles);
    ASSERT_TRUE(pairs.has_value());
    if (shift < 1) {
      EXPECT_GT(pairs->size(), 0u);
      // Each pair has a face of each tetrahedron.
      for (const auto& [a, b] : *pairs) EXPECT_NE(a < 4, b < 4);
      // As parts: counted at a joint when one is the other's parent, not when they are unrelated.
      const std::vector<int> part{0, 0, 0, 0, 1, 1, 1, 1};
      EXPECT_EQ(pairs_at_joints(*pairs, part, {-1, 0}), static_cast<int>(pairs->size()));
      EXPECT_EQ(pairs_at_joints(*pairs, part, {-1, -1}), 0);
      EXPECT_EQ(pairs_at_joints(*pairs, {0, 0, 0, 0, 2, 2, 2, 2}, {-1, 0, 1}), 0);  // grandparent
    } else {
      EXPECT_TRUE(pairs->empty());
    }
  }
  // One tetrahedron alone: its faces meet only along their shared edges.
  EXPECT_TRUE(self_intersections(tetrahedron_positions(0), kTetrahedron)->empty());
  // A mesh CGAL cannot take (an edge in three triangles) is not checked.
  std::vector<float> positions = tetrahedron_positions(0);
  positions.insert(positions.end(), {2, 2, 2});
  std::vector<Tri> fin = kTetrahedron;
  fin.push_back({1, 0, 4});
  EXPECT_FALSE(self_intersections(positions, fin).has_value());
}

// Issue 24 counts only pairs whose triangles share no vertex. Triangle 0 lies in z = 0; triangle 1
// shares its corner at the origin and stands across it, crossing it along the diagonal beyond that
// corner (a fold at the vertex); triangle 2 pierces it away from both.
TEST(SelfIntersections, PairsSharingNoVertexLeaveOutAFoldAtAVertex) {
  const std::vector<float> positions{0,    0,    0, 1,    0,    0,  0,    1,    0, 0.3f,  0.3f, -1,
                                     0.3f, 0.3f, 1, 0.6f, 0.1f, -1, 0.7f, 0.1f, 1, 0.65f, 0.2f, 0};
  const std::vector<Tri> triangles{{0, 1, 2}, {0, 3, 4}, {5, 6, 7}};
  const auto pairs = self_intersections(positions, triangles);
  ASSERT_TRUE(pairs.has_value());
  std::vector<std::pair<int, int>> sorted;
  for (auto [a, b] : *pairs) sorted.emplace_back(std::min(a, b), std::max(a, b));
  std::sort(sorted.begin(), sorted.end());
  EXPECT_EQ(sorted, (std::vector<std::pair<int, int>>{{0, 1}, {0, 2}}));
  const auto apart = pairs_sharing_no_vertex(sorted, triangles);
  EXPECT_EQ(apart, (std::vector<std::pair<int, int>>{{0, 2}}));
}

// Pairs part by part, hand-counted: a pair in one part is that part's, a pair between a part and
// its parent is the child's (its joint's), a pair between unrelated parts nobody's; the counts sum
// to pairs_at_joints.
TEST(SelfIntersections, PairsPerPartCountEachJointsPairsAtTheChild) {
  // Parts: 0 the root, 1 and 2 its children, 3 a child of 1.
  const std::vector<int> parent{-1, 0, 0, 1};
  const std::vector<int> part{0, 0, 1, 1, 2, 3, 3};  // per triangle
  const std::vector<std::pair<int, int>> pairs{{0, 1}, {1, 2}, {3, 2}, {2, 5}, {5, 6}, {4, 5}, {6, 0}, {4, 0}};
  // {0,1}: root's own; {1,2}: 1 with its parent; {3,2}: 1's own; {2,5}: 3 with its parent 1;
  // {5,6}: 3's own; {4,5}: 2 and 3, siblings' children: nobody's; {6,0}: 3 and the root, its
  // grandparent: nobody's; {4,0}: 2 with its parent.
  EXPECT_EQ(pairs_per_part(pairs, part, parent), (std::vector<int>{1, 2, 1, 2}));
  EXPECT_EQ(pairs_at_joints(pairs, part, parent), 6);
}
