// SPDX-License-Identifier: GPL-3.0-or-later
#include "skinlab/core/edge_defects.hpp"

#include <algorithm>
#include <cstdint>

namespace skinlab {

EdgeDefects edge_defects(const std::vector<Tri>& triangles) {
  // Each directed edge as (low, high, direction), sorted so an undirected edge's uses are adjacent.
  std::vector<std::uint64_t> keys;
  keys.reserve(3 * triangles.size());
  int max_vertex = 0;
  for (const Tri& t : triangles)
    for (int k = 0; k < 3; ++k) {
      const int a = t[k], b = t[(k + 1) % 3];
      const std::uint64_t low = std::min(a, b), high = std::max(a, b);
      keys.push_back((low << 33) | (high << 1) | (a < b ? 0u : 1u));
      max_vertex = std::max({max_vertex, a, b});
    }
  std::sort(keys.begin(), keys.end());
  EdgeDefects d;
  for (std::size_t i = 0; i < keys.size();) {
    std::size_t j = i;
    int forward = 0, backward = 0;
    while (j < keys.size() && (keys[j] >> 1) == (keys[i] >> 1)) (keys[j++] & 1 ? backward : forward)++;
    ++d.edges;
    if (j - i == 1)
      ++d.boundary_edges;
    else if (j - i > 2) {
      if (d.non_manifold_edges++ == 0) {
        d.non_manifold_edge = {static_cast<int>(keys[i] >> 33), static_cast<int>((keys[i] >> 1) & 0xffffffffu)};
        d.non_manifold_edge_triangles = static_cast<int>(j - i);
      }
    } else if (forward != 1)
      ++d.misoriented_edges;
    i = j;
  }
  std::vector<char> used(triangles.empty() ? 0 : max_vertex + 1, 0);
  int vertices = 0;
  for (const Tri& t : triangles)
    for (int v : t)
      if (!used[v]) used[v] = 1, ++vertices;
  d.euler_characteristic = vertices - d.edges + static_cast<int>(triangles.size());
  return d;
}

}  // namespace skinlab
