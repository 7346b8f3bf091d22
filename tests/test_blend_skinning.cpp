// SPDX-License-Identifier: GPL-3.0-or-later
// Weights and the smooth deformers (LBS, SBS, DQS): identities, the candy-wrapper case, and
// agreement of the scalar, vector, AVX2 and threaded paths.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <numbers>
#include <random>

#include "skinlab/core/error.hpp"
#include "skinlab/io/model_library.hpp"
#include "skinlab/rigging/build_rig.hpp"
#include "skinlab/rigging/weights.hpp"
#include "skinlab/skeleton/extract_skeleton.hpp"
#include "skinlab/skinning/blend_deformer.hpp"
#include "skinlab/skinning/worker_pool.hpp"
#include "test_meshes.hpp"
#include "test_poses.hpp"

using namespace skinlab;
namespace fs = std::filesystem;

namespace {

constexpr double kDeg = std::numbers::pi / 180.0;

using test::Posed;
Posed homer_bent() { return test::homer_bent(11, 70 * kDeg); }

std::vector<float> skin(const SegmentedModel& model, const SkinWeights& weights, std::shared_ptr<const Rig> rig,
                        const AcceptedPose& pose, BlendKind kind, KernelPath path = KernelPath::scalar, int threads = 1,
                        std::vector<float>* normals = nullptr, const BlendMesh** mesh = nullptr) {
  static std::unique_ptr<BlendDeformer> keep;  // outlives the call when the caller wants its mesh
  BlendParams params;
  params.kind = kind;
  params.path = path;
  params.threads = threads;
  keep = std::make_unique<BlendDeformer>(welded_skin_mesh(model), weights, std::move(rig), params);
  Frame frame;
  keep->deform(pose, frame);
  if (normals) *normals = frame.normals;
  if (mesh) *mesh = &keep->blend_mesh();
  return frame.positions;
}

double max_difference(const std::vector<float>& a, const std::vector<float>& b) {
  double d = 0;
  for (std::size_t i = 0; i < a.size(); ++i) d = std::max(d, static_cast<double>(std::abs(a[i] - b[i])));
  return d;
}

// A cylinder of radius 0.2 along z from 0 to 2 in two parts jointed at z = 1.
SegmentedModel two_bone_cylinder() {
  SegmentedModel model = SegmentedModel::build(test::stacked_cylinder(2, 48, 0.2), "cylinder");
  model.attach_hierarchy(parse_skel("cylinder.skel",
                                    "ROOT seg0 -180 180 -180 180 -180 180 { JOINT seg1 -180 180 -180 180 -180 180"
                                    " { End Site } }"));
  return model;
}

}  // namespace

TEST(Weights, OpeningWeightsBlendAcrossEachOpeningAndSumToOne) {
  const SegmentedModel model = load_model(resolve_model("homer"));
  const SkinWeights w = opening_weights(model);
  ASSERT_EQ(w.num_vertices(), model.mesh().num_vertices());
  int blended = 0, single = 0;
  for (int v = 0; v < w.num_vertices(); ++v) {
    float sum = 0;
    for (float x : w.weights[v]) sum += x;
    EXPECT_NEAR(sum, 1.0f, 1e-6f);
    EXPECT_LE(w.influences(v), 4);
    for (int i = 1; i < 4; ++i) EXPECT_LE(w.weights[v][i], w.weights[v][i - 1]);
    (w.influences(v) > 1 ? blended : single)++;
  }
  EXPECT_GT(blended, 200);
  EXPECT_GT(single, 1000);  // far from every opening: one influence
  // On an opening loop away from other openings (an elbow, a knee), parent and child share each
  // vertex half and half.
  int halved_loops = 0;
  for (const Opening& opening : model.openings()) {
    bool halved = true;
    for (int v : opening.loops.front().original)
      halved = halved && w.influences(v) == 2 && std::abs(w.weights[v][0] - 0.5f) < 1e-6f;
    halved_loops += halved;
  }
  EXPECT_GE(halved_loops, 3);
}

