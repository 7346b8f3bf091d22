// SPDX-License-Identifier: GPL-3.0-or-later
#include <gtest/gtest.h>

#include "skinlab/core/error.hpp"
#include "skinlab/core/segmented_model.hpp"
#include "skinlab/segmentation/fill_holes.hpp"
#include "skinlab/segmentation/merge_tree.hpp"
#include "skinlab/segmentation/mesh_checks.hpp"
#include "skinlab/segmentation/part_cleanup.hpp"
#include "skinlab/segmentation/segment_body_parts.hpp"
#include "skinlab/segmentation/sliver_repair.hpp"
#include "test_meshes.hpp"

using namespace skinlab;

namespace {

void add_box(std::vector<std::array<int, 4>>& voxels, int x0, int x1, int y0, int y1, int z0, int z1) {
  for (int x = x0; x <= x1; ++x)
    for (int y = y0; y <= y1; ++y)
      for (int z = z0; z <= z1; ++z) voxels.push_back({x, y, z, 0});
}

// The voxels of a figure standing along +y and facing +z: body, head and two arms held out,
// then (with `legs`) two legs.
std::vector<std::array<int, 4>> figure_voxels(bool legs = true) {
  std::vector<std::array<int, 4>> v;
  add_box(v, 0, 5, 6, 13, 0, 3);     // body
  add_box(v, 1, 4, 14, 17, 0, 3);    // head
  add_box(v, -6, -1, 11, 12, 1, 2);  // arm at -x
  add_box(v, 6, 11, 11, 12, 1, 2);   // arm at +x
  if (legs) {
    add_box(v, 0, 1, 0, 5, 1, 2);  // leg at low x
    add_box(v, 4, 5, 0, 5, 1, 2);  // leg at high x
  }
  return v;
}

TriMesh figure() { return test::voxel_model(figure_voxels(), {"figure"}).mesh; }

std::string rejection(const TriMesh& mesh) {
  try {
    check_closed_genus0(mesh, "mesh");
  } catch (const InputError& e) {
    return e.what();
  }
  return "accepted";
}

// Segments a figure standing along +y and facing +z without knee or elbow splits and checks what
// every such figure must give: a torso root with head, arms and legs as its children, five
// openings, each between a part and its parent and one closed loop, and the same labels on a
// second run. Returns the model built from the parts.
SegmentedModel expect_torso_with_five_limbs(const TriMesh& mesh) {
  SegmentParams params;
  params.split_aspect = 100;  // no knee or elbow splits: six parts
  params.up = Vec3(0, 1, 0);
  params.forward = Vec3(0, 0, 1);
  const Segmentation s = segment_body_parts(mesh, "figure", params);
  EXPECT_EQ(s.parts.part_names.size(), 6u) << ::testing::PrintToString(s.parts.part_names);
  EXPECT_EQ(s.hierarchy.joints[0].name, "torso");
  std::vector<std::string> children;
  for (std::size_t j = 1; j < s.hierarchy.joints.size(); ++j) {
    EXPECT_EQ(s.hierarchy.joints[j].parent, 0);
    children.push_back(s.hierarchy.joints[j].name);
  }
  std::sort(children.begin(), children.end());
  EXPECT_EQ(children, (std::vector<std::string>{"arm_l", "arm_r", "head", "leg_l", "leg_r"}));
  SegmentedModel model = SegmentedModel::build(s.parts, "figure");
  model.attach_hierarchy(s.hierarchy);
  EXPECT_EQ(model.openings().size(), 5u);
  for (const Opening& o : model.openings()) {
    const auto& parent = model.hierarchy()->parent;
    EXPECT_TRUE(parent[o.a] == o.b || parent[o.b] == o.a);
    EXPECT_EQ(o.loops.size(), 1u);
    EXPECT_TRUE(o.loops.size() == 1 && o.loops[0].closed);
  }
  EXPECT_EQ(segment_body_parts(mesh, "figure", params).parts.labels, s.parts.labels);
  return model;
}

Vec3 part_centroid(const SegmentedModel& model, const char* name) {
  const Component& c = model.components()[model.find_component(name)];
  Vec3 sum = Vec3::Zero();
  for (const Vec3& p : c.mesh.positions) sum += p;
  return sum / static_cast<double>(c.mesh.positions.size());
}

}  // namespace

