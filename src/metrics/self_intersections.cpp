#include "metrics/self_intersections.hpp"

#include <CGAL/Exact_predicates_inexact_constructions_kernel.h>
#include <CGAL/Polygon_mesh_processing/self_intersections.h>
#include <CGAL/Surface_mesh.h>

#include <iterator>

namespace skinlab {

int self_intersecting_pairs(const std::vector<float>& positions, const std::vector<Tri>& triangles) {
  using Kernel = CGAL::Exact_predicates_inexact_constructions_kernel;
  using Mesh = CGAL::Surface_mesh<Kernel::Point_3>;
  Mesh mesh;
  std::vector<Mesh::Vertex_index> vertex(positions.size() / 3);
  for (std::size_t v = 0; v < vertex.size(); ++v)
    vertex[v] = mesh.add_vertex(Kernel::Point_3(positions[3 * v], positions[3 * v + 1], positions[3 * v + 2]));
  for (const Tri& t : triangles)
    if (mesh.add_face(vertex[t[0]], vertex[t[1]], vertex[t[2]]) == Mesh::null_face()) return -1;
  std::vector<std::pair<Mesh::Face_index, Mesh::Face_index>> pairs;
  CGAL::Polygon_mesh_processing::self_intersections(mesh, std::back_inserter(pairs));
  return static_cast<int>(pairs.size());
}

}  // namespace skinlab
