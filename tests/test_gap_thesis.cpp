// SPDX-License-Identifier: GPL-3.0-or-later
// `gap-thesis`, Algorithm 5 as the thesis prints it ([VF08 §4.4]): its Add (Circle arcs and one
// Bézier blend per Middle point's triplet) and the patch triangulated within the band between
// the two loops (band_domain + triangulate_band), on hand-made annuli, the arm and every frame of
// the standard clips.
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <map>
#include <numbers>
#include <set>
#include <string>
#include <tuple>

#include "gap_test_support.hpp"
#include "skinlab/core/edge_defects.hpp"
#include "skinlab/experiments/joint_geometry.hpp"
#include "skinlab/experiments/measurements.hpp"
#include "skinlab/gap/band_domain.hpp"
#include "skinlab/gap/gap_deformer.hpp"
#include "skinlab/gap/thesis_arcs.hpp"
#include "skinlab/gap/triangulate_band.hpp"
#include "skinlab/io/model_library.hpp"
#include "skinlab/rigging/deformer_registry.hpp"
#include "skinlab/rigging/session.hpp"

using namespace skinlab;

namespace {

constexpr double kTwoPi = 2 * std::numbers::pi;

// A regular polygon of `n` corners on a circle of radius `r`, turned by `phase`, appended to
// `points`; its indices.
std::vector<int> polygon(std::vector<Vec2>& points, int n, double r, double phase) {
  std::vector<int> ids;
  for (int k = 0; k < n; ++k) {
    ids.push_back(static_cast<int>(points.size()));
    points.emplace_back(r * std::cos(phase + kTwoPi * k / n), r * std::sin(phase + kTwoPi * k / n));
  }
  return ids;
}

double regular_polygon_area(int n, double r) { return 0.5 * n * r * r * std::sin(kTwoPi / n); }

double signed_area(const std::vector<Vec2>& p, const Tri& t) {
  const Vec2 a = p[t[1]] - p[t[0]], b = p[t[2]] - p[t[0]];
  return 0.5 * (a.x() * b.y() - a.y() * b.x());
}

}  // namespace

// An annulus between an 8-gon and a 12-gon, ten points between them, one inside the inner rim and
// one outside the outer: a triangulated annulus has 2·(inside points) + (rim points) triangles,
// every rim edge in exactly one, all counter-clockwise, covering exactly the area between.
TEST(TriangulateBand, AnnulusUsesEveryRimEdgeOnceAndEveryPointInsideIt) {
  std::vector<Vec2> points;
  const std::vector<int> inner = polygon(points, 8, 1.0, 0.1), outer = polygon(points, 12, 3.0, 0.0);
  polygon(points, 10, 2.0, 0.3);
  const int hole = static_cast<int>(points.size());
  points.emplace_back(0.2, -0.1);
  const int beyond = hole + 1;
  points.emplace_back(3.5, 3.5);
  const std::optional<std::vector<Tri>> band = triangulate_band(points, inner, outer);
  ASSERT_TRUE(band.has_value());
  EXPECT_EQ(band->size(), 2u * 10 + 8 + 12);
  double area = 0;
  std::map<std::pair<int, int>, int> edges;
  for (const Tri& t : *band) {
    EXPECT_GT(signed_area(points, t), 0);
    area += signed_area(points, t);
    for (int k = 0; k < 3; ++k) {
      EXPECT_NE(t[k], hole);
      EXPECT_NE(t[k], beyond);
      ++edges[{std::min(t[k], t[(k + 1) % 3]), std::max(t[k], t[(k + 1) % 3])}];
    }
  }
  EXPECT_NEAR(area, regular_polygon_area(12, 3.0) - regular_polygon_area(8, 1.0), 1e-12);
  for (const std::vector<int>* rim : {&inner, &outer})
    for (std::size_t k = 0; k < rim->size(); ++k) {
      const int a = (*rim)[k], b = (*rim)[(k + 1) % rim->size()];
      EXPECT_EQ(edges[std::make_pair(std::min(a, b), std::max(a, b))], 1) << a << "-" << b;
    }
}

