// SPDX-License-Identifier: GPL-3.0-or-later
#include "skinlab/gap/arc_curves.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <memory>
#include <numbers>

#include "skinlab/gap/conic_arc.hpp"

namespace skinlab {

namespace {

constexpr double kTwoPi = 2 * std::numbers::pi;
// Segments of the polyline an arc's length is measured on. An arc turns at most half a turn, so
// each of 24 segments spans at most 7.5° of it and is within 0.3% of its arc; the points move by
// less than that share of their spacing. From 48: the same standard-clip frames over DQS + 2
// (117) and sweep poses over (6); homer's thesis clip's frame 2 4.4% fewer instructions.
constexpr int kDense = 24;

// Cumulative lengths of the arc's dense polyline.
std::array<double, kDense + 1> dense_lengths(const ArcCurve& curve) {
  std::array<double, kDense + 1> length{};
  Vec3 previous = curve(0.0);
  for (int i = 1; i <= kDense; ++i) {
    const Vec3 p = curve(static_cast<double>(i) / kDense);
    length[i] = length[i - 1] + (p - previous).norm();
    previous = p;
  }
  return length;
}

// The parameter at which the dense polyline has walked `target`.
double parameter_at(const std::array<double, kDense + 1>& length, double target) {
  const int segment = static_cast<int>(std::clamp<std::ptrdiff_t>(
      std::upper_bound(length.begin(), length.end(), target) - length.begin() - 1, 0, kDense - 1));
  const double span = length[segment + 1] - length[segment];
  const double f = span > 0 ? std::clamp((target - length[segment]) / span, 0.0, 1.0) : 0.0;
  return (segment + f) / kDense;
}

}  // namespace

int arc_point_count(double length, double spacing, bool point_past_spacing) {
  const int count = std::max(0, static_cast<int>(std::lround(length / spacing)) - 1);
  return point_past_spacing && length > spacing ? std::max(1, count) : count;
}

ArcCurve by_length(ArcCurve curve) {
  auto length = std::make_shared<const std::array<double, kDense + 1>>(dense_lengths(curve));
  return [curve = std::move(curve), length](double fraction) -> Vec3 {
    return curve(parameter_at(*length, fraction * length->back()));
  };
}

void sample_evenly(const ArcCurve& curve, double spacing, std::vector<Vec3>& points, bool point_past_spacing) {
  const std::array<double, kDense + 1> length = dense_lengths(curve);
  const int count = arc_point_count(length[kDense], spacing, point_past_spacing);
  for (int s = 1; s <= count; ++s) points.push_back(curve(parameter_at(length, length[kDense] * s / (count + 1))));
}

double curve_length(const ArcCurve& curve) {
  constexpr int kCoarse = 16;
  double length = 0;
  Vec3 previous = curve(0.0);
  for (int i = 1; i <= kCoarse; ++i) {
    const Vec3 p = curve(static_cast<double>(i) / kCoarse);
    length += (p - previous).norm();
    previous = p;
  }
  return length;
}

Vec3 opening_point_at(const GapModel& gap, const GapJoint& joint, double angle) {
  const int n = static_cast<int>(joint.loop.size());
  int best = 0;
  double best_gap = kTwoPi;
  for (int i = 0; i < n; ++i) {
    const double a = joint.loop_angle[i], b = joint.loop_angle[(i + 1) % n];
    double span = std::remainder(b - a, kTwoPi), offset = std::remainder(angle - a, kTwoPi);
    if (span < 0) span = -span, offset = -offset;
    if (offset >= 0 && offset <= span) {
      const Vec3& p = gap.rest_positions[joint.loop[i]];
      const Vec3& q = gap.rest_positions[joint.loop[(i + 1) % n]];
      return span > 0 ? p + (q - p) * (offset / span) : p;
    }
    const double distance = std::abs(offset);
    if (distance < best_gap) best_gap = distance, best = i;
  }
  return gap.rest_positions[joint.loop[best]];
}

ArcCurve axis_arc(const Vec3& axis, const Vec3& center, const Vec3& from, const Vec3& to) {
  const Vec3 p = from - center, q = to - center;
  const double hp = p.dot(axis), hq = q.dot(axis);
  const Vec3 rp = p - hp * axis, rq = q - hq * axis;
  Vec3 e1 = rp.norm() > 0 ? rp : rq;
  if (e1.norm() == 0) e1 = axis.unitOrthogonal();
  e1.normalize();
  const Vec3 e2 = axis.cross(e1);
  const double angle = std::atan2(rq.dot(e2), rq.dot(e1));
  const double radius_p = rp.norm(), radius_q = rq.norm();
  return [=](double t) -> Vec3 {
    const double r = radius_p + t * (radius_q - radius_p);
    return center + (hp + t * (hq - hp)) * axis + r * (std::cos(t * angle) * e1 + std::sin(t * angle) * e2);
  };
}

std::optional<ArcCurve> bezier_blend(const Vec3& joint, const Vec3& pl_normal, const Vec3& parent_axis,
                                     const Vec3& child_axis, const Vec3& from, const Vec3& middle, const Vec3& to,
                                     const BlendRules& rules) {
  // The thesis builds every arc in PL, but picks triplets whose plane is parallel to it; `gap`'s
  // pairing also pairs points beside the bend, whose triplets PL would flatten, so it draws each
  // in its triplet's own plane (PL where the three are collinear).
  Vec3 normal = rules.in_pl ? pl_normal : Vec3((to - from).cross(middle - from));
  if (normal.norm() <= 1e-9 * (to - from).norm() * (middle - from).norm()) normal = pl_normal;
  if (normal.norm() == 0 || !normal.allFinite()) return std::nullopt;
  normal.normalize();
  Vec3 e1 = (to - from) - (to - from).dot(normal) * normal;
  if (e1.norm() == 0) return std::nullopt;
  e1.normalize();
  const Vec3 e2 = normal.cross(e1);
  const auto flat = [&](const Vec3& p) { return Vec2((p - joint).dot(e1), (p - joint).dot(e2)); };
  const auto flat_direction = [&](const Vec3& d) { return Vec2(d.dot(e1), d.dot(e2)); };
  const Vec2 c = flat(from), d = flat(to), p = flat(middle);
  // Tangent lines: the parent axis through the parent's point, the child axis through the child's.
  const Vec2 tc = flat_direction(-parent_axis), td = flat_direction(child_axis);
  const double denominator = tc.x() * td.y() - tc.y() * td.x();
  if (std::abs(denominator) <= 1e-9 * tc.norm() * td.norm()) return std::nullopt;
  const Vec2 w = d - c;
  const double s = (w.x() * td.y() - w.y() * td.x()) / denominator;
  // [VF08 Alg. 5] lines 8–11: the arc passes through V_m, halfway between the Middle point and
  // the tangents' intersection, with its end tangents towards the Middle point.
  const Vec2 through = 0.5 * (c + s * tc + p);
  const std::optional<ConicArc> arc = fudos_hoffmann_arc(c, p - c, d, d - p, through);
  if (!arc || (rules.forward_tangents && arc->weight <= 0)) return std::nullopt;
  const double t = nearest_parameter(*arc, through);
  const double scale = std::max({(d - c).norm(), (p - c).norm(), 1e-300});
  if ((arc->at(t) - through).norm() > 1e-6 * scale || t <= 0 || t >= 1) return std::nullopt;
  const auto height = [&](const Vec3& q) { return (q - joint).dot(normal); };
  const double hc = height(from), hd = height(to), hp = height(middle);
  const double a = (1 - t) * (1 - t), b = 2 * t * (1 - t), e = t * t;
  const double weighted_height = (hp * (a + b * arc->weight + e) - a * hc - e * hd) / b;
  const ConicArc conic = *arc;
  ArcCurve curve = [=](double u) -> Vec3 {
    const double ua = (1 - u) * (1 - u), ub = 2 * u * (1 - u), ue = u * u;
    const Vec2 q = conic.at(u);
    const double h = (ua * hc + ub * weighted_height + ue * hd) / (ua + ub * conic.weight + ue);
    return joint + q.x() * e1 + q.y() * e2 + h * normal;
  };
  // A blend longer than twice its chord is a loop, not a blend: where the two end points lie close
  // together and the Middle point deep inside (a bend's inner crease once both sides are cut
  // back to it), the arc would dive to V_m and back, and neighbouring loops fold into each other.
  if (rules.no_loops && curve_length(curve) > 2 * (to - from).norm()) return std::nullopt;
  return curve;
}

Vec3 qlerp_arc_point(const Quat& relative, const Vec3& center, const Vec3& point, double t) {
  Quat q = relative;
  if (q.w() < 0) q.coeffs() = -q.coeffs();
  Quat blend;
  blend.coeffs() = (1 - t) * Quat::Identity().coeffs() + t * q.coeffs();
  return center + rotation_matrix_unnormalized(blend) * (point - center);
}

void sample_qlerp_arc(const Quat& relative, double turn, const Vec3& center, const Vec3& from, double spacing,
                      std::vector<Vec3>& points, bool point_past_spacing) {
  // The arc's length from its chord: QLERP's points lie on the circle of the whole turn.
  const double chord = (qlerp_arc_point(relative, center, from, 1.0) - from).norm();
  const double length = turn > 1e-12 ? chord * (turn / 2) / std::sin(turn / 2) : chord;
  const int count = arc_point_count(length, spacing, point_past_spacing);
  for (int s = 1; s <= count; ++s)
    points.push_back(qlerp_arc_point(relative, center, from, static_cast<double>(s) / (count + 1)));
}

}  // namespace skinlab