TEST(Segmentation, FindsBodyHeadArmsAndLegsAsATreeOfSingleLoops) {
  const SegmentedModel model = expect_torso_with_five_limbs(figure());
  // Facing +z with +y up, the figure's left is +x (its arms span x = -6..-1 and 6..11).
  EXPECT_GT(part_centroid(model, "arm_l").x(), 5.0);
  EXPECT_LT(part_centroid(model, "arm_r").x(), 0.0);
  EXPECT_GT(part_centroid(model, "head").y(), 13.0);
  EXPECT_GT(part_centroid(model, "leg_l").x(), part_centroid(model, "leg_r").x());
}

TEST(Segmentation, CapsuleFigureJoinedSmoothlyGivesSixPartsBodyFirst) {
  const TriMesh mesh = test::capsule_figure();
  ASSERT_EQ(rejection(mesh), "accepted");
  const SegmentedModel model = expect_torso_with_five_limbs(mesh);
  // The head part is centred on the head sphere (centre y = 2.3), the legs below the body.
  EXPECT_GT(part_centroid(model, "head").y(), 1.8);
  EXPECT_LT(part_centroid(model, "leg_l").y(), -1.5);
  EXPECT_GT(part_centroid(model, "arm_l").x(), 1.5);
}

TEST(Segmentation, LongLimbsSplitAndNamesFollowTheParts) {
  SegmentParams params;
  params.split_aspect = 2.0;
  params.up = Vec3(0, 1, 0);
  params.forward = Vec3(0, 0, 1);
  const Segmentation s = segment_body_parts(figure(), "figure", params);
  std::vector<std::string> names = s.parts.part_names;
  std::sort(names.begin(), names.end());
  EXPECT_TRUE(std::binary_search(names.begin(), names.end(), "arm_l_upper"));
  EXPECT_TRUE(std::binary_search(names.begin(), names.end(), "arm_l_lower"));
  for (const SkelJoint& j : s.hierarchy.joints)
    if (j.name.ends_with("_lower")) {
      EXPECT_EQ(s.hierarchy.joints[j.parent].name, j.name.substr(0, j.name.size() - 6) + "_upper");
      EXPECT_EQ(j.limits[0], -140);
    }
}

TEST(Segmentation, FewerThanFourLimbsLowersThePersistenceForBranchesOfTheTrunkOnly) {
  // A seated teddy's tree (f from the trunk centre, largest 1): the branch through the centre
  // never dies; head and arms stand above 0.12; the legs (0.09, 0.085) join the trunk lower; the
  // ears (0.06, 0.05) grow from the head; one branch (0.035) joins the trunk past the widest gap.
  MergeTree tree;
  const std::vector<std::pair<double, int>> branches{{HUGE_VAL, -1}, {0.30, 0}, {0.15, 0}, {0.15, 0},  {0.09, 0},
                                                     {0.085, 0},     {0.06, 1}, {0.05, 1}, {0.035, 0}, {0.004, 0}};
  for (const auto& [persistence, into] : branches) tree.branches.push_back({0, 1.0, persistence, into});
  const std::vector<char> adapted = significant_branches(tree, 1.0, 0.12, 0, true);
  EXPECT_EQ(adapted, (std::vector<char>{1, 1, 1, 1, 1, 1, 0, 0, 0, 0}));
  // Given explicitly (no adaptation), or with five limbs already, the threshold stands.
  EXPECT_EQ(significant_branches(tree, 1.0, 0.12, 0, false), (std::vector<char>{1, 1, 1, 1, 0, 0, 0, 0, 0, 0}));
  EXPECT_EQ(significant_branches(tree, 1.0, 0.08, 0, true), (std::vector<char>{1, 1, 1, 1, 1, 1, 0, 0, 0, 0}));
  tree.branches[4].persistence = 0.13;
  EXPECT_EQ(significant_branches(tree, 1.0, 0.12, 0, true), (std::vector<char>{1, 1, 1, 1, 1, 0, 0, 0, 0, 0}));
  // A number of branches asked for takes the most persistent (ties included), adaptation aside.
  EXPECT_EQ(significant_branches(tree, 1.0, 0.12, 3, true), (std::vector<char>{1, 1, 1, 1, 0, 0, 0, 0, 0, 0}));
}