TEST(Weights, HeatWeightsReachOneAtTheFarEndOfTheirOwnBone) {
  const SegmentedModel model = load_model(resolve_model("homer"));
  const Skeleton skeleton = extract_skeleton(model);
  const SkinWeights w = heat_weights(model, skeleton);
  for (int v = 0; v < w.num_vertices(); ++v) {
    float sum = 0;
    for (float x : w.weights[v]) sum += x;
    ASSERT_NEAR(sum, 1.0f, 1e-5f);
  }
  // For every leaf part: the vertex nearest its bone's far end belongs to that part alone.
  const Hierarchy& h = *model.hierarchy();
  int leaves = 0;
  for (int c = 0; c < model.num_components(); ++c) {
    if (std::find(h.parent.begin(), h.parent.end(), c) != h.parent.end()) continue;
    const Vec3& joint = skeleton.joints[skeleton.components[c].root_joint].position;
    Vec3 far = joint;
    for (const Bone& b : skeleton.bones)
      if (b.component == c)
        for (int end : {b.from, b.to})
          if ((skeleton.joints[end].position - joint).norm() > (far - joint).norm())
            far = skeleton.joints[end].position;
    int nearest = 0;
    for (int v = 0; v < model.mesh().num_vertices(); ++v)
      if ((model.mesh().positions[v] - far).norm() < (model.mesh().positions[nearest] - far).norm()) nearest = v;
    SCOPED_TRACE(model.components()[c].name);
    EXPECT_EQ(w.joints[nearest][0], c);
    // The nearest vertex lies a little off the bone, and with short end parts (a hand, a foot:
    // fourteen parts) within reach of the parent's bone: heat (c = 1, no visibility) leaves it
    // a few percent of the parent's weight.
    EXPECT_GT(w.weights[nearest][0], 0.95f);
    ++leaves;
  }
  EXPECT_GE(leaves, 5);
}

TEST(Weights, FileRoundTripsAndBadFilesNameTheirLine) {
  const SegmentedModel model = load_model(resolve_model("homer"));
  const SkinWeights w = opening_weights(model);
  const fs::path file = fs::temp_directory_path() / ("skinlab_w_" + std::to_string(::getpid()) + ".weights");
  {
    std::ofstream out(file);
    write_weights(out, w);
  }
  const SkinWeights back = read_weights(file, model.mesh().num_vertices(), w.parts);
  EXPECT_EQ(back.joints, w.joints);
  EXPECT_EQ(back.weights, w.weights);
  std::vector<std::string> shuffled(w.parts.rbegin(), w.parts.rend());
  const SkinWeights reordered = read_weights(file, model.mesh().num_vertices(), shuffled);
  EXPECT_EQ(reordered.parts[reordered.joints[0][0]], w.parts[w.joints[0][0]]);
  const auto expect_error = [&](const std::string& text, const std::string& where, const std::string& what) {
    {
      std::ofstream out(file);
      out << text;
    }
    try {
      read_weights(file, 2, {"a", "b"});
      ADD_FAILURE() << "accepted: " << text;
    } catch (const ParseError& e) {
      EXPECT_NE(std::string(e.what()).find(file.string() + ":" + where), std::string::npos) << e.what();
      EXPECT_NE(std::string(e.what()).find(what), std::string::npos) << e.what();
    }
  };
  expect_error("weights 3 2\nparts a b\n", "1:9", "vertex count 2");
  expect_error("weights 2 2\nparts a c\n", "2:9", "a part of the model");
  expect_error("weights 2 2\nparts a b\n1 0 1\n2 0 0.5 1 0.6\n", "4:1", "sum to");
  expect_error("weights 2 2\nparts a b\n1 0 1\n2 0 0.5 0 0.5\n", "4:9", "part repeated");
  expect_error("weights 2 2\nparts a b\n5 0 1\n", "3:1", "from 1 to 4");
  expect_error("weights 2 2\nparts a b\n1 0 1\n", "4:1", "influence count");
  expect_error("weights 2 2\nparts a b\n1 0 nan\n1 0 1\n", "3:5", "a weight");
  expect_error("weights 2 2\nparts a b\n1 0 1e400\n1 0 1\n", "3:5", "a weight");
  expect_error("weights 2 2\nparts a b\n1 0 1 1 1 1\n", "3:7", "one vertex per line");
  expect_error("weights 2 2\nparts a b\n2 0 0 1 0\n1 0 1\n", "3:1", "sum to 0");
  fs::remove(file);
}

TEST(BlendSkinning, OneInfluencePerVertexIsRigidSkinning) {
  Posed p = homer_bent();
  SkinWeights single = opening_weights(p.model);
  for (int v = 0; v < single.num_vertices(); ++v) set_influences(single, v, {{single.joints[v][0], 1.0}});
  const SkinMesh welded = welded_skin_mesh(p.model);
  const double diagonal = bounding_box(p.model.mesh().positions).diagonal();
  for (BlendKind kind : {BlendKind::lbs, BlendKind::sbs, BlendKind::dqs}) {
    const BlendMesh* mesh = nullptr;
    const std::vector<float> out = skin(p.model, single, p.rig, p.pose, kind, KernelPath::scalar, 1, nullptr, &mesh);
    for (int v = 0; v < mesh->mesh.num_vertices(); ++v) {
      const int w = mesh->mesh.welded_vertex[v];
      const Vec3 expected = p.pose.world[single.joints[w][0]].apply_point(p.model.mesh().positions[w]);
      for (int k = 0; k < 3; ++k) ASSERT_NEAR(out[3 * v + k], expected[k], 1e-5 * diagonal) << static_cast<int>(kind);
    }
  }
}

