// SPDX-License-Identifier: GPL-3.0-or-later
#include "skinlab/skinning/skin_mesh.hpp"

namespace skinlab {

namespace {

void append_vertex(SkinMesh& mesh, const TriMesh& from, int v, int component, int welded) {
  for (int k = 0; k < 3; ++k) {
    mesh.rest_positions.push_back(static_cast<float>(from.positions[v][k]));
    mesh.rest_normals.push_back(static_cast<float>(from.normals[v][k]));
  }
  mesh.vertex_component.push_back(component);
  mesh.welded_vertex.push_back(welded);
}

}  // namespace

SkinMesh split_skin_mesh(const SegmentedModel& model) {
  SkinMesh mesh;
  for (int c = 0; c < model.num_components(); ++c) {
    const Component& component = model.components()[c];
    const TriMesh& part = component.mesh;
    const int base = mesh.num_vertices();
    for (int v = 0; v < part.num_vertices(); ++v) append_vertex(mesh, part, v, c, component.original_vertex[v]);
    for (int f = 0; f < part.num_triangles(); ++f) {
      const Tri& t = part.triangles[f];
      mesh.triangles.push_back({t[0] + base, t[1] + base, t[2] + base});
      mesh.triangle_component.push_back(c);
      mesh.welded_triangle.push_back(component.original_triangle[f]);
    }
  }
  return mesh;
}

SkinMesh welded_skin_mesh(const SegmentedModel& model) {
  const TriMesh& whole = model.mesh();
  std::vector<int> component(whole.num_vertices(), 0);
  std::vector<char> seen(whole.num_vertices(), 0);
  for (int f = 0; f < whole.num_triangles(); ++f)
    for (int v : whole.triangles[f])
      if (!seen[v]) {
        seen[v] = 1;
        component[v] = model.labels()[f];
      }
  SkinMesh mesh;
  for (int v = 0; v < whole.num_vertices(); ++v) append_vertex(mesh, whole, v, component[v], v);
  mesh.triangles = whole.triangles;
  mesh.triangle_component = model.labels();
  for (int f = 0; f < whole.num_triangles(); ++f) mesh.welded_triangle.push_back(f);
  return mesh;
}

}  // namespace skinlab