TEST(Segmentation, RejectsTorusOpenAndNonManifoldMeshes) {
  std::vector<std::array<int, 4>> ring;
  for (int x = 0; x < 3; ++x)
    for (int y = 0; y < 3; ++y)
      if (x != 1 || y != 1) ring.push_back({x, y, 0, 0});
  EXPECT_NE(rejection(test::voxel_model(ring, {"torus"}).mesh).find("not genus 0: Euler characteristic 0, genus 1"),
            std::string::npos);
  TriMesh open = test::voxel_model({{0, 0, 0, 0}}, {"cube"}).mesh;
  open.triangles.pop_back();
  EXPECT_NE(rejection(open).find("not closed: 3 boundary edges"), std::string::npos) << rejection(open);
  const TriMesh edge_touch = test::voxel_model({{0, 0, 0, 0}, {1, 1, 0, 0}}, {"pair"}).mesh;
  EXPECT_NE(rejection(edge_touch).find("not manifold"), std::string::npos) << rejection(edge_touch);
  EXPECT_THROW(segment_body_parts(open, "open"), InputError);
  EXPECT_EQ(rejection(figure()), "accepted");
}

TEST(Segmentation, AtMostKPartsTakesTheMostLimbsThatFit) {
  SegmentParams params;
  params.split_aspect = 100;
  EXPECT_EQ(segment_into_at_most(figure(), "figure", params, 6).parts.part_names.size(), 6u);
  EXPECT_EQ(segment_into_at_most(figure(), "figure", params, 4).parts.part_names.size(), 4u);
  EXPECT_EQ(segment_into_at_most(figure(), "figure", params, 1).parts.part_names.size(), 1u);
}

TEST(Segmentation, FillHolesClosesEachHoleAndKeepsTheVertices) {
  TriMesh mesh = test::holed_block(3);
  EXPECT_NE(rejection(mesh).find("not closed: 12 boundary edges (holes; `skinlab segment --fill-holes`"),
            std::string::npos)
      << rejection(mesh);
  const std::vector<Vec3> before = mesh.positions;
  const std::vector<FilledHole> filled = fill_holes(mesh);
  ASSERT_EQ(filled.size(), 3u);
  for (const FilledHole& h : filled) {
    EXPECT_EQ(h.boundary_edges, 4);
    EXPECT_GE(h.new_triangles, 2);                       // a square needs two triangles; refinement may add more
    EXPECT_EQ(h.new_triangles, 2 + 2 * h.new_vertices);  // each vertex inside a disc adds two
    EXPECT_TRUE(h.faired);
  }
  EXPECT_EQ(rejection(mesh), "accepted");
  for (std::size_t v = 0; v < before.size(); ++v) EXPECT_EQ(mesh.positions[v], before[v]);
  // A flat square hole in a flat side is filled flat: the block keeps its volume (27).
  EXPECT_NEAR(enclosed_volume(mesh), 27.0, 1e-6);
  // A closed mesh has nothing to fill.
  EXPECT_TRUE(fill_holes(mesh).empty());
}

