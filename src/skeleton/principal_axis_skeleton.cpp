// SPDX-License-Identifier: GPL-3.0-or-later
#include "skinlab/skeleton/principal_axis_skeleton.hpp"

#include <algorithm>
#include <cmath>

#include "skinlab/core/stopwatch.hpp"
#include "skinlab/geometry/line_surface.hpp"
#include "skinlab/skeleton/grouping.hpp"

namespace skinlab {

namespace {

// The segment of the line through `center` along `direction` that lies inside the closed
// surface: the crossings nearest to the centre on either side when the centre is inside;
// otherwise the inside interval nearest to it (parity of the sorted crossings).
std::pair<double, double> clip_line(const Vec3& center, const Vec3& direction, const ComponentSurface& surface,
                                    double diagonal) {
  std::vector<double> hits = line_surface_hits(center, direction, surface.positions, surface.triangles);
  // A line through a shared edge or vertex reports the crossing once per triangle.
  hits.erase(std::unique(hits.begin(), hits.end(), [&](double a, double b) { return b - a < 1e-9 * diagonal; }),
             hits.end());
  if (hits.size() < 2) return {0.0, 0.0};
  if (winding_number(center, surface.positions, surface.triangles) > 0.5) {
    double below = hits.front(), above = hits.back();
    for (double t : hits) {
      if (t <= 0.0) below = t;
      if (t > 0.0) {
        above = t;
        break;
      }
    }
    return {std::min(below, 0.0), std::max(above, 0.0)};
  }
  std::pair<double, double> best{hits[0], hits[1]};
  double best_distance = 1e300;
  for (std::size_t i = 0; i + 1 < hits.size(); i += 2) {
    const double distance = hits[i] > 0 ? hits[i] : (hits[i + 1] < 0 ? -hits[i + 1] : 0.0);
    if (distance < best_distance) {
      best_distance = distance;
      best = {hits[i], hits[i + 1]};
    }
  }
  return best;
}

// An opening centroid's joint with its projection's parameter on PA_KC, clamped to the clip.
struct AxisEntry {
  int joint;
  double t;
};

// The component's opening joints (the parent's first) with their projections, sorted along the axis.
std::vector<AxisEntry> entries_along_axis(SkeletonBuilder& b, int c, const Vec3& kc, const Vec3& axis,
                                          double t_begin, double t_end) {
  std::vector<AxisEntry> entries;
  if (b.parent(c) >= 0) entries.push_back({b.opening_joint(c), 0});
  for (int child : b.children(c)) entries.push_back({b.opening_joint(child), 0});
  for (AxisEntry& e : entries) e.t = std::clamp((b.joint_position(e.joint) - kc).dot(axis), t_begin, t_end);
  std::stable_sort(entries.begin(), entries.end(), [](const AxisEntry& x, const AxisEntry& y) { return x.t < y.t; });
  return entries;
}

// --all-axes: the other two principal directions, clipped, through a joint at the kernel centroid.
void add_other_axes(SkeletonBuilder& b, int c) {
  const ComponentAnalysis& a = b.analysis(c);
  const Vec3& kc = a.kernel.centroid;
  const int center = b.add_joint(kc, JointKind::kernel, c);
  for (int k = 0; k < 3; ++k) {
    if (k == a.frame.principal_axis) continue;
    const Vec3 other = a.frame.directions.col(k);
    const auto [begin, end] = clip_line(kc, other, a.surface, a.diagonal);
    b.add_bone(b.add_joint(kc + begin * other, JointKind::axis_end, c), center, c);
    b.add_bone(center, b.add_joint(kc + end * other, JointKind::axis_end, c), c);
  }
}

}  // namespace

void principal_axis_component(SkeletonBuilder& b, int c) {
  const ComponentAnalysis& a = b.analysis(c);
  ComponentFrame& frame = b.frame(c);
  const Vec3& kc = a.kernel.centroid;
  const Vec3 axis = a.frame.directions.col(a.frame.principal_axis);
  const Stopwatch axes_stopwatch;
  const auto [t_begin, t_end] = clip_line(kc, axis, a.surface, a.diagonal);
  frame.axis_begin = kc + t_begin * axis;
  frame.axis_end = kc + t_end * axis;

  const std::vector<AxisEntry> entries = entries_along_axis(b, c, kc, axis, t_begin, t_end);
  GroupingInput input;
  for (const AxisEntry& e : entries) {
    input.centroids.push_back(b.joint_position(e.joint));
    input.projections.push_back(kc + e.t * axis);
  }
  std::vector<int> links;
  std::vector<double> link_t;
  for (auto [first, last] : group_opening_centroids(input)) {
    double t = 0;
    for (int k = first; k <= last; ++k) t += entries[k].t;
    t /= (last - first + 1);
    links.push_back(b.add_joint(link_point(input, first, last), JointKind::link, c));
    link_t.push_back(t);
    for (int k = first; k <= last; ++k) b.add_bone(entries[k].joint, links.back(), c);
  }
  if (links.empty()) {  // a lone component: its axis through the kernel centroid
    links.push_back(b.add_joint(kc, JointKind::link, c));
    link_t.push_back(0.0);
  }
  for (std::size_t g = 0; g + 1 < links.size(); ++g) b.add_bone(links[g], links[g + 1], c);
  // Connecting rules: an outermost link point reaches for its end of PA_KC unless it is
  // already closer to that end than to the middle of PA_KC.
  const double t_mid = 0.5 * (t_begin + t_end);
  if (std::abs(link_t.front() - t_begin) >= std::abs(link_t.front() - t_mid))
    b.add_bone(links.front(), b.add_joint(frame.axis_begin, JointKind::axis_end, c), c);
  if (std::abs(link_t.back() - t_end) >= std::abs(link_t.back() - t_mid))
    b.add_bone(links.back(), b.add_joint(frame.axis_end, JointKind::axis_end, c), c);

  if (b.parent(c) >= 0) {
    frame.root_joint = b.opening_joint(c);
  } else {
    frame.root_joint = links[(links.size() - 1) / 2];
    b.set_kind(frame.root_joint, JointKind::root);
  }
  if (b.params().all_axes) add_other_axes(b, c);
  b.timings().axes += axes_stopwatch.seconds();
}

}  // namespace skinlab