// Rims that cross, rims side by side, and a point on a rim edge cannot bound one annulus.
TEST(TriangulateBand, RefusesRimsThatDoNotBoundOneAnnulus) {
  {
    std::vector<Vec2> points;
    std::vector<int> inner = polygon(points, 8, 1.0, 0.0);
    const std::vector<int> outer = polygon(points, 12, 3.0, 0.0);
    points[inner[2]] *= 5.0;  // one corner out past the outer rim
    EXPECT_FALSE(triangulate_band(points, inner, outer).has_value());
  }
  {
    std::vector<Vec2> points;
    const std::vector<int> left = polygon(points, 6, 1.0, 0.0);
    std::vector<int> right = polygon(points, 6, 1.0, 0.0);
    for (int i : right) points[i].x() += 5.0;
    EXPECT_FALSE(triangulate_band(points, left, right).has_value());
  }
  {
    std::vector<Vec2> points{{-1, -1}, {1, -1}, {1, 1}, {-1, 1}};
    const std::vector<int> inner{0, 1, 2, 3}, outer = polygon(points, 12, 3.0, 0.0);
    points.emplace_back(0.0, -1.0);  // on the inner rim's bottom edge
    EXPECT_FALSE(triangulate_band(points, inner, outer).has_value());
    points.pop_back();
    EXPECT_TRUE(triangulate_band(points, inner, outer).has_value());
  }
}

namespace {

// The registered gap-thesis on the arm, with an animator that checks neither limits nor
// collisions.
class GapThesisArm : public ::testing::Test {
 protected:
  test::ArmSession arm;
  std::shared_ptr<Deformer> deformer;
  Animator animator{arm.rig, std::nullopt, 30, {false, false}};
  Frame frame;
  void SetUp() override {
    DeformerContext context(arm.model, arm.skeleton, arm.rig, {}, 1);
    deformer = find_deformer("gap-thesis").create(context);
  }
  const GapDeformer& gap() const { return dynamic_cast<const GapDeformer&>(*deformer); }
};

}  // namespace

// The band's layout on the arm: the parent's loop on the unit circle, the child's on one circle
// outside it, each in its loop's order, and every new point strictly between them. An opening
// point the bend left in place (on its axis) is merged: on both loops, half way between.
TEST_F(GapThesisArm, BandDomainPutsTheLoopsOnNestedCirclesAndTheNewPointsBetween) {
  for (const auto& [bend, twist] : std::vector<std::pair<double, double>>{{60, 0}, {120, 0}, {45, 90}}) {
    SCOPED_TRACE("bend " + std::to_string(bend) + ", twist " + std::to_string(twist));
    const AcceptedPose& pose = arm.pose(animator, bend, twist);
    deformer->deform(pose, frame);
    const GapJoint& joint = gap().gap_model().joints.at(0);
    const QT relative = pose.world[joint.parent].inverse() * pose.world[joint.child];
    // The arcs again, as the deformer built them (its spacing: the parts' mean median edge).
    const GapModel& model = gap().gap_model();
    const double spacing = 0.5 * (model.median_edge[joint.child] + model.median_edge[joint.parent]);
    ArcSet arcs;
    const SideBoundary &parent = gap().boundary(0, false), &child = gap().boundary(0, true);
    thesis_arcs(model, 0, relative, parent, child, spacing, arcs);
    ASSERT_EQ(static_cast<int>(arcs.points.size()), gap().last_frame().patch_vertices);
    const BandDomain domain = band_domain(gap().gap_model(), 0, relative, parent, child, arcs);
    ASSERT_EQ(domain.parent_loop.size(), parent.loop.size());
    ASSERT_EQ(domain.child_loop.size(), child.loop.size());
    const std::set<int> on_both = [&] {
      std::set<int> parent_ids(domain.parent_loop.begin(), domain.parent_loop.end()), both;
      for (int i : domain.child_loop)
        if (parent_ids.count(i)) both.insert(i);
      return both;
    }();
    EXPECT_EQ(static_cast<int>(on_both.size()), gap().last_frame().merged_arcs);
    double outer = 0;
    for (int i : domain.child_loop)
      if (!on_both.count(i)) outer = domain.points[i].norm();
    EXPECT_GT(outer, 1.0);
    for (const std::vector<int>* rim : {&domain.parent_loop, &domain.child_loop})
      for (int i : *rim) {
        const double expected = on_both.count(i) ? std::sqrt(outer) : rim == &domain.parent_loop ? 1.0 : outer;
        EXPECT_NEAR(domain.points[i].norm(), expected, 1e-12);
      }
    int inside = 0;
    for (std::size_t i = 0; i < domain.points.size(); ++i) {
      if (domain.source[i] != BandDomain::Source::arc) continue;
      ++inside;
      EXPECT_GT(domain.points[i].norm(), 1.0);
      EXPECT_LT(domain.points[i].norm(), outer);
    }
    EXPECT_EQ(inside, static_cast<int>(arcs.points.size()));
    // Walking either loop turns once about the centre, one way.
    for (const std::vector<int>* rim : {&domain.parent_loop, &domain.child_loop}) {
      double turned = 0;
      for (std::size_t k = 0; k < rim->size(); ++k) {
        const Vec2 a = domain.points[(*rim)[k]], b = domain.points[(*rim)[(k + 1) % rim->size()]];
        const double step = std::atan2(a.x() * b.y() - a.y() * b.x(), a.dot(b));
        turned += step;
      }
      EXPECT_NEAR(std::abs(turned), kTwoPi, 1e-9);
    }
  }
}

