// SPDX-License-Identifier: GPL-3.0-or-later
// Homer in a bent pose for the skinning tests and checks: every joint turned by repeatable random
// angles, limits and collisions off.
#pragma once

#include <random>

#include "skinlab/io/model_library.hpp"
#include "skinlab/kinematics/animator.hpp"
#include "skinlab/rigging/build_rig.hpp"
#include "skinlab/skeleton/extract_skeleton.hpp"

namespace skinlab::test {

struct Posed {
  SegmentedModel model;
  Skeleton skeleton;
  std::shared_ptr<const Rig> rig;
  AcceptedPose pose;
};

/// Angles uniform in [-max_radians, max_radians], drawn from `seed`.
inline Posed homer_bent(unsigned seed, double max_radians) {
  Posed p{load_model(resolve_model("homer")), {}, nullptr, {}};
  p.skeleton = extract_skeleton(p.model);
  p.rig = std::make_shared<const Rig>(build_rig(p.model, p.skeleton));
  Animator animator(p.rig, std::nullopt, 30, {false, false});
  Pose wanted;
  std::mt19937 rng(seed);
  std::uniform_real_distribution<double> angle(-max_radians, max_radians);
  for (std::size_t i = 0; i < 3 * p.rig->order.size(); ++i) wanted.angles.push_back(angle(rng));
  p.pose = animator.apply(wanted, 0);
  return p;
}

}  // namespace skinlab::test
