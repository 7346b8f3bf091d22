// SPDX-License-Identifier: GPL-3.0-or-later
// Rest meshes (split and welded), the rigid deformer, and frames whose triangles change.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <numbers>

#include "skinlab/core/mesh_io.hpp"
#include "skinlab/io/model_library.hpp"
#include "skinlab/rigging/build_rig.hpp"
#include "skinlab/rigging/deformer_registry.hpp"
#include "skinlab/rigging/session.hpp"
#include "skinlab/rigging/weights.hpp"
#include "skinlab/skeleton/extract_skeleton.hpp"
#include "skinlab/skinning/blend_deformer.hpp"
#include "test_deformers.hpp"
#include "test_meshes.hpp"

using namespace skinlab;
namespace fs = std::filesystem;

namespace {

SegmentedModel cylinder() {
  SegmentedModel model = SegmentedModel::build(test::stacked_cylinder(3, 12), "cylinder");
  model.attach_hierarchy(parse_skel("cylinder.skel",
                                    "ROOT seg0 -90 90 -90 90 -90 90 { JOINT seg1 -90 90 -90 90 -90 90"
                                    " { JOINT seg2 -90 90 -90 90 -90 90 { End Site } } }"));
  return model;
}

// Re-welds a split mesh through its map: the original vertex of every copy, and every triangle
// at its original index.
void expect_rewelds_to(const SkinMesh& split, const SegmentedModel& model) {
  const TriMesh& whole = model.mesh();
  std::vector<int> copies(whole.num_vertices(), 0);
  for (int v = 0; v < split.num_vertices(); ++v) {
    const int w = split.welded_vertex[v];
    ++copies[w];
    for (int k = 0; k < 3; ++k) {
      ASSERT_EQ(split.rest_positions[3 * v + k], static_cast<float>(whole.positions[w][k]));
      ASSERT_EQ(split.rest_normals[3 * v + k], static_cast<float>(whole.normals[w][k]));
    }
  }
  for (int w = 0; w < whole.num_vertices(); ++w) ASSERT_GE(copies[w], 1) << w;
  ASSERT_EQ(split.triangles.size(), whole.triangles.size());
  std::vector<int> seen(whole.num_triangles(), 0);
  for (std::size_t f = 0; f < split.triangles.size(); ++f) {
    const int original = split.welded_triangle[f];
    ++seen[original];
    const Tri& t = split.triangles[f];
    EXPECT_EQ((Tri{split.welded_vertex[t[0]], split.welded_vertex[t[1]], split.welded_vertex[t[2]]}),
              whole.triangles[original]);
    EXPECT_EQ(split.triangle_component[f], model.labels()[original]);
  }
  for (int f = 0; f < whole.num_triangles(); ++f) ASSERT_EQ(seen[f], 1) << f;
}

}  // namespace

TEST(SkinMesh, SplittingAndReweldingRestoresEveryVertexAndTriangle) {
  const SegmentedModel model = cylinder();
  const SkinMesh split = split_skin_mesh(model);
  // Two openings of 12 vertices each are copied once more.
  EXPECT_EQ(split.num_vertices(), model.mesh().num_vertices() + 24);
  expect_rewelds_to(split, model);
  const SegmentedModel homer = load_model(resolve_model("homer"));
  expect_rewelds_to(split_skin_mesh(homer), homer);
}

TEST(SkinMesh, TheWeldedMeshIsTheOriginal) {
  const SegmentedModel model = load_model(resolve_model("homer"));
  const SkinMesh welded = welded_skin_mesh(model);
  ASSERT_EQ(welded.num_vertices(), model.mesh().num_vertices());
  EXPECT_EQ(welded.triangles, model.mesh().triangles);
  EXPECT_EQ(welded.triangle_component, model.labels());
  for (int v = 0; v < welded.num_vertices(); ++v) {
    EXPECT_EQ(welded.welded_vertex[v], v);
    EXPECT_EQ(welded.rest_positions[3 * v + 1], static_cast<float>(model.mesh().positions[v].y()));
  }
  // A vertex takes the part of the first triangle that uses it.
  std::vector<int> first(welded.num_vertices(), -1);
  for (int f = 0; f < model.mesh().num_triangles(); ++f)
    for (int v : model.mesh().triangles[f])
      if (first[v] < 0) first[v] = model.labels()[f];
  EXPECT_EQ(welded.vertex_component, first);
}

