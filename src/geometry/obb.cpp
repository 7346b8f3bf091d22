// SPDX-License-Identifier: GPL-3.0-or-later
#include "skinlab/geometry/obb.hpp"

#include <Eigen/Eigenvalues>
#include <cmath>
#include <limits>

namespace skinlab {

Mat3 hull_covariance(const ConvexHull& hull) {
  Mat3 sum = Mat3::Zero();
  Vec3 weighted = Vec3::Zero();
  double area = 0.0;
  for (const Tri& t : hull.triangles) {
    const Vec3 &p = hull.points[t[0]], &q = hull.points[t[1]], &r = hull.points[t[2]];
    const double a = 0.5 * (q - p).cross(r - p).norm();
    const Vec3 m = (p + q + r) / 3.0;
    sum += a * (9.0 * m * m.transpose() + p * p.transpose() + q * q.transpose() + r * r.transpose());
    weighted += a * m;
    area += a;
  }
  const Vec3 centroid = weighted / area;
  return sum / (12.0 * area) - centroid * centroid.transpose();
}

Mat3 principal_directions(const ConvexHull& hull) {
  const Eigen::SelfAdjointEigenSolver<Mat3> solver(hull_covariance(hull));
  // Eigen sorts eigenvalues increasingly; the principal axis goes first.
  Mat3 axes;
  for (int k = 0; k < 3; ++k) axes.col(k) = solver.eigenvectors().col(2 - k).normalized();
  if (axes.determinant() < 0) axes.col(2) = -axes.col(2);
  return axes;
}

OBB covariance_obb(const ConvexHull& hull) { return fit_obb(principal_directions(hull), hull.points); }

}  // namespace skinlab
