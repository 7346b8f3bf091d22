#include "segmentation/mesh_checks.hpp"

#include <cstdint>
#include <map>
#include <numeric>
#include <unordered_map>

#include "core/disjoint_sets.hpp"
#include "core/error.hpp"

namespace skinlab {

void check_closed_genus0(const TriMesh& mesh, const std::string& source) {
  const int nv = mesh.num_vertices(), nf = mesh.num_triangles();
  if (nf == 0) throw InputError(source + ": the mesh has no triangles");
  std::unordered_map<std::uint64_t, int> edge_count;
  for (const Tri& t : mesh.triangles)
    for (int i = 0; i < 3; ++i) {
      const auto u = static_cast<std::uint64_t>(std::min(t[i], t[(i + 1) % 3]));
      const auto v = static_cast<std::uint64_t>(std::max(t[i], t[(i + 1) % 3]));
      ++edge_count[(u << 32) | v];
    }
  int boundary = 0;
  for (const auto& [key, count] : edge_count) {
    if (count > 2)
      throw InputError(source + ": not manifold: edge (" + std::to_string(key >> 32) + ", " +
                       std::to_string(key & 0xffffffffu) + ") has " + std::to_string(count) + " triangles");
    if (count == 1) ++boundary;
  }
  // Connected through shared vertices.
  std::vector<int> up(nv);
  std::iota(up.begin(), up.end(), 0);
  std::vector<char> used(nv, 0);
  for (const Tri& t : mesh.triangles) {
    for (int v : t) used[v] = 1;
    up[find_root(up, t[0])] = find_root(up, t[1]);
    up[find_root(up, t[1])] = find_root(up, t[2]);
  }
  int pieces = 0, used_vertices = 0;
  for (int v = 0; v < nv; ++v)
    if (used[v]) {
      ++used_vertices;
      if (find_root(up, v) == v) ++pieces;
    }
  if (pieces > 1) throw InputError(source + ": not connected: " + std::to_string(pieces) + " separate surfaces");
  if (boundary > 0)
    throw InputError(source + ": not closed: " + std::to_string(boundary) +
                     " boundary edges (holes; `skinlab segment --fill-holes` closes them)");
  // Each vertex's triangles must form one fan: their opposite edges one cycle.
  std::vector<std::vector<std::pair<int, int>>> link(nv);
  for (const Tri& t : mesh.triangles)
    for (int i = 0; i < 3; ++i) link[t[i]].push_back({t[(i + 1) % 3], t[(i + 2) % 3]});
  for (int v = 0; v < nv; ++v) {
    if (link[v].empty()) continue;
    std::map<int, int> next;
    for (auto [a, b] : link[v]) next[a] = b;
    int steps = 1, cur = next[link[v][0].first];
    while (cur != link[v][0].first && steps <= static_cast<int>(link[v].size())) {
      cur = next[cur];
      ++steps;
    }
    if (steps != static_cast<int>(link[v].size()))
      throw InputError(source + ": not manifold: the triangles around vertex " + std::to_string(v) +
                       " form more than one fan");
  }
  const long euler = static_cast<long>(used_vertices) - static_cast<long>(edge_count.size()) + nf;
  if (euler != 2)
    throw InputError(source + ": not genus 0: Euler characteristic " + std::to_string(euler) + ", genus " +
                     std::to_string((2 - euler) / 2) + " (a closed surface with handles)");
}

}  // namespace skinlab
