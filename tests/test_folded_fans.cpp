// SPDX-License-Identifier: GPL-3.0-or-later
// Folded fans (folded_fans.hpp): where a part's surface folds back onto itself, found at set-up
// and taken by `gap`'s Remove where its boundary runs through one.
#include <gtest/gtest.h>

#include "skinlab/core/clip_io.hpp"
#include "skinlab/gap/folded_fans.hpp"
#include "skinlab/gap/gap_deformer.hpp"
#include "skinlab/io/model_library.hpp"
#include "skinlab/metrics/self_intersections.hpp"
#include "skinlab/rigging/deformer_registry.hpp"
#include "skinlab/rigging/session.hpp"

namespace skinlab {
namespace {

// Triangle A = (0, 1, 2) in the plane z = 0, normal +z; B = (1, 0, 3) across their shared edge,
// its normal (0, 0.3, -0.8) / |.|, 159° from A's (dot -0.936): the surface folds back at
// vertices 0 and 1. With `pierce`, a triangle C of another part stands through A's middle.
GapModel folded_book(bool pierce) {
  GapModel gap;
  gap.rest_positions = {{0, 0, 0}, {1, 0, 0}, {0.5, 1, 0}, {0.5, 0.8, 0.3}};
  gap.triangles = {{0, 1, 2}, {1, 0, 3}};
  gap.triangle_part = {0, 0};
  gap.vertex_part = {0, 0, 0, 0};
  gap.across = {1, -1, -1, 0, -1, -1};
  gap.vertex_triangle_offset = {0, 2, 4, 5, 6};
  gap.vertex_triangle = {0, 1, 0, 1, 0, 1};
  if (pierce) {
    gap.rest_positions.insert(gap.rest_positions.end(), {{0.4, 0.3, -0.5}, {0.6, 0.3, -0.5}, {0.5, 0.35, 0.5}});
    gap.triangles.push_back({4, 5, 6});
    gap.triangle_part.push_back(1);
    gap.vertex_part.insert(gap.vertex_part.end(), {1, 1, 1});
    gap.across.insert(gap.across.end(), {-1, -1, -1});
    gap.vertex_triangle_offset.insert(gap.vertex_triangle_offset.end(), {7, 8, 9});
    gap.vertex_triangle.insert(gap.vertex_triangle.end(), {2, 2, 2});
  }
  return gap;
}

TEST(FoldedFans, AreTheVerticesOfTheEdgeTheSurfaceFoldsBackAcross) {
  const GapModel gap = folded_book(false);
  EXPECT_EQ(find_folded_fans(gap), (std::vector<unsigned char>{1, 1, 0, 0}));
  const auto every = [](int) { return true; };
  EXPECT_TRUE(fan_folds(gap, 0, 0, every));
  EXPECT_FALSE(fan_folds(gap, 2, 0, every));                         // A alone round it
  EXPECT_FALSE(fan_folds(gap, 0, 1, every));                         // no triangle of part 1 round it
  EXPECT_FALSE(fan_folds(gap, 0, 0, [](int f) { return f != 1; }));  // B removed: nothing folds
  // Unfolded to 90° (B upright, dot 0), nothing folds.
  GapModel upright = gap;
  upright.rest_positions[3] = {0.5, 0, 1};
  EXPECT_EQ(find_folded_fans(upright), (std::vector<unsigned char>(4, 0)));
}

TEST(FoldedFans, AFoldInsideTheRestMeshsOwnCrossingDoesNotCount) {
  const GapModel gap = folded_book(true);
  EXPECT_EQ(find_folded_fans(gap), (std::vector<unsigned char>(7, 0)));
}

// Man's kick, frames 59 and 75: a sliver of the torso folded back against its neighbours (147° and
// 155°) lies on the hip's boundary; the patch left it between the two sheets and crossed the
// torso (4 and 8 pairs sharing no vertex). Remove now takes it: no pair of a patch cell and a
// part's triangle sharing no vertex is left at the hip, and without it they come back.
TEST(FoldedFans, RemoveTakesTheTorsosFoldAtMansHip) {
  const SegmentedModel model = load_model(resolve_model("man"));
  const ClipFile clip = read_clip(std::string(SKINLAB_SOURCE_DIR) + "/clips/man_kick.clip");
  SessionParams params;
  params.checks.limits = params.checks.collisions = false;
  const auto patch_pairs = [&](bool take, int frame_index) {
    GapOptions options = GapOptions::second_generation();
    options.take_folded_fans = take;
    DeformerEntry entry{"gap-folds", "", false,
                        [options](DeformerContext& c) { return make_gap_deformer(c, {}, options); }};
    AnimationSession session(model, clip, params, entry);
    Frame frame;
    session.play(frame_index, frame);
    const FrameTopology t = topology(frame, session.deformer().rest_mesh());
    const auto crossing = self_intersections(frame.positions, t.triangles);
    EXPECT_TRUE(crossing.has_value());
    int pairs = 0;
    for (auto [a, b] : crossing.value_or(std::vector<std::pair<int, int>>{})) {
      const auto added = [&](int f) {
        return frame.added_vertex[t.triangles[f][0]] || frame.added_vertex[t.triangles[f][1]] ||
               frame.added_vertex[t.triangles[f][2]];
      };
      int shared = 0;
      for (int i : t.triangles[a])
        for (int j : t.triangles[b]) shared += i == j;
      pairs += shared == 0 && added(a) != added(b);
    }
    return pairs;
  };
  for (int frame : {59, 75}) {
    EXPECT_EQ(patch_pairs(true, frame), 0) << "frame " << frame;
    EXPECT_GT(patch_pairs(false, frame), 2) << "frame " << frame;
  }
}

}  // namespace
}  // namespace skinlab
