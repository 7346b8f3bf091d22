// SPDX-License-Identifier: GPL-3.0-or-later
#include "skinlab/geometry/geodesic_distance.hpp"

#include <functional>
#include <limits>
#include <queue>

namespace skinlab {

std::vector<double> geodesic_distances(const TriMesh& mesh, const std::vector<std::vector<int>>& rings,
                                       const std::vector<int>& sources) {
  std::vector<double> dist(mesh.positions.size(), std::numeric_limits<double>::infinity());
  using Item = std::pair<double, int>;
  std::priority_queue<Item, std::vector<Item>, std::greater<Item>> queue;
  for (int s : sources) {
    dist[s] = 0.0;
    queue.push({0.0, s});
  }
  while (!queue.empty()) {
    const auto [d, v] = queue.top();
    queue.pop();
    if (d > dist[v]) continue;
    for (int w : rings[v]) {
      const double nd = d + (mesh.positions[v] - mesh.positions[w]).norm();
      if (nd < dist[w]) {
        dist[w] = nd;
        queue.push({nd, w});
      }
    }
  }
  return dist;
}

}  // namespace skinlab
