// The rigid-skinning vertex loop on plain arrays: no library, so it builds wherever a C++
// compiler (or a CUDA toolkit, for the GPU kernels beside it) is the only tool there is.
#pragma once

namespace skinlab {

/// Rigid skinning (thesis §4.3): out = M[c] * (p, 1), normals by M[c]'s rotation.
/// rest_positions, rest_normals, out_positions, out_normals: #V x 3 floats;
/// vertex_component: #V component ids; matrices: #C x 12 floats, 3x4 row-major.
void rigid_skin(const float* rest_positions, const float* rest_normals, const int* vertex_component, int num_vertices,
                const float* matrices, float* out_positions, float* out_normals);

}  // namespace skinlab
