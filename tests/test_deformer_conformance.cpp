// SPDX-License-Identifier: GPL-3.0-or-later
// Every registered deformer, whatever it is, keeps the contract of skinning/deformer.hpp: the rest
// pose gives the rest mesh, a frame's arrays agree in size and index what exists, the same pose
// gives the same frame twice, and nothing is non-finite. A new deformer is checked by being
// registered (its GPU form, where it has one, by glsl_skinning_check through test_viewer.cpp).
#include <gtest/gtest.h>

#include <cmath>

#include "skinlab/core/clip_io.hpp"
#include "skinlab/io/model_library.hpp"
#include "skinlab/rigging/deformer_registry.hpp"
#include "skinlab/rigging/session.hpp"

using namespace skinlab;

namespace {

void expect_consistent(const Frame& frame, const SkinMesh& rest) {
  ASSERT_EQ(frame.positions.size() % 3, 0u);
  ASSERT_EQ(frame.normals.size(), frame.positions.size());
  const std::size_t vertices = frame.positions.size() / 3;
  for (float x : frame.positions) ASSERT_TRUE(std::isfinite(x));
  for (float x : frame.normals) ASSERT_TRUE(std::isfinite(x));
  if (frame.rest_triangles) {
    ASSERT_EQ(frame.positions.size(), rest.rest_positions.size());
    return;
  }
  ASSERT_EQ(frame.triangle_component.size(), frame.triangles.size());
  ASSERT_EQ(frame.vertex_component.size(), vertices);
  ASSERT_EQ(frame.added_vertex.size(), vertices);
  for (const Tri& t : frame.triangles)
    for (int v : t) ASSERT_TRUE(v >= 0 && static_cast<std::size_t>(v) < vertices);
}

// Normals are unit vectors or, for a linear blend of rotated unit normals (LBS), shorter ones
// (renderers normalise): never longer than 1, never zero.
void expect_bounded_normals(const Frame& frame) {
  for (std::size_t v = 0; 3 * v < frame.normals.size(); ++v) {
    const double n = std::hypot(frame.normals[3 * v], frame.normals[3 * v + 1], frame.normals[3 * v + 2]);
    ASSERT_GT(n, 0.1) << "vertex " << v;
    ASSERT_LT(n, 1.0 + 1e-5) << "vertex " << v;
  }
}

}  // namespace

TEST(DeformerConformance, EveryRegisteredDeformerKeepsTheContract) {
  const SegmentedModel model = load_model(resolve_model("cactus"));
  const ClipFile clip = read_clip(std::string(SKINLAB_SOURCE_DIR) + "/clips/cactus_sway.clip");
  ASSERT_GE(deformer_registry().size(), 6u);
  for (const DeformerEntry& entry : deformer_registry()) {
    SCOPED_TRACE(entry.name);
    AnimationSession session(model, clip, {}, entry);
    const SkinMesh& rest = session.deformer().rest_mesh();
    // The rest pose: the rest mesh, vertex for vertex (a deformer that rebuilds its triangles
    // builds nothing when no joint moved).
    Frame at_rest;
    Pose rest_pose;
    rest_pose.angles.assign(3 * session.rig().order.size(), 0.0);
    session.deformer().deform(session.animator().apply(rest_pose, 0), at_rest);
    expect_consistent(at_rest, rest);
    ASSERT_EQ(at_rest.positions.size(), rest.rest_positions.size());
    for (std::size_t i = 0; i < rest.rest_positions.size(); ++i)
      ASSERT_NEAR(at_rest.positions[i], rest.rest_positions[i], 1e-5) << "coordinate " << i;
    // Every frame of the clip: consistent and finite; one of them twice gives the same frame.
    const int frames = session.animator().grid().count();
    ASSERT_GT(frames, 2);
    for (int f = 0; f < frames; f += 7) {
      Frame frame;
      session.play(f, frame);
      expect_consistent(frame, rest);
      expect_bounded_normals(frame);
    }
    Frame first, second;
    session.play(frames / 2, first);
    session.play(frames - 1, second);
    session.play(frames / 2, second);
    EXPECT_EQ(first.positions, second.positions);
    EXPECT_EQ(first.normals, second.normals);
    EXPECT_EQ(first.triangles, second.triangles);
    EXPECT_GT(session.deformer().runtime_bytes(), 0u);
  }
}