// A needle made by a "cut" (an edge split next to its end) is remeshed away; the flat block
// keeps its volume and stays closed, and a border between two labels keeps its vertices' line.
TEST(Segmentation, SliverRepairRemovesNeedlesAndKeepsTheBorderLine) {
  std::vector<std::array<int, 4>> cells;
  for (int x = 0; x < 4; ++x)
    for (int y = 0; y < 2; ++y)
      for (int z = 0; z < 2; ++z) cells.push_back({x, y, z, 0});
  TriMesh mesh = test::voxel_model(cells, {"block"}).mesh;
  // Labels: x < 2 is part 0, x > 2 part 1 (the border is the plane x = 2).
  std::vector<int> label;
  for (const Tri& t : mesh.triangles)
    label.push_back((mesh.positions[t[0]] + mesh.positions[t[1]] + mesh.positions[t[2]]).x() / 3 < 2 ? 0 : 1);
  // Split one edge of a side triangle at 2% of its length: two triangles, one a needle.
  const int before = mesh.num_triangles();
  std::vector<char> made(before, 0);
  int split = -1;
  for (int f = 0; f < before && split < 0; ++f) {
    const Tri t = mesh.triangles[f];
    const Vec3 &a = mesh.positions[t[0]], &b = mesh.positions[t[1]];
    if (std::abs(a.z() - 2) > 1e-9 || std::abs(b.z() - 2) > 1e-9 || std::abs(mesh.positions[t[2]].z() - 2) > 1e-9)
      continue;  // a triangle on the top (z = 2)
    // Its edge (t[0], t[1]) is shared with one other top triangle, which is split too.
    int other = -1;
    for (int g = 0; g < before; ++g)
      for (int i = 0; i < 3 && g != f; ++i)
        if (mesh.triangles[g][i] == t[1] && mesh.triangles[g][(i + 1) % 3] == t[0]) other = g;
    if (other < 0) continue;
    split = f;
    const int m = mesh.num_vertices();
    mesh.positions.push_back(a + 0.02 * (b - a));
    const Tri u = mesh.triangles[other];
    int i = 0;
    while (u[i] != t[1]) ++i;
    const int opposite = u[(i + 2) % 3];
    mesh.triangles[f] = {t[0], m, t[2]};
    mesh.triangles.push_back({m, t[1], t[2]});
    mesh.triangles[other] = {t[1], m, opposite};
    mesh.triangles.push_back({m, t[0], opposite});
    label.push_back(label[f]);
    label.push_back(label[other]);
    made[f] = made[other] = 1;
    made.push_back(1);
    made.push_back(1);
  }
  ASSERT_GE(split, 0);
  const double volume = enclosed_volume(mesh);
  const SliverRepair repair = repair_slivers(mesh, label, made, 5.0);
  EXPECT_EQ(repair.slivers_before, 2);
  EXPECT_EQ(repair.slivers_after, 0);
  EXPECT_GT(repair.remeshed_triangles, 0);
  EXPECT_EQ(rejection(mesh), "accepted");
  EXPECT_NEAR(enclosed_volume(mesh), volume, 1e-9 * volume);
  EXPECT_EQ(label.size(), mesh.triangles.size());
  // Every vertex shared by both labels still lies on the plane x = 2.
  std::vector<int> seen(mesh.num_vertices(), 0);
  for (std::size_t f = 0; f < mesh.triangles.size(); ++f)
    for (int v : mesh.triangles[f]) seen[v] |= 1 << label[f];
  for (int v = 0; v < mesh.num_vertices(); ++v) {
    if (seen[v] == 3) {
      EXPECT_NEAR(mesh.positions[v].x(), 2.0, 1e-9);
    }
  }
}

// Clean-up keeps the hierarchy true to the surface: a part recorded below the trunk that meets
// only another limb piece is re-parented to it, and a part without triangles hands its child to
// its own parent. Stacked bands 0 | 1 | 2 | 3 along a cylinder.
TEST(Segmentation, CleanUpMakesEveryPartMeetItsParent) {
  const LabeledMesh bands = test::stacked_cylinder(4, 12);
  {
    // Part 2 claims the trunk as parent but touches only part 1; part 3 hangs below part 2.
    std::vector<int> label = bands.labels;
    std::vector<BodyPart> parts(4);
    parts[1].parent = 0;
    parts[2].parent = 0;
    parts[3].parent = 2;
    clean_up_parts(bands.mesh, label, parts, 0.0);
    EXPECT_EQ(label, bands.labels);  // no triangle had to move
    EXPECT_EQ(parts[1].parent, 0);
    EXPECT_EQ(parts[2].parent, 1);
    EXPECT_EQ(parts[3].parent, 2);
  }
  {
    // Part 1 has no triangles (bands 1 and 2 are labelled 2): its child 2 meets the trunk.
    std::vector<int> label = bands.labels;
    for (int& l : label)
      if (l == 1) l = 2;
    std::vector<BodyPart> parts(4);
    parts[1].parent = 0;
    parts[2].parent = 1;
    parts[3].parent = 2;
    const std::vector<int> before = label;
    clean_up_parts(bands.mesh, label, parts, 0.0);
    EXPECT_EQ(label, before);
    EXPECT_EQ(parts[2].parent, 0);
    EXPECT_EQ(parts[3].parent, 2);
  }
}

