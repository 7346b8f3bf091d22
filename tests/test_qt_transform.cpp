// SPDX-License-Identifier: GPL-3.0-or-later
#include <gtest/gtest.h>

#include <numbers>
#include <random>

#include "skinlab/core/qt_transform.hpp"

using namespace skinlab;

namespace {

QT random_qt(std::mt19937& rng) {
  std::normal_distribution<double> normal;
  Quat q(normal(rng), normal(rng), normal(rng), normal(rng));
  return {q.normalized(), Vec3(normal(rng), normal(rng), normal(rng)) * 3.0};
}

}  // namespace

TEST(QT, CompositionAndInverseAgreeWithMatrices) {
  std::mt19937 rng(7);
  for (int i = 0; i < 200; ++i) {
    const QT a = random_qt(rng), b = random_qt(rng);
    EXPECT_LT(((a * b).to_matrix() - a.to_matrix() * b.to_matrix()).norm(), 1e-12);
    EXPECT_LT((a.inverse().to_matrix() - a.to_matrix().inverse()).norm(), 1e-12);
    EXPECT_LT(((a * a.inverse()).to_matrix() - Mat4::Identity()).norm(), 1e-12);
    const Vec3 p(0.3, -1.2, 2.5);
    const Eigen::Vector4d ph = a.to_matrix() * p.homogeneous();
    EXPECT_LT((a.apply_point(p) - ph.head<3>()).norm(), 1e-12);
    EXPECT_LT((QT::from_matrix(a.to_matrix()).to_matrix() - a.to_matrix()).norm(), 1e-12);
  }
}

TEST(QT, RotationKeepsLengthsAndNormalsIgnoreTranslation) {
  std::mt19937 rng(11);
  const QT a = random_qt(rng);
  const Vec3 p(1, 2, 3), q(-2, 0.5, 4);
  EXPECT_NEAR((a.apply_point(p) - a.apply_point(q)).norm(), (p - q).norm(), 1e-12);
  const Vec3 n = Vec3(1, 1, 0).normalized();
  EXPECT_LT((a.apply_normal(n) - a.q.toRotationMatrix() * n).norm(), 1e-12);
}

TEST(Quaternion, AxisAngleQuarterTurn) {
  const Quat q = quat_from_axis_angle(Vec3(0, 0, 2), std::numbers::pi / 2);
  EXPECT_LT((q * Vec3(1, 0, 0) - Vec3(0, 1, 0)).norm(), 1e-15);
  EXPECT_NEAR(q.w(), std::sqrt(0.5), 1e-15);
}

// The angle a rotation turns by, whichever of its two quaternions stands for it: a turn past pi
// is the shorter turn the other way.
TEST(Quaternion, RotationAngleIsTheShorterTurnEitherSign) {
  const Vec3 axis(1, 2, -0.5);
  for (double angle : {0.0, 0.3, 1.7, std::numbers::pi}) {
    const Quat q = quat_from_axis_angle(axis, angle);
    EXPECT_NEAR(rotation_angle(q), angle, 1e-9) << angle;
    EXPECT_NEAR(rotation_angle(Quat(-q.coeffs())), angle, 1e-9) << angle;
  }
  EXPECT_NEAR(rotation_angle(quat_from_axis_angle(axis, 1.5 * std::numbers::pi)), 0.5 * std::numbers::pi, 1e-9);
}

TEST(Quaternion, QlerpEndsMidpointAndShortPath) {
  const Quat q0 = Quat::Identity();
  const Quat q1 = quat_from_axis_angle(Vec3::UnitZ(), std::numbers::pi / 2);
  EXPECT_LT(qlerp(q0, q1, 0.0).angularDistance(q0), 1e-12);
  EXPECT_LT(qlerp(q0, q1, 1.0).angularDistance(q1), 1e-12);
  // The midpoint of a symmetric pair is the half rotation exactly.
  EXPECT_LT(qlerp(q0, q1, 0.5).angularDistance(quat_from_axis_angle(Vec3::UnitZ(), std::numbers::pi / 4)), 1e-12);
  // -q1 is the same rotation: sign alignment makes the result identical.
  Quat neg;
  neg.coeffs() = -q1.coeffs();
  const Quat a = qlerp(q0, q1, 0.3), b = qlerp(q0, neg, 0.3);
  EXPECT_LT((a.coeffs() - b.coeffs()).norm(), 1e-12);
}

TEST(Quaternion, UnnormalizedRotationMatrixEqualsNormalized) {
  std::mt19937 rng(3);
  std::uniform_real_distribution<double> u(-2.0, 2.0);
  for (int i = 0; i < 100; ++i) {
    const Quat q(u(rng), u(rng), u(rng), u(rng));
    const Mat3 r = rotation_matrix_unnormalized(q);
    EXPECT_LT((r - q.normalized().toRotationMatrix()).norm(), 1e-12);
    EXPECT_LT((r * r.transpose() - Mat3::Identity()).norm(), 1e-12);
  }
}
