// SPDX-License-Identifier: GPL-3.0-or-later
#include "skinlab/gap/band_domain.hpp"

#include <cmath>
#include <numbers>
#include <unordered_map>

namespace skinlab {

namespace {

constexpr double kTwoPi = 2 * std::numbers::pi;

// How many times the loop winds about the opening (its rest positions' angles, unwrapped).
double winding(const GapModel& gap, const GapJoint& joint, const std::vector<int>& loop) {
  double turned = 0;
  for (std::size_t k = 0; k < loop.size(); ++k)
    turned += std::remainder(
        joint.angle_of(gap.rest_positions[loop[(k + 1) % loop.size()]]) - joint.angle_of(gap.rest_positions[loop[k]]),
        kTwoPi);
  return turned / kTwoPi;
}

// Per loop vertex, an angle proportional to the length walked along the loop (rest positions),
// increasing with `direction` = +1, turned to follow the vertices' own angles about the opening
// as closely as it can (the circular mean of the differences).
std::vector<double> rim_angles(const GapModel& gap, const GapJoint& joint, const std::vector<int>& loop,
                               double direction) {
  const std::size_t n = loop.size();
  std::vector<double> walked(n, 0.0);
  for (std::size_t k = 1; k < n; ++k)
    walked[k] = walked[k - 1] + (gap.rest_positions[loop[k]] - gap.rest_positions[loop[k - 1]]).norm();
  const double total = walked.back() + (gap.rest_positions[loop.front()] - gap.rest_positions[loop.back()]).norm();
  Vec2 mean = Vec2::Zero();
  for (std::size_t k = 0; k < n; ++k) {
    walked[k] = total > 0 ? direction * kTwoPi * walked[k] / total
                          : direction * kTwoPi * static_cast<double>(k) / static_cast<double>(n);
    const double off = joint.angle_of(gap.rest_positions[loop[k]]) - walked[k];
    mean += Vec2(std::cos(off), std::sin(off));
  }
  const double offset = std::atan2(mean.y(), mean.x());
  for (double& a : walked) a += offset;
  return walked;
}

}  // namespace

BandDomain band_domain(const GapModel& gap, int joint_index, const QT& relative, const SideBoundary& parent,
                       const SideBoundary& child, const ArcSet& arcs) {
  const GapJoint& joint = gap.joints[joint_index];
  BandDomain out;
  if (parent.loop.empty() || child.loop.empty()) return out;
  double radius = 0;
  for (int v : joint.loop) {
    const Vec3 d = gap.rest_positions[v] - joint.plane.point;
    radius += (d - d.dot(joint.plane.normal) * joint.plane.normal).norm();
  }
  radius = std::max(radius / static_cast<double>(joint.loop.size()), 1e-12);
  // The band's height: its arcs' mean length (parent's rest frame), in opening radii.
  double length = 0;
  for (const BlendArc& arc : arcs.arcs) {
    Vec3 previous = gap.rest_positions[arc.parent_vertex];
    for (int p = 0; p < arc.count; ++p) {
      length += (arcs.points[arc.first_point + p] - previous).norm();
      previous = arcs.points[arc.first_point + p];
    }
    length += (relative.apply_point(gap.rest_positions[arc.child_vertex]) - previous).norm();
  }
  const double height = std::max(length / std::max(1.0, static_cast<double>(arcs.arcs.size())) / radius, 0.05);

  // The rims run the way their vertices wind about the opening (a loop that does not wind takes
  // the other's way, or the angles' own).
  const double parent_winding = winding(gap, joint, parent.loop), child_winding = winding(gap, joint, child.loop);
  const double fallback = std::abs(parent_winding) >= 0.5 ? parent_winding : child_winding >= 0 ? 1 : -1;
  const auto way = [&](double w) { return (std::abs(w) >= 0.5 ? w : fallback) >= 0 ? 1.0 : -1.0; };
  const std::vector<double> parent_angle = rim_angles(gap, joint, parent.loop, way(parent_winding));
  const std::vector<double> child_angle = rim_angles(gap, joint, child.loop, way(child_winding));

  std::vector<Vec2> polar;  // (angle, log radius) per point
  const auto add = [&](BandDomain::Source source, int index, const Vec2& at) {
    out.source.push_back(source);
    out.index.push_back(index);
    polar.push_back(at);
    return static_cast<int>(polar.size()) - 1;
  };
  // A vertex merged by Add (an opening point the motion left in place) is on both rims, half way.
  std::unordered_map<int, char> merged;
  for (const BlendArc& arc : arcs.arcs)
    if (arc.kind == ArcKind::merged) merged[arc.parent_vertex] = 1;
  std::unordered_map<int, int> parent_local, child_local;
  for (std::size_t k = 0; k < parent.loop.size(); ++k) {
    const int v = parent.loop[k];
    const int local = add(BandDomain::Source::parent, v, Vec2(parent_angle[k], merged.count(v) ? 0.5 * height : 0.0));
    parent_local[v] = local;
    out.parent_loop.push_back(local);
  }
  for (std::size_t k = 0; k < child.loop.size(); ++k) {
    const int v = child.loop[k];
    const auto shared = merged.count(v) ? parent_local.find(v) : parent_local.end();
    const int local =
        shared != parent_local.end() ? shared->second : add(BandDomain::Source::child, v, Vec2(child_angle[k], height));
    child_local[v] = local;
    out.child_loop.push_back(local);
  }
  // New points between their arc's ends, evenly in log radius, the angle the short way. An arc
  // that starts off the parent's loop (a Circle point's rest position, which the parent lost)
  // runs from the band's inside: its start is placed as one more new point.
  for (const BlendArc& arc : arcs.arcs) {
    const auto to = child_local.find(arc.child_vertex);
    if (arc.kind == ArcKind::merged || to == child_local.end()) continue;
    const Vec2 b = polar[to->second];
    const auto from = parent_local.find(arc.parent_vertex);
    const bool on_rim = from != parent_local.end();
    const Vec2 a = on_rim ? polar[from->second] : Vec2(b.x(), 0.0);
    const int steps = arc.count + (on_rim ? 1 : 2);
    const double turn = std::remainder(b.x() - a.x(), kTwoPi);
    const auto at = [&](int s) {
      const double t = static_cast<double>(s) / steps;
      return Vec2(a.x() + t * turn, a.y() + t * (b.y() - a.y()));
    };
    if (!on_rim) parent_local[arc.parent_vertex] = add(BandDomain::Source::parent, arc.parent_vertex, at(1));
    for (int p = 0; p < arc.count; ++p) add(BandDomain::Source::arc, arc.first_point + p, at(p + (on_rim ? 1 : 2)));
  }
  out.points.reserve(polar.size());
  for (const Vec2& p : polar) out.points.push_back(std::exp(p.y()) * Vec2(std::cos(p.x()), std::sin(p.x())));
  return out;
}

}  // namespace skinlab
