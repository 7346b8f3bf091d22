// SPDX-License-Identifier: GPL-3.0-or-later
#include "skinlab/gap/thesis_arcs.hpp"

#include <algorithm>
#include <cmath>

namespace skinlab {

namespace {

bool contains(const std::vector<int>& loop, int v) { return std::find(loop.begin(), loop.end(), v) != loop.end(); }

// PL's normal: across the parent and child axes. Where they are parallel (no bend, a twist about
// the bone) PL is undefined; the rotation axis, or any direction across the parent axis, stands in.
Vec3 pl_normal_of(const Vec3& parent_axis, const Vec3& child_axis, const Vec3& rotation_axis) {
  const double scale = parent_axis.norm() * child_axis.norm();
  const Vec3 across = child_axis.cross(parent_axis);
  if (across.norm() > 1e-9 * scale) return across.normalized();
  const Vec3 about = rotation_axis.cross(parent_axis);
  if (about.norm() > 1e-9 * parent_axis.norm()) return rotation_axis;
  return parent_axis.unitOrthogonal();
}

}  // namespace

void thesis_arcs(const GapModel& gap, int joint_index, const QT& relative, const SideBoundary& parent,
                 const SideBoundary& child, double spacing, ArcSet& out) {
  const GapJoint& joint = gap.joints[joint_index];
  if (parent.loop.empty() || child.loop.empty()) return;
  const Vec3& center = joint.joint;
  const Vec3 parent_axis = gap.kernel_centroid[joint.parent] - center;
  const Vec3 child_axis = relative.apply_point(gap.kernel_centroid[joint.child]) - center;
  const double turn = rotation_angle(relative.q);
  const Vec3 rotation_axis =
      relative.q.vec().norm() > 0 ? Vec3(relative.q.vec().normalized()) : Vec3(parent_axis.normalized());
  const Vec3 pl_normal = pl_normal_of(parent_axis, child_axis, rotation_axis);
  const auto on_opening = [&](int v) { return gap.opening_joint[v] == joint_index; };
  const auto rest = [&](int v) -> const Vec3& { return gap.rest_positions[v]; };
  const auto begin_arc = [&](int parent_vertex, int child_vertex, ArcKind kind) {
    BlendArc arc;
    arc.parent_vertex = parent_vertex;
    arc.child_vertex = child_vertex;
    arc.first_point = static_cast<int>(out.points.size());
    arc.kind = kind;
    return arc;
  };
  const auto end_arc = [&](BlendArc arc) {
    arc.count = static_cast<int>(out.points.size()) - arc.first_point;
    out.arcs.push_back(arc);
  };

  // S1 (lines 4–5): the child's Circle points. One the motion left in place and the parent kept
  // too has no arc to sweep: parent and child share it.
  for (int v : child.loop) {
    if (!on_opening(v)) continue;
    const bool in_place =
        (relative.apply_point(rest(v)) - rest(v)).norm() <= 1e-9 * std::max(1.0, (rest(v) - center).norm());
    if (in_place && contains(parent.loop, v)) {
      ++out.merged;
      end_arc(begin_arc(v, v, ArcKind::merged));
      continue;
    }
    ++out.circle;
    const BlendArc arc = begin_arc(v, v, ArcKind::circle);
    sample_qlerp_arc(relative.q, turn, center, rest(v), spacing, out.points);
    end_arc(arc);
  }

  // S2 (lines 6–11): a Middle point per opening point the child lost, and its triplet among the
  // Bézier points (end points off the opening), posed where each part stands.
  std::vector<int> child_bezier, parent_bezier;
  std::vector<Vec3> child_posed;
  for (int v : child.loop)
    if (!on_opening(v)) child_bezier.push_back(v), child_posed.push_back(relative.apply_point(rest(v)));
  for (int v : parent.loop)
    if (!on_opening(v)) parent_bezier.push_back(v);
  if (child_bezier.empty() || parent_bezier.empty()) return;
  for (int o : joint.loop) {
    if (contains(child.loop, o)) continue;
    const Vec3 middle = 0.5 * (rest(o) + relative.apply_point(rest(o)));
    // The triplet (function triplet): the smallest angle between its triangle's plane and PL.
    double best = -1;
    int best_child = 0, best_parent = 0;
    for (std::size_t c = 0; c < child_bezier.size(); ++c)
      for (std::size_t p = 0; p < parent_bezier.size(); ++p) {
        const Vec3 n = (child_posed[c] - middle).cross(rest(parent_bezier[p]) - middle);
        const double length = n.norm();
        if (length == 0) continue;
        const double parallel = std::abs(n.dot(pl_normal)) / length;
        if (parallel > best) best = parallel, best_child = static_cast<int>(c), best_parent = static_cast<int>(p);
      }
    if (best < 0) continue;
    const Vec3& from = rest(parent_bezier[best_parent]);
    const Vec3& to = child_posed[best_child];
    const std::optional<ArcCurve> bezier = bezier_blend(center, pl_normal, parent_axis, child_axis, from, middle, to,
                                                        BlendRules{.in_pl = true, .forward_tangents = true});
    const BlendArc arc =
        begin_arc(parent_bezier[best_parent], child_bezier[best_child], bezier ? ArcKind::bezier : ArcKind::fallback);
    ++(bezier ? out.bezier : out.fallback);
    sample_evenly(bezier ? *bezier : axis_arc(rotation_axis, center, from, to), spacing, out.points);
    end_arc(arc);
  }
}

}  // namespace skinlab
