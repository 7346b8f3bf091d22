#include "skinlab/gap/blend_arcs.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <functional>
#include <limits>
#include <memory>
#include <numbers>
#include <optional>

#include "skinlab/gap/conic_arc.hpp"

namespace skinlab {

namespace {

constexpr double kTwoPi = 2 * std::numbers::pi;

// An arc from its parent end (0) to its child end (1).
using Curve = std::function<Vec3(double)>;

int points_for(double length, double spacing) {
  return std::max(0, static_cast<int>(std::lround(length / spacing)) - 1);
}

// The arc reparametrised by the fraction of its length walked (a dense polyline's lengths,
// interpolated in the parameter), so that two arcs can be blended point for point.
Curve by_length(Curve curve) {
  constexpr int kDense = 48;
  auto length = std::make_shared<std::array<double, kDense + 1>>();
  (*length)[0] = 0;
  Vec3 previous = curve(0.0);
  for (int i = 1; i <= kDense; ++i) {
    const Vec3 p = curve(static_cast<double>(i) / kDense);
    (*length)[i] = (*length)[i - 1] + (p - previous).norm();
    previous = p;
  }
  return [curve = std::move(curve), length](double fraction) -> Vec3 {
    const std::array<double, kDense + 1>& l = *length;
    const double target = fraction * l.back();
    const int segment = static_cast<int>(
        std::clamp<std::ptrdiff_t>(std::upper_bound(l.begin(), l.end(), target) - l.begin() - 1, 0, kDense - 1));
    const double span = l[segment + 1] - l[segment];
    const double f = span > 0 ? std::clamp((target - l[segment]) / span, 0.0, 1.0) : 0.0;
    return curve((segment + f) / kDense);
  };
}

// Appends the arc's new points: about `spacing` apart and equally spaced along it (a dense
// polyline's lengths, interpolated in the parameter), its two ends excluded.
void sample_evenly(const Curve& curve, double spacing, std::vector<Vec3>& points) {
  constexpr int kDense = 48;
  std::array<double, kDense + 1> length{};
  Vec3 previous = curve(0.0);
  for (int i = 1; i <= kDense; ++i) {
    const Vec3 p = curve(static_cast<double>(i) / kDense);
    length[i] = length[i - 1] + (p - previous).norm();
    previous = p;
  }
  const int count = points_for(length[kDense], spacing);
  for (int s = 1, segment = 0; s <= count; ++s) {
    const double target = length[kDense] * s / (count + 1);
    while (segment < kDense - 1 && length[segment + 1] < target) ++segment;
    const double span = length[segment + 1] - length[segment];
    const double f = span > 0 ? (target - length[segment]) / span : 0.0;
    points.push_back(curve((segment + f) / kDense));
  }
}

double curve_length(const Curve& curve) {
  constexpr int kDense = 16;
  double length = 0;
  Vec3 previous = curve(0.0);
  for (int i = 1; i <= kDense; ++i) {
    const Vec3 p = curve(static_cast<double>(i) / kDense);
    length += (p - previous).norm();
    previous = p;
  }
  return length;
}

// The opening's rest curve at angle `angle`: between the two loop vertices around it.
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

// From `from` to `to` about the axis of `rotation` through `center`, interpolating the axial
// offset, the distance from the axis and the angle about it (the short way): where `to` is
// `from` rotated, the circle the rotation sweeps; between other points, a pipe elbow's arc.
Curve axis_arc(const Vec3& axis, const Vec3& center, const Vec3& from, const Vec3& to) {
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

// The Bézier blend of [VF08 §4.4.2] from the parent's point `from` to the child's point `to`
// around the Middle point `middle`, built in 2-D and lifted by a height that follows the same
// rational form (zero in the triplet's own plane). Nothing when the construction has no
// acceptable arc (the caller falls back to axis_arc).
std::optional<Curve> bezier_blend(const Vec3& joint, const Vec3& pl_normal, const Vec3& parent_axis,
                                  const Vec3& child_axis, const Vec3& from, const Vec3& middle, const Vec3& to) {
  // The plane of the triplet (parent point, Middle point, child point); where the three are
  // collinear, PL. The thesis builds every arc in PL, but picks triplets whose plane is parallel
  // to it; pairing by angle also pairs points beside the bend, whose triplets PL would flatten.
  Vec3 normal = (to - from).cross(middle - from);
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
  if (!arc) return std::nullopt;
  const double t = nearest_parameter(*arc, through);
  const double scale = std::max({(d - c).norm(), (p - c).norm(), 1e-300});
  if ((arc->at(t) - through).norm() > 1e-6 * scale || t <= 0 || t >= 1) return std::nullopt;
  const auto height = [&](const Vec3& q) { return (q - joint).dot(normal); };
  const double hc = height(from), hd = height(to), hp = height(middle);
  const double a = (1 - t) * (1 - t), b = 2 * t * (1 - t), e = t * t;
  const double weighted_height = (hp * (a + b * arc->weight + e) - a * hc - e * hd) / b;
  const ConicArc conic = *arc;
  Curve curve = [=](double u) -> Vec3 {
    const double ua = (1 - u) * (1 - u), ub = 2 * u * (1 - u), ue = u * u;
    const Vec2 q = conic.at(u);
    const double h = (ua * hc + ub * weighted_height + ue * hd) / (ua + ub * conic.weight + ue);
    return joint + q.x() * e1 + q.y() * e2 + h * normal;
  };
  // A blend longer than twice its chord is a loop, not a blend: where the two end points lie close
  // together and the Middle point deep inside (a bend's inner crease once both sides are cut
  // back to it), the arc would dive to V_m and back, and neighbouring loops fold into each other.
  if (curve_length(curve) > 2 * (to - from).norm()) return std::nullopt;
  return curve;
}

// A monotone, cyclic matching of the parent's and the child's boundary loops (both ordered by
// increasing angle about the opening), as in contour tiling (Fuchs, Kedem and Uselton 1977):
// pairs (index in parent, index in child) in order, each step advancing one loop or both, the
// sum of the pairs' costs least. A pair's cost is how far apart its two ends lie in the
// coordinates the motion keeps, the offset along the rotation axis and the distance from it:
// ends that agree in both are joined by a circle about the axis, and circles about one axis do
// not cross. An opening point kept on both sides costs nothing (its circle arc); where a
// boundary runs along the axis the two sides pair shallow with shallow and deep with deep,
// whatever their angles. The walk starts at the cheapest pair and ends just before it.
std::vector<std::pair<int, int>> match_loops(const std::vector<Vec3>& rest, const std::vector<int>& parent,
                                             const std::vector<int>& child, const Vec3& center, const Vec3& axis) {
  const int np = static_cast<int>(parent.size()), nc = static_cast<int>(child.size());
  const auto profile = [&](int v) {
    const Vec3 p = rest[v] - center;
    const double h = p.dot(axis);
    return Vec2(h, (p - h * axis).norm());
  };
  std::vector<Vec2> pp(np), cp(nc);
  for (int i = 0; i < np; ++i) pp[i] = profile(parent[i]);
  for (int j = 0; j < nc; ++j) cp[j] = profile(child[j]);
  int parent_start = 0, child_start = 0;
  double cheapest = HUGE_VAL;
  for (int i = 0; i < np; ++i)
    for (int j = 0; j < nc; ++j) {
      const double c = parent[i] == child[j] ? -1.0 : (pp[i] - cp[j]).norm();
      if (c < cheapest) cheapest = c, parent_start = i, child_start = j;
    }
  const auto cost_of = [&](int i, int j) { return (pp[(parent_start + i) % np] - cp[(child_start + j) % nc]).norm(); };
  const int width = nc + 1;
  std::vector<double> cost((np + 1) * width);
  std::vector<char> step((np + 1) * width, 0);  // bit 1: parent advanced, bit 2: child advanced
  for (int i = 0; i <= np; ++i)
    for (int j = 0; j <= nc; ++j) {
      double best = 0;
      char from = 0;
      if (i > 0 || j > 0) {
        best = HUGE_VAL;
        if (i > 0 && j > 0) best = cost[(i - 1) * width + j - 1], from = 3;
        if (i > 0 && cost[(i - 1) * width + j] < best) best = cost[(i - 1) * width + j], from = 1;
        if (j > 0 && cost[i * width + j - 1] < best) best = cost[i * width + j - 1], from = 2;
      }
      cost[i * width + j] = best + cost_of(i, j);
      step[i * width + j] = from;
    }
  std::vector<std::pair<int, int>> pairs;
  for (int i = np, j = nc; i > 0 || j > 0;) {
    const char from = step[i * width + j];
    i -= from & 1;
    j -= (from >> 1) & 1;
    pairs.emplace_back((parent_start + i) % np, (child_start + j) % nc);
  }
  std::reverse(pairs.begin(), pairs.end());
  return pairs;
}

}  // namespace

Vec3 qlerp_arc_point(const Quat& relative, const Vec3& center, const Vec3& point, double t) {
  Quat q = relative;
  if (q.w() < 0) q.coeffs() = -q.coeffs();
  Quat blend;
  blend.coeffs() = (1 - t) * Quat::Identity().coeffs() + t * q.coeffs();
  return center + rotation_matrix_unnormalized(blend) * (point - center);
}

void blend_arcs(const GapModel& gap, int joint_index, const QT& relative, const SideBoundary& parent,
                const SideBoundary& child, double spacing, bool middle_on_arc, ArcSet& out) {
  const GapJoint& joint = gap.joints[joint_index];
  const int np = static_cast<int>(parent.loop.size()), nc = static_cast<int>(child.loop.size());
  if (np == 0 || nc == 0) return;
  const Vec3 parent_axis = gap.kernel_centroid[joint.parent] - joint.joint;
  const Vec3 child_axis = relative.apply_point(gap.kernel_centroid[joint.child]) - joint.joint;
  const Vec3 plane_normal = child_axis.cross(parent_axis);
  const double turn = 2 * std::acos(std::min(1.0, std::abs(relative.q.w())));
  const Vec3 rotation_axis =
      relative.q.vec().norm() > 0 ? Vec3(relative.q.vec().normalized()) : Vec3(parent_axis.normalized());
  const std::vector<std::pair<int, int>> pairs =
      match_loops(gap.rest_positions, parent.loop, child.loop, joint.joint, rotation_axis);

  // An opening point the motion left in place (on the axis of a bend) is shared by parent and
  // child: a merged arc. The arcs beside it run along a boundary edge from it and get no new
  // points, or they would enclose a sliver with that edge.
  const auto left_in_place = [&](int v) {
    const Vec3& p = gap.rest_positions[v];
    return (relative.apply_point(p) - p).norm() <= 1e-9 * std::max(1.0, (p - joint.joint).norm());
  };
  std::vector<char> merged(pairs.size(), 0);
  std::vector<int> merged_vertices;
  for (std::size_t k = 0; k < pairs.size(); ++k) {
    const int v = parent.loop[pairs[k].first];
    if (v == child.loop[pairs[k].second] && left_in_place(v)) {
      merged[k] = 1;
      merged_vertices.push_back(v);
    }
  }
  const auto is_merged = [&](int v) {
    return std::find(merged_vertices.begin(), merged_vertices.end(), v) != merged_vertices.end();
  };

  for (std::size_t k = 0; k < pairs.size(); ++k) {
    const auto [i, j] = pairs[k];
    BlendArc arc;
    arc.parent_vertex = parent.loop[i];
    arc.child_vertex = child.loop[j];
    arc.first_point = static_cast<int>(out.points.size());
    const Vec3& from = gap.rest_positions[arc.parent_vertex];
    const Vec3 to = relative.apply_point(gap.rest_positions[arc.child_vertex]);
    if (merged[k]) {
      arc.kind = ArcKind::merged;
      ++out.merged;
    } else if (is_merged(arc.parent_vertex) || is_merged(arc.child_vertex)) {
      arc.kind = ArcKind::edge;
    } else if (arc.parent_vertex == arc.child_vertex) {
      arc.kind = ArcKind::circle;
      ++out.circle;
      const double chord = (to - from).norm();
      const double length = turn > 1e-12 ? chord * (turn / 2) / std::sin(turn / 2) : chord;
      const int count = points_for(length, spacing);
      for (int s = 1; s <= count; ++s)
        out.points.push_back(qlerp_arc_point(relative.q, joint.joint, from, static_cast<double>(s) / (count + 1)));
    } else {
      const double angle = parent.angle[i] + 0.5 * std::remainder(child.angle[j] - parent.angle[i], kTwoPi);
      const Vec3 opening = opening_point_at(gap, joint, angle);
      // The thesis' Middle point halves the chord from O to R·O, which sinks towards the joint as
      // the bend deepens (|InB - J| = |O - J| cos(angle / 2): a quarter of the radius at 150°);
      // the arc's own midpoint keeps the opening's radius.
      const Vec3 middle = middle_on_arc ? qlerp_arc_point(relative.q, joint.joint, opening, 0.5)
                                        : Vec3(0.5 * (opening + relative.apply_point(opening)));
      Curve curve = axis_arc(rotation_axis, joint.joint, from, to);
      if (const std::optional<Curve> bezier =
              bezier_blend(joint.joint, plane_normal, parent_axis, child_axis, from, middle, to)) {
        arc.kind = ArcKind::bezier;
        ++out.bezier;
        // Beside the bend the arcs of neighbouring pairs lie in nearly one plane across the
        // rotation axis, where only circles about that axis stay nested; the blend is eased into
        // them as the pair's opening point nears the axis (fully the thesis' blend across it).
        const Vec3 d = opening - joint.joint;
        const double across = d.norm() > 0 ? (d - d.dot(rotation_axis) * rotation_axis).norm() / d.norm() : 1.0;
        const double w = across * across;
        curve = [around = by_length(std::move(curve)), blend = by_length(*bezier), w](double f) -> Vec3 {
          return (1 - w) * around(f) + w * blend(f);
        };
      } else {
        arc.kind = ArcKind::fallback;
        ++out.fallback;
      }
      sample_evenly(curve, spacing, out.points);
    }
    arc.count = static_cast<int>(out.points.size()) - arc.first_point;
    out.arcs.push_back(arc);
  }
}

}  // namespace skinlab