// Algorithm 5's Add on the arm: one circle arc per opening point the child kept, one blend (or
// fallback) per opening point it lost, each between a Bézier point of each side (end points off
// the opening).
TEST_F(GapThesisArm, AddBuildsOneArcPerCirclePointAndOnePerMiddlePoint) {
  for (double bend : {30.0, 90.0, 150.0}) {
    SCOPED_TRACE("bend " + std::to_string(bend));
    deformer->deform(arm.pose(animator, bend, 0), frame);
    const GapModel& model = gap().gap_model();
    const GapFrameReport& report = gap().last_frame();
    int kept = 0;
    for (int v : gap().boundary(0, true).loop) kept += model.opening_joint[v] == 0;
    EXPECT_EQ(report.circle_arcs + report.merged_arcs, kept);
    EXPECT_EQ(report.bezier_arcs + report.bezier_fallbacks, static_cast<int>(model.joints[0].loop.size()) - kept);
    EXPECT_GT(report.bezier_arcs, 0);
    EXPECT_EQ(report.scattered_patches, 0);
  }
}

// Every frame of a twist 0→180°, a bend 0→150° and a bend of 90° then a twist 0→90° is closed,
// oriented and of genus 0. Up to a bend of 110° it keeps within 3% of the rest volume; deeper,
// the thesis' Middle point (the midpoint of the chord O–R·O) sinks towards the joint and the
// patch with it (measured: 4% lost at 120°, 15% at 150°; `gap` puts it on the arc).
TEST_F(GapThesisArm, EveryFrameOfTheSweepsIsClosedAndKeepsItsVolume) {
  const double rest_volume = enclosed_volume(arm.model.mesh());
  std::vector<std::pair<double, double>> poses;
  for (int step = 1; step <= 18; ++step) poses.emplace_back(0, 10.0 * step);
  for (int step = 1; step <= 15; ++step) poses.emplace_back(10.0 * step, 0);
  for (int step = 1; step <= 9; ++step) poses.emplace_back(90, 10.0 * step);
  for (const auto& [bend, twist] : poses) {
    SCOPED_TRACE("bend " + std::to_string(bend) + ", twist " + std::to_string(twist));
    deformer->deform(arm.pose(animator, bend, twist), frame);
    const EdgeDefects d = edge_defects(frame.triangles);
    EXPECT_TRUE(d.closed_manifold());
    EXPECT_EQ(d.euler_characteristic, 2);
    EXPECT_EQ(gap().last_frame().scattered_patches, 0);
    const double change = enclosed_volume(frame_mesh(frame, deformer->rest_mesh())) / rest_volume - 1;
    if (bend <= 110) {
      EXPECT_LT(std::abs(change), 0.03);
    }
  }
}

