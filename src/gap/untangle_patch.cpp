// SPDX-License-Identifier: GPL-3.0-or-later
#include "skinlab/gap/untangle_patch.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "skinlab/core/triangle_intersection.hpp"

namespace skinlab {

namespace {

Vec3 area_normal(const std::vector<Vec3>& positions, const Tri& t) {
  return (positions[t[1]] - positions[t[0]]).cross(positions[t[2]] - positions[t[0]]);
}

// How many vertices t and u share; `at_t` and `at_u` are then the corners of the last one in each.
int shared_vertices(const Tri& t, const Tri& u, int& at_t, int& at_u) {
  int count = 0;
  for (int a = 0; a < 3; ++a)
    for (int b = 0; b < 3; ++b)
      if (t[a] == u[b]) {
        ++count;
        at_t = a;
        at_u = b;
      }
  return count;
}

// Whether two cells that share one vertex cross beyond it. Fanned about one point, cells can
// overlap: two arcs at one offset along the rotation axis lie in one plane across it, and so do
// the cells between them. Each cell meets the other's plane in a segment from the shared vertex
// (or only there, when its other corners lie on one side), and both segments lie on the line
// the planes share: the cells cross exactly when the segments leave the vertex the same way.
// Cells in nearly one plane go to the separating-axis test, each one's copy of the shared
// vertex pulled a sixteenth of the way to its opposite edge. The shared vertex is corner a of t
// and corner b of u.
bool fanned_cells_cross(const std::vector<Vec3>& positions, const Tri& t, const Tri& u, int a, int b) {
  const Vec3 &v = positions[t[a]], &t1 = positions[t[(a + 1) % 3]], &t2 = positions[t[(a + 2) % 3]];
  const Vec3 &u1 = positions[u[(b + 1) % 3]], &u2 = positions[u[(b + 2) % 3]];
  // The sides first, on the normals as they come (most fanned pairs part here); their lengths only
  // where the sides do not settle it.
  const Vec3 nt = (t1 - v).cross(t2 - v), nu = (u1 - v).cross(u2 - v);
  double s1 = nt.dot(u1 - v), s2 = nt.dot(u2 - v), r1 = nu.dot(t1 - v), r2 = nu.dot(t2 - v);
  if ((s1 > 0 && s2 > 0) || (s1 < 0 && s2 < 0) || (r1 > 0 && r2 > 0) || (r1 < 0 && r2 < 0)) return false;
  const double nt_length = nt.norm(), nu_length = nu.norm();
  s1 /= nt_length;
  s2 /= nt_length;
  r1 /= nu_length;
  r2 /= nu_length;
  constexpr double kFlat = 1e-6;
  if (std::abs(s1 - s2) > kFlat * (u1 - u2).norm() && std::abs(r1 - r2) > kFlat * (t1 - t2).norm()) {
    const Vec3 on_t = t1 + (t2 - t1) * (r1 / (r1 - r2)), on_u = u1 + (u2 - u1) * (s1 / (s1 - s2));
    return (on_t - v).dot(on_u - v) > 0;
  }
  const Vec3 vt = v + ((t1 + t2) / 2 - v) / 16, vu = v + ((u1 + u2) / 2 - v) / 16;
  return triangles_intersect(vt, t1, t2, vu, u1, u2);
}

// Marks the patch triangles with a new point that meet another patch triangle, sharing no vertex
// with it or meeting it beyond the one they share (a cell of the parts' vertices alone cannot
// move): their bounding boxes swept along one axis, each pair whose boxes overlap tested exactly.
// With `obstacles` (triangles outside the patch), only their crossings with the cells that move,
// and those of the patch's fixed cells. With `since` (a record of the same cells), only the pairs
// with a cell whose points moved since it; the other pairs that cross are taken from it (homer's
// thesis clip, frame 2: such a test after the unfolding's steps or the keep-out's moves opens
// 2-44% of the candidate pairs a whole test opens). Without obstacles, the test is left in `s.last`.
void mark_crossings(const std::vector<Vec3>& positions, int first_point, int end_point,
                    const std::vector<Tri>& triangles, int first_triangle, int end_triangle, UntangleScratch& s,
                    const std::vector<int>& obstacles = {}, const CrossingRecord* since = nullptr) {
  const int cells = end_triangle - first_triangle;
  const auto is_new = [&](int v) { return v >= first_point && v < end_point; };
  s.moved.assign(end_point - first_point, 1);
  if (since && since->points.size() != s.moved.size()) since = nullptr;
  if (since)
    for (int v = first_point; v < end_point; ++v)
      s.moved[v - first_point] = positions[v] != since->points[v - first_point];
  s.movable.resize(cells);
  s.boxes.clear();
  const auto add_box = [&](int f, bool active) {
    const Tri& t = triangles[f];
    const Vec3 &a = positions[t[0]], &b = positions[t[1]], &c = positions[t[2]];
    s.boxes.push_back({a.cwiseMin(b).cwiseMin(c), a.cwiseMax(b).cwiseMax(c), f, active});
  };
  for (int f = first_triangle; f < end_triangle; ++f) {
    const Tri& t = triangles[f];
    s.movable[f - first_triangle] = std::any_of(t.begin(), t.end(), is_new);
    add_box(f, std::any_of(t.begin(), t.end(), [&](int v) { return is_new(v) && s.moved[v - first_point]; }));
  }
  for (int f : obstacles) add_box(f, false);
  // Swept along the axis on which the boxes spread most for their lengths: along a limb's ring, its
  // thin axis would keep every box open at once, and of the other two the one the cells are short
  // on opens fewer at once (homer's thesis clip: half the candidate pairs of the axis the boxes
  // spread most on). The unfolding itself sees no obstacles: with the parts' triangles round the
  // patch, 16 fewer of the standard clips' frames over DQS + 2 pairs, but homer's thesis clip at
  // 1.15-1.52 ms a frame.
  Vec3 low = Vec3::Constant(std::numeric_limits<double>::infinity()), high = -low, lengths = Vec3::Zero();
  for (const UntangleScratch::Box& b : s.boxes) {
    low = low.cwiseMin(b.low);
    high = high.cwiseMax(b.high);
    lengths += b.high - b.low;
  }
  int axis = 0;
  (high - low).cwiseQuotient(lengths.cwiseMax(1e-300)).maxCoeff(&axis);
  std::sort(s.boxes.begin(), s.boxes.end(), [axis](const auto& p, const auto& q) { return p.low[axis] < q.low[axis]; });
  const int axis1 = (axis + 1) % 3, axis2 = (axis + 2) % 3;
  s.pairs.clear();
  const auto test = [&](const UntangleScratch::Box& p, const UntangleScratch::Box& q) {
    if (q.low[axis1] > p.high[axis1] || p.low[axis1] > q.high[axis1] || q.low[axis2] > p.high[axis2] ||
        p.low[axis2] > q.high[axis2])
      return;
    const Tri &t = triangles[p.triangle], &u = triangles[q.triangle];
    if (!cells_cross(positions, t, u)) return;
    int at_t = 0, at_u = 0;
    s.pairs.push_back(
        {p.triangle - first_triangle, q.triangle - first_triangle, shared_vertices(t, u, at_t, at_u) == 0});
  };
  // The active boxes and the others, each in the sweep's order; two boxes overlap on the axis when
  // one's low end lies within the other's extent. Pairs of two others, and with obstacles pairs of
  // two active ones, are never opened (with obstacles, the sweep over every box opened 20 times
  // the pairs it tested).
  s.active_boxes.clear();
  s.other_boxes.clear();
  for (const UntangleScratch::Box& b : s.boxes) (b.active ? s.active_boxes : s.other_boxes).push_back(&b);
  const std::vector<const UntangleScratch::Box*>&active = s.active_boxes, &other = s.other_boxes;
  if (obstacles.empty())
    for (std::size_t i = 0; i < active.size(); ++i)
      for (std::size_t j = i + 1; j < active.size() && active[j]->low[axis] <= active[i]->high[axis]; ++j)
        test(*active[i], *active[j]);
  // Other boxes whose low end is at or past an active box's, then active boxes whose low end is
  // past another box's.
  for (std::size_t i = 0, first = 0; i < active.size(); ++i) {
    while (first < other.size() && other[first]->low[axis] < active[i]->low[axis]) ++first;
    for (std::size_t j = first; j < other.size() && other[j]->low[axis] <= active[i]->high[axis]; ++j)
      test(*active[i], *other[j]);
  }
  for (std::size_t i = 0, first = 0; i < other.size(); ++i) {
    while (first < active.size() && active[first]->low[axis] <= other[i]->low[axis]) ++first;
    for (std::size_t j = first; j < active.size() && active[j]->low[axis] <= other[i]->high[axis]; ++j)
      test(*other[i], *active[j]);
  }
  const auto moves = [&](int cell) {
    const Tri& t = triangles[first_triangle + cell];
    return std::any_of(t.begin(), t.end(), [&](int v) { return is_new(v) && s.moved[v - first_point]; });
  };
  if (since)
    for (const CrossingRecord::Pair& pair : since->pairs)
      if (!moves(pair.first) && !moves(pair.second)) s.pairs.push_back(pair);
  s.crossed.assign(cells, 0);
  s.crossing_apart = false;
  for (const CrossingRecord::Pair& pair : s.pairs) {
    s.crossing_apart |= pair.apart;
    for (int cell : {pair.first, pair.second})
      if (cell >= 0 && cell < cells && s.movable[cell]) s.crossed[cell] = 1;
  }
  if (!obstacles.empty()) return;
  std::swap(s.last.pairs, s.pairs);
  s.last.points.assign(positions.begin() + first_point, positions.begin() + end_point);
}

// Marks the new points of the folded triangles; returns how many triangles are folded: by the
// normal tests, or with `crossings`, by the crossings alone (with `since_last`, only the pairs
// with a cell moved since the last crossing test of these cells tested again).
int mark_folds(const std::vector<Vec3>& positions, int first_point, int end_point, const std::vector<Tri>& triangles,
               int first_triangle, int end_triangle, const Vec3& center, bool crossings, bool since_last,
               UntangleScratch& s) {
  const auto is_new = [&](int v) { return v >= first_point && v < end_point; };
  s.folded.assign(end_point - first_point, 0);
  if (crossings) {
    mark_crossings(positions, first_point, end_point, triangles, first_triangle, end_triangle, s, {},
                   since_last ? &s.last : nullptr);
  } else {
    s.fan_normal.assign(end_point - first_point, Vec3::Zero());
    s.cell_normal.resize(end_triangle - first_triangle);
    for (int f = first_triangle; f < end_triangle; ++f) {
      const Vec3& n = s.cell_normal[f - first_triangle] = area_normal(positions, triangles[f]);
      for (int v : triangles[f])
        if (is_new(v)) s.fan_normal[v - first_point] += n;
    }
  }
  int folds = 0;
  for (int f = first_triangle; f < end_triangle; ++f) {
    const Tri& t = triangles[f];
    bool fold = false, movable = false;
    if (crossings) {
      fold = s.crossed[f - first_triangle] != 0;
    } else {
      const Vec3& n = s.cell_normal[f - first_triangle];
      fold = n.dot((positions[t[0]] + positions[t[1]] + positions[t[2]]) / 3 - center) <= 0;
      for (int v : t) fold |= is_new(v) && n.dot(s.fan_normal[v - first_point]) <= 0;
    }
    for (int v : t) movable |= is_new(v);
    // A cell of the parts' boundary vertices alone (between two arcs with no new points) cannot
    // move: it is left as it is.
    if (!fold || !movable) continue;
    ++folds;
    for (int v : t)
      if (is_new(v)) s.folded[v - first_point] = 1;
  }
  return folds;
}

// One full umbrella step over the new points of the folded triangles and one ring more: a fold's
// own points alone are pinned by the folded cells around them.
void umbrella_step(std::vector<Vec3>& positions, int first_point, int end_point, const std::vector<Tri>& triangles,
                   int first_triangle, int end_triangle, UntangleScratch& s) {
  const auto is_new = [&](int v) { return v >= first_point && v < end_point; };
  s.grown = s.folded;
  for (int f = first_triangle; f < end_triangle; ++f) {
    const Tri& t = triangles[f];
    bool touches = false;
    for (int v : t) touches |= is_new(v) && s.folded[v - first_point];
    if (touches)
      for (int v : t)
        if (is_new(v)) s.grown[v - first_point] = 1;
  }
  s.sum.assign(end_point - first_point, Vec3::Zero());
  s.count.assign(end_point - first_point, 0);
  for (int f = first_triangle; f < end_triangle; ++f) {
    const Tri& t = triangles[f];
    for (int k = 0; k < 3; ++k) {
      if (!is_new(t[k]) || !s.grown[t[k] - first_point]) continue;
      s.sum[t[k] - first_point] += positions[t[(k + 1) % 3]] + positions[t[(k + 2) % 3]];
      s.count[t[k] - first_point] += 2;
    }
  }
  for (int v = first_point; v < end_point; ++v)
    if (s.count[v - first_point] > 0) positions[v] = s.sum[v - first_point] / s.count[v - first_point];
}

}  // namespace

bool cells_cross(const std::vector<Vec3>& positions, const Tri& t, const Tri& u) {
  int at_t = 0, at_u = 0;
  const int shared = shared_vertices(t, u, at_t, at_u);
  if (shared > 1) return false;
  if (shared == 1) return fanned_cells_cross(positions, t, u, at_t, at_u);
  return triangles_intersect(positions[t[0]], positions[t[1]], positions[t[2]], positions[u[0]], positions[u[1]],
                             positions[u[2]]);
}

namespace {

// untangle_patch, or with `crossings` false its first phase alone.
int untangle(std::vector<Vec3>& positions, int first_point, int end_point, const std::vector<Tri>& triangles,
             int first_triangle, int end_triangle, const Vec3& center, int max_steps, int patience, bool crossings,
             UntangleScratch& s) {
  // The normal tests first, as they are cheap; then the crossings that are left, with steps of
  // their own (a valley the normal tests give up on would otherwise keep the costly crossing
  // test running to the patience). Crossings about a shared vertex alone get one step that does
  // not lower them, not `patience`: steps seldom part cells fanned in one plane, and each costs
  // a crossing test (homer's thesis clip, frame 2: three such steps, 0.3 ms).
  // The crossings left are those of the last crossing test, unless a step moved the points after it.
  // Each crossing test after the first tests again only the pairs with a cell the steps moved.
  int steps = 0;
  bool left_measured = false, tested = false;
  for (int phase = 0; phase < (crossings ? 2 : 1); ++phase) {
    const bool crossing_phase = phase == 1;
    int fewest = std::numeric_limits<int>::max(), stale = 0;
    for (; steps < max_steps; ++steps) {
      const int folds = mark_folds(positions, first_point, end_point, triangles, first_triangle, end_triangle, center,
                                   crossing_phase, tested, s);
      tested |= crossing_phase;
      left_measured = crossing_phase;
      s.crossed_left = folds;
      if (folds == 0) break;
      if (folds < fewest) {
        fewest = folds;
        stale = 0;
      } else if (++stale >= (crossing_phase && !s.crossing_apart ? 1 : patience)) {
        break;
      }
      umbrella_step(positions, first_point, end_point, triangles, first_triangle, end_triangle, s);
      left_measured = false;
    }
  }
  if (crossings && !left_measured)
    s.crossed_left =
        mark_folds(positions, first_point, end_point, triangles, first_triangle, end_triangle, center, true, tested, s);
  return steps;
}

}  // namespace

int untangle_patch(std::vector<Vec3>& positions, int first_point, int end_point, const std::vector<Tri>& triangles,
                   int first_triangle, int end_triangle, const Vec3& center, int max_steps, int patience,
                   UntangleScratch& scratch) {
  return untangle(positions, first_point, end_point, triangles, first_triangle, end_triangle, center, max_steps,
                  patience, true, scratch);
}

int unfold_turned_cells(std::vector<Vec3>& positions, int first_point, int end_point, const std::vector<Tri>& triangles,
                        int first_triangle, int end_triangle, const Vec3& center, int max_steps, int patience,
                        UntangleScratch& scratch) {
  return untangle(positions, first_point, end_point, triangles, first_triangle, end_triangle, center, max_steps,
                  patience, false, scratch);
}

int cells_crossing_fixed_triangles(const std::vector<Vec3>& positions, int first_point, int end_point,
                                   const std::vector<Tri>& triangles, int first_triangle, int end_triangle,
                                   const std::vector<int>& obstacles, UntangleScratch& scratch) {
  mark_crossings(positions, first_point, end_point, triangles, first_triangle, end_triangle, scratch, obstacles);
  return static_cast<int>(std::count(scratch.crossed.begin(), scratch.crossed.end(), 1));
}

int crossed_patch_cells(const std::vector<Vec3>& positions, int first_point, int end_point,
                        const std::vector<Tri>& triangles, int first_triangle, int end_triangle,
                        const CrossingRecord& since, UntangleScratch& scratch) {
  mark_crossings(positions, first_point, end_point, triangles, first_triangle, end_triangle, scratch, {}, &since);
  return static_cast<int>(std::count(scratch.crossed.begin(), scratch.crossed.end(), 1));
}

int count_crossed_cells(const std::vector<Vec3>& positions, const std::vector<Tri>& triangles,
                        UntangleScratch& scratch) {
  mark_crossings(positions, 0, static_cast<int>(positions.size()), triangles, 0, static_cast<int>(triangles.size()),
                 scratch);
  return static_cast<int>(std::count(scratch.crossed.begin(), scratch.crossed.end(), 1));
}

}  // namespace skinlab
