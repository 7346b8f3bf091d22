// SPDX-License-Identifier: GPL-3.0-or-later
#include "skinlab/gap/remove_overlap.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>
#include <utility>
#include <vector>

#include "skinlab/core/loop_winding.hpp"
#include "skinlab/gap/folded_fans.hpp"

namespace skinlab {

void RemovalMarks::resize(const GapModel& gap) {
  const std::size_t v = gap.rest_positions.size();
  owner.assign(v, 0);
  child_copy.assign(v, 0);
  visited.assign(v, 0);
  next.assign(v, -1);
  next_set.assign(v, 0);
  gone.assign(gap.triangles.size(), 0);
  flooded.assign(gap.triangles.size(), 0);
}

namespace {

constexpr double kTwoPi = 2 * std::numbers::pi;
// Vertices that may join the removed ones to make the boundary one simple loop.
constexpr int kPinchRounds = 32;
// The largest turn of a joint at which Remove reaches past the other part's box (box_reach).
constexpr double kMostTurnForReach = 115 * std::numbers::pi / 180;

void set_removed(const GapModel& gap, RemovalMarks& marks, int v, int part, unsigned value) {
  const int j = gap.opening_joint[v];
  ((j >= 0 && gap.joints[j].child == part) ? marks.child_copy : marks.owner)[v] = value;
}

// Marks the triangles of `part` around the removed vertices gone.
void mark_gone(const GapModel& gap, int part, RemovalMarks& marks, SideBoundary& out) {
  for (int f : out.gone) marks.gone[f] = 0;
  out.gone.clear();
  for (int v : out.removed)
    for (int i = gap.vertex_triangle_offset[v]; i < gap.vertex_triangle_offset[v + 1]; ++i) {
      const int f = gap.vertex_triangle[i];
      if (gap.triangle_part[f] != part || marks.gone[f] == marks.frame) continue;
      marks.gone[f] = marks.frame;
      out.gone.push_back(f);
    }
}

// The part's kept triangles that the removal cut off from the rest of the part join the removed
// ones: an island the removed vertices ring, or a strip between them and the opening. Either gives
// the kept triangles a boundary of several loops, and the removal was then undone ring by ring
// until it left one: the armadillo's upper arm turned 26° (its wave, frame 5) kept nothing of its
// overlap on either side, and its rigid skin crossed the torso's in 14 pairs. The largest piece of
// kept triangles next to a removed one is the part; the others go, unless one holds another
// opening's collar. Returns whether any went. Every piece is flooded whole, but only when the
// boundary has several loops.
bool remove_islands(const GapModel& gap, int joint_index, int part, RemovalMarks& marks, SideBoundary& out) {
  const auto kept = [&](int f) { return f >= 0 && gap.triangle_part[f] == part && marks.gone[f] != marks.frame; };
  ++marks.visit;
  std::vector<int>& flood = marks.flood;
  flood.clear();
  std::vector<std::pair<int, int>> pieces;  // [begin, end) in `flood`
  for (int g : out.gone)
    for (int k = 0; k < 3; ++k) {
      const int seed = gap.across[3 * g + k];
      if (!kept(seed) || marks.flooded[seed] == marks.visit) continue;
      const int begin = static_cast<int>(flood.size());
      marks.flooded[seed] = marks.visit;
      flood.push_back(seed);
      for (std::size_t head = begin; head < flood.size(); ++head)
        for (int e = 0; e < 3; ++e) {
          const int next = gap.across[3 * flood[head] + e];
          if (!kept(next) || marks.flooded[next] == marks.visit) continue;
          marks.flooded[next] = marks.visit;
          flood.push_back(next);
        }
      pieces.emplace_back(begin, static_cast<int>(flood.size()));
    }
  if (pieces.size() < 2) return false;
  const auto body = std::max_element(pieces.begin(), pieces.end(), [](const auto& a, const auto& b) {
    return a.second - a.first < b.second - b.first;
  });
  const std::size_t removed_before = out.removed.size();
  for (auto piece = pieces.begin(); piece != pieces.end(); ++piece) {
    if (piece == body) continue;
    for (int i = piece->first; i < piece->second; ++i)
      for (int v : gap.triangles[flood[i]]) {
        if (marks.removed_in(gap, v, part)) continue;
        if (gap.opening_collar[v] != -1 && gap.opening_collar[v] != joint_index) return false;
        set_removed(gap, marks, v, part, marks.frame);
        out.removed.push_back(v);
      }
  }
  return out.removed.size() > removed_before;
}

// Removed vertices that share a triangle with another joint's opening come back, so that the
// removal stops one edge short of it. Their triangles reach that opening, and the boundary of what
// is kept runs into the other loop instead of closing; undone ring by ring, the removal kept none
// of its overlap: the armadillo's upper arm, whose elbow opening comes within an edge of its
// shoulder opening, crossed the torso in 29 pairs more than DQS's (its wave, frame 7; 22 once it
// stops short). Returns whether any came back.
bool keep_off_other_openings(const GapModel& gap, int joint_index, int part, RemovalMarks& marks, SideBoundary& out) {
  const std::size_t before = out.removed.size();
  std::erase_if(out.removed, [&](int v) {
    for (int i = gap.vertex_triangle_offset[v]; i < gap.vertex_triangle_offset[v + 1]; ++i) {
      const int f = gap.vertex_triangle[i];
      if (gap.triangle_part[f] != part) continue;
      for (int w : gap.triangles[f])
        if (gap.opening_joint[w] >= 0 && gap.opening_joint[w] != joint_index) {
          set_removed(gap, marks, v, part, 0);
          return true;
        }
    }
    return false;
  });
  return out.removed.size() < before;
}

// Breadth-first from joint `joint_index`'s opening, at most `max_depth` rings deep, the vertices of
// `part` that `overlaps` go, and the search goes on through them. Another opening and the ring
// around it are never removed: each joint keeps a collar of its own. Returns the deepest ring a
// removed vertex lies on, -1 for none.
template <typename Overlaps>
int remove_from_opening(const GapModel& gap, int joint_index, int part, const Overlaps& overlaps, int max_depth,
                        RemovalMarks& marks, SideBoundary& out) {
  ++marks.visit;
  std::vector<int>& queue = marks.queue;
  std::vector<int>& depth = marks.depth;
  queue.clear();
  depth.clear();
  for (int v : gap.joints[joint_index].loop) {
    marks.visited[v] = marks.visit;
    queue.push_back(v);
    depth.push_back(0);
  }
  int deepest = -1;
  for (std::size_t head = 0; head < queue.size(); ++head) {
    const int v = queue[head];
    if (depth[head] > max_depth) break;
    if (gap.opening_collar[v] != -1 && gap.opening_collar[v] != joint_index) continue;
    if (marks.removed_in(gap, v, part) || !overlaps(v)) continue;
    set_removed(gap, marks, v, part, marks.frame);
    out.removed.push_back(v);
    deepest = depth[head];
    for (int i = gap.ring_offset[v]; i < gap.ring_offset[v + 1]; ++i) {
      const int w = gap.ring[i];
      if (marks.visited[w] != marks.visit && gap.in_part(w, part)) {
        marks.visited[w] = marks.visit;
        queue.push_back(w);
        depth.push_back(depth[head] + 1);
      }
    }
  }
  return deepest;
}

// A vertex of `loop` (not another joint's collar) where the part's kept triangles fold back onto
// each other; -1 for none.
int folded_on_loop(const GapModel& gap, int joint_index, int part, const RemovalMarks& marks,
                   const std::vector<int>& loop) {
  const auto kept = [&](int f) { return marks.gone[f] != marks.frame; };
  for (int v : loop)
    if ((gap.folded_fans[v] & folded_fan_bit(gap, v, part)) &&
        (gap.opening_collar[v] == -1 || gap.opening_collar[v] == joint_index) && fan_folds(gap, v, part, kept))
      return v;
  return -1;
}

enum class Trace { loop, pinched, several_loops };

// The boundary of the part's kept triangles at this joint, as one loop in the part's
// orientation: the edges of kept triangles across from gone ones, and the opening's edges whose
// triangle on this side stayed. `pinch` gets a vertex two boundary edges leave.
Trace trace_boundary(const GapModel& gap, const GapJoint& joint, bool child_side, int part, RemovalMarks& marks,
                     const std::vector<int>& gone, std::vector<int>& loop, int& pinch) {
  ++marks.visit;
  std::vector<int>& starts = marks.queue;
  starts.clear();
  bool pinched = false;
  const auto add = [&](int from, int to) {
    if (marks.next_set[from] == marks.visit) {
      pinched = true;
      pinch = from;
      return;
    }
    marks.next_set[from] = marks.visit;
    marks.next[from] = to;
    starts.push_back(from);
  };
  const auto kept = [&](int f) { return f >= 0 && gap.triangle_part[f] == part && marks.gone[f] != marks.frame; };
  for (int f : gone)
    for (int k = 0; k < 3; ++k) {
      const int across = gap.across[3 * f + k];
      // The kept triangle holds the edge the other way round.
      if (kept(across)) add(gap.triangles[f][(k + 1) % 3], gap.triangles[f][k]);
    }
  const int n = static_cast<int>(joint.loop.size());
  const std::vector<int>& edge_triangle = child_side ? joint.child_edge_triangle : joint.parent_edge_triangle;
  for (int i = 0; i < n; ++i) {
    const int f = edge_triangle[i];
    if (!kept(f)) continue;
    const int a = joint.loop[i], b = joint.loop[(i + 1) % n];
    const Tri& t = gap.triangles[f];
    const bool forward = (t[0] == a && t[1] == b) || (t[1] == a && t[2] == b) || (t[2] == a && t[0] == b);
    forward ? add(a, b) : add(b, a);
  }
  if (pinched) return Trace::pinched;
  loop.clear();
  if (starts.empty()) return Trace::several_loops;
  int v = starts.front();
  do {
    loop.push_back(v);
    if (loop.size() > starts.size() || marks.next_set[v] != marks.visit) return Trace::several_loops;
    v = marks.next[v];
  } while (v != starts.front());
  return loop.size() == starts.size() ? Trace::loop : Trace::several_loops;
}

// Orders the loop by increasing angle about the opening, starting at its smallest angle, and
// unwraps the angles so they increase (a loop that turns back is flattened, never reordered).
// With `against`, the loop runs so that its part's triangles run along it exactly when they do
// not along `against` (the other side's loop): the zipped band then agrees with both parts.
void order_by_angle(const GapModel& gap, const GapJoint& joint, std::vector<int>& loop, SideBoundary& out,
                    const SideBoundary* against) {
  const int n = static_cast<int>(loop.size());
  std::vector<double> raw(n);
  for (int i = 0; i < n; ++i) raw[i] = joint.angle_of(gap.rest_positions[loop[i]]);
  out.along_triangles = against ? !against->along_triangles : loop_winding(raw).winding >= 0;
  if (!out.along_triangles) {
    std::reverse(loop.begin(), loop.end());
    std::reverse(raw.begin(), raw.end());
  }
  const int first = static_cast<int>(std::min_element(raw.begin(), raw.end()) - raw.begin());
  out.loop.clear();
  out.angle.clear();
  for (int i = 0; i < n; ++i) {
    const int k = (first + i) % n;
    out.loop.push_back(loop[k]);
    const double a =
        i == 0 ? raw[k] : std::max(out.angle.back(), out.angle.back() + wrap_angle(raw[k] - raw[(k + n - 1) % n]));
    out.angle.push_back(std::min(a, raw[first] + kTwoPi * (1 - 1e-9)));
  }
}

}  // namespace

void remove_overlap(const GapModel& gap, int joint_index, bool child_side, const QT& relative,
                    const RemoveReach& reach_past, RemovalMarks& marks, SideBoundary& out,
                    const SideBoundary* parent_side) {
  const GapJoint& joint = gap.joints[joint_index];
  const int part = child_side ? joint.child : joint.parent;
  const int other = child_side ? joint.parent : joint.child;
  const QT to_other = child_side ? relative : relative.inverse();
  // Inside the other part's box and beyond the opening plane, in the other part's rest frame
  // (the plane's normal points into the child). A point within a millionth of an edge of the
  // plane lies on it: an opening point twisted about the plane's normal stays there, and the
  // rounding of the rig (the last bits of a kernel centroid) must not decide whether it goes.
  // Likewise a point on the box's face is inside it: a ring of the arm bent 90° lies on the
  // forearm's box, and the last bit of the pose's quaternion decided whether it went (the patch
  // then folded beside the bend). `gap` reaches further out (GapOptions::box_reach, half an edge):
  // a vertex that close to the box has triangles, about an edge across, that reach into the other
  // part, and the rigid skin and the patch's cells cross them (the armadillo's wave, frames 7-8:
  // the torso's triangles just outside the short upper arm's box crossed the forearm's skin and the
  // shoulder's patch, 22 pairs over DQS + 2; man's kick, frame 63: a torso triangle at the crotch
  // 0.004 over the thigh's kept boundary). Past a turn of 115° both sides are cut back far
  // already, and the reach took the parent's removal rings deeper still: the patch bridging that
  // longer gap folded (the test arm bent 140-150° and twisted 60-150°: 4-172 pairs, none without;
  // man's and the cow's knees bent 120°: 19 and 13 pairs, none without).
  const double beyond = child_side ? -1.0 : 1.0;
  const double on_plane = 1e-6 * gap.median_edge[part];
  const double turn = rotation_angle(relative.q);
  const double reach = turn <= kMostTurnForReach ? reach_past.box_reach * gap.median_edge[other] : 0.0;
  const auto overlaps = [&](int v) {
    const Vec3 p = to_other.apply_point(gap.rest_positions[v]);
    return obb_contains(gap.obb[other], p, std::max(on_plane, reach)) &&
           beyond * (p - joint.plane.point).dot(joint.plane.normal) > on_plane;
  };

  out.removed.clear();
  out.gone.clear();
  out.clamped = false;
  const int limit = gap.part_vertex_count[part] / 2;
  std::vector<int> loop;
  const auto search = [&](int max_depth) {
    return remove_from_opening(gap, joint_index, part, overlaps, max_depth, marks, out);
  };
  const auto undo = [&] {
    for (int v : out.removed) set_removed(gap, marks, v, part, 0);
    for (int f : out.gone) marks.gone[f] = 0;
    out.removed.clear();
    out.gone.clear();
  };
  // A removal that eats too much of the part, or leaves no single boundary loop even after the
  // pieces it cuts off and the vertices that pinch it join the removed ones, and after it stops
  // short of the other openings, is tried again one ring shallower (clamped).
  for (int max_depth = std::numeric_limits<int>::max();;) {
    const int deepest = search(max_depth);
    bool ok = static_cast<int>(out.removed.size()) <= limit, islands_tried = false, kept_off = false;
    for (int round = 0; ok; ++round) {
      mark_gone(gap, part, marks, out);
      int pinch = -1;
      const Trace trace = trace_boundary(gap, joint, child_side, part, marks, out.gone, loop, pinch);
      if (trace == Trace::loop) {
        const int folded = reach_past.take_folded_fans && round < kPinchRounds
                               ? folded_on_loop(gap, joint_index, part, marks, loop)
                               : -1;
        if (folded < 0) break;
        set_removed(gap, marks, folded, part, marks.frame);
        out.removed.push_back(folded);
        continue;
      }
      if (trace == Trace::several_loops && !islands_tried) {
        islands_tried = true;
        ok = remove_islands(gap, joint_index, part, marks, out) && static_cast<int>(out.removed.size()) <= limit;
        if (!ok && !kept_off) {  // from the search's removal again: remove_islands may have added to it
          undo();
          search(max_depth);
          ok = kept_off = keep_off_other_openings(gap, joint_index, part, marks, out);
          islands_tried = false;
        }
        continue;
      }
      ok = trace == Trace::pinched && round < kPinchRounds &&
           (gap.opening_collar[pinch] == -1 || gap.opening_collar[pinch] == joint_index);
      if (ok) {
        set_removed(gap, marks, pinch, part, marks.frame);
        out.removed.push_back(pinch);
      }
    }
    if (ok) break;
    undo();
    out.clamped = true;
    if (deepest < 0) {  // nothing left to remove: the opening itself is the boundary
      int pinch = -1;
      trace_boundary(gap, joint, child_side, part, marks, out.gone, loop, pinch);
      break;
    }
    max_depth = deepest - 1;
  }
  order_by_angle(gap, joint, loop, out, parent_side);
}

}  // namespace skinlab
