// SPDX-License-Identifier: GPL-3.0-or-later
#include "skinlab/segmentation/mesh_checks.hpp"

#include <map>
#include <numeric>

#include "skinlab/core/disjoint_sets.hpp"
#include "skinlab/core/edge_defects.hpp"
#include "skinlab/core/error.hpp"

namespace skinlab {

void check_closed_genus0(const TriMesh& mesh, const std::string& source) {
  const int nv = mesh.num_vertices(), nf = mesh.num_triangles();
  if (nf == 0) throw InputError(source + ": the mesh has no triangles");
  const EdgeDefects edges = edge_defects(mesh.triangles);
  if (edges.non_manifold_edges > 0)
    throw InputError(source + ": not manifold: edge (" + std::to_string(edges.non_manifold_edge[0]) + ", " +
                     std::to_string(edges.non_manifold_edge[1]) + ") has " +
                     std::to_string(edges.non_manifold_edge_triangles) + " triangles");
  const int boundary = edges.boundary_edges;
  // Connected through shared vertices.
  std::vector<int> up(nv);
  std::iota(up.begin(), up.end(), 0);
  std::vector<char> used(nv, 0);
  for (const Tri& t : mesh.triangles) {
    for (int v : t) used[v] = 1;
    up[find_root(up, t[0])] = find_root(up, t[1]);
    up[find_root(up, t[1])] = find_root(up, t[2]);
  }
  int pieces = 0;
  for (int v = 0; v < nv; ++v)
    if (used[v] && find_root(up, v) == v) ++pieces;
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
  const int euler = edges.euler_characteristic;
  if (euler != 2)
    throw InputError(source + ": not genus 0: Euler characteristic " + std::to_string(euler) + ", genus " +
                     std::to_string((2 - euler) / 2) + " (a closed surface with handles)");
}

}  // namespace skinlab
