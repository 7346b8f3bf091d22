#include "skinning/kernels/rigid_skin.hpp"

namespace skinlab {

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
