// SPDX-License-Identifier: GPL-3.0-or-later
#include "skinlab/metrics/self_intersections.hpp"

#include <CGAL/Exact_predicates_inexact_constructions_kernel.h>
#include <CGAL/Polygon_mesh_processing/self_intersections.h>
#include <CGAL/Surface_mesh.h>

#include <algorithm>
#include <iterator>
#include <numeric>

namespace skinlab {

std::optional<std::vector<std::pair<int, int>>> self_intersections(const std::vector<float>& positions,
                                                                   const std::vector<Tri>& triangles) {
  using Kernel = CGAL::Exact_predicates_inexact_constructions_kernel;
  using Mesh = CGAL::Surface_mesh<Kernel::Point_3>;
  Mesh mesh;
  std::vector<Mesh::Vertex_index> vertex(positions.size() / 3);
  for (std::size_t v = 0; v < vertex.size(); ++v)
    vertex[v] = mesh.add_vertex(Kernel::Point_3(positions[3 * v], positions[3 * v + 1], positions[3 * v + 2]));
  // Faces are added in order, so a face's index is its triangle's.
  for (const Tri& t : triangles)
    if (mesh.add_face(vertex[t[0]], vertex[t[1]], vertex[t[2]]) == Mesh::null_face()) return std::nullopt;
  std::vector<std::pair<Mesh::Face_index, Mesh::Face_index>> faces;
  CGAL::Polygon_mesh_processing::self_intersections(mesh, std::back_inserter(faces));
  std::vector<std::pair<int, int>> pairs;
  pairs.reserve(faces.size());
  for (const auto& [a, b] : faces) pairs.emplace_back(static_cast<int>(a.idx()), static_cast<int>(b.idx()));
  return pairs;
}

std::vector<std::pair<int, int>> pairs_sharing_no_vertex(const std::vector<std::pair<int, int>>& pairs,
                                                         const std::vector<Tri>& triangles) {
  std::vector<std::pair<int, int>> apart;
  for (const auto& [a, b] : pairs) {
    const Tri& s = triangles[a];
    const Tri& t = triangles[b];
    if (std::none_of(s.begin(), s.end(), [&](int v) { return std::find(t.begin(), t.end(), v) != t.end(); }))
      apart.emplace_back(a, b);
  }
  return apart;
}

int pairs_at_joints(const std::vector<std::pair<int, int>>& pairs, const std::vector<int>& triangle_component,
                    const std::vector<int>& parent) {
  const std::vector<int> per_part = pairs_per_part(pairs, triangle_component, parent);
  return std::accumulate(per_part.begin(), per_part.end(), 0);
}

std::vector<int> pairs_per_part(const std::vector<std::pair<int, int>>& pairs,
                                const std::vector<int>& triangle_component, const std::vector<int>& parent) {
  std::vector<int> count(parent.size(), 0);
  for (const auto& [a, b] : pairs) {
    const int pa = triangle_component[a], pb = triangle_component[b];
    if (pa == pb || parent[pa] == pb)
      ++count[pa];
    else if (parent[pb] == pa)
      ++count[pb];
  }
  return count;
}

}  // namespace skinlab