TEST(BlendSkinning, SbsWithLinearlyBlendedRotationsIsLbs) {
  Posed p = homer_bent();
  const SkinWeights w = opening_weights(p.model);
  const double diagonal = bounding_box(p.model.mesh().positions).diagonal();
  const auto lbs = skin(p.model, w, p.rig, p.pose, BlendKind::lbs);
  const auto sbs_linear = skin(p.model, w, p.rig, p.pose, BlendKind::sbs_linear);
  const auto sbs = skin(p.model, w, p.rig, p.pose, BlendKind::sbs);
  EXPECT_LT(max_difference(lbs, sbs_linear), 1e-5 * diagonal);
  EXPECT_GT(max_difference(lbs, sbs), 1e-3 * diagonal);  // QLERP is what makes them differ
}

TEST(BlendSkinning, TwistedCylinderCollapsesUnderLbsButKeepsItsRadiusUnderSbsAndDqs) {
  const SegmentedModel model = two_bone_cylinder();
  SkeletonParams params;
  params.method = "centroid";
  const auto rig = std::make_shared<const Rig>(build_rig(model, extract_skeleton(model, params)));
  Animator animator(rig, std::nullopt, 30, {false, false});
  Pose twist;
  twist.angles.assign(6, 0.0);
  twist.angles[3 * rig->joint_of[model.find_component("seg1")] + 2] = 180 * kDeg;  // about the parent axis
  const AcceptedPose& pose = animator.apply(twist, 0);
  const SkinWeights w = opening_weights(model);
  // The joint ring (z = 1) is weighted half and half.
  for (BlendKind kind : {BlendKind::lbs, BlendKind::sbs, BlendKind::dqs}) {
    const BlendMesh* mesh = nullptr;
    const std::vector<float> out = skin(model, w, rig, pose, kind, KernelPath::scalar, 1, nullptr, &mesh);
    double smallest = 1e9, largest = 0;
    int ring = 0;
    for (int v = 0; v < mesh->mesh.num_vertices(); ++v) {
      const int original = mesh->mesh.welded_vertex[v];
      const Vec3& rest = model.mesh().positions[original];
      if (std::abs(rest.z() - 1.0) > 1e-9 || rest.head<2>().norm() < 0.1) continue;
      const double radius = std::hypot(out[3 * v], out[3 * v + 1]);
      smallest = std::min(smallest, radius);
      largest = std::max(largest, radius);
      ++ring;
    }
    ASSERT_EQ(ring, 48);
    SCOPED_TRACE(static_cast<int>(kind));
    if (kind == BlendKind::lbs) {
      EXPECT_LT(largest, 0.02);  // the candy wrapper: the ring collapses onto the axis
    } else {
      EXPECT_NEAR(smallest, 0.2, 0.002);
      EXPECT_NEAR(largest, 0.2, 0.002);
    }
  }
}

TEST(BlendSkinning, DqsEqualsSbsWhenEveryTransformFixesTheSamePoint) {
  const SegmentedModel model = two_bone_cylinder();
  const auto rig = std::make_shared<const Rig>(build_rig(model, extract_skeleton(model)));
  const Vec3 p = rig->components[model.find_component("seg1")].joint;  // the joint: SBS's exact centre
  ASSERT_LT((p - Vec3(0, 0, 1)).norm(), 1e-9);
  std::mt19937 rng(3);
  std::uniform_real_distribution<double> u(-1, 1);
  SkinWeights w = opening_weights(model);
  for (int v = 0; v < w.num_vertices(); ++v) {
    const double a = 0.5 + 0.5 * u(rng);
    set_influences(w, v, {{0, a}, {1, 1 - a}});
  }
  for (int trial = 0; trial < 5; ++trial) {
    AcceptedPose pose;
    for (int c = 0; c < 2; ++c) {
      const Quat q = quat_from_axis_angle(Vec3(u(rng), u(rng), u(rng)), 2.5 * u(rng));
      pose.world.push_back({q, p - q * p});
    }
    transforms_to_matrices(pose.world, pose.matrices);
    std::vector<float> sbs_normals, dqs_normals;
    const auto sbs = skin(model, w, rig, pose, BlendKind::sbs, KernelPath::scalar, 1, &sbs_normals);
    const auto dqs = skin(model, w, rig, pose, BlendKind::dqs, KernelPath::scalar, 1, &dqs_normals);
    EXPECT_LT(max_difference(sbs, dqs), 1e-5);
    EXPECT_LT(max_difference(sbs_normals, dqs_normals), 1e-5);
  }
}