// The floor for the thesis as printed: closed in at least 90% of the standard clips'
// frames, each within 3% of its rest volume. Measured: every frame of the 24 clips closed, 2.7%
// at most.
TEST(GapThesis, StandardClipsFramesAreClosedAndKeepTheirVolume) {
  int frames = 0, open = 0, swollen = 0;
  for (const std::string& name :
       model_names_in_set(read_manifest(skinlab_root() / "models" / "manifest.json"), "standard")) {
    const SegmentedModel model = load_model(resolve_model(name));
    for (const std::filesystem::path& clip : model_clips(name)) {
      SCOPED_TRACE(clip.filename().string());
      AnimationSession session(model, read_clip(clip), SessionParams{}, find_deformer("gap-thesis"));
      const double rest_volume = enclosed_volume(model.mesh());
      Frame frame;
      for (int f = 0; f <= session.animator().grid().last(); ++f, ++frames) {
        session.play(f, frame);
        const EdgeDefects d = edge_defects(frame.triangles);
        const bool closed = d.closed_manifold() && d.euler_characteristic == 2;
        open += !closed;
        swollen += closed && std::abs(enclosed_volume(frame_mesh(frame, session.deformer().rest_mesh())) / rest_volume -
                                      1) > 0.03;
      }
    }
  }
  EXPECT_GT(frames, 1400);
  EXPECT_LE(open, frames / 10);
  EXPECT_EQ(swollen, 0);
}

namespace {

// The joints of experiments/joint_sweeps.json: homer's elbow, knee and shoulder, man's elbow and
// knee, the cow's front knee and tail.
std::vector<std::pair<std::string, std::vector<std::string>>> standard_sweep_joints() {
  return {{"homer", {"arm_r_lower", "leg_l_lower", "arm_r_upper"}},
          {"man", {"arm_r_lower", "leg_r_lower"}},
          {"cow", {"leg_fl_lower", "tail_upper"}}};
}

// The inscribed ratio of every pose of the standard sweeps of one joint for one deformer, as the
// joint_sweep table measures it (joint_sweep_measure.cpp), without the table's other measures.
std::vector<double> sweep_inscribed_ratios(const SegmentedModel& model, const std::string& joint,
                                           const std::string& deformer) {
  SessionParams params;
  params.checks.limits = false;
  params.checks.collisions = false;
  AnimationSession session(model, std::nullopt, params, find_deformer(deformer));
  const Rig& rig = session.rig();
  const SkinMesh& skin = session.deformer().rest_mesh();
  Frame rest_frame, frame;
  session.play(0, rest_frame);
  const int child = model.find_component(joint), parent = rig.components[child].parent;
  const std::optional<JointSection> section = joint_section(model, rig, child);
  const Vec3 center = section ? section->center : rig.components[child].joint;
  const double rest = distance_to_joint_parts(rest_frame.positions, frame_mesh(rest_frame, skin).triangles,
                                              topology(rest_frame, skin).triangle_component, child, parent, center);
  std::vector<double> ratios;
  for (const SweepMotion& motion : default_sweep_motions())
    for (int s = 0; s < motion.steps; ++s) {
      const Pose pose = sweep_pose(rig, session.skeleton(), child, motion, s / (motion.steps - 1.0), nullptr);
      const AcceptedPose& accepted = session.animator().apply(pose, 0.0);
      session.deformer().deform(accepted, frame);
      ratios.push_back(distance_to_joint_parts(frame.positions, frame_mesh(frame, skin).triangles,
                                               topology(frame, skin).triangle_component, child, parent,
                                               posed_center(center, rig, child, accepted)) /
                       rest);
    }
  return ratios;
}

}  // namespace

