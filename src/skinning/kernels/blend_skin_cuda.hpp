// SPDX-License-Identifier: GPL-3.0-or-later
// CUDA versions of the blended-skinning loops (kernels/blend_skin.hpp), optional: built only when
// CMake finds a CUDA toolkit (SKINLAB_CUDA). Plain arrays in, plain arrays out; the set table
// goes to shared memory when it fits (the "bone palette"), the vertex arrays stay structure of
// arrays so neighbouring threads read neighbouring floats (coalesced).
#pragma once

#include "skinlab/skinning/kernels/blend_skin.hpp"

namespace skinlab {

/// True when the CUDA runtime finds a device.
bool cuda_device_available();

/// The groups of a mesh (BlendVertices each, `first[g]`: the group's first vertex in the output)
/// copied to the device, with room for one frame's set tables (`num_sets` rows) and output.
/// Throws std::runtime_error when CUDA fails.
struct CudaBlendMesh;
CudaBlendMesh* cuda_upload_blend_mesh(const BlendVertices* groups, const int* first, int num_groups, int num_sets);
void cuda_free_blend_mesh(CudaBlendMesh* mesh);

/// Uploads `sets` (the frame's set table for `kind`; `rigid_sets`, when not null, the LBS table
/// the one-influence group uses), skins every vertex and copies positions and normals (3 x #V,
/// interleaved) back. Returns the kernels' time in milliseconds (CUDA events), copies excluded.
float cuda_blend_skin(CudaBlendMesh* mesh, BlendKind kind, const float* sets, const float* rigid_sets,
                      float* out_positions, float* out_normals);

}  // namespace skinlab
