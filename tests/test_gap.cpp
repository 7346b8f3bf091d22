// SPDX-License-Identifier: GPL-3.0-or-later
// Gap reconstruction (thesis §4.4): the Fudos–Hoffmann arc, QLERP arcs, and closed frames on a
// two-cylinder arm built in code and on the standard models' clips.
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <memory>
#include <numbers>
#include <numeric>
#include <optional>
#include <random>
#include <set>
#include <tuple>

#include "gap_test_support.hpp"
#include "run_command.hpp"
#include "skinlab/core/closest_point.hpp"
#include "skinlab/core/edge_defects.hpp"
#include "skinlab/core/error.hpp"
#include "skinlab/core/triangle_intersection.hpp"
#include "skinlab/experiments/measurements.hpp"
#include "skinlab/gap/arc_curves.hpp"
#include "skinlab/gap/blend_arcs.hpp"
#include "skinlab/gap/conic_arc.hpp"
#include "skinlab/gap/flip_folded_cells.hpp"
#include "skinlab/gap/gap_deformer.hpp"
#include "skinlab/gap/keep_out_of_ball.hpp"
#include "skinlab/gap/reconstruct_patch.hpp"
#include "skinlab/gap/twist_band.hpp"
#include "skinlab/gap/untangle_patch.hpp"
#include "skinlab/io/model_library.hpp"
#include "skinlab/metrics/self_intersections.hpp"
#include "skinlab/metrics/surface_distance.hpp"
#include "skinlab/rigging/build_rig.hpp"
#include "skinlab/rigging/deformer_registry.hpp"
#include "skinlab/rigging/session.hpp"
#include "skinlab/skeleton/extract_skeleton.hpp"
#include "test_meshes.hpp"

using namespace skinlab;
using skinlab::test::ArmSession;

namespace {

constexpr double kDeg = std::numbers::pi / 180;

struct ClosedCheck {
  int boundary_edges = 0;
  int repeated_edges = 0;  // a directed edge used twice: non-manifold or inconsistent orientation
  int degenerate = 0;
  int euler = 0;
};

ClosedCheck check_closed(const Frame& frame) {
  ClosedCheck c;
  std::map<std::pair<int, int>, int> directed;
  std::set<int> used;
  for (const Tri& t : frame.triangles) {
    if (t[0] == t[1] || t[1] == t[2] || t[2] == t[0]) ++c.degenerate;
    for (int k = 0; k < 3; ++k) {
      ++directed[{t[k], t[(k + 1) % 3]}];
      used.insert(t[k]);
    }
  }
  int edges = 0;
  for (const auto& [edge, count] : directed) {
    if (count > 1) ++c.repeated_edges;
    if (!directed.count({edge.second, edge.first})) ++c.boundary_edges;
    if (edge.first < edge.second || !directed.count({edge.second, edge.first})) ++edges;
  }
  c.euler = static_cast<int>(used.size()) - edges + static_cast<int>(frame.triangles.size());
  return c;
}

void expect_closed_sphere(const Frame& frame) {
  const ClosedCheck c = check_closed(frame);
  EXPECT_EQ(c.boundary_edges, 0);
  EXPECT_EQ(c.repeated_edges, 0);
  EXPECT_EQ(c.degenerate, 0);
  EXPECT_EQ(c.euler, 2);
}

// The gap deformer on the arm, with an animator that checks neither limits nor collisions.
class GapArm : public ::testing::Test {
 protected:
  ArmSession arm;
  GapDeformer gap{arm.model, arm.skeleton, arm.rig};
  Animator animator{arm.rig, std::nullopt, 30, {false, false}};
  Frame frame;
};

}  // namespace

TEST(Gap, FudosHoffmannArcPassesThroughItsPointAndIsCircularForSymmetricInput) {
  // A quarter of the unit circle from (1, 0) to (0, 1): tangents meet at (1, 1).
  const Vec2 c(1, 0), d(0, 1), p(std::sqrt(0.5), std::sqrt(0.5));
  const auto arc = fudos_hoffmann_arc(c, Vec2(0, 1), d, Vec2(-1, 0), p);
  ASSERT_TRUE(arc.has_value());
  EXPECT_NEAR(arc->weight, std::sqrt(0.5), 1e-12);  // cos of half the arc's angle
  for (int i = 0; i <= 20; ++i) EXPECT_NEAR(arc->at(i / 20.0).norm(), 1.0, 1e-12);
  EXPECT_NEAR((arc->at(0.5) - p).norm(), 0.0, 1e-12);
  // An asymmetric case: the arc still passes through its point, inside its two tangents.
  const Vec2 q(0.7, 0.5);
  const auto skew = fudos_hoffmann_arc(Vec2(1, 0), Vec2(0, 1), Vec2(0, 1), Vec2(-1, 0), q);
  ASSERT_TRUE(skew.has_value());
  EXPECT_NEAR((skew->at(nearest_parameter(*skew, q)) - q).norm(), 0.0, 1e-9);
  // A point outside the tangents' wedge has no acceptable arc.
  EXPECT_FALSE(fudos_hoffmann_arc(Vec2(1, 0), Vec2(0, 1), Vec2(0, 1), Vec2(-1, 0), Vec2(1.5, 1.5)).has_value());
}

// An arc of length L gets round(L / spacing) - 1 points (segments nearest the spacing); with
// point_past_spacing (gap, whose unfolding moves only new points) one at least once L passes
// the spacing, and sample_evenly puts it half way.
TEST(Gap, ArcsLongerThanTheSpacingGetAPointWhereTheUnfoldingNeedsOne) {
  for (const auto& [length, plain, movable] :
       std::vector<std::tuple<double, int, int>>{{0.4, 0, 0}, {0.99, 0, 0}, {1.01, 0, 1}, {1.49, 0, 1},
                                                 {1.51, 1, 1}, {2.6, 2, 2}, {4.4, 3, 3}}) {
    EXPECT_EQ(arc_point_count(length, 1.0), plain) << length;
    EXPECT_EQ(arc_point_count(length, 1.0, true), movable) << length;
  }
  const ArcCurve segment = [](double t) { return Vec3(1.2 * t, 0, 0); };
  std::vector<Vec3> points;
  sample_evenly(segment, 1.0, points);
  EXPECT_TRUE(points.empty());
  sample_evenly(segment, 1.0, points, true);
  ASSERT_EQ(points.size(), 1u);
  EXPECT_NEAR((points[0] - Vec3(0.6, 0, 0)).norm(), 0.0, 1e-3);
}

TEST(Gap, QlerpArcStaysOnItsCircleWithinTheSbsBoundOfSlerp) {
  const Vec3 center(0.1, -0.2, 0.3), axis = Vec3(1, 2, 2).normalized();
  const Vec3 point = center + Vec3(0.5, 0.1, -0.4);
  for (double degrees : {30.0, 90.0, 150.0, 179.0}) {
    const Quat q = quat_from_axis_angle(axis, degrees * kDeg);
    const Vec3 radial = (point - center) - (point - center).dot(axis) * axis;
    for (int i = 0; i <= 20; ++i) {
      const double t = i / 20.0;
      const Vec3 p = qlerp_arc_point(q, center, point, t);
      const Vec3 r = (p - center) - (p - center).dot(axis) * axis;
      EXPECT_NEAR(r.norm(), radial.norm(), 1e-12);  // on the circle about the joint
      EXPECT_NEAR((p - center).dot(axis), (point - center).dot(axis), 1e-12);
      // The rotation angle along the arc differs from SLERP's, t * angle, by less than 8.15°
      // (Kavan & Žára 2005, §4.1).
      const double angle = std::atan2(radial.cross(r).dot(axis), radial.dot(r));
      EXPECT_LT(std::abs(angle - t * degrees * kDeg), 8.15 * kDeg);
    }
  }
}

TEST_F(GapArm, RestPoseGivesBackTheRestMeshExactly) {
  gap.deform(arm.pose(animator, 0, 0), frame);
  const TriMesh& mesh = arm.model.mesh();
  ASSERT_EQ(frame.triangles, mesh.triangles);
  ASSERT_EQ(frame.positions.size(), 3 * mesh.positions.size());
  for (int v = 0; v < mesh.num_vertices(); ++v)
    for (int k = 0; k < 3; ++k) EXPECT_EQ(frame.positions[3 * v + k], static_cast<float>(mesh.positions[v][k]));
  EXPECT_EQ(gap.last_frame().patch_vertices, 0);
}

TEST_F(GapArm, BentAndTwistedArmIsClosed) {
  for (const auto& [bend, twist] :
       std::vector<std::pair<double, double>>{{30, 0}, {60, 0}, {90, 0}, {120, 0}, {0, 90}, {0, 180}, {60, 90}}) {
    SCOPED_TRACE("bend " + std::to_string(bend) + ", twist " + std::to_string(twist));
    gap.deform(arm.pose(animator, bend, twist), frame);
    expect_closed_sphere(frame);
    const GapFrameReport& r = gap.last_frame();
    EXPECT_EQ(r.clamped_sides, 0);
    EXPECT_GT(r.patch_vertices, 0);
    if (bend > 0) {
      EXPECT_GT(r.removed_vertices, 0);
      EXPECT_GT(r.bezier_arcs + r.bezier_fallbacks, 0);
    }
    // In a plain bend up to 60° the Fudos–Hoffmann construction holds for most pairs.
    if (twist == 0 && bend <= 60) {
      EXPECT_GT(r.bezier_arcs, r.bezier_fallbacks);
    }
  }
}

// A plain bend, however deep, passes through nothing: arcs are paired by their place about the
// rotation axis and eased into circles about it beside the bend (docs/gap.md, "Add"). Bends
// with a twist still may (docs/gap.md, "Known defects").
TEST_F(GapArm, BentArmDoesNotIntersectItself) {
  for (double bend : {30.0, 45.0, 60.0, 90.0, 120.0, 135.0, 150.0}) {
    SCOPED_TRACE("bend " + std::to_string(bend));
    gap.deform(arm.pose(animator, bend, 0), frame);
    EXPECT_TRUE(self_intersections(frame.positions, frame.triangles)->empty());
    EXPECT_GT(gap.last_frame().patch_triangles, 0);
  }
}

TEST_F(GapArm, TwistedArmSweepsCirclePointsOnArcsOfTheOpeningsRadius) {
  for (double twist : {90.0, 180.0}) {
    SCOPED_TRACE("twist " + std::to_string(twist));
    gap.deform(arm.pose(animator, 0, twist), frame);
    // A twist about the parent axis (z) overlaps nothing: every new point is a circle point,
    // on the opening's circle (radius 0.2 about the joint at z = 1).
    EXPECT_EQ(gap.last_frame().removed_vertices, 0);
    EXPECT_EQ(gap.last_frame().bezier_arcs + gap.last_frame().bezier_fallbacks, 0);
    int patch = 0;
    for (std::size_t v = 0; v < frame.added_vertex.size(); ++v) {
      if (!frame.added_vertex[v]) continue;
      ++patch;
      const Vec3 p(frame.positions[3 * v], frame.positions[3 * v + 1], frame.positions[3 * v + 2]);
      EXPECT_NEAR(std::hypot(p.x(), p.y()), 0.2, 1e-5);
      EXPECT_NEAR(p.z(), 1.0, 1e-5);
    }
    // 32 opening points, each sweeping twist/360 of a circle of circumference 2 pi 0.2, new
    // points about one mean edge length apart.
    EXPECT_GT(patch, 32);
  }
}

TEST(Gap, EveryFrameOfTheTableModelsClipsIsClosed) {
  for (const std::string name : {"homer", "cow", "camel", "diplodocus"}) {
    const SegmentedModel model = load_model(resolve_model(name));
    for (const std::filesystem::path& clip : model_clips(name)) {
      SCOPED_TRACE(clip.filename().string());
      AnimationSession session(model, read_clip(clip), SessionParams{}, find_deformer("gap"));
      Frame frame;
      int open = 0, frames = 0;
      for (int f = 0; f <= session.animator().grid().last(); ++f, ++frames) {
        session.play(f, frame);
        const EdgeDefects d = edge_defects(frame.triangles);
        open += !d.closed_manifold() || d.euler_characteristic != 2;
      }
      EXPECT_EQ(open, 0) << "of " << frames << " frames";
      EXPECT_GT(frames, 3);
    }
  }
}

// Replaying a pose gives the same frame wherever the allocator put CGAL's triangulation: the
// deformer conformance test (which plays one frame twice with another between) in this test
// program again, under glibc malloc settings that place blocks elsewhere. Without time stamps
// on the triangulation's handles the advancing front broke ties by address, and two of these
// settings gave gap-thesis another patch on the replay.
TEST(ReconstructPatch, ReplayIsTheSameWhateverTheAllocator) {
  const std::string self = std::filesystem::read_symlink("/proc/self/exe").string();
  for (const char* malloc_env : {"MALLOC_TOP_PAD_=1", "MALLOC_ARENA_MAX=1 MALLOC_MMAP_THRESHOLD_=4096",
                                 "MALLOC_MMAP_THRESHOLD_=0"}) {
    std::string output;
    EXPECT_EQ(test::run_command(std::string(malloc_env) + " '" + self +
                                    "' --gtest_filter=DeformerConformance.EveryRegisteredDeformerKeepsTheContract",
                                output),
              0)
        << malloc_env << "\n"
        << output;
  }
}

