// SPDX-License-Identifier: GPL-3.0-or-later
// Oriented boxes, spheres and planes: the types the rig keeps for collision rejection and the
// gap reconstruction for its opening planes, with the fits and overlap tests that need Eigen
// alone (the hull-covariance box is geometry/obb.hpp's).
#pragma once

#include <vector>

#include "skinlab/core/math.hpp"

namespace skinlab {

struct OBB {
  Vec3 center = Vec3::Zero();
  Mat3 axes = Mat3::Identity();  ///< columns: unit, orthogonal, right-handed directions
  Vec3 half_extents = Vec3::Zero();
};

/// The box with the given axes that just holds the points: extents from the extreme
/// projections on each axis, centre re-computed between them.
OBB fit_obb(const Mat3& axes, const std::vector<Vec3>& points);
/// Separating-axis test of two boxes over the 15 candidate axes; true when they overlap
/// (touching counts as overlap).
bool obb_overlap(const OBB& a, const OBB& b);
/// True when p lies in the box or within `margin` of it.
bool obb_contains(const OBB& box, const Vec3& p, double margin = 0.0);

struct Sphere {
  Vec3 center = Vec3::Zero();
  double radius = 0.0;
};

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
