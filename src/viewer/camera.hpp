// SPDX-License-Identifier: GPL-3.0-or-later
// The viewer's camera: an orbit about a target, in a display frame where the model's up is +Y
// and its forward +Z. Eigen only (no GL), so picking and projection are testable maths.
#pragma once

#include <Eigen/Core>
#include <vector>

#include "skinlab/core/tri_mesh.hpp"

namespace skinlab {

using Mat4f = Eigen::Matrix4f;
using Vec3f = Eigen::Vector3f;

/// OpenGL's perspective projection (gluPerspective): `fovy` in radians.
Mat4f perspective(float fovy, float aspect, float near, float far);
/// OpenGL's view matrix looking from `eye` at `target` (gluLookAt).
Mat4f look_at(const Vec3f& eye, const Vec3f& target, const Vec3f& up);

struct OrbitCamera {
  Vec3f target = Vec3f::Zero();                           ///< in the display frame
  Eigen::Matrix3f upright = Eigen::Matrix3f::Identity();  ///< model -> display frame
  float distance = 1, yaw = 0.6f, pitch = 0.35f;          ///< orbit; angles in radians
  float scale = 1;                                        ///< the model's size (its box diagonal)
  int width = 1, height = 1;                              ///< the window, pixels

  /// Turns the model upright (`up`, `forward`: its file's directions), aims at the middle of
  /// `positions` and backs off to see them whole, closer by `zoom`.
  void frame_model(const Vec3& up, const Vec3& forward, const std::vector<Vec3>& positions, double zoom);
  /// The bounding box of model-space `positions` in the display frame.
  Box3 display_box(const std::vector<Vec3>& positions) const;

  Vec3f eye() const;
  /// For what lives in the display frame (the floor, the axes).
  Mat4f display_projection() const;
  /// For what lives in model coordinates (meshes, skeletons): turned upright first.
  Mat4f view_projection() const;

  /// Mouse drags, in pixels: orbit about the target, or pan it in the view plane.
  void orbit(float dx, float dy);
  void pan(float dx, float dy);
  /// A ray through pixel (x, y) (top-left origin) in model coordinates; `direction` unit length.
  void pixel_ray(int x, int y, Vec3& origin, Vec3& direction) const;
  /// Where the model-space point lands, in pixels (top-left origin).
  Eigen::Vector2f project(const Vec3& point) const;
};

}  // namespace skinlab