// The thesis back end promises no closed frame, but its reconstruction must bridge most of the
// gap: fewer boundary edges than the opening has (the kept parts alone leave both loops open).
TEST_F(GapArm, ThesisBackEndBridgesMostOfTheGap) {
  GapDeformer thesis(arm.model, arm.skeleton, arm.rig, reconstruct_patch);
  for (double bend : {30.0, 60.0}) {
    SCOPED_TRACE("bend " + std::to_string(bend));
    thesis.deform(arm.pose(animator, bend, 0), frame);
    EXPECT_GT(thesis.last_frame().patch_triangles, 100);
    EXPECT_LT(edge_defects(frame.triangles).boundary_edges, 32);
  }
}

// The new points stay between the two boundary loops: no deeper into either part, along its
// axis, than that part's deepest kept boundary point.
TEST_F(GapArm, PatchLiesBetweenTheTwoLoops) {
  const GapJoint& joint = gap.gap_model().joints.at(0);
  for (const auto& [bend, twist] :
       std::vector<std::pair<double, double>>{{30, 0}, {60, 0}, {90, 0}, {120, 0}, {60, 90}}) {
    SCOPED_TRACE("bend " + std::to_string(bend) + ", twist " + std::to_string(twist));
    const AcceptedPose& pose = arm.pose(animator, bend, twist);
    gap.deform(pose, frame);
    const QT& parent = pose.world[joint.parent];
    const QT& child = pose.world[joint.child];
    const Vec3 j = parent.apply_point(joint.joint);
    const Vec3 into_parent = parent.apply_normal(-joint.plane.normal);
    const Vec3 into_child = child.apply_normal(joint.plane.normal);
    double parent_depth = 0, child_depth = 0;
    for (int v : gap.boundary(0, false).loop)
      parent_depth = std::max(parent_depth, (parent.apply_point(arm.model.mesh().positions[v]) - j).dot(into_parent));
    for (int v : gap.boundary(0, true).loop)
      child_depth = std::max(child_depth, (child.apply_point(arm.model.mesh().positions[v]) - j).dot(into_child));
    int patch = 0;
    for (std::size_t v = 0; v < frame.added_vertex.size(); ++v) {
      if (!frame.added_vertex[v]) continue;
      ++patch;
      const Vec3 p(frame.positions[3 * v], frame.positions[3 * v + 1], frame.positions[3 * v + 2]);
      EXPECT_LE((p - j).dot(into_parent), parent_depth + 1e-5);
      EXPECT_LE((p - j).dot(into_child), child_depth + 1e-5);
    }
    EXPECT_GT(patch, 0);
  }
}

namespace {

// The child's side of Remove at joint `joint`, the child bent 45° about x through (0, 0, 1), after
// the parent's side, as a frame runs them, taking what lies inside the other part's box only.
SideBoundary removal_bent_45(const GapModel& gap, int joint) {
  const Vec3 center(0, 0, 1);
  const Quat bend = quat_from_axis_angle(Vec3::UnitX(), std::numbers::pi / 4);
  const QT relative{bend, center - bend * center};
  RemovalMarks marks;
  marks.resize(gap);
  ++marks.frame;
  SideBoundary parent, child;
  remove_overlap(gap, joint, false, relative, {}, marks, parent);
  remove_overlap(gap, joint, true, relative, {}, marks, child, &parent);
  return child;
}

// The gap model of `model` rigged from its centroid skeleton.
GapModel centroid_gap_model(const SegmentedModel& model) {
  SkeletonParams params;
  params.method = "centroid";
  const Skeleton skeleton = extract_skeleton(model, params);
  return build_gap_model(model, skeleton, build_rig(model, skeleton));
}

}  // namespace

// Remove on a tube's forearm bent 45° about x: its inner side (-y) dips below the opening plane
// as far along the bone as 0.2 tan 45° and stays in the upper arm's box to about 0.08, so the
// forearm's first rings are 0.02 apart. A pit pressed into that side (one triangle's three
// corners, 0.02 and 0.04 along the bone round -90°, drawn in to radius 0.01) stays above the
// plane, since 0.01 tan 45° is less than 0.02, while every neighbour of its corners dips: the
// removal rings it, and the kept triangles end in two loops. The pit goes with the ring round it,
// and the pitted forearm loses exactly the plain one's vertices, without a clamp (before, the
// removal was clamped a ring shallower and two of the pit's corners stayed).
TEST(Gap, RemovalTakesThePitItRings) {
  const auto removal = [](bool pitted) {
    LabeledMesh labeled;
    labeled.mesh = test::lathe(
        32, 44, [](int k) { return k <= 20   ? 0.05 * k
                                   : k <= 25 ? 1.0 + 0.02 * (k - 20)
                                             : 1.1 + 0.05 * (k - 25); },
        [](double) { return 0.2; });
    const auto id = [](int ring, int side) { return 32 * ring + side; };
    const std::set<int> pit{id(21, 24), id(21, 25), id(22, 25)};
    if (pitted)
      for (int v : pit) labeled.mesh.positions[v].head<2>() *= 0.01 / 0.2;
    for (const Tri& t : labeled.mesh.triangles) {
      double z = 0;
      for (int v : t) z += labeled.mesh.positions[v].z() / 3;
      labeled.labels.push_back(z < 1.0 ? 0 : 1);
    }
    labeled.part_names = {"upper", "forearm"};
    compute_vertex_normals(labeled.mesh);
    SegmentedModel model = SegmentedModel::build(labeled, "arm");
    model.attach_hierarchy(parse_skel(
        "arm.skel", "ROOT upper -180 180 -180 180 -180 180 { JOINT forearm -180 180 -180 180 -180 180 { End Site } }"));
    const GapModel gap = centroid_gap_model(model);
    EXPECT_EQ(gap.joints.size(), 1u);
    const SideBoundary child = removal_bent_45(gap, 0);
    EXPECT_FALSE(child.clamped);
    for (int v : pit) EXPECT_EQ(std::count(child.removed.begin(), child.removed.end(), v), 1) << "pit vertex " << v;
    return std::set<int>(child.removed.begin(), child.removed.end());
  };
  EXPECT_EQ(removal(true), removal(false));
}

// A short middle part whose far opening slants down to one ring above its near opening on one
// side (rings 0.05 apart; the armadillo's upper arm, 312 vertices between its shoulder and its
// elbow). Bent 45° at the near joint, the middle part's side dips into the upper part there, and
// the near opening's vertices that go share triangles with the far opening: what is kept of the
// middle part then meets the far loop instead of closing. Those vertices stay, and the rest of the
// removal goes unclamped (before, it was undone ring by ring down to none).
TEST(Gap, RemovalStopsOneEdgeShortOfAnotherOpening) {
  constexpr int kSides = 32, kRings = 41;
  const auto height = [](int k) { return 0.05 * k; };
  LabeledMesh labeled;
  labeled.mesh = test::lathe(kSides, kRings, height, [](double) { return 0.2; });
  // Labels by quad, so that each opening runs along ring and side edges: below z = 1 the upper
  // part, above 1.05 + (y + 0.2) the forearm (one quad row of the middle at y = -0.2, eight at 0.2).
  for (int t = 0; t < static_cast<int>(labeled.mesh.triangles.size()); ++t) {
    const int quad = t < kSides ? -1 : (t - kSides) / 2;
    const int k = quad < 0 ? 0 : std::min(quad / kSides, kRings - 2);
    const double z = t < kSides ? 0.0 : quad / kSides >= kRings - 1 ? 2.0 : (height(k) + height(k + 1)) / 2;
    const double y = 0.2 * std::sin(2 * std::numbers::pi * (quad % kSides + 0.5) / kSides);
    labeled.labels.push_back(z < 1.0 ? 0 : z < 1.05 + (y + 0.2) ? 1 : 2);
  }
  labeled.part_names = {"upper", "middle", "forearm"};
  compute_vertex_normals(labeled.mesh);
  SegmentedModel model = SegmentedModel::build(labeled, "arm");
  model.attach_hierarchy(parse_skel("arm.skel",
                                    "ROOT upper -180 180 -180 180 -180 180 { JOINT middle -180 180 -180 180 -180 180"
                                    " { JOINT forearm -180 180 -180 180 -180 180 { End Site } } }"));
  const GapModel gap = centroid_gap_model(model);
  ASSERT_EQ(gap.joints.size(), 2u);
  const int near = gap.joints[0].child == 1 ? 0 : 1, far = 1 - near;
  const SideBoundary child = removal_bent_45(gap, near);
  EXPECT_FALSE(child.clamped);
  const std::set<int> far_loop(gap.joints[far].loop.begin(), gap.joints[far].loop.end());
  std::set<int> near_opening_removed;
  for (int v : child.removed) {
    if (gap.opening_joint[v] == near) near_opening_removed.insert(v);
    for (int i = gap.vertex_triangle_offset[v]; i < gap.vertex_triangle_offset[v + 1]; ++i) {
      const int f = gap.vertex_triangle[i];
      if (gap.triangle_part[f] != 1) continue;
      for (int w : gap.triangles[f])
        EXPECT_EQ(far_loop.count(w), 0u) << "vertex " << v << " shares a triangle with the far opening's " << w;
    }
  }
  // By hand: the near opening (ring 20, z = 1) dips below its plane where y < 0, sides 17-31. The
  // far opening's lowest stretch runs along ring 21 over the quads whose centre has y < -0.175,
  // sides 21-26, so through ring 21's sides 21-27; ring 20's side j shares triangles with ring 21's
  // j and j + 1, so sides 20-27 stay. What goes of the near opening: sides 17-19 and 28-31.
  const auto id = [](int ring, int side) { return kSides * ring + side; };
  const std::set<int> expected{id(20, 17), id(20, 18), id(20, 19), id(20, 28), id(20, 29), id(20, 30), id(20, 31)};
  EXPECT_EQ(near_opening_removed, expected);
}

// Two children of one part that also touch each other cannot be bridged to their parent alone:
// refused with a message, before any frame.
TEST(Gap, SiblingsThatTouchAreRefused) {
  SegmentedModel model = SegmentedModel::build(
      test::voxel_model({{0, 0, 0, 0}, {1, 0, 0, 0}, {0, 1, 0, 1}, {1, 1, 0, 2}}, {"body", "left", "right"}), "blocks");
  model.attach_hierarchy(parse_skel("blocks.skel",
                                    "ROOT body -180 180 -180 180 -180 180 { JOINT left -180 180 -180 180 -180 180"
                                    " { End Site } JOINT right -180 180 -180 180 -180 180 { End Site } }"));
  SkeletonParams params;
  params.method = "centroid";
  const Skeleton skeleton = extract_skeleton(model, params);
  const auto rig = std::make_shared<const Rig>(build_rig(model, skeleton));
  try {
    GapDeformer gap(model, skeleton, rig);
    ADD_FAILURE() << "a model whose siblings touch was accepted";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("gap reconstruction"), std::string::npos) << e.what();
  }
}

// An opening that is not star-shaped about its centre is named at set-up: gap orders both sides'
// loops by the angle about that centre. The notched blocks' opening turns back twice, where it
// runs into the notch and out of it; the arm's round opening is star-shaped.
TEST(Gap, AnOpeningNotStarShapedIsNamedAtSetUp) {
  SegmentedModel model = SegmentedModel::build(test::notched_blocks(), "notched");
  model.attach_hierarchy(parse_skel("notched.skel", test::kNotchedBlocksSkel));
  SkeletonParams params;
  params.method = "centroid";
  const Skeleton skeleton = extract_skeleton(model, params);
  const auto rig = std::make_shared<const Rig>(build_rig(model, skeleton));
  const GapDeformer gap(model, skeleton, rig, {}, GapOptions::second_generation());
  ASSERT_EQ(gap.warnings().size(), 1u);
  EXPECT_NE(gap.warnings()[0].find("between 'base' and 'notched' is not star-shaped"), std::string::npos)
      << gap.warnings()[0];
  EXPECT_NE(gap.warnings()[0].find("gap does not bridge it but blends 'notched' across it"), std::string::npos)
      << gap.warnings()[0];
  // Without the blend (the thesis' options), the joint is bridged, and the warning says what may fold.
  const GapDeformer bridged(model, skeleton, rig);
  ASSERT_EQ(bridged.warnings().size(), 1u);
  EXPECT_NE(bridged.warnings()[0].find("the patch may cross itself"), std::string::npos) << bridged.warnings()[0];
  const GapJoint& joint = gap.gap_model().joints.at(0);
  EXPECT_NEAR(std::abs(joint.winding.winding), 2 * std::numbers::pi, 1e-9);
  const double y = 11.0 / 7;  // (2, 3) -> (2, 2) and (1, 2) -> (1, 3), each seen from (1.5, y)
  EXPECT_NEAR(joint.winding.turned_back, 2 * (std::atan2(3 - y, 0.5) - std::atan2(2 - y, 0.5)), 1e-9);
  EXPECT_EQ(joint.winding.back_stretches, 2);
  const test::ArmSession arm;
  EXPECT_TRUE(GapDeformer(arm.model, arm.skeleton, arm.rig).warnings().empty());
}

