// SPDX-License-Identifier: GPL-3.0-or-later
// LBS on your own arrays through the runtime alone (Eigen; no CGAL, Qhull or Assimp): a two-part
// tube built here, its rig and skinning weights computed here, a clip written in code, and the
// tip checked against forward kinematics. `runtime_lbs` prints the tip and exits 1 if it is off.
#include <cmath>
#include <iostream>
#include <numbers>
#include <skinlab/core/clip_io.hpp>
#include <skinlab/core/segmented_model.hpp>
#include <skinlab/core/skel_io.hpp>
#include <skinlab/kinematics/animator.hpp>
#include <skinlab/skinning/blend_deformer.hpp>
#include <skinlab/skinning/deformer_context.hpp>

using namespace skinlab;

namespace {

constexpr int kRings = 21, kSides = 12;  // rings along z in [0, 2]; the joint ring at z = 1

// A closed tube: rings of kSides vertices, a centre vertex capping each end. Faces below z = 1
// are part 0 ("upper"), the rest part 1 ("lower").
LabeledMesh tube() {
  LabeledMesh out;
  for (int r = 0; r < kRings; ++r)
    for (int i = 0; i < kSides; ++i) {
      const double a = 2 * std::numbers::pi * i / kSides;
      out.mesh.positions.emplace_back(0.2 * std::cos(a), 0.2 * std::sin(a), 2.0 * r / (kRings - 1));
    }
  const int bottom = static_cast<int>(out.mesh.positions.size());
  out.mesh.positions.emplace_back(0, 0, 0);
  out.mesh.positions.emplace_back(0, 0, 2);
  const auto at = [](int r, int i) { return r * kSides + (i % kSides); };
  const auto add = [&](Tri t, int part) {
    out.mesh.triangles.push_back(t);
    out.labels.push_back(part);
  };
  for (int r = 0; r + 1 < kRings; ++r)
    for (int i = 0; i < kSides; ++i) {
      const int part = 2 * r < kRings - 1 ? 0 : 1;
      add({at(r, i), at(r, i + 1), at(r + 1, i + 1)}, part);
      add({at(r, i), at(r + 1, i + 1), at(r + 1, i)}, part);
    }
  for (int i = 0; i < kSides; ++i) {
    add({bottom, at(0, i + 1), at(0, i)}, 0);
    add({bottom + 1, at(kRings - 1, i), at(kRings - 1, i + 1)}, 1);
  }
  out.part_names = {"upper", "lower"};
  out.file = "tube (in code)";
  return out;
}

// Weights by height: all "upper" below z = 0.8, all "lower" above z = 1.2, a smoothstep between.
SkinWeights height_weights(const SegmentedModel& model) {
  SkinWeights w;
  w.parts = {"upper", "lower"};
  for (const Vec3& p : model.mesh().positions) {
    const double s = std::clamp((p.z() - 0.8) / 0.4, 0.0, 1.0), lower = s * s * (3 - 2 * s);
    w.joints.push_back({0, 1, 0, 0});
    w.weights.push_back({static_cast<float>(1 - lower), static_cast<float>(lower), 0, 0});
  }
  return w;
}

}  // namespace

int main() {
  SegmentedModel model = SegmentedModel::build(tube(), "tube");
  model.attach_hierarchy(parse_skel("tube.skel", "ROOT upper 0 0 0 0 0 0 { JOINT lower -150 150 -90 90 -90 90 "
                                                 "{ End Site } }"));
  // The rig: "lower" turns about (0, 0, 1); its parent axis points back up the tube.
  Skeleton skeleton;
  skeleton.method = "by hand";
  Rig rig;
  rig.order = {0, 1};
  rig.joint_of = {0, 1};
  rig.subtree = {{0, 1}, {1}};
  rig.collision_pairs.resize(2);
  for (int c = 0; c < 2; ++c) {
    const Vec3 joint(0, 0, c);
    skeleton.joints.push_back({joint, c == 0 ? JointKind::root : JointKind::opening, c});
    skeleton.components.push_back(ComponentFrame{});
    skeleton.components.back().root_joint = c;
    RigComponent rc;
    rc.parent = c - 1;
    rc.joint = joint;
    if (c > 0) rc.align = align_to_z(Vec3(0, 0, -1));
    for (int k = 0; k < 6; ++k) rc.limits[k] = (k % 2 ? 1 : -1) * std::numbers::pi;
    rc.obb = fit_obb(Mat3::Identity(), model.components()[c].mesh.positions);
    rig.components.push_back(rc);
    rig.names.push_back(model.components()[c].name);
  }
  skeleton.bones.push_back({0, 1, 0});
  const auto shared_rig = std::make_shared<const Rig>(std::move(rig));
  // The clip, in code: "lower" bends 90 degrees about its x axis over one second.
  const ClipFile clip = parse_clip("bend (in code)", R"(animation { range 0 1 numChannels 1
    channel lower.rx { extrapolate constant constant keys 2 { 0 0 linear linear 1 90 linear linear } } })");
  Animator animator(shared_rig, clip, 30, {true, false});
  DeformerContext context(model, skeleton, shared_rig, [&] { return height_weights(model); }, 1);
  const std::unique_ptr<Deformer> lbs = make_smooth_deformer(context, BlendKind::lbs);
  Frame frame;
  const AcceptedPose& pose = animator.seek(30);
  lbs->deform(pose, frame);
  // The tip's cap centre moves with "lower" alone: LBS must put it where FK does.
  const Vec3 expected = pose.world[1].apply_point(Vec3(0, 0, 2));
  double nearest = INFINITY;
  for (std::size_t v = 0; 3 * v < frame.positions.size(); ++v)
    nearest = std::min(nearest, (Vec3(frame.positions[3 * v], frame.positions[3 * v + 1], frame.positions[3 * v + 2]) -
                                 expected)
                                    .norm());
  std::cout << "LBS on " << frame.positions.size() / 3 << " vertices: the tip at " << expected.transpose()
            << ", nearest skinned vertex " << nearest << " away\n";
  return nearest < 1e-5 && std::abs(expected.z() - 1.0) < 1e-9 ? 0 : 1;
}
