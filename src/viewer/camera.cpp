// SPDX-License-Identifier: GPL-3.0-or-later
#include "skinlab/viewer/camera.hpp"

#include <Eigen/Geometry>
#include <algorithm>
#include <cmath>

namespace skinlab {

Mat4f perspective(float fovy, float aspect, float near, float far) {
  const float f = 1.0f / std::tan(fovy / 2);
  Mat4f m = Mat4f::Zero();
  m(0, 0) = f / aspect;
  m(1, 1) = f;
  m(2, 2) = (far + near) / (near - far);
  m(2, 3) = 2 * far * near / (near - far);
  m(3, 2) = -1;
  return m;
}

Mat4f look_at(const Vec3f& eye, const Vec3f& target, const Vec3f& up) {
  const Vec3f f = (target - eye).normalized(), s = f.cross(up).normalized(), u = s.cross(f);
  Mat4f m = Mat4f::Identity();
  m.row(0) << s.x(), s.y(), s.z(), -s.dot(eye);
  m.row(1) << u.x(), u.y(), u.z(), -u.dot(eye);
  m.row(2) << -f.x(), -f.y(), -f.z(), f.dot(eye);
  return m;
}

void OrbitCamera::frame_model(const Vec3& up, const Vec3& forward, const std::vector<Vec3>& positions, double zoom) {
  // The display frame: the model's up is +Y and its forward +Z (its left +X).
  upright.row(0) = up.cross(forward).cast<float>();
  upright.row(1) = up.cast<float>();
  upright.row(2) = forward.cast<float>();
  const Box3 box = display_box(positions);
  target = (0.5 * (box.min + box.max)).cast<float>();
  scale = static_cast<float>(box.diagonal());
  distance = 1.25f * scale / static_cast<float>(zoom);
}

Box3 OrbitCamera::display_box(const std::vector<Vec3>& positions) const {
  std::vector<Vec3> turned;
  turned.reserve(positions.size());
  for (const Vec3& p : positions) turned.push_back(upright.cast<double>() * p);
  return bounding_box(turned);
}

Vec3f OrbitCamera::eye() const {
  return target + distance * Vec3f(std::cos(pitch) * std::sin(yaw), std::sin(pitch), std::cos(pitch) * std::cos(yaw));
}

Mat4f OrbitCamera::display_projection() const {
  return perspective(0.8f, static_cast<float>(width) / static_cast<float>(std::max(1, height)), 0.01f * scale,
                     20.0f * scale) *
         look_at(eye(), target, Vec3f::UnitY());
}

Mat4f OrbitCamera::view_projection() const {
  Mat4f turn = Mat4f::Identity();
  turn.topLeftCorner<3, 3>() = upright;
  return display_projection() * turn;
}

void OrbitCamera::orbit(float dx, float dy) {
  yaw -= 0.01f * dx;
  pitch = std::clamp(pitch + 0.01f * dy, -1.5f, 1.5f);
}

void OrbitCamera::pan(float dx, float dy) {
  const Vec3f forward = (target - eye()).normalized();
  const Vec3f right = forward.cross(Vec3f::UnitY()).normalized(), up = right.cross(forward);
  const float k = distance * 0.002f;
  target += -dx * k * right + dy * k * up;
}

void OrbitCamera::pixel_ray(int x, int y, Vec3& origin, Vec3& direction) const {
  const Mat4f inverse = view_projection().inverse();
  const float w = static_cast<float>(width), h = static_cast<float>(height);
  const float nx = 2.0f * (static_cast<float>(x) + 0.5f) / w - 1, ny = 1 - 2.0f * (static_cast<float>(y) + 0.5f) / h;
  const Eigen::Vector4f a = inverse * Eigen::Vector4f(nx, ny, -1, 1), b = inverse * Eigen::Vector4f(nx, ny, 1, 1);
  origin = (a.head<3>() / a.w()).cast<double>();
  direction = ((b.head<3>() / b.w()).cast<double>() - origin).normalized();
}

Eigen::Vector2f OrbitCamera::project(const Vec3& point) const {
  const Eigen::Vector4f clip_space = view_projection() * Eigen::Vector4f(point.cast<float>().homogeneous());
  return {(clip_space.x() / clip_space.w() + 1) * 0.5f * static_cast<float>(width),
          (1 - clip_space.y() / clip_space.w()) * 0.5f * static_cast<float>(height)};
}

}  // namespace skinlab