namespace {

// The figure with feet pointing forward (+z), standing along +y.
std::vector<std::array<int, 4>> figure_with_feet() {
  std::vector<std::array<int, 4>> v = figure_voxels();
  add_box(v, 0, 1, 0, 0, 3, 4);  // the low-x leg's foot
  add_box(v, 4, 5, 0, 0, 3, 4);  // the high-x leg's foot
  return v;
}

// A quadruped standing along +y and facing +z: a long body, four legs with feet forward, a
// thick head on a neck rising at the front and a thin tail straight back.
std::vector<std::array<int, 4>> quadruped() {
  std::vector<std::array<int, 4>> v;
  add_box(v, 0, 5, 5, 8, 0, 9);  // body
  for (int x : {0, 4})
    for (int z : {0, 8}) {
      add_box(v, x, x + 1, 0, 4, z, z + 1);      // leg
      add_box(v, x, x + 1, 0, 0, z + 2, z + 3);  // foot
    }
  add_box(v, 2, 3, 9, 12, 8, 9);     // neck
  add_box(v, 1, 4, 11, 14, 10, 13);  // head
  add_box(v, 2, 2, 7, 7, -7, -1);    // tail
  return v;
}

// The voxels turned by a rotation.
TriMesh turned(const std::vector<std::array<int, 4>>& voxels, const Eigen::Matrix3d& rotation) {
  TriMesh mesh = test::voxel_model(voxels, {"model"}).mesh;
  for (Vec3& p : mesh.positions) p = rotation * p;
  return mesh;
}

// A rotation off every axis: 35° about x, then 20° about z.
Eigen::Matrix3d askew() {
  return (Eigen::AngleAxisd(20 * M_PI / 180, Vec3::UnitZ()) * Eigen::AngleAxisd(35 * M_PI / 180, Vec3::UnitX()))
      .toRotationMatrix();
}

double degrees_between(const Vec3& a, const Vec3& b) {
  return std::acos(std::clamp(a.normalized().dot(b.normalized()), -1.0, 1.0)) * 180 / M_PI;
}

// Segments the voxels turned by `rotation` with no up and forward given, and checks that the
// estimate turned with them: exact along the axes; off them, found from the sole plane and the
// mirror plane, within 3° (up) and 5° (forward). Returns the part names.
std::vector<std::string> expect_turned_estimate(const std::vector<std::array<int, 4>>& voxels,
                                                const Eigen::Matrix3d& rotation) {
  SCOPED_TRACE(::testing::PrintToString(rotation));
  SegmentParams params;
  params.split_aspect = 100;
  const Segmentation s = segment_body_parts(turned(voxels, rotation), "model", params);
  EXPECT_TRUE(s.orientation_estimated);
  EXPECT_LT(degrees_between(s.up, rotation * Vec3::UnitY()), 3.0) << s.up.transpose();
  EXPECT_LT(degrees_between(s.forward, rotation * Vec3::UnitZ()), 5.0) << s.forward.transpose();
  if (rotation.cwiseAbs().maxCoeff() == 1.0) {  // a permutation of the axes
    EXPECT_TRUE(s.up.isApprox(rotation * Vec3::UnitY()));
    EXPECT_TRUE(s.forward.isApprox(rotation * Vec3::UnitZ()));
  }
  std::vector<std::string> names = s.parts.part_names;
  std::sort(names.begin(), names.end());
  return names;
}

}  // namespace