// Such a child with no children of its own is blended across its opening, not bridged: the frame
// keeps the rest mesh's triangles and vertices (no patch), its opening stays with the parent, and
// what lies an opening radius from it and further turns with the child alone. The columns stand
// 4 blocks tall; the opening's radius is the mean distance of its 14 corners from their centroid.
TEST(Gap, ALeafWhoseOpeningIsNotStarShapedIsBlendedNotBridged) {
  SegmentedModel model = SegmentedModel::build(test::notched_blocks(4), "notched");
  model.attach_hierarchy(parse_skel("notched.skel", test::kNotchedBlocksSkel));
  SkeletonParams params;
  params.method = "centroid";
  const Skeleton skeleton = extract_skeleton(model, params);
  const auto rig = std::make_shared<const Rig>(build_rig(model, skeleton));
  GapDeformer gap(model, skeleton, rig, {}, GapOptions::second_generation());
  const GapJoint& joint = gap.gap_model().joints.at(0);
  double radius = 0;
  for (int v : joint.loop) radius += (gap.gap_model().rest_positions[v] - joint.plane.point).norm();
  radius /= static_cast<double>(joint.loop.size());
  Animator animator{rig, std::nullopt, 30, {false, false}};
  Pose pose;
  pose.angles.assign(3 * rig->joint_of.size(), 0.0);
  const int child = model.find_component("notched");
  pose.angles[3 * rig->joint_of[child]] = 40 * std::numbers::pi / 180;
  pose.angles[3 * rig->joint_of[child] + 2] = 25 * std::numbers::pi / 180;
  const AcceptedPose& posed = animator.apply(pose, 0);
  Frame frame;
  gap.deform(posed, frame);
  EXPECT_EQ(gap.last_frame().blended_joints, 1);
  EXPECT_EQ(gap.last_frame().moving_joints, 0);
  EXPECT_EQ(frame.triangles, gap.rest_mesh().triangles);
  ASSERT_EQ(frame.positions.size(), gap.rest_mesh().rest_positions.size());
  EXPECT_TRUE(edge_defects(frame.triangles).closed_manifold());
  const auto& rest = gap.gap_model().rest_positions;
  int far = 0, on_opening = 0;
  for (int v = 0; v < static_cast<int>(rest.size()); ++v) {
    double nearest = HUGE_VAL;
    for (int o : joint.loop) nearest = std::min(nearest, (rest[v] - rest[o]).norm());
    const int part = gap.gap_model().vertex_part[v];
    const Vec3 expected = (nearest == 0 || part != child ? posed.world[part] : posed.world[child]).apply_point(rest[v]);
    if (nearest != 0 && nearest < radius && part == child) continue;  // blended: between the two
    far += part == child;
    on_opening += nearest == 0;
    for (int k = 0; k < 3; ++k) EXPECT_NEAR(frame.positions[3 * v + k], expected[k], 1e-5) << v;
  }
  EXPECT_EQ(on_opening, 14);
  EXPECT_GT(far, 0);
  // Nothing crosses: the blend turns the columns smoothly.
  EXPECT_TRUE(self_intersections(frame.positions, frame.triangles)->empty());
  // At rest the rest mesh comes back.
  Pose rest_pose;
  rest_pose.angles.assign(3 * rig->joint_of.size(), 0.0);
  gap.deform(animator.apply(rest_pose, 0), frame);
  for (int v = 0; v < static_cast<int>(rest.size()); ++v)
    for (int k = 0; k < 3; ++k) EXPECT_NEAR(frame.positions[3 * v + k], rest[v][k], 1e-6);
}

namespace {

// The `gap` deformer as registered: twist bands, arcs about the rotation axis, unfolding (docs/gap.md,
// "Second generation").
class GapBandArm : public GapArm {
 protected:
  GapDeformer banded{arm.model, arm.skeleton, arm.rig, {}, GapOptions::second_generation()};
  const GapJoint& joint = banded.gap_model().joints.at(0);

  // The forearm twisted about its own bone (z, before the bend), then bent about x through the
  // joint.
  AcceptedPose bent_and_twisted(double bend_degrees, double twist_degrees) const {
    AcceptedPose pose;
    pose.world.assign(2, QT{});
    const Quat q =
        quat_from_axis_angle(Vec3::UnitX(), bend_degrees * kDeg) * quat_from_axis_angle(Vec3::UnitZ(), twist_degrees * kDeg);
    pose.world[joint.child] = QT{q, joint.joint - q * joint.joint};
    return pose;
  }

  // The distance from the joint's centre (the opening's centroid, halfway between where parent
  // and child take it) to the nearest triangle, over the same at rest (the 32-gon's apothem).
  double inscribed_ratio(const AcceptedPose& pose) const {
    const Vec3 center = 0.5 * (pose.world[joint.parent].apply_point(joint.plane.point) +
                               pose.world[joint.child].apply_point(joint.plane.point));
    return distances_to_triangles(frame.positions, frame.triangles, {center}).front() / (0.2 * std::cos(std::numbers::pi / 32));
  }
};

}  // namespace

// The arm twisted about the bone 0 to 180°, bent 2 to 150° every 2°, bent 90° then twisted to
// 90°, bent 10 to 150° with twists of 30 to 150°: closed, free of self-intersections, and the
// skin stays away from the joint's centre (the inscribed ratio, docs/quality.md): at least 0.9
// (0.89 at 150° before the patch's edges between the parts' own vertices were split out of the
// joint's ball). Until every arc longer than the point spacing got a point, bends of 24 to 28°
// and of 52° folded one cell (4 pairs): the cell between two arcs without points could not be
// unfolded.
TEST_F(GapBandArm, TwistedBentAndBentThenTwistedArmHoldsItsShape) {
  std::vector<std::pair<double, double>> poses;
  for (double twist = 0; twist <= 180; twist += 10) poses.emplace_back(0, twist);
  for (double bend = 2; bend <= 150; bend += 2) poses.emplace_back(bend, 0);
  for (double twist = 10; twist <= 90; twist += 10) poses.emplace_back(90, twist);
  for (double twist = 30; twist <= 150; twist += 30)
    for (double bend = 10; bend <= 150; bend += 10) poses.emplace_back(bend, twist);
  for (const auto& [bend, twist] : poses) {
    SCOPED_TRACE("bend " + std::to_string(bend) + ", twist " + std::to_string(twist));
    const AcceptedPose pose = bent_and_twisted(bend, twist);
    banded.deform(pose, frame);
    expect_closed_sphere(frame);
    const auto pairs = self_intersections(frame.positions, frame.triangles);
    ASSERT_TRUE(pairs);
    EXPECT_EQ(pairs->size(), 0u);
    EXPECT_GE(inscribed_ratio(pose), 0.9);
    // A twist is the band's alone: nothing to bridge without a bend.
    EXPECT_EQ(banded.last_frame().twisted_joints, twist > 0 ? 1 : 0);
    if (bend == 0) {
      EXPECT_EQ(banded.last_frame().patch_vertices, 0);
    }
  }
}

// A bend about any axis across the bone, not only the rig's x: 90° about axes every 3.75°
// (the arm's 32 sides repeat every 11.25°). Before the patch was relaxed, 14 of 24 axes folded
// beside the bend (up to 25 pairs).
TEST_F(GapBandArm, BendAboutAnyAxisAcrossTheBoneDoesNotFold) {
  for (double axis = 0; axis < 90; axis += 3.75) {
    SCOPED_TRACE("axis at " + std::to_string(axis) + " degrees from x");
    AcceptedPose pose;
    pose.world.assign(2, QT{});
    const Quat q = quat_from_axis_angle(Vec3(std::cos(axis * kDeg), std::sin(axis * kDeg), 0), 90 * kDeg);
    pose.world[joint.child] = QT{q, joint.joint - q * joint.joint};
    banded.deform(pose, frame);
    expect_closed_sphere(frame);
    EXPECT_EQ(self_intersections(frame.positions, frame.triangles)->size(), 0u);
    EXPECT_GE(inscribed_ratio(pose), 0.9);
  }
}

// A four-part tube (base, upper, forearm, hand; radius 0.2, 0.75 long each): the elbow's bands
// run back into the upper arm (a limb along the forearm's bone) and on into the hand, where they
// meet the shoulder's; twists of both joints at once compose down the tree without a crease.
// A band takes at most 65° of twist per opening radius of its length, the rest left to the gap;
// by hand, on a band of radius 1 with room for 1 on the child's side.
TEST(GapBands, ShortBandsTakeAtMost65DegreesPerRadiusOfTheirLength) {
  TwistBand band;
  band.radius = 1;
  band.length = 4;
  band.child_room = 1;
  const double degree = std::numbers::pi / 180;
  // Remove left half the room: 0.5 radii take 32.5°, either way round.
  EXPECT_NEAR(band.fit(180 * degree, 0.5, 0).twist, 32.5 * degree, 1e-12);
  EXPECT_NEAR(band.fit(-180 * degree, 0.5, 0).twist, -32.5 * degree, 1e-12);
  EXPECT_NEAR(band.fit(30 * degree, 0.5, 0).twist, 30 * degree, 1e-12);
  // All the room: 65°.
  EXPECT_NEAR(band.fit(90 * degree, 0, 0).twist, 65 * degree, 1e-12);
  EXPECT_EQ(band.fit(90 * degree, 0, 0).share_at_opening, 0);
  // Less than a quarter radius left: none.
  EXPECT_EQ(band.fit(10 * degree, 0.8, 0).twist, 0);
  // A joint it runs past bent 20° or less: all the room; 30° or more: up to child_room_short;
  // halfway between at 25°.
  band.child_room_short = 0.5;
  EXPECT_EQ(band.fit(30 * degree, 0, 0, 20 * degree).child_length, 1);
  EXPECT_NEAR(band.fit(30 * degree, 0, 0, 25 * degree).child_length, 0.75, 1e-12);
  EXPECT_EQ(band.fit(30 * degree, 0, 0, 30 * degree).child_length, 0.5);
  EXPECT_EQ(band.fit(30 * degree, 0, 0, 120 * degree).child_length, 0.5);
  // Stopped short, 0.5 radii take 32.5° of a 60° twist, running on 1 radius takes all of it: it
  // runs on.
  EXPECT_EQ(band.fit(60 * degree, 0, 0, 120 * degree).child_length, 1);
  EXPECT_NEAR(band.fit(60 * degree, 0, 0, 120 * degree).twist, 60 * degree, 1e-12);
}

namespace {

// A four-part tube along z (base, upper, forearm, hand; radius 0.2, 3 long), cut at z = 0.75,
// 0.75 + upper_length and 2.25, rigged on the kernel centroids, with gap's second generation on it.
struct FourPartTube {
  SegmentedModel model;
  std::shared_ptr<const Rig> rig;
  std::unique_ptr<GapDeformer> gap;
  int upper, forearm, hand;
  /// A turn q about `part`'s joint.
  QT about(int part, const Quat& q) const {
    const Vec3& j = rig->components[part].joint;
    return QT{q, j - q * j};
  }
  /// The upper arm twisted about the bone (z), the forearm bent about x then twisted about z, in
  /// degrees; the hand goes with the forearm.
  AcceptedPose arm_pose(double shoulder_twist, double elbow_bend, double elbow_twist) const {
    constexpr double degree = std::numbers::pi / 180;
    AcceptedPose pose;
    pose.world.assign(4, QT{});
    pose.world[upper] = about(upper, quat_from_axis_angle(Vec3::UnitZ(), shoulder_twist * degree));
    pose.world[forearm] =
        pose.world[upper] * about(forearm, quat_from_axis_angle(Vec3::UnitX(), elbow_bend * degree) *
                                               quat_from_axis_angle(Vec3::UnitZ(), elbow_twist * degree));
    pose.world[hand] = pose.world[forearm];
    return pose;
  }
  /// gap's frame of `pose`, checked closed and free of crossing pairs.
  Frame closed_uncrossed_frame(const AcceptedPose& pose) const {
    Frame frame;
    gap->deform(pose, frame);
    expect_closed_sphere(frame);
    const auto pairs = self_intersections(frame.positions, frame.triangles);
    EXPECT_TRUE(pairs);
    if (pairs) {
      EXPECT_EQ(pairs->size(), 0u);
    }
    return frame;
  }
};

FourPartTube four_part_tube(double upper_length = 0.75) {
  LabeledMesh labeled;
  labeled.mesh = test::lathe(
      32, 61, [](int k) { return 0.05 * k; }, [](double) { return 0.2; });
  for (const Tri& t : labeled.mesh.triangles) {
    double z = 0;
    for (int v : t) z += labeled.mesh.positions[v].z() / 3;
    labeled.labels.push_back(z < 0.75 ? 0 : z < 0.75 + upper_length ? 1 : z < 2.25 ? 2 : 3);
  }
  labeled.part_names = {"base", "upper", "forearm", "hand"};
  compute_vertex_normals(labeled.mesh);
  FourPartTube tube{SegmentedModel::build(labeled, "chain"), nullptr, nullptr, -1, -1, -1};
  tube.model.attach_hierarchy(parse_skel(
      "chain.skel",
      "ROOT base -180 180 -180 180 -180 180 { JOINT upper -180 180 -180 180 -180 180 "
      "{ JOINT forearm -180 180 -180 180 -180 180 { JOINT hand -180 180 -180 180 -180 180 { End Site } } } }"));
  SkeletonParams params;
  params.method = "centroid";
  const Skeleton skeleton = extract_skeleton(tube.model, params);
  tube.rig = std::make_shared<const Rig>(build_rig(tube.model, skeleton));
  tube.gap = std::make_unique<GapDeformer>(tube.model, skeleton, tube.rig, SurfaceReconstructor{},
                                           GapOptions::second_generation());
  tube.upper = tube.model.find_component("upper");
  tube.forearm = tube.model.find_component("forearm");
  tube.hand = tube.model.find_component("hand");
  return tube;
}

}  // namespace

