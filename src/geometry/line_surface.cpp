// SPDX-License-Identifier: GPL-3.0-or-later
#include "skinlab/geometry/line_surface.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace skinlab {

bool line_triangle_hit(const Vec3& origin, const Vec3& direction, const Vec3& a, const Vec3& b, const Vec3& c,
                       double& t) {
  const Vec3 e1 = b - a, e2 = c - a;
  const Vec3 p = direction.cross(e2);
  const double det = e1.dot(p);
  if (std::abs(det) < 1e-300) return false;
  const Vec3 s = origin - a;
  const double u = s.dot(p) / det;
  if (u < 0.0 || u > 1.0) return false;
  const Vec3 q = s.cross(e1);
  const double v = direction.dot(q) / det;
  if (v < 0.0 || u + v > 1.0) return false;
  t = e2.dot(q) / det;
  return true;
}

std::vector<double> line_surface_hits(const Vec3& origin, const Vec3& direction, const std::vector<Vec3>& positions,
                                      const std::vector<Tri>& triangles) {
  std::vector<double> hits;
  double t = 0;
  for (const Tri& tri : triangles)
    if (line_triangle_hit(origin, direction, positions[tri[0]], positions[tri[1]], positions[tri[2]], t))
      hits.push_back(t);
  std::sort(hits.begin(), hits.end());
  return hits;
}

double winding_number(const Vec3& q, const std::vector<Vec3>& positions, const std::vector<Tri>& triangles) {
  double total = 0.0;
  for (const Tri& t : triangles) {
    const Vec3 a = positions[t[0]] - q, b = positions[t[1]] - q, c = positions[t[2]] - q;
    const double la = a.norm(), lb = b.norm(), lc = c.norm();
    const double numerator = a.dot(b.cross(c));
    const double denominator = la * lb * lc + a.dot(b) * lc + b.dot(c) * la + c.dot(a) * lb;
    total += 2.0 * std::atan2(numerator, denominator);
  }
  return total / (4.0 * std::numbers::pi);
}

}  // namespace skinlab
