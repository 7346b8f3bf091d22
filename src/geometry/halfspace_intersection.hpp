// SPDX-License-Identifier: GPL-3.0-or-later
// Intersection of half-spaces, and a point deep inside it (the kernel computation of thesis
// §2.3.1 stands on these two).
#pragma once

#include <optional>
#include <vector>

#include "skinlab/geometry/convex_hull.hpp"

namespace skinlab {

/// The closed half-space normal·x <= offset (normal need not be unit).
struct Halfspace {
  Vec3 normal;
  double offset;
};

/// Chebyshev centre: the centre of the largest ball inside every half-space, from the linear
/// programme max r s.t. n_i·x + |n_i| r <= b_i, 0 <= r <= max_radius (CGAL's exact LP solver).
struct ChebyshevCenter {
  Vec3 center = Vec3::Zero();
  double radius = 0.0;  ///< 0 when the intersection is empty or flat
};
ChebyshevCenter chebyshev_center(const std::vector<Halfspace>& halfspaces, double max_radius,
                                 const std::vector<int>& always = {});

/// The bounded intersection of the half-spaces as a polytope with outward triangles, given a
/// point p strictly inside all of them. Computed as Qhull does for `qhalf`: the hull of the
/// dual points n_i/(b_i - n_i·p) around p; each dual facet a·y = c is the primal vertex
/// p + a/c, and the facets around each dual vertex are the corners of that half-space's face
/// (so no second hull is needed). Faces with more than three corners are fanned; a face seen
/// edge-on may give zero-area triangles. std::nullopt when the intersection is unbounded or
/// Qhull fails on a degenerate set.
std::optional<ConvexHull> halfspace_intersection(const std::vector<Halfspace>& halfspaces, const Vec3& interior);

}  // namespace skinlab