TEST(GapBands, TwistsOfNeighbouringJointsCompose) {
  const FourPartTube tube = four_part_tube();
  const SegmentedModel& model = tube.model;
  const GapDeformer& gap = *tube.gap;
  const int upper = tube.upper, forearm = tube.forearm;
  for (const auto& [shoulder_twist, elbow_bend, elbow_twist] :
       std::vector<std::array<double, 3>>{{0, 0, 180}, {90, 0, 180}, {-120, 0, 150}, {90, 60, 90}, {0, 90, 120}}) {
    SCOPED_TRACE("shoulder twist " + std::to_string(shoulder_twist) + ", elbow bend " + std::to_string(elbow_bend) +
                 ", elbow twist " + std::to_string(elbow_twist));
    const AcceptedPose pose = tube.arm_pose(shoulder_twist, elbow_bend, elbow_twist);
    const Frame frame = tube.closed_uncrossed_frame(pose);
    EXPECT_EQ(gap.last_frame().twisted_joints, (shoulder_twist != 0) + (elbow_twist != 0));
    // The skin keeps its distance from both joints' centres (the apothem at rest).
    for (int part : {upper, forearm}) {
      const GapJoint& joint = gap.gap_model().joints.at(gap.gap_model().joint_of_part[part]);
      const Vec3 center = 0.5 * (pose.world[joint.parent].apply_point(joint.plane.point) +
                                 pose.world[joint.child].apply_point(joint.plane.point));
      EXPECT_GE(distances_to_triangles(frame.positions, frame.triangles, {center}).front() /
                    (0.2 * std::cos(std::numbers::pi / 32)),
                0.9)
          << model.components()[part].name;
    }
  }
}

// How far the frame's vertices of the forearm and the hand lie from where the forearm's rigid
// motion puts the mesh's vertices (patch points aside; the frame packs its vertices, so each is
// taken against the nearest).
static double off_forearm_motion(const FourPartTube& tube, const AcceptedPose& pose, const Frame& frame) {
  std::vector<Vec3> rigid;
  for (const Vec3& p : tube.gap->gap_model().rest_positions) rigid.push_back(pose.world[tube.forearm].apply_point(p));
  double off = 0;
  for (std::size_t v = 0; v < frame.vertex_component.size(); ++v) {
    if (frame.added_vertex[v] || (frame.vertex_component[v] != tube.forearm && frame.vertex_component[v] != tube.hand))
      continue;
    const Vec3 at(frame.positions[3 * v], frame.positions[3 * v + 1], frame.positions[3 * v + 2]);
    double nearest = HUGE_VAL;
    for (const Vec3& p : rigid) nearest = std::min(nearest, (at - p).norm());
    off = std::max(off, nearest);
  }
  return off;
}

// A band that runs past a joint of its child stops short of it once that joint bends, where the
// shorter band still takes the whole twist: the band turns what it runs past about its own axis,
// and turned after the bend, the bent child's skin is wrung about the parent's bone. Here the
// upper arm is 0.3 long, and the shoulder's band (0.8) runs on into the forearm while the elbow
// is straight; bent 30° or 60°, every vertex of the forearm and the hand sits where their rigid
// motion puts it (with the band run on: 0.043 and 0.069 off, and 8 crossing pairs at 60°).
// Rolled about the bone it runs on: a roll turns about the band's own axis, and only the bend is
// weighed. On a 0.12-long upper arm the band stopped short would take about 40° of the 60° (75°
// per radius of 0.9 x 0.12, radius 0.2) and ran on: the gap would have bridged the rest, and a
// shoulder's patch bridging a twist costs (homer's thesis clip, whose shoulder and hip bands
// stopped short take none of their 30-70°: 3.02, 1.28, 2.09 and 3.22 ms a frame against 1.30,
// 1.45, 2.08 and 1.78). Since the root lends such a band room behind its opening while the elbow
// bends (TwistBand::root_room; docs/gap.md, second generation, item 21), the stopped band takes
// the whole 60° and the forearm stays rigid there too (until then: 0.144 off).
TEST(GapBands, StopShortOfAJointOfTheChildThatBendsWhereTheyStillTakeTheTwist) {
  const FourPartTube tube = four_part_tube(0.3);
  for (const auto& [elbow_bend, elbow_roll, rigid_below] :
       std::vector<std::tuple<double, double, bool>>{{0, 0, false}, {30, 0, true}, {60, 0, true}, {0, 60, false}}) {
    SCOPED_TRACE("elbow bend " + std::to_string(elbow_bend) + ", roll " + std::to_string(elbow_roll));
    const AcceptedPose pose = tube.arm_pose(60, elbow_bend, elbow_roll);
    const Frame frame = tube.closed_uncrossed_frame(pose);
    EXPECT_EQ(tube.gap->last_frame().twisted_joints, 1 + (elbow_roll != 0));
    if (rigid_below)
      EXPECT_LT(off_forearm_motion(tube, pose, frame), 1e-6);
    else
      EXPECT_GT(off_forearm_motion(tube, pose, frame), 1e-4);  // the band runs on into the forearm
  }
  const FourPartTube stub = four_part_tube(0.12);
  const AcceptedPose pose = stub.arm_pose(60, 60, 0);
  Frame frame;
  stub.gap->deform(pose, frame);
  expect_closed_sphere(frame);
  EXPECT_EQ(stub.gap->last_frame().twisted_joints, 1);
  EXPECT_LT(off_forearm_motion(stub, pose, frame), 1e-6);
}

// A child's band runs past the child's own joints only where their centres lie near its axis
// (twist_band.hpp): checked against each band's room, with the offsets measured here, on models
// that have both kinds (homer's wrists and ankles lie near their limbs' axes, the bull's knees
// and hocks 1.4 opening radii or more off them).
TEST(GapBands, RunPastAJointOfTheChildOnlyNearTheirAxis) {
  int past = 0, short_of = 0;
  for (const std::string name : {"homer", "bull", "diplodocus"}) {
    SCOPED_TRACE(name);
    const SegmentedModel model = load_model(resolve_model(name));
    // The rig every standard clip plays on.
    AnimationSession session(model, read_clip(model_clips(name).front()), SessionParams{}, find_deformer("gap"));
    const auto* gap = dynamic_cast<const GapDeformer*>(&session.deformer());
    ASSERT_NE(gap, nullptr);
    const GapModel& g = gap->gap_model();
    const TwistBands bands = build_twist_bands(g, 4.0, 0.9);
    for (std::size_t k = 0; k < g.joints.size(); ++k) {
      const TwistBand& band = bands.joints[k];
      if (band.length == 0) continue;
      for (const GapJoint& below : g.joints) {
        if (below.parent != g.joints[k].child) continue;
        const Vec3 d = below.plane.point - g.joints[k].joint;
        const double off_axis = (d - d.dot(band.axis) * band.axis).norm() / band.radius;
        double nearest = HUGE_VAL;  // the joint's opening, along the band's axis
        for (int v : below.loop) nearest = std::min(nearest, band.axis.dot(g.rest_positions[v] - g.joints[k].joint));
        if (off_axis >= 1.4) {
          EXPECT_LE(band.child_room, 0.9 * nearest + 1e-12) << "joint " << k << ", " << off_axis << " radii off";
          ++short_of;
        } else if (off_axis <= 1.2) {
          EXPECT_GT(band.child_room, 0.9 * nearest) << "joint " << k << ", " << off_axis << " radii off";
          ++past;
        }
      }
    }
  }
  EXPECT_GE(past, 4);
  EXPECT_GE(short_of, 4);
}

// The bull's knees and the diplodocus' front ankle keep at least 0.8 of their distance from
// the skin in every frame (the inscribed ratio, docs/quality.md): before the bands stopped short
// of joints off their axes, a hip's band pulled the skin at the knee onto the knee's centre
// (0.735 in the bull's walk; 0.495 in the diplodocus' thesis clip).
TEST(GapBands, KneesBelowABandKeepTheirInscribedRatio) {
  for (const auto& [name, clip] : std::vector<std::pair<std::string, std::string>>{
           {"bull", "bull_walk.clip"}, {"diplodocus", "diplodocus_thesis_gap.clip"}}) {
    SCOPED_TRACE(clip);
    const SegmentedModel model = load_model(resolve_model(name));
    std::vector<std::filesystem::path> clips;
    for (const std::filesystem::path& path : model_clips(name))
      if (path.filename() == clip) clips.push_back(path);
    ASSERT_EQ(clips.size(), 1u);
    const nlohmann::json rows = measure_quality(name, model, clips, {"gap"}, 1000);
    ASSERT_EQ(rows.size(), 1u);
    EXPECT_GE(rows[0]["inscribed_ratio_min"].get<double>(), 0.8);
  }
}

// Issue 24's floor on the inscribed ratio over every frame of every standard clip (the quality
// table's, docs/quality.md): at least 0.8 in every frame, and at least 0.9 in 95% of them. The
// cow's walk is the lowest, 0.816, with 16 frames below 0.9. Without the keep-out (GapOptions::
// keep_out_of_joint) cactus_fold falls to 0.699, the value it had until the patch's edges were
// split out of the ball (docs/gap.md, second generation, item 6), and 91 frames are below 0.9.
TEST(GapQuality, EveryStandardClipKeepsTheInscribedFloor) {
  int frames = 0, below = 0, clips = 0;
  for (const std::string name :
       {"homer", "cow", "camel", "diplodocus", "dino", "man", "armadillo", "bull", "triceratops", "cactus"}) {
    const SegmentedModel model = load_model(resolve_model(name));
    for (const std::filesystem::path& clip : model_clips(name)) {
      SCOPED_TRACE(clip.filename().string());
      ++clips;
      const std::vector<double> ratios = clip_inscribed_ratios(model, clip, "gap");
      frames += static_cast<int>(ratios.size());
      below += static_cast<int>(std::count_if(ratios.begin(), ratios.end(), [](double r) { return r < 0.9; }));
      EXPECT_GE(*std::min_element(ratios.begin(), ratios.end()), 0.8);
    }
  }
  EXPECT_EQ(clips, 24);
  EXPECT_EQ(frames, 1506);
  EXPECT_LE(below, 0.05 * frames);
}

// Homer's thesis clip raises the right arm and bends the elbow until the hand is near the
// shoulder: measured against every triangle of the skin, the shoulder's inscribed ratio was the
// hand's distance (0.402 for gap, 0.362 for DQS), which no deformer decides. Against the joint's
// two parts it is the skin's own: 0.976 and 0.929 in the worst frame.
TEST(GapBands, ShouldersInscribedRatioLeavesTheHandOut) {
  const SegmentedModel model = load_model(resolve_model("homer"));
  std::vector<std::filesystem::path> clips;
  for (const std::filesystem::path& path : model_clips("homer"))
    if (path.filename() == "homer_thesis_gap.clip") clips.push_back(path);
  ASSERT_EQ(clips.size(), 1u);
  const nlohmann::json rows = measure_quality("homer", model, clips, {"gap", "dqs"}, 1000);
  ASSERT_EQ(rows.size(), 2u);
  for (const nlohmann::json& row : rows) {
    SCOPED_TRACE(row["skinning"].get<std::string>());
    EXPECT_GE(row["inscribed_ratio_min"].get<double>(), 0.9);
    EXPECT_EQ(row["inscribed_below_0_9_frames"].get<int>(), 0);
  }
}

// The other six standard models' clips, as the test above (together: every standard clip).
TEST(Gap, EveryFrameOfTheOtherStandardModelsClipsIsClosed) {
  for (const std::string name : {"dino", "man", "armadillo", "bull", "triceratops", "cactus"}) {
    const SegmentedModel model = load_model(resolve_model(name));
    int clips = 0;
    for (const std::filesystem::path& clip : model_clips(name)) {
      SCOPED_TRACE(clip.filename().string());
      ++clips;
      AnimationSession session(model, read_clip(clip), SessionParams{}, find_deformer("gap"));
      Frame frame;
      int open = 0;
      for (int f = 0; f <= session.animator().grid().last(); ++f) {
        session.play(f, frame);
        const EdgeDefects d = edge_defects(frame.triangles);
        open += !d.closed_manifold() || d.euler_characteristic != 2;
      }
      EXPECT_EQ(open, 0);
    }
    EXPECT_EQ(clips, 2) << name;
  }
}

// The coarse two-part octahedron of tests/data (6 vertices) through the clip that exercises every
// tangent rule: before the child's loop ran against the parent's, 59 of its 61 frames had
// misoriented edges (its child, cut back past the opening's axis, keeps a loop that does not wind
// about it).
TEST(Gap, CoarseOctahedronFramesAreClosedAndOriented) {
  const std::filesystem::path data = SKINLAB_TEST_DATA;
  const SegmentedModel model = load_model(resolve_model((data / "octahedron.off").string()));
  AnimationSession session(model, read_clip(data / "wave.clip"), SessionParams{}, find_deformer("gap"));
  Frame frame;
  int frames = 0, moved = 0;
  for (int f = 0; f <= session.animator().grid().last(); ++f, ++frames) {
    session.play(f, frame);
    const EdgeDefects d = edge_defects(frame.triangles);
    EXPECT_TRUE(d.closed_manifold()) << "frame " << f << ": " << d.misoriented_edges << " misoriented";
    EXPECT_EQ(d.euler_characteristic, 2) << "frame " << f;
    moved += dynamic_cast<const GapDeformer&>(session.deformer()).last_frame().moving_joints;
  }
  EXPECT_EQ(frames, 61);
  EXPECT_GT(moved, 50);
}

