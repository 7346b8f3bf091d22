// SPDX-License-Identifier: GPL-3.0-or-later
#include "skinlab/segmentation/border_loop.hpp"

#include <algorithm>
#include <cstdint>
#include <unordered_map>

namespace skinlab {

namespace {

std::uint64_t edge_key(int a, int b) {
  return (static_cast<std::uint64_t>(std::min(a, b)) << 32) | static_cast<std::uint32_t>(std::max(a, b));
}

}  // namespace

bool border_is_one_simple_loop(const TriMesh& mesh, const std::vector<int>& face_label, int a, int b) {
  std::unordered_map<std::uint64_t, int> first_label;
  std::unordered_map<int, std::vector<int>> next;
  for (std::size_t f = 0; f < mesh.triangles.size(); ++f) {
    const int l = face_label[f];
    if (l != a && l != b) continue;
    for (int i = 0; i < 3; ++i) {
      const int u = mesh.triangles[f][i], v = mesh.triangles[f][(i + 1) % 3];
      const auto [it, added] = first_label.emplace(edge_key(u, v), l);
      if (!added && it->second != l) {
        next[u].push_back(v);
        next[v].push_back(u);
      }
    }
  }
  if (next.size() < 3) return false;
  for (const auto& [v, n] : next)
    if (n.size() != 2) return false;
  int length = 0;
  for (int prev = -1, v = next.begin()->first;;) {
    const int w = next[v][0] != prev ? next[v][0] : next[v][1];
    prev = v;
    v = w;
    ++length;
    if (v == next.begin()->first) break;
  }
  return length == static_cast<int>(next.size());
}

}  // namespace skinlab
