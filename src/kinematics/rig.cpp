// SPDX-License-Identifier: GPL-3.0-or-later
#include "skinlab/kinematics/rig.hpp"

#include <cmath>

namespace skinlab {

Quat align_to_z(const Vec3& axis) {
  const double length = axis.norm();
  if (!(length > 1e-12)) return Quat::Identity();
  const double a = axis.x(), b = axis.y(), c = axis.z();
  const double lambda = std::hypot(b, c);
  // theta1 turns the axis about X into the XZ plane (sin = b / lambda, cos = c / lambda); on the
  // X axis itself it is undetermined and taken as 0. phi then turns it about Y onto +z.
  const double theta1 = lambda > kAlignUndetermined * length ? std::atan2(b, c) : 0.0;
  const double phi = std::atan2(-a, lambda);
  return (Quat(Eigen::AngleAxisd(phi, Vec3::UnitY())) * Quat(Eigen::AngleAxisd(theta1, Vec3::UnitX()))).normalized();
}

QT joint_transform(const RigComponent& component, double x, double y, double z) {
  const Quat rotation = Quat(Eigen::AngleAxisd(x, Vec3::UnitX())) * Quat(Eigen::AngleAxisd(y, Vec3::UnitY())) *
                        Quat(Eigen::AngleAxisd(z, Vec3::UnitZ()));
  QT t;
  t.q = (component.align.conjugate() * rotation * component.align).normalized();
  t.t = component.joint - t.q * component.joint;
  return t;
}

}  // namespace skinlab