// CGAL's two teddies, meshes outside the standard set segmented with no parameters (docs/models.md,
// "Meshes it has never seen"), through a clip written here: every joint turned to 40°, −40° and
// 60° about its x, y and z in turn. Every frame of both gaps is closed, oriented and of genus 0.
TEST(Gap, UnseenTeddiesFramesAreClosed) {
  namespace fs = std::filesystem;
  const fs::path dir = fs::temp_directory_path() / ("skinlab_teddy_gap_" + std::to_string(::getpid()));
  fs::create_directories(dir);
  const Manifest manifest = read_manifest(skinlab_root() / "models" / "manifest.json");
  std::string out;
  ASSERT_EQ(test::run_command("tar xzf '" + manifest.archive.string() + "' -C " + dir.string() +
                                  " data/meshes/bear.off data/meshes/bear_bis.off",
                              out),
            0)
      << out;
  for (const std::string mesh : {"bear", "bear_bis"}) {
    SCOPED_TRACE(mesh);
    const fs::path obj = dir / (mesh + ".obj");
    ASSERT_EQ(test::run_command("'" SKINLAB_EXE "' segment " + (dir / "data/meshes" / (mesh + ".off")).string() +
                                    " -o " + obj.string() + " --skel " + (dir / (mesh + ".skel")).string(),
                                out),
              0)
        << out;
    const SegmentedModel model = load_model(resolve_model(obj.string()));
    std::ofstream clip(dir / (mesh + ".clip"));
    const SkelFile skel = read_skel(dir / (mesh + ".skel"));
    clip << "animation\n{\n  range 0 " << 3 * (skel.joints.size() - 1) << "\n  numChannels "
         << 3 * (skel.joints.size() - 1) << "\n";
    for (std::size_t j = 1; j < skel.joints.size(); ++j)
      for (int axis = 0; axis < 3; ++axis) {
        const double at = 3.0 * static_cast<double>(j - 1) + axis, angle = axis == 0 ? 40 : axis == 1 ? -40 : 60;
        clip << "  channel " << skel.joints[j].name << ".r" << "xyz"[axis] << "\n  {\n    extrapolate constant constant\n"
             << "    keys 3\n    {\n      " << at << " 0 smooth smooth\n      " << at + 0.5 << " " << angle
             << " smooth smooth\n      " << at + 1 << " 0 smooth smooth\n    }\n  }\n";
      }
    clip << "}\n";
    clip.close();
    for (const char* deformer : {"gap", "gap-thesis"}) {
      SCOPED_TRACE(deformer);
      AnimationSession session(model, read_clip(dir / (mesh + ".clip")), SessionParams{}, find_deformer(deformer));
      Frame frame;
      int moved = 0;
      for (int f = 0; f <= session.animator().grid().last(); ++f) {
        session.play(f, frame);
        const EdgeDefects d = edge_defects(frame.triangles);
        EXPECT_TRUE(d.closed_manifold()) << "frame " << f << ": " << d.boundary_edges << " open, "
                                         << d.misoriented_edges << " misoriented";
        EXPECT_EQ(d.euler_characteristic, 2) << "frame " << f;
        moved += dynamic_cast<const GapDeformer&>(session.deformer()).last_frame().moving_joints > 0;
      }
      EXPECT_GT(moved, 3 * static_cast<int>(skel.joints.size() - 1));
    }
  }
  fs::remove_all(dir);
}

// A 5 x 5 grid in the plane z = 1 over a joint's centre at the origin, its 3 x 3 inner points the
// patch's new points (0-8) and its outer ring the parts' boundary (9-24). With the middle point
// pushed 2.5 spacings sideways, past its neighbours, four cells turn over (their normals point
// down, towards the centre); the unfolding turns every cell back up and moves no boundary vertex.
// A flat patch takes no step and moves nothing.
TEST(UntanglePatch, UnfoldsAFoldedGridAndLeavesAFlatOneAlone) {
  std::vector<Vec3> positions(25);
  std::vector<int> id(25);  // grid index (row * 5 + column) -> vertex
  int inner = 0, outer = 9;
  for (int r = 0; r < 5; ++r)
    for (int c = 0; c < 5; ++c) {
      const bool on_ring = r == 0 || r == 4 || c == 0 || c == 4;
      const int v = on_ring ? outer++ : inner++;
      id[r * 5 + c] = v;
      positions[v] = Vec3(c - 2.0, r - 2.0, 1.0);
    }
  std::vector<Tri> triangles;
  for (int r = 0; r < 4; ++r)
    for (int c = 0; c < 4; ++c) {
      const int a = id[r * 5 + c], b = id[r * 5 + c + 1], d = id[(r + 1) * 5 + c], e = id[(r + 1) * 5 + c + 1];
      triangles.push_back({a, b, e});
      triangles.push_back({a, e, d});
    }
  const auto turned_over = [&](const std::vector<Vec3>& p) {
    int count = 0;
    for (const Tri& t : triangles) count += (p[t[1]] - p[t[0]]).cross(p[t[2]] - p[t[0]]).z() <= 0;
    return count;
  };
  UntangleScratch scratch;
  std::vector<Vec3> flat = positions;
  EXPECT_EQ(untangle_patch(flat, 0, 9, triangles, 0, static_cast<int>(triangles.size()), Vec3::Zero(), 20, 3, scratch),
            0);
  EXPECT_EQ(flat, positions);
  // Seen from a centre above it, every cell of the flat grid faces that centre: flagged, and no
  // step turns it, so the steps stop after `patience` steps with no fewer folds.
  EXPECT_EQ(untangle_patch(flat, 0, 9, triangles, 0, static_cast<int>(triangles.size()), Vec3(0, 0, 2), 20, 3, scratch),
            3);
  for (int v = 0; v < 25; ++v) EXPECT_NEAR((flat[v] - positions[v]).norm(), 0.0, 1e-12) << "vertex " << v;

  std::vector<Vec3> folded = positions;
  folded[id[12]].x() += 2.5;
  ASSERT_GT(turned_over(folded), 0);
  const int steps =
      untangle_patch(folded, 0, 9, triangles, 0, static_cast<int>(triangles.size()), Vec3::Zero(), 20, 3, scratch);
  EXPECT_GE(steps, 1);
  EXPECT_LT(steps, 20);
  EXPECT_EQ(turned_over(folded), 0);
  for (int v = 9; v < 25; ++v) EXPECT_EQ(folded[v], positions[v]) << "boundary vertex " << v;
  // Every point stays in the patch's plane (the umbrella's mean of coplanar points).
  for (int v = 0; v < 9; ++v) EXPECT_DOUBLE_EQ(folded[v].z(), 1.0);
}

namespace {

// A tent: its apex, the one new point (vertex 0), at (0, 0, `height`) over a ring of 8 vertices
// in z = 0 round the square [-1, 1]^2 (vertices 1-8, counter-clockwise from (1, 0)); its 8 cells
// fan about the apex.
std::pair<std::vector<Vec3>, std::vector<Tri>> tent(double height) {
  std::vector<Vec3> positions{{0, 0, height}};
  const std::vector<std::pair<double, double>> ring{{1, 0},  {1, 1},   {0, 1},  {-1, 1},
                                                    {-1, 0}, {-1, -1}, {0, -1}, {1, -1}};
  for (const auto& [x, y] : ring) positions.emplace_back(x, y, 0);
  std::vector<Tri> triangles;
  for (int i = 0; i < 8; ++i) triangles.push_back({0, 1 + i, 1 + (i + 1) % 8});
  return {positions, triangles};
}

}  // namespace

// A tent over one new point, pulled up through a flap of the same patch: no cell turns over (each
// normal keeps to the fan's and faces away from the centre below), so only the crossing shows the
// fold. One umbrella step takes the point to the mean of its ring, flat, under the flap.
TEST(UntanglePatch, UnfoldsACellThatCrossesAnotherWithoutTurningOver) {
  auto [positions, triangles] = tent(1.0);  // the new point, pulled up
  // The flap: the patch's, but of the parts' vertices alone, level with the tent's middle and
  // wider than its section there.
  positions.insert(positions.end(), {{-0.8, -0.8, 0.5}, {0.8, -0.8, 0.5}, {0, 0.8, 0.5}});
  triangles.push_back({9, 10, 11});
  const Vec3 center(0, 0, -1);
  UntangleScratch scratch;

  std::vector<Vec3> without_flap = positions;
  EXPECT_EQ(untangle_patch(without_flap, 0, 1, triangles, 0, 8, center, 20, 3, scratch), 0);
  EXPECT_EQ(without_flap, positions);

  std::vector<Vec3> with_flap = positions;
  EXPECT_EQ(untangle_patch(with_flap, 0, 1, triangles, 0, 9, center, 20, 3, scratch), 1);
  EXPECT_NEAR(with_flap[0].norm(), 0.0, 1e-12);
  for (int v = 1; v < 12; ++v) EXPECT_EQ(with_flap[v], positions[v]) << "fixed vertex " << v;
}

// unfold_turned_cells, the normal tests' steps alone: the tent's apex pulled out past its ring
// turns the cells on the far side over, and one step takes it back to the ring's mean, as
// untangle_patch would; the tent pulled up through a flap turns no cell over, and only the
// crossing test, which this one does not run, would see it.
TEST(UntanglePatch, TheNormalTestsAloneTurnCellsBackButLeaveACrossing) {
  auto [positions, triangles] = tent(0.2);
  positions[0].x() = 2.5;
  const Vec3 center(0, 0, -1);
  UntangleScratch scratch;
  std::vector<Vec3> turned = positions;
  EXPECT_EQ(unfold_turned_cells(turned, 0, 1, triangles, 0, 8, center, 20, 3, scratch), 1);
  EXPECT_NEAR(turned[0].norm(), 0.0, 1e-12);
  EXPECT_EQ(scratch.crossed_left, 0);
  auto [pulled_up, cells] = tent(1.0);
  pulled_up.insert(pulled_up.end(), {{-0.8, -0.8, 0.5}, {0.8, -0.8, 0.5}, {0, 0.8, 0.5}});
  cells.push_back({9, 10, 11});
  std::vector<Vec3> crossed = pulled_up;
  EXPECT_EQ(unfold_turned_cells(crossed, 0, 1, cells, 0, 9, center, 20, 3, scratch), 0);
  EXPECT_EQ(crossed, pulled_up);
  EXPECT_EQ(untangle_patch(crossed, 0, 1, cells, 0, 9, center, 20, 3, scratch), 1);
}

// The same tent, and a flap that shares the ring's vertex (1, 0, 0) with it: its edge from
// (0.5, -0.3, 0.2), under the tent's face z = 1 - x, to (0.5, 0.3, 0.9), above it, passes through
// the cell (apex, (1, -1, 0), (1, 0, 0)) at (0.5, -3/70, 0.5), 3/7 of the way, and the flap meets
// no cell that shares no vertex with it. Only the crossing beyond the shared vertex shows it;
// one step lays the tent flat, and the flap then lies above it, touching it at that vertex
// alone: no further step.
TEST(UntanglePatch, UnfoldsCellsThatCrossBeyondAVertexTheyShare) {
  auto [positions, triangles] = tent(1.0);
  positions.insert(positions.end(), {{0.5, -0.3, 0.2}, {0.5, 0.3, 0.9}});
  triangles.push_back({1, 9, 10});
  const Vec3 center(0, 0, -1);
  UntangleScratch scratch;
  std::vector<Vec3> unfolded = positions;
  EXPECT_EQ(untangle_patch(unfolded, 0, 1, triangles, 0, 9, center, 20, 3, scratch), 1);
  EXPECT_NEAR(unfolded[0].norm(), 0.0, 1e-12);
  for (int v = 1; v < 11; ++v) EXPECT_EQ(unfolded[v], positions[v]) << "fixed vertex " << v;
}

// The flat tent round one new point, and triangles that no step moves: a flap through one of its
// cells, of the tent's own fixed vertices (its second ring, say) or outside the patch (an
// obstacle), counts that cell; an obstacle above the tent counts none; a cell of the tent that
// crosses another of its cells is left to untangle_patch and not counted here.
TEST(UntanglePatch, CountsTheCellsThatCrossATriangleNoStepMoves) {
  auto [positions, triangles] = tent(0.0);
  // Through the cell (0, (1, 0), (1, 1)) at (0.7, 0.3, 0), which it meets only there.
  positions.insert(positions.end(), {{0.7, 0.3, -0.5}, {0.7, 0.3, 0.5}, {0.9, 0.25, 0.5}});
  triangles.push_back({9, 10, 11});
  // Above the tent.
  positions.insert(positions.end(), {{-0.5, -0.5, 0.5}, {0.5, -0.5, 0.5}, {0, 0.5, 0.5}});
  triangles.push_back({12, 13, 14});
  UntangleScratch scratch;
  EXPECT_EQ(cells_crossing_fixed_triangles(positions, 0, 1, triangles, 0, 8, {8}, scratch), 1);
  EXPECT_EQ(cells_crossing_fixed_triangles(positions, 0, 1, triangles, 0, 8, {9}, scratch), 0);
  EXPECT_EQ(cells_crossing_fixed_triangles(positions, 0, 1, triangles, 0, 8, {8, 9}, scratch), 1);
  // The flap as the patch's own cell of fixed vertices, with the obstacle above.
  EXPECT_EQ(cells_crossing_fixed_triangles(positions, 0, 1, triangles, 0, 9, {9}, scratch), 1);
  // The new point pulled through the cell opposite: the two cells cross each other, both movable.
  std::vector<Vec3> crossed = positions;
  crossed[0] = Vec3(-1.5, 0.2, 0.0);
  EXPECT_EQ(cells_crossing_fixed_triangles(crossed, 0, 1, triangles, 0, 8, {9}, scratch), 0);
}

