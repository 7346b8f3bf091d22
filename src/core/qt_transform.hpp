// SPDX-License-Identifier: GPL-3.0-or-later
// Rigid transforms as quaternion–translation pairs ([VF08 §2.2], §4.4) and the quaternion
// helpers the skinning and gap-reconstruction stages need.
#pragma once

#include "skinlab/core/math.hpp"

namespace skinlab {

/// x ↦ q·x·q⁻¹ + t with a unit quaternion q.
struct QT {
  Quat q = Quat::Identity();
  Vec3 t = Vec3::Zero();

  static QT identity() { return {}; }
  /// This transform after `inner`: (this ∘ inner)(x) = this(inner(x)).
  QT operator*(const QT& inner) const { return {q * inner.q, q * inner.t + t}; }
  QT inverse() const {
    const Quat qi = q.conjugate();
    return {qi, -(qi * t)};
  }
  Vec3 apply_point(const Vec3& p) const { return q * p + t; }
  /// Normals only rotate: a rigid motion has no scale or shear to undo.
  Vec3 apply_normal(const Vec3& n) const { return q * n; }

  Mat4 to_matrix() const;
  /// The rotation part of `m` must be orthonormal (up to rounding); it is re-orthonormalized
  /// through the quaternion.
  static QT from_matrix(const Mat4& m);
};

/// Rotation by `angle` radians about `axis` (need not be unit; must be non-zero).
Quat quat_from_axis_angle(const Vec3& axis, double angle);

/// The angle, in [0, pi] radians, that the unit quaternion `q` turns by (either sign of q).
double rotation_angle(const Quat& q);

/// Normalized linear interpolation of rotations, (1-t)·q0 + t·q1 normalized, after flipping q1
/// into q0's hemisphere so the path is the short one ([KZ05 §3] "QLERP").
Quat qlerp(const Quat& q0, const Quat& q1, double t);

/// q = swing · twist, twist a rotation about `axis` (unit) and swing one about an axis
/// perpendicular to it (the swing–twist decomposition). `twist_angle` is signed about `axis`, in
/// [-pi, pi]. A rotation by pi about an axis perpendicular to `axis` has no twist.
struct SwingTwist {
  Quat swing;
  double twist_angle = 0;
};
SwingTwist swing_twist(const Quat& q, const Vec3& axis);

/// Rotation matrix of a non-unit quaternion, each entry divided by q·q instead of normalizing
/// q first: avoids the square root ([KZ05 §4]; [VF08 §4.4] "divide with q'q'").
Mat3 rotation_matrix_unnormalized(const Quat& q);

}  // namespace skinlab
