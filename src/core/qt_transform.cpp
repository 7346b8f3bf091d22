// SPDX-License-Identifier: GPL-3.0-or-later
#include "skinlab/core/qt_transform.hpp"

#include <algorithm>
#include <cmath>

namespace skinlab {

Mat4 QT::to_matrix() const {
  Mat4 m = Mat4::Identity();
  m.topLeftCorner<3, 3>() = q.toRotationMatrix();
  m.topRightCorner<3, 1>() = t;
  return m;
}

QT QT::from_matrix(const Mat4& m) {
  const Mat3 r = m.topLeftCorner<3, 3>();
  return {Quat(r).normalized(), m.topRightCorner<3, 1>()};
}

Quat quat_from_axis_angle(const Vec3& axis, double angle) { return Quat(Eigen::AngleAxisd(angle, axis.normalized())); }

double rotation_angle(const Quat& q) { return 2 * std::acos(std::min(1.0, std::abs(q.w()))); }

SwingTwist swing_twist(const Quat& q, const Vec3& axis) {
  // The twist keeps q's projection on the axis: (w, (v·a) a), normalised; w >= 0 picks the
  // angle in [-pi, pi].
  const double sign = q.w() < 0 ? -1.0 : 1.0;
  const double w = sign * q.w();
  const double along = sign * q.vec().dot(axis);
  if (std::hypot(w, along) < 1e-12) return {q, 0.0};
  const double twist_angle = 2 * std::atan2(along, w);
  return {q * quat_from_axis_angle(axis, -twist_angle), twist_angle};
}

Quat qlerp(const Quat& q0, const Quat& q1, double t) {
  const double sign = q0.dot(q1) < 0.0 ? -1.0 : 1.0;
  Quat q;
  q.coeffs() = (1.0 - t) * q0.coeffs() + (sign * t) * q1.coeffs();
  return q.normalized();
}

Mat3 rotation_matrix_unnormalized(const Quat& q) {
  const double w = q.w(), x = q.x(), y = q.y(), z = q.z();
  const double n = w * w + x * x + y * y + z * z;
  Mat3 r;
  r << w * w + x * x - y * y - z * z, 2 * (x * y - w * z), 2 * (x * z + w * y), 2 * (x * y + w * z),
      w * w - x * x + y * y - z * z, 2 * (y * z - w * x), 2 * (x * z - w * y), 2 * (y * z + w * x),
      w * w - x * x - y * y + z * z;
  return r / n;
}

}  // namespace skinlab
