// SPDX-License-Identifier: GPL-3.0-or-later
#include "skinlab/gap/conic_arc.hpp"

#include <cmath>

namespace skinlab {

namespace {

double cross(const Vec2& a, const Vec2& b) { return a.x() * b.y() - a.y() * b.x(); }

// d(S, r, R) of [VF08 §2.1.3]: which side of the line through R with direction r the point S is on.
double side(const Vec2& s, const Vec2& r, const Vec2& origin) {
  return (s.y() - origin.y()) * r.x() - (s.x() - origin.x()) * r.y();
}

}  // namespace

Vec2 ConicArc::at(double t) const {
  const double a = (1 - t) * (1 - t), b = 2 * t * (1 - t), c = t * t;
  return (a * start + b * weighted_control + c * end) / (a + b * weight + c);
}

std::optional<ConicArc> fudos_hoffmann_arc(const Vec2& c, const Vec2& v, const Vec2& d, const Vec2& u, const Vec2& p) {
  const double at_c = side(d, v, c) * side(p, v, c);
  const double at_d = side(c, u, d) * side(p, u, d);
  if (!(at_c > 0) || !(at_d > 0)) return std::nullopt;
  const double s = std::sqrt(at_c * at_d);
  const double area = 0.5 * cross(p - c, d - c);
  const double m1 = c.x() * v.y() - c.y() * v.x();
  const double m2 = d.x() * u.y() - d.y() * u.x();
  const Vec2 big_u(v.x() * m2 - u.x() * m1, v.y() * m2 - u.y() * m1);
  ConicArc arc;
  arc.start = c;
  arc.end = d;
  arc.weighted_control = area * big_u / s;
  arc.weight = area * cross(v, u) / s;
  if (!(arc.weight > -1) || !arc.weighted_control.allFinite()) return std::nullopt;
  return arc;
}

double nearest_parameter(const ConicArc& arc, const Vec2& p) {
  constexpr int kSamples = 32;
  int best = 0;
  double best_distance = (arc.at(0) - p).squaredNorm();
  for (int i = 1; i <= kSamples; ++i) {
    const double distance = (arc.at(static_cast<double>(i) / kSamples) - p).squaredNorm();
    if (distance < best_distance) best = i, best_distance = distance;
  }
  double lo = std::max(0, best - 1) / static_cast<double>(kSamples);
  double hi = std::min(kSamples, best + 1) / static_cast<double>(kSamples);
  const double ratio = (std::sqrt(5.0) - 1) / 2;
  for (int iteration = 0; iteration < 40; ++iteration) {
    const double a = hi - ratio * (hi - lo), b = lo + ratio * (hi - lo);
    if ((arc.at(a) - p).squaredNorm() < (arc.at(b) - p).squaredNorm())
      hi = b;
    else
      lo = a;
  }
  return 0.5 * (lo + hi);
}

}  // namespace skinlab