// The crossing test's sweep against every pair tested: a soup of small triangles that share no
// vertex, their corners on a lattice of 1/20 so that many boxes begin at one value on the sweep's
// axis. The first 150 are the patch's cells, those of the first 100 with new points; 100 more are
// the parts' triangles. untangle_patch with no step counts the moving cells that cross any patch
// cell; cells_crossing_fixed_triangles those that cross a fixed cell or a part's triangle.
namespace {

// `count` small triangles that share no vertex, their corners on a lattice of 1/20 round random
// lattice points (seeded), so that many boxes begin at one value on the sweep's axis.
std::pair<std::vector<Vec3>, std::vector<Tri>> triangle_soup(int count, unsigned seed) {
  std::mt19937 random(seed);
  std::uniform_int_distribution<int> lattice(0, 20), offset(-3, 3);
  std::vector<Vec3> positions;
  std::vector<Tri> triangles;
  for (int f = 0; f < count; ++f) {
    const Vec3 base(lattice(random), lattice(random), lattice(random));
    for (int c = 0; c < 3; ++c)
      positions.push_back((base + Vec3(offset(random), offset(random), offset(random))) / 20);
    triangles.push_back({3 * f, 3 * f + 1, 3 * f + 2});
  }
  return {positions, triangles};
}

// Of the soup's triangles [0, moving), those that cross one of [first_other, end_other) (not
// themselves), by testing every pair.
int crossing_by_every_pair(const std::vector<Vec3>& positions, const std::vector<Tri>& triangles, int moving,
                           int first_other, int end_other) {
  int crossing = 0;
  for (int f = 0; f < moving; ++f) {
    bool crosses = false;
    for (int g = first_other; g < end_other && !crosses; ++g) {
      const Tri &t = triangles[f], &u = triangles[g];
      crosses = g != f && triangles_intersect(positions[t[0]], positions[t[1]], positions[t[2]], positions[u[0]],
                                              positions[u[1]], positions[u[2]]);
    }
    crossing += crosses;
  }
  return crossing;
}

}  // namespace

TEST(UntanglePatch, CrossingTestFindsThePairsThatTestingEveryPairFinds) {
  const auto [positions, triangles] = triangle_soup(250, 7);
  constexpr int kCells = 150, kMoving = 100;
  const int crossing_any_cell = crossing_by_every_pair(positions, triangles, kMoving, 0, kCells);
  const int crossing_fixed = crossing_by_every_pair(positions, triangles, kMoving, kMoving, 250);
  ASSERT_GT(crossing_fixed, 10);
  ASSERT_LT(crossing_any_cell, kMoving);
  std::vector<int> obstacles(100);
  std::iota(obstacles.begin(), obstacles.end(), kCells);
  UntangleScratch scratch;
  std::vector<Vec3> unmoved = positions;
  untangle_patch(unmoved, 0, 3 * kMoving, triangles, 0, kCells, Vec3(0.5, 0.5, 0.5), 0, 1, scratch);
  EXPECT_EQ(scratch.crossed_left, crossing_any_cell);
  EXPECT_EQ(unmoved, positions);
  EXPECT_EQ(cells_crossing_fixed_triangles(positions, 0, 3 * kMoving, triangles, 0, kCells, obstacles, scratch),
            crossing_fixed);
}

// A crossing test that starts from an earlier one's record tests again only the pairs with a
// moved cell, and finds what testing every pair finds: the soup's first 100 cells have new points,
// and after the record, every third of them is moved (half a lattice step, in turn along x, y and
// z); once more from the same record with every cell moved back but one; and with nothing moved.
TEST(UntanglePatch, CrossingTestFromARecordFindsWhatTestingEveryPairFinds) {
  auto [positions, triangles] = triangle_soup(150, 11);
  constexpr int kCells = 150, kMoving = 100;
  UntangleScratch scratch;
  untangle_patch(positions, 0, 3 * kMoving, triangles, 0, kCells, Vec3(0.5, 0.5, 0.5), 0, 1, scratch);
  ASSERT_EQ(scratch.crossed_left, crossing_by_every_pair(positions, triangles, kMoving, 0, kCells));
  const CrossingRecord record = scratch.last;
  ASSERT_FALSE(record.pairs.empty());
  const std::vector<Vec3> recorded = positions;
  for (int f = 0; f < kMoving; f += 3)
    for (int c = 0; c < 3; ++c) positions[3 * f + c][f % 3] += 0.025;
  const int after_moves = crossing_by_every_pair(positions, triangles, kMoving, 0, kCells);
  ASSERT_NE(after_moves, scratch.crossed_left);
  EXPECT_EQ(crossed_patch_cells(positions, 0, 3 * kMoving, triangles, 0, kCells, record, scratch), after_moves);
  std::vector<Vec3> one_moved = recorded;
  for (int c = 0; c < 3; ++c) one_moved[c] = positions[c];
  EXPECT_EQ(crossed_patch_cells(one_moved, 0, 3 * kMoving, triangles, 0, kCells, record, scratch),
            crossing_by_every_pair(one_moved, triangles, kMoving, 0, kCells));
  EXPECT_EQ(crossed_patch_cells(recorded, 0, 3 * kMoving, triangles, 0, kCells, record, scratch),
            crossing_by_every_pair(recorded, triangles, kMoving, 0, kCells));
}

// Two cells of loop vertices alone laid one on the other: u = (0,0,0) and x = (1,1,0) on the
// parent, v = (2,0,0) and y = (1,0.5,0.1) on the child, both x and y on one side of the edge u-v.
// (u, v, x) faces +z and (v, u, y) faces (0, 0.2, -1) (by hand); turned to the diagonal x-y, the
// cells face (-0.1, 0.1, 0.5) and (0.1, 0.1, 0.5), the same way, and the quad keeps its boundary.
TEST(FlipFoldedFixedCells, TurnsTwoCellsLaidOneOnTheOtherAndNothingElse) {
  const std::vector<Vec3> positions{{0, 0, 0}, {2, 0, 0}, {1, 1, 0}, {1, 0.5, 0.1}, {1, -1, 0}};
  const auto normal = [&](const Tri& t) {
    return (positions[t[1]] - positions[t[0]]).cross(positions[t[2]] - positions[t[0]]);
  };
  const auto boundary = [](const std::vector<Tri>& cells) {
    std::multiset<std::pair<int, int>> edges;
    for (const Tri& t : cells)
      for (int c = 0; c < 3; ++c) edges.insert({t[c], t[(c + 1) % 3]});
    std::multiset<std::pair<int, int>> open;
    for (const auto& [a, b] : edges)
      if (!edges.count({b, a})) open.insert({a, b});
    return open;
  };
  const std::vector<Tri> folded{{0, 1, 2}, {1, 0, 3}};
  ASSERT_LT(normal(folded[0]).dot(normal(folded[1])), 0);
  std::vector<Tri> cells = folded;
  EXPECT_EQ(flip_folded_fixed_cells(positions, 5, 5, cells, 0, 2), 1);
  EXPECT_EQ(cells, (std::vector<Tri>{{0, 3, 2}, {3, 1, 2}}));
  EXPECT_TRUE(normal(cells[0]).isApprox(Vec3(-0.1, 0.1, 0.5), 1e-12));
  EXPECT_TRUE(normal(cells[1]).isApprox(Vec3(0.1, 0.1, 0.5), 1e-12));
  EXPECT_EQ(boundary(cells), boundary(folded));
  // Not where a triangle before the patch (a part's) joins x and y already: the edge would have
  // three triangles.
  const std::vector<Tri> joined{{2, 3, 4}, {0, 1, 2}, {1, 0, 3}};
  cells = joined;
  EXPECT_EQ(flip_folded_fixed_cells(positions, 5, 5, cells, 1, 3), 0);
  EXPECT_EQ(cells, joined);
  // Left as they are: a cell with a new point (x), and two cells that face the same way (y across
  // the edge from x).
  cells = folded;
  EXPECT_EQ(flip_folded_fixed_cells(positions, 2, 3, cells, 0, 2), 0);
  EXPECT_EQ(cells, folded);
  const std::vector<Tri> side_by_side{{0, 1, 2}, {1, 0, 4}};
  cells = side_by_side;
  EXPECT_EQ(flip_folded_fixed_cells(positions, 5, 5, cells, 0, 2), 0);
  EXPECT_EQ(cells, side_by_side);
}

// A quad of loop vertices out of plane: u = (0,0,0) and v = (2,0,0) low, x = (1,1,0.5) and y =
// (1,-1,0.5) high. Zipped along u-v its two fixed cells make a valley (on cell (u, v, x),
// z = y / 2; on (v, u, y), z = -y / 2); along x-y a tent (z = x / 2 up to x = 1, 1 - x / 2
// beyond), whose cells face the same way. Two triangles poke up between the two: a part's, tip
// (0.5, 0.1, 0.15), and a patch cell with a new point, tip (1.5, -0.1, 0.15), each in the plane
// y = +-0.1, where the valley lies at z = 0.05 and the tent at 0.25 (by hand). Each crosses one
// valley cell and neither tent cell.
namespace {

const std::vector<Vec3> kValleyQuad{{0, 0, 0},        {2, 0, 0},         {1, 1, 0.5},     {1, -1, 0.5},
                                    {1.3, -0.1, 0.2}, {1.5, -0.1, 0.15}, {1.4, -0.1, -1}, {1.6, -0.1, -1},
                                    {0.5, 0.1, 0.15}, {0.4, 0.1, -1},    {0.6, 0.1, -1},  {1.2, -0.1, 2},
                                    {1.4, -0.1, 2}};

// Each cell from its lowest vertex on, so that cells compare whatever corner they start at.
std::vector<Tri> canonical(std::vector<Tri> cells) {
  for (Tri& t : cells) std::rotate(t.begin(), std::min_element(t.begin(), t.end()), t.end());
  return cells;
}

}  // namespace

TEST(TurnCrossingFixedCells, TurnsAValleyTheNeighboursPokeThroughIntoATent) {
  const std::vector<Vec3>& positions = kValleyQuad;
  const Tri part{8, 9, 10}, poking_cell{5, 6, 7};
  const std::vector<Tri> valley{part, {0, 1, 2}, {1, 0, 3}, poking_cell};
  for (const Tri& cell : {valley[1], valley[2]})
    EXPECT_NE(cells_cross(positions, cell, part), cells_cross(positions, cell, poking_cell));
  FixedCellScratch scratch;
  std::vector<Tri> cells = valley;
  EXPECT_EQ(turn_crossing_fixed_cells(positions, 5, 6, cells, 1, 4, 1, scratch), 1);
  const std::vector<Tri> tent{part, {0, 3, 2}, {3, 1, 2}, poking_cell};
  EXPECT_EQ(canonical(cells), canonical(tent));
  for (const Tri& cell : {tent[1], tent[2]})
    EXPECT_FALSE(cells_cross(positions, cell, part) || cells_cross(positions, cell, poking_cell));
  // Left as they are: a tent (nothing crosses it); a valley only the part's triangle crosses (no
  // fixed cell crosses a patch cell, so the parts' triangles are not gathered); a valley whose
  // tent a part's triangle would cross (hanging from above to (1.3, -0.1, 0.2), where the tent
  // lies at 0.35); and a valley a cell crosses that would cross the tent too (upright through both,
  // x = 1 +- 0.1).
  cells = tent;
  EXPECT_EQ(turn_crossing_fixed_cells(positions, 5, 6, cells, 1, 4, 1, scratch), 0);
  EXPECT_EQ(cells, tent);
  const std::vector<Tri> valley_and_part{part, {0, 1, 2}, {1, 0, 3}};
  cells = valley_and_part;
  EXPECT_EQ(turn_crossing_fixed_cells(positions, 5, 6, cells, 1, 3, 1, scratch), 0);
  EXPECT_EQ(cells, valley_and_part);
  const Tri hanging{4, 11, 12};
  ASSERT_TRUE(cells_cross(positions, tent[2], hanging));
  ASSERT_FALSE(cells_cross(positions, valley[1], hanging) || cells_cross(positions, valley[2], hanging));
  const std::vector<Tri> valley_under_part{hanging, {0, 1, 2}, {1, 0, 3}, poking_cell};
  cells = valley_under_part;
  EXPECT_EQ(turn_crossing_fixed_cells(positions, 5, 6, cells, 1, 4, 1, scratch), 0);
  EXPECT_EQ(cells, valley_under_part);
  std::vector<Vec3> upright = positions;
  upright[5] = {1, 0.05, -1};
  upright[6] = {1.1, 0.05, 2};
  upright[7] = {0.9, 0.05, 2};
  ASSERT_TRUE(cells_cross(upright, tent[1], poking_cell) || cells_cross(upright, tent[2], poking_cell));
  cells = valley;
  EXPECT_EQ(turn_crossing_fixed_cells(upright, 5, 6, cells, 1, 4, 0, scratch), 0);
  EXPECT_EQ(cells, valley);
}

// The same valley with u (vertex 0) a new point: turn_crossing_fixed_cells passes its two cells
// over, turn_crossing_cells turns them into the tent, whose cells neither triangle crosses.
TEST(TurnCrossingCells, TurnsCellsWithANewPointWhereTheFixedCellsTurnCannot) {
  const Tri part{8, 9, 10}, poking_cell{5, 6, 7};
  const std::vector<Tri> valley{part, {0, 1, 2}, {1, 0, 3}, poking_cell};
  FixedCellScratch scratch;
  std::vector<Tri> cells = valley;
  EXPECT_EQ(turn_crossing_fixed_cells(kValleyQuad, 0, 1, cells, 1, 4, 1, scratch), 0);
  EXPECT_EQ(cells, valley);
  EXPECT_EQ(turn_crossing_cells(kValleyQuad, 0, 1, cells, 1, 4, 1, scratch), 1);
  const std::vector<Tri> tent{part, {0, 3, 2}, {3, 1, 2}, poking_cell};
  EXPECT_EQ(canonical(cells), canonical(tent));
  for (const Tri& cell : {cells[1], cells[2]})
    EXPECT_FALSE(cells_cross(kValleyQuad, cell, part) || cells_cross(kValleyQuad, cell, poking_cell));
}

