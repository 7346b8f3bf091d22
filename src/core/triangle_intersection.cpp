// SPDX-License-Identifier: GPL-3.0-or-later
#include "skinlab/core/triangle_intersection.hpp"

#include <algorithm>
#include <array>

namespace skinlab {

bool triangles_intersect(const Vec3& a0, const Vec3& a1, const Vec3& a2, const Vec3& b0, const Vec3& b1,
                         const Vec3& b2) {
  const std::array<Vec3, 3> a{a0, a1, a2}, b{b0, b1, b2};
  // An axis separates the two when their projections' intervals do not overlap; a zero axis (two
  // parallel edges, a degenerate triangle's normal) separates nothing.
  const auto separates = [&](const Vec3& axis) {
    if (axis.squaredNorm() == 0) return false;
    const auto interval = [&](const std::array<Vec3, 3>& t) {
      const double p0 = axis.dot(t[0]), p1 = axis.dot(t[1]), p2 = axis.dot(t[2]);
      return std::pair{std::min({p0, p1, p2}), std::max({p0, p1, p2})};
    };
    const auto [a_low, a_high] = interval(a);
    const auto [b_low, b_high] = interval(b);
    return a_high < b_low || b_high < a_low;
  };
  const std::array<Vec3, 3> a_edges{a1 - a0, a2 - a1, a0 - a2}, b_edges{b1 - b0, b2 - b1, b0 - b2};
  const Vec3 a_normal = a_edges[0].cross(a_edges[1]), b_normal = b_edges[0].cross(b_edges[1]);
  if (separates(a_normal) || separates(b_normal)) return false;
  for (const Vec3& e : a_edges)
    for (const Vec3& f : b_edges)
      if (separates(e.cross(f))) return false;
  for (const Vec3& e : a_edges)
    if (separates(a_normal.cross(e))) return false;
  for (const Vec3& f : b_edges)
    if (separates(b_normal.cross(f))) return false;
  return true;
}

}  // namespace skinlab
