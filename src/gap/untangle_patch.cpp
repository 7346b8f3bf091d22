// SPDX-License-Identifier: GPL-3.0-or-later
#include "skinlab/gap/untangle_patch.hpp"

#include <limits>

namespace skinlab {

namespace {

Vec3 area_normal(const std::vector<Vec3>& positions, const Tri& t) {
  return (positions[t[1]] - positions[t[0]]).cross(positions[t[2]] - positions[t[0]]);
}

// Marks the new points of the folded triangles; returns how many triangles are folded.
int mark_folds(const std::vector<Vec3>& positions, int first_point, int end_point, const std::vector<Tri>& triangles,
               int first_triangle, int end_triangle, const Vec3& center, UntangleScratch& s) {
  const auto is_new = [&](int v) { return v >= first_point && v < end_point; };
  s.fan_normal.assign(end_point - first_point, Vec3::Zero());
  s.folded.assign(end_point - first_point, 0);
  for (int f = first_triangle; f < end_triangle; ++f) {
    const Vec3 n = area_normal(positions, triangles[f]);
    for (int v : triangles[f])
      if (is_new(v)) s.fan_normal[v - first_point] += n;
  }
  int folds = 0;
  for (int f = first_triangle; f < end_triangle; ++f) {
    const Tri& t = triangles[f];
    const Vec3 n = area_normal(positions, t);
    bool fold = n.dot((positions[t[0]] + positions[t[1]] + positions[t[2]]) / 3 - center) <= 0;
    bool movable = false;
    for (int v : t) {
      fold |= is_new(v) && n.dot(s.fan_normal[v - first_point]) <= 0;
      movable |= is_new(v);
    }
    // A cell of the parts' boundary vertices alone (between two arcs with no new points) cannot
    // move: it is left as it is.
    if (!fold || !movable) continue;
    ++folds;
    for (int v : t)
      if (is_new(v)) s.folded[v - first_point] = 1;
  }
  return folds;
}

}  // namespace

int untangle_patch(std::vector<Vec3>& positions, int first_point, int end_point, const std::vector<Tri>& triangles,
                   int first_triangle, int end_triangle, const Vec3& center, int max_steps, int patience,
                   UntangleScratch& s) {
  const auto is_new = [&](int v) { return v >= first_point && v < end_point; };
  int steps = 0, fewest = std::numeric_limits<int>::max(), stale = 0;
  for (; steps < max_steps; ++steps) {
    const int folds = mark_folds(positions, first_point, end_point, triangles, first_triangle, end_triangle, center, s);
    if (folds == 0) break;
    if (folds < fewest) {
      fewest = folds;
      stale = 0;
    } else if (++stale >= patience) {
      break;
    }
    // One ring more: a fold's own points alone are pinned by the folded cells around them.
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
  return steps;
}

}  // namespace skinlab