TEST(BlendSkinning, TheLeastSquaresCentreIsTheCommonFixedPoint) {
  // Every part turns about the same point p: for the joint sets SBS solves by the SVD (neither
  // one part nor a part and its parent) the least-squares centre is p, so there SBS blends the
  // rotations about p exactly as DQS does.
  const SegmentedModel model = load_model(resolve_model("homer"));
  const Skeleton skeleton = extract_skeleton(model);
  const auto rig = std::make_shared<const Rig>(build_rig(model, skeleton));
  const SkinWeights w = heat_weights(model, skeleton);
  const Vec3 p = bounding_box(model.mesh().positions).min;
  std::mt19937 rng(8);
  std::uniform_real_distribution<double> u(-1, 1);
  AcceptedPose pose;
  for (int c = 0; c < model.num_components(); ++c) {
    const Quat q = quat_from_axis_angle(Vec3(u(rng), u(rng), u(rng)), 1.5 * u(rng));
    pose.world.push_back({q, p - q * p});
  }
  transforms_to_matrices(pose.world, pose.matrices);
  BlendParams params;
  params.kind = BlendKind::sbs;
  BlendDeformer sbs(welded_skin_mesh(model), w, rig, params);
  params.kind = BlendKind::dqs;
  BlendDeformer dqs(welded_skin_mesh(model), w, rig, params);
  ASSERT_GT(sbs.svd_sets(), 5);
  Frame a, b;
  sbs.deform(pose, a);
  dqs.deform(pose, b);
  const double diagonal = bounding_box(model.mesh().positions).diagonal();
  int compared = 0;
  for (const BlendMesh::Group& g : sbs.blend_mesh().groups)
    for (int v = 0; v < g.count; ++v) {
      if (!std::binary_search(sbs.svd_set_ids().begin(), sbs.svd_set_ids().end(), g.set[v])) continue;
      const int i = 3 * (g.first + v);
      for (int k = 0; k < 3; ++k) ASSERT_NEAR(a.positions[i + k], b.positions[i + k], 1e-5 * diagonal);
      ++compared;
    }
  EXPECT_GT(compared, 100);
}

TEST(BlendSkinning, ScalarVectorAvx2AndThreadedPathsAgree) {
  Posed p = homer_bent();
  const SkinWeights w = opening_weights(p.model);
  const double diagonal = bounding_box(p.model.mesh().positions).diagonal();
  for (BlendKind kind : {BlendKind::lbs, BlendKind::sbs, BlendKind::dqs}) {
    SCOPED_TRACE(static_cast<int>(kind));
    std::vector<float> ref_n, n;
    const auto reference = skin(p.model, w, p.rig, p.pose, kind, KernelPath::scalar, 1, &ref_n);
    std::vector<KernelPath> paths{KernelPath::vector};
    if (blend_kernel_path() == KernelPath::avx2) paths.push_back(KernelPath::avx2);
    for (KernelPath path : paths)
      for (int threads : {1, 2, 3}) {
        const auto out = skin(p.model, w, p.rig, p.pose, kind, path, threads, &n);
        EXPECT_LT(max_difference(out, reference), 1e-6 * diagonal);
        EXPECT_LT(max_difference(n, ref_n), 1e-6);
      }
  }
  // The pool takes meshes of 32,768 vertices and more (smaller ones run on the calling thread):
  // seven copies of homer (34k vertices, three chunks per large group) on one and on three threads.
  BlendParams params;
  params.kind = BlendKind::dqs;
  const BlendDeformer dqs(welded_skin_mesh(p.model), w, p.rig, params);
  const BlendMesh crowd = replicate(dqs.blend_mesh(), 7);
  std::size_t vertices = 0;
  for (const BlendMesh::Group& g : crowd.groups) vertices += static_cast<std::size_t>(g.count);
  ASSERT_GE(vertices, 32768u);
  const std::size_t sets = dqs.blend_mesh().sets.size(), stride = set_stride(BlendKind::dqs);
  std::vector<float> table(7 * sets * stride), rigid(7 * sets * kLbsSetStride);
  for (std::size_t c = 0; c < 7; ++c) {
    dqs.fill_sets(p.pose, BlendKind::dqs, table.data() + c * sets * stride);
    dqs.fill_sets(p.pose, BlendKind::lbs, rigid.data() + c * sets * kLbsSetStride);
  }
  const auto run = [&](int threads) {
    std::vector<float> positions(3 * vertices), normals(positions.size());
    WorkerPool pool(threads);
    run_blend_kernels(crowd, BlendKind::dqs, KernelPath::scalar, table.data(), rigid.data(), pool, positions.data(),
                      normals.data());
    return positions;
  };
  const std::vector<float> alone = run(1);
  EXPECT_EQ(run(3), alone);
  EXPECT_TRUE(std::all_of(alone.begin(), alone.end(), [](float x) { return std::isfinite(x); }));
}
