// SPDX-License-Identifier: GPL-3.0-or-later
// What the gap reconstruction's tests share: a two-cylinder arm built in code and rigged with
// centroid skeleton extraction.
#pragma once

#include <memory>
#include <numbers>

#include "skinlab/core/segmented_model.hpp"
#include "skinlab/core/skel_io.hpp"
#include "skinlab/kinematics/animator.hpp"
#include "skinlab/rigging/build_rig.hpp"
#include "skinlab/skeleton/extract_skeleton.hpp"
#include "test_meshes.hpp"

namespace skinlab::test {

// An arm: a tube of radius 0.2 along z from 0 to 2, 32 sides, a ring every 0.05; the upper arm
// (root) below z = 1, the forearm above, jointed at z = 1.
inline SegmentedModel two_cylinder_arm() {
  LabeledMesh labeled;
  labeled.mesh = test::lathe(
      32, 41, [](int k) { return 0.05 * k; }, [](double) { return 0.2; });
  for (const Tri& t : labeled.mesh.triangles) {
    const double z =
        (labeled.mesh.positions[t[0]].z() + labeled.mesh.positions[t[1]].z() + labeled.mesh.positions[t[2]].z()) / 3;
    labeled.labels.push_back(z < 1.0 ? 0 : 1);
  }
  labeled.part_names = {"upper", "forearm"};
  compute_vertex_normals(labeled.mesh);
  SegmentedModel model = SegmentedModel::build(labeled, "arm");
  model.attach_hierarchy(parse_skel("arm.skel",
                                    "ROOT upper -180 180 -180 180 -180 180 { JOINT forearm -180 180 -180 180 -180 180"
                                    " { End Site } }"));
  return model;
}

struct ArmSession {
  SegmentedModel model = two_cylinder_arm();
  std::shared_ptr<const Rig> rig;
  Skeleton skeleton;
  ArmSession() {
    SkeletonParams params;
    params.method = "centroid";
    skeleton = extract_skeleton(model, params);
    rig = std::make_shared<const Rig>(build_rig(model, skeleton));
  }
  // The forearm bent about the aligned frame's X axis and twisted about its Z (the parent axis).
  const AcceptedPose& pose(Animator& animator, double bend_degrees, double twist_degrees) {
    Pose p;
    p.angles.assign(6, 0.0);
    const int joint = rig->joint_of[model.find_component("forearm")];
    p.angles[3 * joint] = bend_degrees * std::numbers::pi / 180;
    p.angles[3 * joint + 2] = twist_degrees * std::numbers::pi / 180;
    return animator.apply(p, 0);
  }
};

}  // namespace skinlab::test
