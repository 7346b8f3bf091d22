// SPDX-License-Identifier: GPL-3.0-or-later
#include "skinlab/gap/blend_arcs.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <functional>
#include <limits>
#include <memory>
#include <numbers>
#include <optional>

#include "skinlab/gap/arc_curves.hpp"
#include "skinlab/gap/conic_arc.hpp"

namespace skinlab {

namespace {

constexpr double kTwoPi = 2 * std::numbers::pi;
// Fraction of the opening's shorter edge at a point under which its move counts as none
// (merged_pairs).
constexpr double kNearlyInPlace = 0.25;

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

// Which pairs of the matching are merged: an opening point kept on both sides that the motion
// left in place, or moved less than kNearlyInPlace of the opening's shorter edge at it, is shared
// by parent and child. The arcs beside it run along a boundary edge from it and get no new
// points (they would enclose a sliver with that edge). A point moved that little would otherwise
// span a sliver cell from the parent's copy to the child's, which crosses the child's own
// triangles beside it (the cactus' sway: 35 frames over DQS + 2 pairs, none with the merge).
// Moving the child's copy onto the parent's bends the child's triangles round it by at most that
// fraction of an edge. (A fraction of the point spacing instead, the mean of the two parts'
// median edges, is far more than the opening's edge where a thin part meets a coarse one: the
// camel's tail, inscribed 0.948 -> 0.815.) A nearly-in-place point is merged only where no
// corner of the cells round it is its neighbour in the parts' mesh other than along that cell's
// boundary edges: a rung between two of one side's vertices would double a mesh edge (where the
// loop has an ear, the patch covered it twice).
std::vector<char> merged_pairs(const GapModel& gap, const GapJoint& joint, const QT& relative,
                               const SideBoundary& parent, const SideBoundary& child,
                               const std::vector<std::pair<int, int>>& pairs) {
  const std::size_t n = pairs.size(), m = joint.loop.size();
  std::vector<char> merged(n, 0);
  for (std::size_t k = 0; k < n; ++k) {
    const int v = parent.loop[pairs[k].first];
    if (v != child.loop[pairs[k].second]) continue;
    const Vec3& rest = gap.rest_positions[v];
    const double moves = (relative.apply_point(rest) - rest).norm();
    if (moves <= 1e-9 * std::max(1.0, (rest - joint.joint).norm())) {
      merged[k] = 1;
      continue;
    }
    const std::size_t at = std::find(joint.loop.begin(), joint.loop.end(), v) - joint.loop.begin();
    if (at == m) continue;  // kept on both sides, so on the opening; never otherwise
    const double shorter_edge = std::min((gap.rest_positions[joint.loop[(at + 1) % m]] - rest).norm(),
                                         (gap.rest_positions[joint.loop[(at + m - 1) % m]] - rest).norm());
    if (moves > kNearlyInPlace * shorter_edge) continue;
    const auto ring_begin = gap.ring.begin() + gap.ring_offset[v], ring_end = gap.ring.begin() + gap.ring_offset[v + 1];
    bool doubles_an_edge = false;
    for (std::size_t q = 0; q < n && !doubles_an_edge; ++q) {
      const int pa = parent.loop[pairs[q].first], pb = parent.loop[pairs[(q + 1) % n].first];
      const int ca = child.loop[pairs[q].second], cb = child.loop[pairs[(q + 1) % n].second];
      if (pa != v && pb != v && ca != v && cb != v) continue;
      for (int x : {pa, pb, ca, cb}) {
        if (x == v || std::find(ring_begin, ring_end, x) == ring_end) continue;
        const bool along_parent = (pa == v && pb == x) || (pb == v && pa == x);
        const bool along_child = (ca == v && cb == x) || (cb == v && ca == x);
        doubles_an_edge |= !along_parent && !along_child;
      }
    }
    merged[k] = !doubles_an_edge;
  }
  return merged;
}

}  // namespace

void blend_arcs(const GapModel& gap, int joint_index, const QT& relative, const SideBoundary& parent,
                const SideBoundary& child, double spacing, bool with_blend, bool point_past_spacing, ArcSet& out) {
  const GapJoint& joint = gap.joints[joint_index];
  const int np = static_cast<int>(parent.loop.size()), nc = static_cast<int>(child.loop.size());
  if (np == 0 || nc == 0) return;
  const Vec3 parent_axis = gap.kernel_centroid[joint.parent] - joint.joint;
  const Vec3 child_axis = relative.apply_point(gap.kernel_centroid[joint.child]) - joint.joint;
  const Vec3 plane_normal = child_axis.cross(parent_axis);
  const double turn = rotation_angle(relative.q);
  const Vec3 rotation_axis =
      relative.q.vec().norm() > 0 ? Vec3(relative.q.vec().normalized()) : Vec3(parent_axis.normalized());
  const std::vector<std::pair<int, int>> pairs =
      match_loops(gap.rest_positions, parent.loop, child.loop, joint.joint, rotation_axis);

  const std::vector<char> merged = merged_pairs(gap, joint, relative, parent, child, pairs);
  std::vector<int> merged_vertices;
  for (std::size_t k = 0; k < pairs.size(); ++k)
    if (merged[k]) merged_vertices.push_back(parent.loop[pairs[k].first]);
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
      sample_qlerp_arc(relative.q, turn, joint.joint, from, spacing, out.points, point_past_spacing);
    } else if (!with_blend) {
      arc.kind = ArcKind::axis;
      ++out.axis;
      sample_evenly(axis_arc(rotation_axis, joint.joint, from, to), spacing, out.points, point_past_spacing);
    } else {
      ArcCurve curve = axis_arc(rotation_axis, joint.joint, from, to);
      const double angle = parent.angle[i] + 0.5 * std::remainder(child.angle[j] - parent.angle[i], kTwoPi);
      const Vec3 opening = opening_point_at(gap, joint, angle);
      const Vec3 middle = 0.5 * (opening + relative.apply_point(opening));
      if (const std::optional<ArcCurve> bezier = bezier_blend(joint.joint, plane_normal, parent_axis, child_axis, from,
                                                              middle, to, BlendRules{.no_loops = true})) {
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
      sample_evenly(curve, spacing, out.points, point_past_spacing);
    }
    arc.count = static_cast<int>(out.points.size()) - arc.first_point;
    out.arcs.push_back(arc);
  }
}

}  // namespace skinlab
