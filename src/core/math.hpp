// SPDX-License-Identifier: GPL-3.0-or-later
// Eigen aliases used across skinlab: double precision offline, right-handed.
#pragma once

#include <Eigen/Core>
#include <Eigen/Geometry>

namespace skinlab {

using Vec3 = Eigen::Vector3d;
using Mat3 = Eigen::Matrix3d;
using Mat4 = Eigen::Matrix4d;
using Quat = Eigen::Quaterniond;

}  // namespace skinlab
