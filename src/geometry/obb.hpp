// SPDX-License-Identifier: GPL-3.0-or-later
// Oriented bounding boxes from the hull covariance ([GLM96]; [VF08 §3.2.3]) and smallest
// bounding spheres (CGAL); the box and sphere types are core/bounding_volumes.hpp's.
#pragma once

#include <vector>

#include "skinlab/core/bounding_volumes.hpp"
#include "skinlab/geometry/convex_hull.hpp"

namespace skinlab {

/// Continuous covariance of the hull's surface [VF08 §3.2.3]:
/// C_ij = 1/(12 A_H) sum_k a_k (9 m_ki m_kj + p_ki p_kj + q_ki q_kj + r_ki r_kj) - m_Hi m_Hj.
Mat3 hull_covariance(const ConvexHull& hull);

/// Principal directions of the hull covariance as columns, sorted by decreasing eigenvalue
/// (column 0 is the principal axis), made right-handed.
Mat3 principal_directions(const ConvexHull& hull);

/// [GLM96]'s OBB of a hull: fit_obb(principal_directions(hull), hull.points).
OBB covariance_obb(const ConvexHull& hull);

/// Smallest enclosing sphere of the points (CGAL Min_sphere_of_spheres_d).
Sphere bounding_sphere(const std::vector<Vec3>& points);

}  // namespace skinlab
