// Rigid skinning (thesis §4.3): every vertex follows its component's world transform. The mesh
// is the components side by side, each with its own copies of its opening vertices, so the
// gaps and overlaps at the joints stay visible for the gap reconstruction to repair.
#pragma once

#include <vector>

#include "core/qt_transform.hpp"
#include "core/segmented_model.hpp"

namespace skinlab {

/// Runtime data laid out for the loop: flat float arrays a CUDA kernel could take as they are.
struct SkinMesh {
  std::vector<float> rest_positions;  ///< #V x 3, the components' vertex copies one after another
  std::vector<float> rest_normals;    ///< #V x 3
  std::vector<int> vertex_component;  ///< #V
  std::vector<int> component_offset;  ///< #C + 1: component c's vertices are [offset[c], offset[c+1])
  std::vector<Tri> triangles;         ///< into the concatenated vertices
  std::vector<int> triangle_component;
  int num_vertices() const { return static_cast<int>(vertex_component.size()); }
};

SkinMesh build_skin_mesh(const SegmentedModel& model);

/// 3x4 row-major matrices (rotation | translation) of the world transforms, one per component:
/// the quaternion becomes a matrix once per component, not once per vertex.
void transforms_to_matrices(const std::vector<QT>& world, std::vector<float>& matrices);

/// The per-vertex loop: out = M[c] * (p, 1), normals by M[c]'s rotation. Plain arrays:
/// positions and normals #V x 3, vertex_component #V, matrices #C x 12.
void rigid_skin(const float* rest_positions, const float* rest_normals, const int* vertex_component, int num_vertices,
                const float* matrices, float* out_positions, float* out_normals);

}  // namespace skinlab
