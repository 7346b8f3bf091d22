// SPDX-License-Identifier: GPL-3.0-or-later
// The point of a triangle nearest a given point, for the runtime (gap's keep-out); the metrics
// measure distances with CGAL's AABB tree instead, offline.
#pragma once

#include "skinlab/core/math.hpp"

namespace skinlab {

/// The barycentric weights (of a, b and c, summing to 1, none negative) of the point of triangle
/// (a, b, c) nearest `p`, by the Voronoi regions of its corners, edges and face (Ericson,
/// Real-Time Collision Detection, §5.1.5). A triangle of zero area gives a point of it, not always
/// the nearest.
Vec3 closest_point_weights(const Vec3& p, const Vec3& a, const Vec3& b, const Vec3& c);

/// That point itself.
Vec3 closest_point_on_triangle(const Vec3& p, const Vec3& a, const Vec3& b, const Vec3& c);

}  // namespace skinlab
