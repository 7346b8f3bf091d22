// SPDX-License-Identifier: GPL-3.0-or-later
// Conformance of every registered skeleton method (skeleton/methods/): what it says it produces
// is what it produces, its joints and bones form one tree that meets each part at its opening,
// its timings cover exactly its phases, and a rig builds on it.
#include <gtest/gtest.h>

#include <numeric>
#include <set>

#include "skinlab/core/error.hpp"
#include "skinlab/io/model_library.hpp"
#include "skinlab/rigging/build_rig.hpp"
#include "skinlab/skeleton/component_surface.hpp"
#include "skinlab/skeleton/extract_skeleton.hpp"

using namespace skinlab;

namespace {

// Union-find root of joint j.
int root_of(std::vector<int>& parent, int j) {
  while (parent[j] != j) j = parent[j] = parent[parent[j]];
  return j;
}

// The phase times of SkeletonTimings by the names skeleton_method_phases() uses.
std::vector<std::pair<std::string, double>> phase_times(const SkeletonTimings& t) {
  return {{"surfaces", t.surfaces}, {"hull", t.hull},         {"kernel", t.kernel},
          {"covariance", t.covariance}, {"refinement", t.refinement}, {"axes", t.axes}};
}

}  // namespace

TEST(SkeletonMethodConformance, EveryRegisteredMethodKeepsTheContract) {
  const SegmentedModel model = load_model(resolve_model("homer"));
  const Vec3 rest_span = bounding_box(model.mesh().positions).diagonal() * Vec3::Ones();
  std::set<std::string> names;
  ASSERT_GE(skeleton_methods().size(), 4u);
  for (const SkeletonMethod& method : skeleton_methods()) {
    SCOPED_TRACE(method.name);
    EXPECT_TRUE(names.insert(method.name).second) << "names are unique";
    EXPECT_FALSE(method.summary.empty());
    ASSERT_NE(method.build_component, nullptr);
    EXPECT_TRUE(!method.principal_axes || method.kernel_centroids) << "axes go through the kernel centroid";
    EXPECT_TRUE(!method.refines || method.kernel_centroids) << "refinement turns the analysed directions";
    EXPECT_EQ(&find_skeleton_method(method.name), &method);

    SkeletonParams params;
    params.method = method.name;
    SkeletonTimings timings;
    const Skeleton s = extract_skeleton(model, params, timings);
    EXPECT_EQ(s.method, method.name);
    EXPECT_EQ(s.has_kernel_centroids, method.kernel_centroids);
    EXPECT_EQ(s.has_principal_axes, method.principal_axes);

    // One tree over the joints: every bone joins two groups, and all joints end in one.
    const int n = static_cast<int>(s.joints.size());
    ASSERT_GT(n, 1);
    EXPECT_EQ(static_cast<int>(s.bones.size()), n - 1);
    std::vector<int> group(n);
    std::iota(group.begin(), group.end(), 0);
    for (const Bone& b : s.bones) {
      ASSERT_TRUE(b.from >= 0 && b.from < n && b.to >= 0 && b.to < n);
      EXPECT_GT((s.joints[b.from].position - s.joints[b.to].position).norm(), 0.0);
      const int a = root_of(group, b.from), c = root_of(group, b.to);
      EXPECT_NE(a, c) << "a bone closes a cycle";
      group[a] = c;
    }
    for (int j = 0; j < n; ++j) EXPECT_EQ(root_of(group, j), root_of(group, 0)) << "joint " << j;

    // Every part starts where it meets its parent; the root part at the one root joint.
    ASSERT_EQ(static_cast<int>(s.components.size()), model.num_components());
    const auto& parent = model.hierarchy()->parent;
    int roots = 0;
    for (const SkeletonJoint& j : s.joints) roots += j.kind == JointKind::root;
    EXPECT_EQ(roots, 1);
    for (int c = 0; c < model.num_components(); ++c) {
      const ComponentFrame& f = s.components[c];
      ASSERT_TRUE(f.root_joint >= 0 && f.root_joint < n) << c;
      const SkeletonJoint& root = s.joints[f.root_joint];
      if (parent[c] < 0) {
        EXPECT_EQ(root.kind, JointKind::root);
      } else {
        EXPECT_EQ(root.kind, JointKind::opening);
        EXPECT_LT((root.position - opening_centroid(model, c, parent[c])).norm(), 1e-12);
      }
      const Box3 part = bounding_box(model.components()[c].mesh.positions);
      if (method.kernel_centroids) {
        EXPECT_TRUE((f.kernel_centroid.array() >= part.min.array() - 1e-9).all() &&
                    (f.kernel_centroid.array() <= part.max.array() + 1e-9).all())
            << "kernel centroid of part " << c << " outside its box";
        EXPECT_TRUE((f.obb.half_extents.array() > 0).all());
        EXPECT_LT((f.obb.axes.transpose() * f.obb.axes - Mat3::Identity()).norm(), 1e-9);
      }
      if (method.principal_axes) {
        const Vec3 axis = f.obb.axes.col(f.principal_axis);
        EXPECT_LT((f.axis_begin - f.kernel_centroid).cross(axis).norm(), 1e-9 * rest_span.norm());
        EXPECT_LT((f.axis_end - f.kernel_centroid).cross(axis).norm(), 1e-9 * rest_span.norm());
      }
    }

    // Timings: exactly the phases the entry names took time.
    const std::vector<std::string> phases = skeleton_method_phases(method);
    for (const auto& [phase, seconds] : phase_times(timings)) {
      const bool runs = std::find(phases.begin(), phases.end(), phase) != phases.end();
      if (runs)
        EXPECT_GT(seconds, 0.0) << phase;
      else
        EXPECT_EQ(seconds, 0.0) << phase;
    }
    EXPECT_GT(timings.total, 0.0);

    // The rig reads what the skeleton has, whatever the method.
    const Rig rig = build_rig(model, s);
    EXPECT_EQ(static_cast<int>(rig.components.size()), model.num_components());
    for (const RigComponent& rc : rig.components) EXPECT_TRUE(rc.joint.allFinite());
  }
}

TEST(SkeletonMethodConformance, AnUnknownMethodIsAnInputErrorNamingTheRegisteredOnes) {
  const SegmentedModel model = load_model(resolve_model("homer"));
  SkeletonParams params;
  params.method = "medial";
  try {
    extract_skeleton(model, params);
    FAIL() << "no error";
  } catch (const InputError& e) {
    const std::string what = e.what();
    EXPECT_NE(what.find("medial"), std::string::npos);
    for (const std::string& name : skeleton_method_names()) EXPECT_NE(what.find(name), std::string::npos) << what;
  }
}