// How near a patch comes to a point: the nearest of its triangles' nearest points, by hand.
TEST(KeepOutOfBall, NearestCellDistanceIsTheLeastOverThePatch) {
  const std::vector<Vec3> positions{{0, 0, 0}, {2, 0, 0}, {0, 2, 0}, {0, 0, 5}, {2, 0, 5}, {0, 2, 5}};
  const std::vector<Tri> triangles{{0, 1, 2}, {3, 4, 5}};
  EXPECT_DOUBLE_EQ(nearest_cell_distance(positions, triangles, 0, 2, Vec3(0.5, 0.5, 3)), 2.0);
  EXPECT_DOUBLE_EQ(nearest_cell_distance(positions, triangles, 0, 1, Vec3(0.5, 0.5, 4)), 4.0);
  EXPECT_DOUBLE_EQ(nearest_cell_distance(positions, triangles, 0, 2, Vec3(3, 0, 1)), std::sqrt(2.0));
  EXPECT_EQ(nearest_cell_distance(positions, triangles, 1, 1, Vec3(0, 0, 0)), 0.0);
}

// The nearest point of the triangle (0,0,0), (2,0,0), (0,2,0) from each of its seven Voronoi
// regions, by hand.
TEST(ClosestPoint, EachRegionOfATriangleGivesItsNearestPoint) {
  const Vec3 a(0, 0, 0), b(2, 0, 0), c(0, 2, 0);
  const std::vector<std::pair<Vec3, Vec3>> cases{
      {{0.5, 0.5, 3}, {0.5, 0.5, 0}},  // face
      {{-1, -1, 0}, a},                 // corner a
      {{3, -1, 1}, b},                  // corner b
      {{0, 3, 0}, c},                   // corner c
      {{1, -2, 0}, {1, 0, 0}},          // edge ab
      {{-1, 1, 0}, {0, 1, 0}},          // edge ac
      {{2, 2, 0}, {1, 1, 0}}};          // edge bc
  for (const auto& [p, nearest] : cases) {
    EXPECT_LT((closest_point_on_triangle(p, a, b, c) - nearest).norm(), 1e-12) << p.transpose();
    const Vec3 w = closest_point_weights(p, a, b, c);
    EXPECT_NEAR(w.sum(), 1.0, 1e-12);
    EXPECT_GE(w.minCoeff(), 0.0);
    EXPECT_LT((w[0] * a + w[1] * b + w[2] * c - nearest).norm(), 1e-12) << p.transpose();
  }
  // On edge bc, half way: weights (0, 1/2, 1/2).
  EXPECT_LT((closest_point_weights({2, 2, 0}, a, b, c) - Vec3(0, 0.5, 0.5)).norm(), 1e-12);
}

// An edge between a parent's and a child's vertex across the ball (unit, at the origin): split at
// its nearest point, (0, 0.5, 0), moved out to (0, 1, 0); each of its two triangles becomes two,
// turned the same way. An edge within one side (b to z) stays, as do the edges that keep out of
// the ball.
TEST(KeepOutOfBall, EdgesBetweenThePartsVerticesAreSplitOutOfTheBall) {
  //                          a (parent)     b (child)     x (parent)   y (child)    z (child)
  std::vector<Vec3> positions{{-1, 0.5, 0}, {1, 0.5, 0}, {0, 2, 1}, {0, 2, -1}, {3, 0.5, 0}};
  const std::vector<int> side{0, 1, 0, 1, 1};
  std::vector<Tri> triangles{{0, 1, 2}, {1, 0, 3}, {1, 4, 3}};
  const auto normal = [&](const Tri& t) {
    return (positions[t[1]] - positions[t[0]]).cross(positions[t[2]] - positions[t[0]]).normalized();
  };
  const Vec3 before_up = normal(triangles[0]), before_down = normal(triangles[1]);
  std::vector<EdgeSplit> splits;
  EXPECT_EQ(split_edges_out_of_ball(positions, 5, 5, side, triangles, 0, 3, Vec3::Zero(), 1.0, splits), 1);
  ASSERT_EQ(positions.size(), 6u);
  ASSERT_EQ(splits.size(), 1u);
  EXPECT_EQ(splits[0].a, 0);
  EXPECT_EQ(splits[0].b, 1);
  EXPECT_DOUBLE_EQ(splits[0].along, 0.5);
  EXPECT_NEAR((positions[5] - Vec3(0, 1, 0)).norm(), 0.0, 1e-15);
  const std::vector<Tri> expected{{0, 5, 2}, {1, 5, 3}, {1, 4, 3}, {5, 1, 2}, {5, 0, 3}};
  EXPECT_EQ(triangles, expected);
  // Each half tilts by the same angle towards the moved point: (0.5, -1, 1)/1.5 against
  // (0, -2, 3)/sqrt(13), by hand; turned over, the cosine would be negative.
  const double tilt = 5 / (1.5 * std::sqrt(13.0));
  for (int t : {0, 3}) EXPECT_NEAR(normal(triangles[t]).dot(before_up), tilt, 1e-12);
  for (int t : {1, 4}) EXPECT_NEAR(normal(triangles[t]).dot(before_down), tilt, 1e-12);
  // Nothing left to split: (1, 4) lies within one side, and the rest keep out of the ball.
  EXPECT_EQ(split_edges_out_of_ball(positions, 6, 6, side, triangles, 0, 5, Vec3::Zero(), 1.0, splits), 0);
  EXPECT_EQ(splits.size(), 1u);
}

// A cell whose corners lie outside the unit ball round the origin and whose edge between its two
// new points, (0.6, ±0.9, 0), passes 0.6 from it: the new points carry the whole of that nearest
// point, and one pass moves them 0.4 along +x, to (1, ±0.9, 0). The far corner stays. A cell whose
// nearest point lies on an edge between two of the parts' vertices cannot move it, and its new
// point stays where it is.
TEST(KeepOutOfBall, CellsBetweenNewPointsComeOutOfTheBall) {
  std::vector<Vec3> positions{{0.6, 0.9, 0}, {0.6, -0.9, 0}, {3, 0, 0}};
  const std::vector<Tri> cell{{0, 1, 2}};
  EXPECT_EQ(keep_cells_out_of_ball(positions, 0, 2, cell, 0, 1, Vec3::Zero(), 1.0, 3), 0);
  EXPECT_LT((positions[0] - Vec3(1, 0.9, 0)).norm(), 1e-12);
  EXPECT_LT((positions[1] - Vec3(1, -0.9, 0)).norm(), 1e-12);
  EXPECT_EQ(positions[2], Vec3(3, 0, 0));

  std::vector<Vec3> pinned{{0.8, 1, 0}, {0.8, -1, 0}, {1.05, 0, 0}};
  EXPECT_EQ(keep_cells_out_of_ball(pinned, 2, 3, cell, 0, 1, Vec3::Zero(), 1.0, 3), 1);
  EXPECT_EQ(pinned[2], Vec3(1.05, 0, 0));
}

// An opening point the bend moves less than a quarter of the opening's edge there is shared by
// parent and child, as one the bend leaves in place is (docs/gap.md, "Add"). The arm's opening
// is a regular 32-gon of radius 0.2, its edge 0.4 sin(pi/32). A bend by b about the aligned X
// axis moves the point at angle k 11.25 degrees from that axis by 2 sin(b/2) 0.2 |sin(k 11.25)|.
// Remove keeps the outer half of the opening on both sides: the two points on the axis (merged
// at any bend) and the 15 between them.
TEST_F(GapArm, OpeningPointsABendMovesLessThanAQuarterOfTheOpeningsEdgeAreMerged) {
  const double edge = 0.4 * std::sin(std::numbers::pi / 32);
  for (double bend : {2.0, 4.0, 8.0, 16.0, 24.0}) {
    SCOPED_TRACE("bend " + std::to_string(bend));
    int expected = 2;
    for (int k = 1; k < 16; ++k)
      expected += 2 * std::sin(bend * kDeg / 2) * 0.2 * std::sin(k * 11.25 * kDeg) <= 0.25 * edge;
    gap.deform(arm.pose(animator, bend, 0), frame);
    EXPECT_EQ(gap.last_frame().merged_arcs, expected);
    expect_closed_sphere(frame);
    EXPECT_TRUE(self_intersections(frame.positions, frame.triangles)->empty());
  }
}

namespace {

// Per frame of the model's clip `clip_name`, the triangle pairs at the joints under `deformer`
// (pairs_at_joints); `each_frame` sees the deformer after each frame.
// The standard model's clip named `clip_name` (clips/MODEL_*.clip); empty, and a failure, when
// there is none.
std::optional<ClipFile> standard_clip(const std::string& model_name, const std::string& clip_name) {
  std::vector<std::filesystem::path> clips = model_clips(model_name);
  std::erase_if(clips, [&](const std::filesystem::path& clip) { return clip.filename() != clip_name; });
  EXPECT_EQ(clips.size(), 1u) << clip_name;
  if (clips.empty()) return std::nullopt;
  return read_clip(clips[0]);
}

std::vector<int> joint_pairs_per_frame(const std::string& model_name, const std::string& clip_name,
                                       const DeformerEntry& deformer,
                                       const std::function<void(const Deformer&)>& each_frame = {},
                                       std::vector<int> frames = {}) {
  const SegmentedModel model = load_model(resolve_model(model_name));
  const std::optional<ClipFile> clip = standard_clip(model_name, clip_name);
  if (!clip) return {};
  AnimationSession session(model, *clip, SessionParams{}, deformer);
  if (frames.empty())
    for (int f = 0; f <= session.animator().grid().last(); ++f) frames.push_back(f);
  std::vector<int> pairs;
  Frame frame;
  for (int f : frames) {
    session.play(f, frame);
    if (each_frame) each_frame(session.deformer());
    const FrameTopology topology = skinlab::topology(frame, session.deformer().rest_mesh());
    pairs.push_back(pairs_at_joints(*self_intersections(frame.positions, topology.triangles),
                                    topology.triangle_component, model.hierarchy()->parent));
  }
  return pairs;
}

// Per frame of a standard clip, gap's joint pairs beyond DQS's in the same frame (`frames`: the
// clip's frame count, checked).
std::vector<int> gap_pairs_over_dqs(const std::string& model_name, const std::string& clip_name, std::size_t frames) {
  const std::vector<int> gap = joint_pairs_per_frame(model_name, clip_name, find_deformer("gap"));
  const std::vector<int> dqs = joint_pairs_per_frame(model_name, clip_name, find_deformer("dqs"));
  EXPECT_EQ(gap.size(), frames);
  EXPECT_EQ(dqs.size(), gap.size());
  std::vector<int> over(std::min(gap.size(), dqs.size()));
  for (std::size_t f = 0; f < over.size(); ++f) over[f] = gap[f] - dqs[f];
  return over;
}

// A session that poses joints past their limits and through collisions, as the joint sweeps do.
std::unique_ptr<AnimationSession> sweep_session(const SegmentedModel& model, const DeformerEntry& deformer) {
  SessionParams params;
  params.checks.limits = false;
  params.checks.collisions = false;
  return std::make_unique<AnimationSession>(model, std::nullopt, params, deformer);
}

// `gap` as registered, but with Remove taking only what lies inside the other part's box.
DeformerEntry gap_inside_box() {
  return {"gap-inside-box", "", false, [](DeformerContext& c) {
            GapOptions options = GapOptions::second_generation();
            options.box_reach = 0;
            return make_gap_deformer(c, {}, options);
          }};
}

// The joint sweep's pose of `part` turned by `angles` (degrees about x, y, z: a bend about x, a
// twist about the bone, z), every other joint at rest, deformed by the session's deformer.
Frame swept_frame(AnimationSession& session, int part, const std::array<double, 3>& angles) {
  const SweepMotion motion{"pose", angles, angles, 1};
  const Pose pose = sweep_pose(session.rig(), session.skeleton(), part, motion, 1.0, nullptr);
  Frame frame;
  session.deformer().deform(session.animator().apply(pose, 0.0), frame);
  return frame;
}

}  // namespace

// The cactus' sway bends its arms a little at a time. Before nearly-in-place points were merged,
// 35 of its 61 frames had more joint pairs than DQS + 2: slivers from the parent's copy of such a
// point to the child's, through the child's triangles beside them.
TEST(Gap, CactusSwayHasAtMostTwoJointPairsMoreThanDqsInEveryFrame) {
  const std::vector<int> over = gap_pairs_over_dqs("cactus", "cactus_sway.clip", 61);
  ASSERT_EQ(over.size(), 61u);
  for (std::size_t f = 0; f < over.size(); ++f) EXPECT_LE(over[f], 2) << "frame " << f;
}

