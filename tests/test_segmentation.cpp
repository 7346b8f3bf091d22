#include <gtest/gtest.h>

#include "core/error.hpp"
#include "core/segmented_model.hpp"
#include "segmentation/mesh_checks.hpp"
#include "segmentation/segment_body_parts.hpp"
#include "test_meshes.hpp"

using namespace skinlab;

namespace {

void add_box(std::vector<std::array<int, 4>>& voxels, int x0, int x1, int y0, int y1, int z0, int z1) {
  for (int x = x0; x <= x1; ++x)
    for (int y = y0; y <= y1; ++y)
      for (int z = z0; z <= z1; ++z) voxels.push_back({x, y, z, 0});
}

// A figure standing along +y and facing +z: body, head, two arms held out, two legs.
TriMesh figure() {
  std::vector<std::array<int, 4>> v;
  add_box(v, 0, 5, 6, 13, 0, 3);     // body
  add_box(v, 1, 4, 14, 17, 0, 3);    // head
  add_box(v, -6, -1, 11, 12, 1, 2);  // arm at -x
  add_box(v, 6, 11, 11, 12, 1, 2);   // arm at +x
  add_box(v, 0, 1, 0, 5, 1, 2);      // leg at low x
  add_box(v, 4, 5, 0, 5, 1, 2);      // leg at high x
  return test::voxel_model(v, {"figure"}).mesh;
}

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