// Without up and forward, segment estimates them from the limbs the model stands on, whichever
// way its file has it lie: a biped's forward is where its feet point, and the names follow.
TEST(Segmentation, EstimatesUpAndForwardOfAStandingFigureTurnedAnyWay) {
  Eigen::Matrix3d lying_on_back, upside_down, quarter_about_up;
  lying_on_back << 1, 0, 0, 0, 0, -1, 0, 1, 0;     // +y to +z, +z to -y (man's and dino's files)
  upside_down << 1, 0, 0, 0, -1, 0, 0, 0, -1;      // +y to -y
  quarter_about_up << 0, 0, 1, 0, 1, 0, -1, 0, 0;  // +z to +x
  for (const Eigen::Matrix3d& rotation :
       {Eigen::Matrix3d(Eigen::Matrix3d::Identity()), lying_on_back, upside_down, quarter_about_up, askew()})
    EXPECT_EQ(expect_turned_estimate(figure_with_feet(), rotation),
              (std::vector<std::string>{"arm_l", "arm_r", "head", "leg_l", "leg_r", "torso"}));
}

TEST(Segmentation, EstimatesUpAndForwardOfAQuadrupedFromItsLegsAndHead) {
  Eigen::Matrix3d on_its_side;
  on_its_side << 0, -1, 0, 1, 0, 0, 0, 0, 1;  // +y to -x
  for (const Eigen::Matrix3d& rotation : {Eigen::Matrix3d(Eigen::Matrix3d::Identity()), on_its_side, askew()}) {
    const std::vector<std::string> names = expect_turned_estimate(quadruped(), rotation);
    for (const char* name : {"body", "head", "leg_fl", "leg_fr", "leg_hl", "leg_hr", "tail"})
      EXPECT_TRUE(std::binary_search(names.begin(), names.end(), name))
          << name << " in " << ::testing::PrintToString(names);
  }
}

// A seated figure (legs reaching forward, not down) with arms reaching a little back from its
// shoulders: no arm is a tail, since a tail grows from the back on the midline (CGAL's teddy had
// an arm named tail).
TEST(Segmentation, AnArmReachingBackFromAShoulderIsNoTail) {
  std::vector<std::array<int, 4>> v;
  add_box(v, 0, 5, 0, 8, 0, 3);     // trunk
  add_box(v, 1, 4, 9, 12, 0, 3);    // head
  add_box(v, -5, -1, 6, 6, -2, 0);  // arms, out and a little back
  add_box(v, 6, 10, 6, 6, -2, 0);
  add_box(v, 0, 1, 0, 0, 4, 9);  // legs, forward
  add_box(v, 4, 5, 0, 0, 4, 9);
  SegmentParams params;
  params.split_aspect = 100;
  params.up = Vec3::UnitY();
  params.forward = Vec3::UnitZ();
  const Segmentation s = segment_body_parts(turned(v, Eigen::Matrix3d::Identity()), "seated", params);
  for (const std::string& name : s.parts.part_names) EXPECT_EQ(name.find("tail"), std::string::npos) << name;
  EXPECT_NE(std::find(s.parts.part_names.begin(), s.parts.part_names.end(), "head"), s.parts.part_names.end());
}

// Nothing stands on two legs: no estimate, generic names; and none is made when it is turned off.
TEST(Segmentation, NoStanceOrNoEstimateGivesGenericNames) {
  SegmentParams params;
  params.split_aspect = 100;
  const Segmentation s =
      segment_body_parts(turned(figure_voxels(false), Eigen::Matrix3d::Identity()), "legless", params);
  EXPECT_EQ(s.limbs.size(), 3u);  // head and arms
  EXPECT_FALSE(s.orientation_estimated);
  EXPECT_TRUE(s.up.isZero());
  EXPECT_EQ(s.parts.part_names[0], "trunk");
  params.estimate_orientation = false;
  const Segmentation off =
      segment_body_parts(turned(figure_with_feet(), Eigen::Matrix3d::Identity()), "figure", params);
  EXPECT_FALSE(off.orientation_estimated);
  EXPECT_EQ(off.parts.part_names[0], "trunk");
}