// Homer's kick bends the knee while the hip's band, which runs on past the knee into the shank,
// holds a twist: the patch and the shank's copies of the knee's loop took their shares of it where
// the bend had moved them, the shank's skin beside them at its rest points, and the cells between
// sheared (7 frames over DQS + 2 pairs, 9-15). Taken at their rest anchors, every frame is within.
TEST(GapBands, HomersKickKeepsItsKneeWithinDqs) {
  const std::vector<int> over = gap_pairs_over_dqs("homer", "homer_kick.clip", 91);
  ASSERT_EQ(over.size(), 91u);
  for (std::size_t f = 0; f < over.size(); ++f) EXPECT_LE(over[f], 2) << "frame " << f;
}

// Homer's wave: the keep-out after the unfolding pushed the shoulder patch's cells out along their
// own directions from the joint's centre, and neighbours pushed apart that way crossed (20 frames
// over DQS + 2 pairs, among them 9, 13-14, 17, 73-74 and 77). Where they cross more of the
// patch's own cells than the unfolding left, the moves are halved or undone (keep_unfolded): 10
// frames over, those within.
TEST(GapKeepOut, HomersWaveKeepsItsShoulderUnfolded) {
  const std::vector<int> over = gap_pairs_over_dqs("homer", "homer_wave.clip", 91);
  ASSERT_EQ(over.size(), 91u);
  EXPECT_LE(std::count_if(over.begin(), over.end(), [](int pairs) { return pairs > 2; }), 10);
  for (int f : {9, 13, 14, 17, 73, 74, 77}) EXPECT_LE(over[f], 2) << "frame " << f;
}

// The camel's walk turns its tail up to 24° about the bone, over a band about one edge long: the
// flat triangles between the turned rings of a thin fold there crossed (4 pairs of the tail's own
// triangles in 15 of the 61 frames) until the bands took only what their skin bears
// (bearable_twist). In every frame the tail's own triangles, the patch's left out, meet none of
// each other, and the skin capped a band in some (without the cap, frames 23-37 fail).
TEST(Gap, CamelsTailBandTakesOnlyTheTwistItsSkinBears) {
  const SegmentedModel model = load_model(resolve_model("camel"));
  const std::optional<ClipFile> clip = standard_clip("camel", "camel_walk.clip");
  ASSERT_TRUE(clip);
  AnimationSession session(model, *clip, SessionParams{}, find_deformer("gap"));
  const int tail = model.find_component("tail_upper");
  int capped = 0;
  Frame frame;
  for (int f = 0; f <= session.animator().grid().last(); ++f) {
    session.play(f, frame);
    const GapFrameReport& report = dynamic_cast<const GapDeformer&>(session.deformer()).last_frame();
    capped += report.skin_capped_bands;
    // The frame's triangles: the parts' kept ones, then the patches'.
    std::vector<Tri> own;
    for (std::size_t t = 0; t + report.patch_triangles < frame.triangles.size(); ++t)
      if (frame.triangle_component[t] == tail) own.push_back(frame.triangles[t]);
    ASSERT_GT(own.size(), 50u);
    EXPECT_TRUE(self_intersections(frame.positions, own)->empty()) << "frame " << f;
  }
  EXPECT_GT(capped, 0);
}

// The cow's tail twisted 160-180° about its bone (the joint sweep's pose): the band's skin crosses
// 4-6 cells at the whole twist, but the patch bridging the 11° it would send back to the gap
// folded across the body (51-55 pairs between the body and the tail, 15 at 140°). The band takes
// the whole twist where the gap crosses more (GapDeformer::gap_bears_worse), and the body and the
// tail meet no more than at 140°.
TEST(Gap, CowsTailTwistedFarKeepsItsTwistWhereTheGapWouldFold) {
  const SegmentedModel model = load_model(resolve_model("cow"));
  const std::unique_ptr<AnimationSession> gap = sweep_session(model, find_deformer("gap"));
  AnimationSession& session = *gap;
  const int tail = model.find_component("tail_upper");
  const int body = session.rig().components[tail].parent;
  const auto body_tail_pairs = [&](double twist, int* whole_twist_bands) {
    const Frame frame = swept_frame(session, tail, {0, 0, twist});
    *whole_twist_bands = dynamic_cast<const GapDeformer&>(session.deformer()).last_frame().whole_twist_bands;
    const FrameTopology topology = skinlab::topology(frame, session.deformer().rest_mesh());
    const auto pairs = self_intersections(frame.positions, topology.triangles);
    EXPECT_TRUE(pairs);
    const auto labels = [&](const std::pair<int, int>& p) {
      return std::minmax(topology.triangle_component[p.first], topology.triangle_component[p.second]);
    };
    return std::count_if(pairs->begin(), pairs->end(),
                         [&](const auto& p) { return labels(p) == std::minmax(body, tail); });
  };
  int whole = 0, whole_anywhere = 0;
  const auto at_140 = body_tail_pairs(140, &whole);
  for (double twist : {160.0, 170.0, 180.0}) {
    EXPECT_LE(body_tail_pairs(twist, &whole), at_140) << twist << "°";
    whole_anywhere += whole;
  }
  EXPECT_GT(whole_anywhere, 0);
}

// The cow's thesis clip turns its neck until, at frame 3, the removal on the body's side rings two
// of the body's triangles it does not reach: the kept triangles then ended in two loops, the
// removal was undone ring by ring, and the rigid neck's skin crossed the body's (24 joint pairs,
// DQS none). Pieces the removal cuts off from their part now go with it (remove_islands).
TEST(Gap, CowsThesisClipRemovesWhatItsNecksRemovalCutsOff) {
  const std::vector<int> over = gap_pairs_over_dqs("cow", "cow_thesis_gap.clip", 4);
  ASSERT_EQ(over.size(), 4u);
  for (std::size_t f = 0; f < over.size(); ++f) EXPECT_LE(over[f], 2) << "frame " << f;
}

// The camel's thesis clip: before patches the unfolding left crossed were built again with closer
// points, its last two frames had 6 joint pairs more than DQS (a patch folded over itself). The refinement runs in them and keeps a finer patch.
TEST(Gap, CamelsThesisClipHasAtMostTwoJointPairsMoreThanDqsInEveryFrame) {
  std::vector<int> refined;
  const std::vector<int> gap = joint_pairs_per_frame(
      "camel", "camel_thesis_gap.clip", find_deformer("gap"),
      [&](const Deformer& d) { refined.push_back(dynamic_cast<const GapDeformer&>(d).last_frame().refined_patches); });
  const std::vector<int> dqs = joint_pairs_per_frame("camel", "camel_thesis_gap.clip", find_deformer("dqs"));
  ASSERT_EQ(gap.size(), 4u);
  ASSERT_EQ(dqs.size(), gap.size());
  for (std::size_t f = 0; f < gap.size(); ++f) EXPECT_LE(gap[f], dqs[f] + 2) << "frame " << f;
  EXPECT_GT(refined[2] + refined[3], 0);
}

// Homer's thesis clip raises his right arm 40-70° and bends its elbow 40-90°: the shoulder's
// band, 1.0 opening radius short of the elbow, ran on into the bent forearm and wrung it about the
// upper arm's bone, and the elbow's patch crossed the forearm (every frame over DQS + 2 pairs,
// up to 61 pairs over; stopped short of the elbow, the band held no twist and the shoulder's
// patch, bridging all of it, took 2-3 ms a frame). The root now lends the band room behind the
// shoulder while the elbow bends. Frame 1 is still over, at the knee bent 43°.
TEST(GapBands, HomersThesisClipShoulderBandBorrowsTheTorsosRoom) {
  const std::vector<int> over = gap_pairs_over_dqs("homer", "homer_thesis_gap.clip", 4);
  ASSERT_EQ(over.size(), 4u);
  for (std::size_t f : {0u, 2u, 3u}) EXPECT_LE(over[f], 2) << "frame " << f;
}

// Homer's thesis clip, frame 1: the knee bent 43° under the hip's twist band. The retwist carries
// each point of the knee's patch by its own share of the hip's twist, and cells the unfolding had
// laid out in the untwisted pose turned over again (10 pairs over DQS + 2). The normal tests'
// steps once more in the pose (unfold_carried_patches) turn them back: every frame of the clip
// within DQS + 2.
TEST(GapUnfold, TheRetwistsCarriedPatchesAreUnfoldedAgainInThePose) {
  const std::vector<int> over = gap_pairs_over_dqs("homer", "homer_thesis_gap.clip", 4);
  ASSERT_EQ(over.size(), 4u);
  for (std::size_t f = 0; f < over.size(); ++f) EXPECT_LE(over[f], 2) << "frame " << f;
}

// The armadillo's wave raises its right upper arm, a ring a few edges long between the shoulder and
// the elbow, 34-40° (frames 7-8, 37-38 and 67-68): the torso's triangles just outside the upper
// arm's box stayed, and the forearm's skin and the shoulder's patch crossed them (frame 7: 22 joint
// pairs over DQS + 2). Remove now takes what lies within half an edge of the other part's box too
// (GapOptions::box_reach): within DQS + 2, and over it without the reach.
TEST(GapRemove, ReachingHalfAnEdgePastTheBoxPartsTheArmadillosShoulder) {
  const DeformerEntry without_reach = gap_inside_box();
  const std::vector<int> frames{7, 37};
  const auto pairs = [&](const DeformerEntry& deformer) {
    return joint_pairs_per_frame("armadillo", "armadillo_wave.clip", deformer, {}, frames);
  };
  const std::vector<int> gap = pairs(find_deformer("gap")), dqs = pairs(find_deformer("dqs")),
                         inside = pairs(without_reach);
  ASSERT_EQ(gap.size(), frames.size());
  for (std::size_t i = 0; i < frames.size(); ++i) {
    EXPECT_LE(gap[i], dqs[i] + 2) << "frame " << frames[i];
    EXPECT_GT(inside[i], dqs[i] + 2) << "frame " << frames[i];
  }
}

// Issue 24: at knee bends of 120° gap keeps at most half of DQS's joint pairs (homer 3 against 71,
// man none against 79, the cow none against 29). Remove's reach past the box (box_reach) stops at
// a turn of 115°, so a knee bent 120° is built as without it: with the reach, man's knee had 19
// pairs and the cow's 13.
TEST(GapRemove, KneesBent120KeepAtMostHalfOfDqsPairs) {
  for (const auto& [name, knee] : std::vector<std::pair<std::string, std::string>>{
           {"homer", "leg_l_lower"}, {"man", "leg_r_lower"}, {"cow", "leg_fl_lower"}}) {
    SCOPED_TRACE(name);
    const SegmentedModel model = load_model(resolve_model(name));
    const int part = model.find_component(knee);
    // The pairs at the joints beyond the rest pose's (the sweep's extra pairs).
    const auto extra_pairs = [&](const DeformerEntry& deformer) {
      const std::unique_ptr<AnimationSession> session = sweep_session(model, deformer);
      const auto joint_pairs = [&](double bend) {
        const Frame frame = swept_frame(*session, part, {bend, 0, 0});
        const FrameTopology topology = skinlab::topology(frame, session->deformer().rest_mesh());
        return pairs_at_joints(*self_intersections(frame.positions, topology.triangles), topology.triangle_component,
                               model.hierarchy()->parent);
      };
      return joint_pairs(120) - joint_pairs(0);
    };
    const int gap = extra_pairs(find_deformer("gap")), dqs = extra_pairs(find_deformer("dqs"));
    EXPECT_GT(dqs, 20);
    EXPECT_LE(2 * gap, dqs) << gap << " against " << dqs;
    EXPECT_EQ(gap, extra_pairs(gap_inside_box()));
  }
}

// Homer's shoulder twisted 100° and 110° about the upper arm's bone (the joint sweep's poses): the
// shoulder's patch crossed 11 of its cells, and at 110° the first finer level (0.7 of the spacing)
// crossed 17, which ended the refinement with 11 pairs at the joints (DQS none). Every level now
// runs while crossed cells are left, and 0.35 of the spacing crosses none.
TEST(GapRefine, TriesEveryLevelEvenPastOneThatCrossesMore) {
  const SegmentedModel model = load_model(resolve_model("homer"));
  const std::unique_ptr<AnimationSession> gap = sweep_session(model, find_deformer("gap")),
                                          dqs = sweep_session(model, find_deformer("dqs"));
  const int upper_arm = model.find_component("arm_r_upper");
  const auto joint_pairs = [&](AnimationSession& session, double twist) {
    const Frame frame = swept_frame(session, upper_arm, {0, 0, twist});
    const FrameTopology topology = skinlab::topology(frame, session.deformer().rest_mesh());
    return pairs_at_joints(*self_intersections(frame.positions, topology.triangles), topology.triangle_component,
                           model.hierarchy()->parent);
  };
  for (double twist : {100.0, 110.0}) {
    EXPECT_LE(joint_pairs(*gap, twist), joint_pairs(*dqs, twist) + 2) << twist << "°";
    EXPECT_GT(dynamic_cast<const GapDeformer&>(gap->deformer()).last_frame().refined_patches, 0) << twist << "°";
  }
}

// The triceratops' swing turns its tail 40° about x at frames 15 and 45: at the ridge of its back,
// cells fanned from neighbouring vertices of the sharp loop crossed, and no place of their new
// points parted them (5 joint pairs more than DQS's in each frame, every finer construction
// crossing as many cells). The quad's other diagonal parts them (turn_crossing_cells).
TEST(GapRefine, TurnsTheCrossedCellsAtTheTriceratopsRidgeApart) {
  const std::vector<int> over = gap_pairs_over_dqs("triceratops", "triceratops_swing.clip", 61);
  ASSERT_EQ(over.size(), 61u);
  for (std::size_t f = 0; f < over.size(); ++f) EXPECT_LE(over[f], 2) << "frame " << f;
}
