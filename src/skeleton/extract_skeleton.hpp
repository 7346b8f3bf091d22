// SPDX-License-Identifier: GPL-3.0-or-later
// Skeleton extraction from a segmented model with its hierarchy (thesis chapter 3): the
// Opening, Centroid and Principal Axis methods, and Principal Axis with Local and Parent
// refinement.
#pragma once

#include <string>
#include <vector>

#include "skinlab/core/segmented_model.hpp"
#include "skinlab/geometry/kernel_centroid.hpp"
#include "skinlab/skeleton/refinement.hpp"
#include "skinlab/skeleton/skeleton.hpp"
#include "skinlab/skeleton/skeleton_method.hpp"

namespace skinlab {

const char* to_string(JointKind kind);

/// Seconds spent per phase, summed over components.
struct SkeletonTimings {
  double surfaces = 0;    ///< capping openings (closed component surfaces)
  double hull = 0;        ///< convex hulls
  double kernel = 0;      ///< kernel centroids (LP + half-space intersection + centroid)
  KernelTimings kernel_phases;  ///< the kernel's phases, summed over the components
  double covariance = 0;  ///< hull covariance, principal directions, OBB
  double refinement = 0;  ///< local and parent refinement
  double axes = 0;        ///< PA_KC clipping, projection, grouping, connecting
  double total = 0;
};

struct SkeletonParams {
  std::string method = "pa-refined";  ///< a name in skeleton_methods() (skeleton/skeleton_method.hpp)
  /// An align step of refinement turning further is rejected [VF08 §3.3.1]. The thesis sets it
  /// per model (10-22 degrees, Figs. 5.3-5.18); experiment definitions do too.
  double max_angle_degrees = 20.0;
  LocalRefinement local_refinement = LocalRefinement::thesis;  ///< how Local refinement combines its turns
  /// Where a part whose kernel is empty (not star-shaped) puts its centroid: its centre of mass,
  /// the volume centroid of the capped part ([VF08 §3.2.2]: "In non star-shaped components the
  /// center of their mass is used instead"), or, with false, its convex hull's surface centroid
  /// (skinlab's earlier choice; `skeletonize --empty-kernel hull`).
  bool empty_kernel_centre_of_mass = true;
  bool all_axes = false;            ///< PA: add the ends of the other two principal directions
  KernelParams kernel;
};

/// Extracts the skeleton by the named method, depth-first from the root [VF08 §3.2]. A model
/// without a hierarchy must have a single component. Throws InputError when a hierarchy is
/// needed and missing, or the method is not registered.
Skeleton extract_skeleton(const SegmentedModel& model, const SkeletonParams& params = {});
/// The same, adding the seconds of each phase to `timings`.
Skeleton extract_skeleton(const SegmentedModel& model, const SkeletonParams& params, SkeletonTimings& timings);

}  // namespace skinlab
