// Oriented bounding boxes from the hull covariance (Gottschalk; thesis §3.2.3), bounding
// spheres, plane fits, and the overlap tests the collision rejection uses.
#pragma once

#include <vector>

#include "geometry/convex_hull.hpp"

namespace skinlab {

struct OBB {
  Vec3 center = Vec3::Zero();
  Mat3 axes = Mat3::Identity();  ///< columns: unit, orthogonal, right-handed directions
  Vec3 half_extents = Vec3::Zero();
};

/// Continuous covariance of the hull's surface (thesis §3.2.3):
/// C_ij = 1/(12 A_H) sum_k a_k (9 m_ki m_kj + p_ki p_kj + q_ki q_kj + r_ki r_kj) - m_Hi m_Hj.
Mat3 hull_covariance(const ConvexHull& hull);

/// Principal directions of the hull covariance as columns, sorted by decreasing eigenvalue
/// (column 0 is the principal axis), made right-handed.
Mat3 principal_directions(const ConvexHull& hull);

/// The box with the given axes that just holds the points: extents from the extreme
/// projections on each axis, centre re-computed between them.
OBB fit_obb(const Mat3& axes, const std::vector<Vec3>& points);

/// Gottschalk's OBB of a hull: fit_obb(principal_directions(hull), hull.points).
OBB covariance_obb(const ConvexHull& hull);

/// Separating-axis test of two boxes over the 15 candidate axes; true when they overlap
/// (touching counts as overlap).
bool obb_overlap(const OBB& a, const OBB& b);
bool obb_contains(const OBB& box, const Vec3& p);

struct Sphere {
  Vec3 center = Vec3::Zero();
  double radius = 0.0;
};
/// Smallest enclosing sphere of the points (CGAL Min_sphere_of_spheres_d).
Sphere bounding_sphere(const std::vector<Vec3>& points);

struct Plane {
  Vec3 point = Vec3::Zero();    ///< the points' mean
  Vec3 normal = Vec3::UnitZ();  ///< direction of least variance (unit)
};
/// Eigenvectors of the covariance of `points` about their mean, as columns by increasing
/// variance (column 0: the direction of least variance; column 2: of most).
Mat3 covariance_axes(const std::vector<Vec3>& points);
/// Least-squares plane of a point set (PCA): through the mean, normal along the smallest
/// eigenvector of the covariance.
Plane fit_plane(const std::vector<Vec3>& points);

}  // namespace skinlab
