// SPDX-License-Identifier: GPL-3.0-or-later
#include "skinlab/segmentation/fill_holes.hpp"

#include <CGAL/Exact_predicates_inexact_constructions_kernel.h>
#include <CGAL/Polygon_mesh_processing/triangulate_hole.h>
#include <CGAL/Surface_mesh.h>

#include <iterator>
#include <string>

#include "skinlab/core/error.hpp"

namespace skinlab {

namespace {

using Kernel = CGAL::Exact_predicates_inexact_constructions_kernel;
using Mesh = CGAL::Surface_mesh<Kernel::Point_3>;

}  // namespace

std::vector<FilledHole> fill_holes(TriMesh& mesh) {
  Mesh sm;
  for (const Vec3& p : mesh.positions) sm.add_vertex(Kernel::Point_3(p.x(), p.y(), p.z()));
  for (std::size_t f = 0; f < mesh.triangles.size(); ++f) {
    const Tri& t = mesh.triangles[f];
    if (sm.add_face(Mesh::Vertex_index(t[0]), Mesh::Vertex_index(t[1]), Mesh::Vertex_index(t[2])) == Mesh::null_face())
      throw InputError("fill holes: triangle " + std::to_string(f) +
                       " makes the surface non-manifold or flips its orientation; holes need a manifold border");
  }
  // One border halfedge per hole, found before any is filled.
  std::vector<Mesh::Halfedge_index> holes;
  std::vector<char> seen(sm.number_of_halfedges(), 0);
  for (Mesh::Halfedge_index h : sm.halfedges()) {
    if (!sm.is_border(h) || seen[h.idx()]) continue;
    holes.push_back(h);
    for (Mesh::Halfedge_index g : CGAL::halfedges_around_face(h, sm)) seen[g.idx()] = 1;
  }
  std::vector<FilledHole> report;
  for (Mesh::Halfedge_index h : holes) {
    FilledHole hole;
    for ([[maybe_unused]] Mesh::Halfedge_index g : CGAL::halfedges_around_face(h, sm)) ++hole.boundary_edges;
    std::vector<Mesh::Face_index> faces;
    std::vector<Mesh::Vertex_index> vertices;
    const auto result = CGAL::Polygon_mesh_processing::triangulate_refine_and_fair_hole(
        sm, h, std::back_inserter(faces), std::back_inserter(vertices));
    hole.faired = std::get<0>(result);
    hole.new_triangles = static_cast<int>(faces.size());
    hole.new_vertices = static_cast<int>(vertices.size());
    report.push_back(hole);
  }
  // Surface_mesh appends: the first vertices are the input's, in order.
  mesh.positions.clear();
  for (Mesh::Vertex_index v : sm.vertices()) {
    const Kernel::Point_3& p = sm.point(v);
    mesh.positions.emplace_back(p.x(), p.y(), p.z());
  }
  mesh.triangles.clear();
  for (Mesh::Face_index f : sm.faces()) {
    Tri t{};
    int i = 0;
    for (Mesh::Vertex_index v : CGAL::vertices_around_face(sm.halfedge(f), sm)) t[i++] = static_cast<int>(v.idx());
    mesh.triangles.push_back(t);
  }
  return report;
}

}  // namespace skinlab
