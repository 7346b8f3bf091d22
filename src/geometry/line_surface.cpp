#include "geometry/line_surface.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace skinlab {

std::vector<double> line_surface_hits(const Vec3& origin, const Vec3& direction, const std::vector<Vec3>& positions,
                                      const std::vector<Tri>& triangles) {
  std::vector<double> hits;
  for (const Tri& t : triangles) {
    const Vec3& a = positions[t[0]];
    const Vec3 e1 = positions[t[1]] - a, e2 = positions[t[2]] - a;
    const Vec3 p = direction.cross(e2);
    const double det = e1.dot(p);
    if (std::abs(det) < 1e-300) continue;
    const Vec3 s = origin - a;
    const double u = s.dot(p) / det;
    if (u < 0.0 || u > 1.0) continue;
    const Vec3 q = s.cross(e1);
    const double v = direction.dot(q) / det;
    if (v < 0.0 || u + v > 1.0) continue;
    hits.push_back(e2.dot(q) / det);
  }
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
