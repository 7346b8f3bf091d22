// SPDX-License-Identifier: GPL-3.0-or-later
#include "skinlab/rigging/build_rig.hpp"

#include <cmath>
#include <numbers>

#include "skinlab/core/error.hpp"
#include "skinlab/geometry/obb.hpp"

namespace skinlab {

Rig build_rig(const SegmentedModel& model, const Skeleton& skeleton) {
  const int n = model.num_components();
  Rig rig;
  rig.components.resize(n);
  for (const Component& c : model.components()) rig.names.push_back(c.name);
  if (const auto& h = model.hierarchy()) {
    rig.order = h->depth_first;
    for (int c = 0; c < n; ++c) {
      rig.components[c].parent = h->parent[c];
      for (int k = 0; k < 6; ++k) rig.components[c].limits[k] = h->limits[c][k] * std::numbers::pi / 180.0;
    }
  } else if (n == 1) {
    rig.order = {0};
    rig.components[0].limits = {-std::numbers::pi, std::numbers::pi,  -std::numbers::pi,
                                std::numbers::pi,  -std::numbers::pi, std::numbers::pi};
  } else {
    throw InputError(model.source() + ": " + std::to_string(n) + " components but no hierarchy (.skel)");
  }
  rig.joint_of.assign(n, -1);
  for (int j = 0; j < static_cast<int>(rig.order.size()); ++j) rig.joint_of[rig.order[j]] = j;
  for (int c = 0; c < n; ++c) {
    RigComponent& rc = rig.components[c];
    const ComponentFrame& frame = skeleton.components[c];
    rc.joint = skeleton.joints[frame.root_joint].position;
    if (rc.parent >= 0) {
      const ComponentFrame& parent = skeleton.components[rc.parent];
      const Vec3 target = skeleton.has_kernel_centroids ? parent.kernel_centroid : skeleton.joints[parent.root_joint].position;
      const Vec3 axis = target - rc.joint;
      rc.align = align_to_z(axis);
    }
    const std::vector<Vec3>& points = model.components()[c].mesh.positions;
    rc.obb = skeleton.has_kernel_centroids ? frame.obb : fit_obb(Mat3::Identity(), points);
    rc.sphere = bounding_sphere(points);
  }
  rig.subtree.assign(n, {});
  for (int j = static_cast<int>(rig.order.size()) - 1; j >= 0; --j) {
    const int c = rig.order[j];
    rig.subtree[c].insert(rig.subtree[c].begin(), c);
    if (rig.components[c].parent >= 0) {
      auto& up = rig.subtree[rig.components[c].parent];
      up.insert(up.end(), rig.subtree[c].begin(), rig.subtree[c].end());
    }
  }
  rig.collision_pairs.assign(n, {});
  for (int c = 0; c < n; ++c) {
    std::vector<char> inside(n, 0);
    for (int s : rig.subtree[c]) inside[s] = 1;
    // Only a part and its own parent meet at a joint by construction; a grandchild swung into
    // its grandparent when an ancestor joint moves is a real collision.
    for (int a : rig.subtree[c])
      for (int b = 0; b < n; ++b)
        if (!inside[b] && b != rig.components[a].parent && !obb_overlap(rig.components[a].obb, rig.components[b].obb))
          rig.collision_pairs[c].push_back({a, b});
  }
  return rig;
}

}  // namespace skinlab
