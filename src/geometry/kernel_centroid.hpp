// SPDX-License-Identifier: GPL-3.0-or-later
// Kernel centroid of a closed surface ([VF08 §2.3.1], §3.2.2).
#pragma once

#include "skinlab/geometry/convex_hull.hpp"
#include "skinlab/geometry/halfspace_intersection.hpp"

namespace skinlab {

struct KernelParams {
  /// The kernel counts as empty when the largest ball inside it has a radius below this
  /// fraction of the surface's bounding-box diagonal (a flat or vanishing kernel).
  double min_radius_ratio = 1e-6;
};

/// Seconds per phase of one kernel_centroid call.
struct KernelTimings {
  double halfspaces = 0;      ///< the faces' inner half-spaces, duplicates merged
  double interior_point = 0;  ///< the Chebyshev centre (linear program)
  double intersection = 0;    ///< the kernel polytope: Qhull's dual hull, its faces and their centroid
  double total() const { return halfspaces + interior_point + intersection; }
  KernelTimings& operator+=(const KernelTimings& o) {
    halfspaces += o.halfspaces;
    interior_point += o.interior_point;
    intersection += o.intersection;
    return *this;
  }
};

struct KernelCentroid {
  Vec3 centroid = Vec3::Zero();  ///< kernel centroid, or the hull centroid when the kernel is empty
  bool kernel_empty = true;      ///< true: not star-shaped, `centroid` is the convex-hull centroid
  ConvexHull kernel;             ///< the kernel polytope (empty when kernel_empty)
  double inner_radius = 0.0;     ///< radius of the largest ball inside the kernel
  KernelTimings timings;
};

/// The inner half-spaces of the closed surface's triangles (duplicates of coplanar triangles
/// merged), bounded by the surface's bounding box, intersected with Qhull from their Chebyshev
/// centre; the centroid is the area-weighted centroid of the kernel polytope's boundary
/// triangles. When the kernel is empty, falls back to the area-weighted centroid of `hull`.
/// `positions`/`triangles`: an outward-oriented surface; `extra`: more inner half-spaces (a
/// component's opening planes, which close it); `hull`: the convex hull of the positions.
KernelCentroid kernel_centroid(const std::vector<Vec3>& positions, const std::vector<Tri>& triangles,
                               const std::vector<Halfspace>& extra, const ConvexHull& hull,
                               const KernelParams& params = {});

}  // namespace skinlab