TEST(RigidDeformer, FollowsEachPartsMatrixAndIsALinearBlendOfWeightOne) {
  const SegmentedModel model = cylinder();
  const Skeleton skeleton = extract_skeleton(model);
  const auto rig = std::make_shared<const Rig>(build_rig(model, skeleton));
  Animator animator(rig, std::nullopt, 30, {});
  Pose pose;
  pose.angles.assign(9, 0.0);
  pose.angles[3] = 60 * std::numbers::pi / 180;  // bend seg1 about its X
  const AcceptedPose& accepted = animator.apply(pose, 0);
  ASSERT_TRUE(accepted.rejections.empty());
  DeformerContext context(model, skeleton, rig, weight_source(model, skeleton, {}), 1);
  const std::unique_ptr<Deformer> rigid = find_deformer("rigid").create(context);
  Frame frame;
  rigid->deform(accepted, frame);
  const SkinMesh& rest = rigid->rest_mesh();
  ASSERT_TRUE(frame.rest_triangles);
  for (int v = 0; v < rest.num_vertices(); ++v) {
    const int c = rest.vertex_component[v];
    const Vec3 p(rest.rest_positions[3 * v], rest.rest_positions[3 * v + 1], rest.rest_positions[3 * v + 2]);
    const Vec3 expected = accepted.world[c].apply_point(p);
    for (int k = 0; k < 3; ++k) EXPECT_NEAR(frame.positions[3 * v + k], expected[k], 1e-5);
  }
  const std::optional<LinearSkin> skin = rigid->linear_skin();
  ASSERT_TRUE(skin);
  for (int v = 0; v < rest.num_vertices(); ++v) {
    EXPECT_EQ(skin->joints[v][0], rest.vertex_component[v]);
    EXPECT_EQ(skin->weights[v], (std::array<float, 4>{1, 0, 0, 0}));
  }
  EXPECT_EQ(rigid->runtime_bytes(), 28u * rest.num_vertices());  // rest position, normal, part
}

TEST(Frame, ChangingTrianglesGoThroughTheObjWriter) {
  const SegmentedModel model = cylinder();
  const ClipFile clip = parse_clip("bend.clip",
                                   "animation { range 0 1 numChannels 1 channel seg1.rx { extrapolate constant constant"
                                   " keys 2 { 0 0 smooth smooth 1 40 smooth smooth } } }");
  AnimationSession session(model, clip, {}, test::ParityDeformer::entry());
  std::vector<std::string> names;
  for (const Component& c : model.components()) names.push_back(c.name);
  const fs::path file = fs::temp_directory_path() / ("skinlab_parity_" + std::to_string(::getpid()) + ".obj");
  std::size_t previous_triangles = 0;
  for (int f : {0, 1, 2}) {
    SCOPED_TRACE(f);
    Frame frame;
    session.play(f, frame);
    ASSERT_FALSE(frame.rest_triangles);
    const FrameTopology topo = topology(frame, session.deformer().rest_mesh());
    EXPECT_NE(topo.triangles.size(), previous_triangles);  // seg0 and seg2 on even frames, seg1 on odd
    previous_triangles = topo.triangles.size();
    {
      std::ofstream out(file);
      write_obj_frame(out, "parity frame", frame.positions, frame.normals, topo.triangles, topo.triangle_component,
                      names);
    }
    const LabeledMesh read = read_obj(file);
    ASSERT_EQ(read.mesh.num_vertices() * 3, static_cast<int>(frame.positions.size()));
    for (int v = 0; v < read.mesh.num_vertices(); ++v)
      for (int k = 0; k < 3; ++k) ASSERT_EQ(static_cast<float>(read.mesh.positions[v][k]), frame.positions[3 * v + k]);
    EXPECT_EQ(read.mesh.triangles.size(), topo.triangles.size());
    EXPECT_EQ(read.part_names,
              f % 2 == 0 ? (std::vector<std::string>{"seg0", "seg2"}) : (std::vector<std::string>{"seg1"}));
  }
  fs::remove(file);
}

TEST(Frame, AWeldedMeshFrameWritesAnObjWithoutCracks) {
  const SegmentedModel model = load_model(resolve_model("homer"));
  const auto rig = std::make_shared<const Rig>(build_rig(model, extract_skeleton(model)));
  Animator animator(rig, read_clip(std::string(SKINLAB_SOURCE_DIR) + "/clips/homer_wave.clip"), 30, {});
  // Rigid motion of the welded mesh (each vertex follows the part of its first triangle): a
  // stand-in for the smooth deformers, which write the welded mesh.
  const SkinMesh rest = welded_skin_mesh(model);
  BlendDeformer welded(rest, own_part_weights(rest), rig, {});
  Frame frame;
  welded.deform(animator.seek(45), frame);
  std::vector<std::string> names;
  for (const Component& c : model.components()) names.push_back(c.name);
  const fs::path file = fs::temp_directory_path() / ("skinlab_welded_" + std::to_string(::getpid()) + ".obj");
  {
    std::ofstream out(file);
    const FrameTopology topo = topology(frame, welded.rest_mesh());
    write_obj_frame(out, "welded", frame.positions, frame.normals, topo.triangles, topo.triangle_component, names);
  }
  // Read back: the groups share their border vertices, so every edge still has two triangles and
  // the parts and their openings are the model's.
  const SegmentedModel back = SegmentedModel::build(read_obj(file), file.string());
  fs::remove(file);
  EXPECT_EQ(back.mesh().num_vertices(), model.mesh().num_vertices());
  EXPECT_EQ(back.num_components(), model.num_components());
  EXPECT_EQ(back.openings().size(), model.openings().size());
  std::map<std::pair<int, int>, int> edges;
  for (const Tri& t : back.mesh().triangles)
    for (int i = 0; i < 3; ++i) ++edges[std::minmax(t[i], t[(i + 1) % 3])];
  for (const auto& [edge, count] : edges) ASSERT_EQ(count, 2);
}
