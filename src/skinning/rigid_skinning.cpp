#include "skinning/rigid_skinning.hpp"

namespace skinlab {

SkinMesh build_skin_mesh(const SegmentedModel& model) {
  SkinMesh mesh;
  mesh.component_offset.push_back(0);
  for (int c = 0; c < model.num_components(); ++c) {
    const TriMesh& part = model.components()[c].mesh;
    const int base = mesh.num_vertices();
    for (int v = 0; v < part.num_vertices(); ++v) {
      for (int k = 0; k < 3; ++k) {
        mesh.rest_positions.push_back(static_cast<float>(part.positions[v][k]));
        mesh.rest_normals.push_back(static_cast<float>(part.normals[v][k]));
      }
      mesh.vertex_component.push_back(c);
    }
    for (const Tri& t : part.triangles) {
      mesh.triangles.push_back({t[0] + base, t[1] + base, t[2] + base});
      mesh.triangle_component.push_back(c);
    }
    mesh.component_offset.push_back(mesh.num_vertices());
  }
  return mesh;
}

void transforms_to_matrices(const std::vector<QT>& world, std::vector<float>& matrices) {
  matrices.resize(world.size() * 12);
  for (std::size_t c = 0; c < world.size(); ++c) {
    const Mat3 r = world[c].q.toRotationMatrix();
    for (int i = 0; i < 3; ++i) {
      for (int j = 0; j < 3; ++j) matrices[12 * c + 4 * i + j] = static_cast<float>(r(i, j));
      matrices[12 * c + 4 * i + 3] = static_cast<float>(world[c].t[i]);
    }
  }
}

void rigid_skin(const float* rest_positions, const float* rest_normals, const int* vertex_component, int num_vertices,
                const float* matrices, float* out_positions, float* out_normals) {
  for (int v = 0; v < num_vertices; ++v) {
    const float* m = matrices + 12 * vertex_component[v];
    const float* p = rest_positions + 3 * v;
    const float* n = rest_normals + 3 * v;
    for (int i = 0; i < 3; ++i) {
      out_positions[3 * v + i] = m[4 * i] * p[0] + m[4 * i + 1] * p[1] + m[4 * i + 2] * p[2] + m[4 * i + 3];
      out_normals[3 * v + i] = m[4 * i] * n[0] + m[4 * i + 1] * n[1] + m[4 * i + 2] * n[2];
    }
  }
}

}  // namespace skinlab
