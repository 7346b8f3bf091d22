// SPDX-License-Identifier: GPL-3.0-or-later
#include "skinlab/gap/flip_folded_cells.hpp"

#include <algorithm>
#include <cmath>
#include <tuple>

#include "skinlab/gap/untangle_patch.hpp"

namespace skinlab {

namespace {

Vec3 area_normal(const std::vector<Vec3>& positions, const Tri& t) {
  return (positions[t[1]] - positions[t[0]]).cross(positions[t[2]] - positions[t[0]]);
}

// Cells tf = (u, v, x) and tg = (v, u, y), which share the edge {low, high}, cover the quad u, y,
// v, x; its other diagonal x-y gives `first` = (u, y, x) and `second` = (y, v, x), the quad's
// orientation kept. False where those two would face opposite ways, or where x-y is an edge of a
// triangle before `end_triangle` already: any triangle so far counts, not the patch's alone (a
// merged opening point belongs to the parent but is a corner of the child's triangles too), but
// only the patch's, from `first_triangle`, where x or y is a new point (`is_new`), which no other
// triangle has for a corner.
template <class IsNew>
bool turn_shared_edge(const std::vector<Vec3>& positions, const std::vector<Tri>& triangles, int first_triangle,
                      int end_triangle, const IsNew& is_new, const Tri& tf, const Tri& tg, int low, int high,
                      Tri& first, Tri& second) {
  int c = 0;
  while (std::min(tf[c], tf[(c + 1) % 3]) != low || std::max(tf[c], tf[(c + 1) % 3]) != high) ++c;
  const int u = tf[c], v = tf[(c + 1) % 3], x = tf[(c + 2) % 3];
  const int y = tg[0] + tg[1] + tg[2] - u - v;
  first = {u, y, x};
  second = {y, v, x};
  if (area_normal(positions, first).dot(area_normal(positions, second)) <= 0) return false;
  for (int f = is_new(x) || is_new(y) ? first_triangle : 0; f < end_triangle; ++f) {
    const Tri& t = triangles[f];
    if (std::find(t.begin(), t.end(), x) != t.end() && std::find(t.begin(), t.end(), y) != t.end()) return false;
  }
  return true;
}

}  // namespace

int flip_folded_fixed_cells(const std::vector<Vec3>& positions, int first_point, int end_point,
                            std::vector<Tri>& triangles, int first_triangle, int end_triangle) {
  const auto is_new = [&](int v) { return v >= first_point && v < end_point; };
  const auto normal = [&](const Tri& t) { return area_normal(positions, t); };
  // The fixed cells' sides, sorted so that the two cells of an edge come together. Few cells are
  // fixed (arcs shorter than the points' spacing), so the sort costs little.
  struct Side {
    int low, high, cell;
  };
  std::vector<Side> sides;
  for (int f = first_triangle; f < end_triangle; ++f) {
    const Tri& t = triangles[f];
    if (std::any_of(t.begin(), t.end(), is_new)) continue;
    for (int c = 0; c < 3; ++c) sides.push_back({std::min(t[c], t[(c + 1) % 3]), std::max(t[c], t[(c + 1) % 3]), f});
  }
  std::sort(sides.begin(), sides.end(), [](const Side& p, const Side& q) {
    return std::tie(p.low, p.high, p.cell) < std::tie(q.low, q.high, q.cell);
  });
  std::vector<int> turned;
  const auto has_turned = [&](int f) { return std::find(turned.begin(), turned.end(), f) != turned.end(); };
  for (std::size_t i = 0; i + 1 < sides.size(); ++i) {
    const Side &p = sides[i], &q = sides[i + 1];
    if (p.low != q.low || p.high != q.high || has_turned(p.cell) || has_turned(q.cell)) continue;
    Tri &tf = triangles[p.cell], &tg = triangles[q.cell];
    if (normal(tf).dot(normal(tg)) >= 0) continue;
    Tri first, second;
    if (!turn_shared_edge(positions, triangles, first_triangle, end_triangle, is_new, tf, tg, p.low, p.high, first,
                          second))
      continue;
    tf = first;
    tg = second;
    turned.push_back(p.cell);
    turned.push_back(q.cell);
  }
  return static_cast<int>(turned.size()) / 2;
}

namespace {

// turn_crossing_fixed_cells and turn_crossing_cells: the cells tried are the fixed ones only, or
// every one.
int turn_crossing(const std::vector<Vec3>& positions, int first_point, int end_point, std::vector<Tri>& triangles,
                  int first_triangle, int end_triangle, int parts_end, FixedCellScratch& scratch, bool fixed_only) {
  const auto is_new = [&](int v) { return v >= first_point && v < end_point; };
  const auto tried = [&](int f) {
    return !fixed_only || std::none_of(triangles[f].begin(), triangles[f].end(), is_new);
  };
  const auto box_of = [&](const Tri& t) -> FixedCellScratch::Box {
    const Vec3 &a = positions[t[0]], &b = positions[t[1]], &c = positions[t[2]];
    return {a.cwiseMin(b).cwiseMin(c), a.cwiseMax(b).cwiseMax(c), -1};
  };
  const auto overlap = [](const FixedCellScratch::Box& p, const FixedCellScratch::Box& q) {
    return (p.low.array() <= q.high.array()).all() && (q.low.array() <= p.high.array()).all();
  };
  // What a turned cell must not cross: the patch's cells, and once a tried cell crosses one of
  // them, the parts' triangles round the crossing tried cells too. A tried cell that crosses only
  // the parts' triangles is passed over: finding those would scan every kept triangle for each
  // patch, and fixed cells are common (homer's thesis clip: up to 58 of a patch's 183), which cost
  // the clip 0.3 ms a frame.
  std::vector<FixedCellScratch::Box>& boxes = scratch.boxes;
  boxes.clear();
  for (int f = first_triangle; f < end_triangle; ++f) {
    boxes.push_back(box_of(triangles[f]));
    boxes.back().triangle = f;
  }
  const auto crossings = [&](const Tri& t, int f, int g) {
    const FixedCellScratch::Box box = box_of(t);
    int count = 0;
    for (const FixedCellScratch::Box& b : boxes)
      count +=
          b.triangle != f && b.triangle != g && overlap(box, b) && cells_cross(positions, t, triangles[b.triangle]);
    return count;
  };
  FixedCellScratch::Box crossing = {Vec3::Constant(HUGE_VAL), Vec3::Constant(-HUGE_VAL), -1};
  for (int f = first_triangle; f < end_triangle; ++f)
    if (tried(f) && crossings(triangles[f], f, -1) > 0) {
      const FixedCellScratch::Box box = box_of(triangles[f]);
      crossing.low = crossing.low.cwiseMin(box.low);
      crossing.high = crossing.high.cwiseMax(box.high);
    }
  if (!(crossing.low.array() <= crossing.high.array()).all()) return 0;
  for (int f = 0; f < parts_end; ++f) {
    FixedCellScratch::Box box = box_of(triangles[f]);
    box.triangle = f;
    if (overlap(box, crossing)) boxes.push_back(box);
  }
  int turns = 0;
  for (int f = first_triangle; f < end_triangle; ++f) {
    if (!tried(f) || crossings(triangles[f], f, -1) == 0) continue;
    for (int g = first_triangle; g < end_triangle; ++g) {
      const Tri &tf = triangles[f], &tg = triangles[g];
      int shared[2], count = 0;
      for (int v : tf)
        if (count < 2 && std::find(tg.begin(), tg.end(), v) != tg.end()) shared[count++] = v;
      if (g == f || count != 2) continue;
      Tri first, second;
      if (!turn_shared_edge(positions, triangles, first_triangle, end_triangle, is_new, tf, tg,
                            std::min(shared[0], shared[1]), std::max(shared[0], shared[1]), first, second))
        continue;
      if (crossings(first, f, g) + crossings(second, f, g) >= crossings(tf, f, g) + crossings(tg, f, g)) continue;
      // The turned cells' boxes, for the cells tried after them.
      for (FixedCellScratch::Box& b : boxes)
        if (b.triangle == f || b.triangle == g) {
          const int cell = b.triangle;
          b = box_of(cell == f ? first : second);
          b.triangle = cell;
        }
      triangles[f] = first;
      triangles[g] = second;
      ++turns;
      break;
    }
  }
  return turns;
}

}  // namespace

int turn_crossing_fixed_cells(const std::vector<Vec3>& positions, int first_point, int end_point,
                              std::vector<Tri>& triangles, int first_triangle, int end_triangle, int parts_end,
                              FixedCellScratch& scratch) {
  return turn_crossing(positions, first_point, end_point, triangles, first_triangle, end_triangle, parts_end, scratch,
                       true);
}

int turn_crossing_cells(const std::vector<Vec3>& positions, int first_point, int end_point, std::vector<Tri>& triangles,
                        int first_triangle, int end_triangle, int parts_end, FixedCellScratch& scratch) {
  return turn_crossing(positions, first_point, end_point, triangles, first_triangle, end_triangle, parts_end, scratch,
                       false);
}

}  // namespace skinlab
