// SPDX-License-Identifier: GPL-3.0-or-later
// Triangulate, the `gap` back end (our departure from [VF08 §4.4.3], which reconstructs a surface
// from the patch points): the new points come as arcs between two known boundary loops, so the
// band between consecutive arcs is zipped directly. Closed and manifold by construction, in time
// linear in the patch.
#pragma once

#include <vector>

#include "skinlab/core/math.hpp"
#include "skinlab/core/tri_mesh.hpp"

namespace skinlab {

/// Zips the strip between two chains of vertex ids that run side by side (each from its
/// parent end to its child end), choosing at each step the shorter diagonal. `position` gives a
/// vertex's position. Triangles keep the orientation (a[i], a[i+1], b[j]) / (a[i], b[j+1], b[j]),
/// or the reverse when `flip`. Chains that share an end meet there in one triangle, never in a
/// fan: a fan would put diagonals from the shared vertex into the next cell's as well.
template <typename Position>
void zip_chains(const std::vector<int>& a, const std::vector<int>& b, const Position& position, bool flip,
                std::vector<Tri>& triangles) {
  const auto emit = [&](int x, int y, int z) {
    if (x == y || y == z || z == x) return;
    triangles.push_back(flip ? Tri{x, z, y} : Tri{x, y, z});
  };
  const bool shared_start = a.front() == b.front(), shared_end = a.back() == b.back();
  if (shared_start && shared_end) return;  // two arcs between the same ends bound nothing
  if ((shared_start || shared_end) && (a.size() < 2 || b.size() < 2)) return;  // a collapsed cell
  std::size_t i = 0, j = 0;
  if (shared_start) {
    emit(a[0], a[1], b[1]);
    i = j = 1;
  }
  const std::size_t last_a = a.size() - (shared_end ? 2 : 1), last_b = b.size() - (shared_end ? 2 : 1);
  while (i < last_a || j < last_b) {
    bool advance_a;
    if (i == last_a)
      advance_a = false;
    else if (j == last_b)
      advance_a = true;
    else
      advance_a =
          (position(a[i + 1]) - position(b[j])).squaredNorm() <= (position(a[i]) - position(b[j + 1])).squaredNorm();
    if (advance_a) {
      emit(a[i], a[i + 1], b[j]);
      ++i;
    } else {
      emit(a[i], b[j + 1], b[j]);
      ++j;
    }
  }
  if (shared_end) emit(a[last_a], a.back(), b[last_b]);
}

}  // namespace skinlab