// Every pose of the standard joint sweeps (bend, twist, bend then twist) is closed, manifold and
// oriented for both gaps.
TEST(GapThesis, EveryJointSweepPoseIsClosedForBothGaps) {
  int poses = 0;
  for (const auto& [name, joints] : standard_sweep_joints()) {
    const SegmentedModel model = load_model(resolve_model(name));
    for (const nlohmann::json& row :
         measure_joint_sweep(name, model, joints, default_sweep_motions(), {"gap", "gap-thesis"})) {
      ++poses;
      EXPECT_EQ(row.at("open_edges"), 0) << row.dump();
      EXPECT_FALSE(row.at("volume_change_pct").is_null()) << row.dump();
    }
  }
  EXPECT_EQ(poses, 7 * (16 + 19 + 10) * 2);
}

// Issue 24's line on pairs, for the sweeps: at every angle of every standard sweep, gap's extra
// self-intersecting pairs at the swept joint are at most DQS's + 2, counted both ways the joint_sweep
// table counts them (two triangles that share no vertex, as the issue defines a pair, and also two
// round a vertex that cross beyond it). Homer's shoulder twisted 100° and 110° was over until the
// refinement tried every level, the cow's tail bent 50-70° until Remove reached past the box
// (docs/gap.md, items 20 and 24).
TEST(GapSweeps, JointPairsAreWithinDqsPlusTwoAtEveryAngle) {
  int compared = 0;
  for (const auto& [name, joints] : standard_sweep_joints()) {
    const SegmentedModel model = load_model(resolve_model(name));
    std::map<std::tuple<std::string, std::string, double>, nlohmann::json> dqs;
    const nlohmann::json rows = measure_joint_sweep(name, model, joints, default_sweep_motions(), {"gap", "dqs"});
    for (const nlohmann::json& row : rows)
      if (row.at("skinning") == "dqs") dqs[{row.at("joint"), row.at("motion"), row.at("angle")}] = row;
    for (const nlohmann::json& row : rows) {
      if (row.at("skinning") != "gap") continue;
      const nlohmann::json& baseline = dqs.at({row.at("joint"), row.at("motion"), row.at("angle")});
      for (const char* count : {"extra_pairs_apart", "extra_pairs"}) {
        ASSERT_TRUE(row.at(count).is_number() && baseline.at(count).is_number()) << row.dump();
        EXPECT_LE(row.at(count).get<int>(), baseline.at(count).get<int>() + 2) << count << ": " << row.dump();
      }
      ++compared;
    }
  }
  EXPECT_EQ(compared, 7 * (16 + 19 + 10));
}

// The floor for the sweeps: at every angle of every standard sweep, gap's inscribed ratio
// (the distance from the posed joint centre to the nearest triangle of its two parts, over the
// same at rest) is at most 0.05 below DQS's. The cow's tail bent 90° then twisted 50° was 0.917
// against 0.972 until the keep-out kept its moves within 4/5 of the ball (docs/gap.md, item 15).
TEST(GapSweeps, InscribedRatioIsNeverMuchBelowDqsAtAnyAngle) {
  int compared = 0;
  for (const auto& [name, joints] : standard_sweep_joints()) {
    const SegmentedModel model = load_model(resolve_model(name));
    for (const std::string& joint : joints) {
      const std::vector<double> gap = sweep_inscribed_ratios(model, joint, "gap"),
                                dqs = sweep_inscribed_ratios(model, joint, "dqs");
      ASSERT_EQ(gap.size(), dqs.size());
      for (std::size_t pose = 0; pose < gap.size(); ++pose, ++compared)
        EXPECT_GE(gap[pose], dqs[pose] - 0.05) << name << " " << joint << ", pose " << pose;
    }
  }
  EXPECT_EQ(compared, 7 * (16 + 19 + 10));
}
