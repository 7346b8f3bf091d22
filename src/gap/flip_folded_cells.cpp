// SPDX-License-Identifier: GPL-3.0-or-later
#include "skinlab/gap/flip_folded_cells.hpp"

#include <algorithm>
#include <tuple>

namespace skinlab {

int flip_folded_fixed_cells(const std::vector<Vec3>& positions, int first_point, int end_point,
                            std::vector<Tri>& triangles, int first_triangle, int end_triangle) {
  const auto is_new = [&](int v) { return v >= first_point && v < end_point; };
  const auto normal = [&](const Tri& t) {
    return (positions[t[1]] - positions[t[0]]).cross(positions[t[2]] - positions[t[0]]);
  };
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
  // Any triangle so far counts, not the patch's alone: a merged opening point belongs to the
  // parent but is a corner of the child's triangles too.
  const auto is_edge = [&](int x, int y) {
    for (int f = 0; f < end_triangle; ++f) {
      const Tri& t = triangles[f];
      if (std::find(t.begin(), t.end(), x) != t.end() && std::find(t.begin(), t.end(), y) != t.end()) return true;
    }
    return false;
  };
  std::vector<int> turned;
  const auto has_turned = [&](int f) { return std::find(turned.begin(), turned.end(), f) != turned.end(); };
  for (std::size_t i = 0; i + 1 < sides.size(); ++i) {
    const Side &p = sides[i], &q = sides[i + 1];
    if (p.low != q.low || p.high != q.high || has_turned(p.cell) || has_turned(q.cell)) continue;
    Tri &tf = triangles[p.cell], &tg = triangles[q.cell];
    if (normal(tf).dot(normal(tg)) >= 0) continue;
    // tf = (u, v, x) and tg = (v, u, y) cover the quad u, y, v, x; its other diagonal is x-y.
    int c = 0;
    while (std::min(tf[c], tf[(c + 1) % 3]) != p.low || std::max(tf[c], tf[(c + 1) % 3]) != p.high) ++c;
    const int u = tf[c], v = tf[(c + 1) % 3], x = tf[(c + 2) % 3];
    const int y = tg[0] + tg[1] + tg[2] - u - v;
    const Tri first{u, y, x}, second{y, v, x};
    if (normal(first).dot(normal(second)) <= 0 || is_edge(x, y)) continue;
    tf = first;
    tg = second;
    turned.push_back(p.cell);
    turned.push_back(q.cell);
  }
  return static_cast<int>(turned.size()) / 2;
}

}  // namespace skinlab
