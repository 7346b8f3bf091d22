// SPDX-License-Identifier: GPL-3.0-or-later
#include "skinlab/core/bounding_volumes.hpp"

#include <Eigen/Eigenvalues>
#include <cmath>
#include <limits>

namespace skinlab {

OBB fit_obb(const Mat3& axes, const std::vector<Vec3>& points) {
  Vec3 lo = Vec3::Constant(std::numeric_limits<double>::infinity());
  Vec3 hi = -lo;
  for (const Vec3& p : points) {
    const Vec3 local = axes.transpose() * p;
    lo = lo.cwiseMin(local);
    hi = hi.cwiseMax(local);
  }
  OBB box;
  box.axes = axes;
  box.half_extents = 0.5 * (hi - lo);
  box.center = axes * (0.5 * (hi + lo));
  return box;
}

bool obb_overlap(const OBB& a, const OBB& b) {
  // [GLM96]'s formulation in a's frame; eps guards the near-parallel cross products.
  const Mat3 r = a.axes.transpose() * b.axes;
  const Vec3 t = a.axes.transpose() * (b.center - a.center);
  const Mat3 abs_r = r.cwiseAbs().array() + 1e-12;
  const Vec3& ea = a.half_extents;
  const Vec3& eb = b.half_extents;
  for (int i = 0; i < 3; ++i)
    if (std::abs(t[i]) > ea[i] + eb.dot(abs_r.row(i))) return false;
  for (int j = 0; j < 3; ++j)
    if (std::abs(t.dot(r.col(j))) > ea.dot(abs_r.col(j)) + eb[j]) return false;
  for (int i = 0; i < 3; ++i) {
    const int i1 = (i + 1) % 3, i2 = (i + 2) % 3;
    for (int j = 0; j < 3; ++j) {
      const int j1 = (j + 1) % 3, j2 = (j + 2) % 3;
      const double ra = ea[i1] * abs_r(i2, j) + ea[i2] * abs_r(i1, j);
      const double rb = eb[j1] * abs_r(i, j2) + eb[j2] * abs_r(i, j1);
      if (std::abs(t[i2] * r(i1, j) - t[i1] * r(i2, j)) > ra + rb) return false;
    }
  }
  return true;
}

bool obb_contains(const OBB& box, const Vec3& p, double margin) {
  const Vec3 local = box.axes.transpose() * (p - box.center);
  return (local.cwiseAbs().array() <= box.half_extents.array() + margin).all();
}

Mat3 covariance_axes(const std::vector<Vec3>& points) {
  Vec3 mean = Vec3::Zero();
  for (const Vec3& p : points) mean += p;
  mean /= static_cast<double>(points.size());
  Mat3 covariance = Mat3::Zero();
  for (const Vec3& p : points) covariance += (p - mean) * (p - mean).transpose();
  return Eigen::SelfAdjointEigenSolver<Mat3>(covariance).eigenvectors();
}

Plane fit_plane(const std::vector<Vec3>& points) {
  Plane plane;
  if (points.empty()) return plane;
  for (const Vec3& p : points) plane.point += p;
  plane.point /= static_cast<double>(points.size());
  plane.normal = covariance_axes(points).col(0).normalized();
  return plane;
}

}  // namespace skinlab
