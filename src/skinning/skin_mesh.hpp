// SPDX-License-Identifier: GPL-3.0-or-later
// The rest meshes deformers move, laid out for the loop: the per-part split (rigid skinning
// and gap reconstruction, [VF08 §4.3]–4.4) and the welded mesh (smooth skinning), with the map
// from every vertex and triangle back to the model's original welded mesh (docs/core.md,
// "SegmentedModel").
#pragma once

#include <vector>

#include "skinlab/core/segmented_model.hpp"

namespace skinlab {

/// Flat float arrays a CUDA kernel can take as they are.
struct SkinMesh {
  std::vector<float> rest_positions;    ///< #V x 3
  std::vector<float> rest_normals;      ///< #V x 3
  std::vector<int> vertex_component;    ///< #V: the part that moves the vertex (welded border vertices: the
                                        ///< part of the first triangle that uses them)
  std::vector<Tri> triangles;           ///< #F, into these vertices
  std::vector<int> triangle_component;  ///< #F part labels
  std::vector<int> welded_vertex;       ///< #V: the vertex's id in the model's welded mesh
  std::vector<int> welded_triangle;     ///< #F: the triangle's id in the model's welded mesh
  int num_vertices() const { return static_cast<int>(vertex_component.size()); }
};

/// The components side by side, each with its own copies of its opening vertices, components in
/// id order (as in the thesis, where parts are separate objects: the joints' gaps stay visible).
SkinMesh split_skin_mesh(const SegmentedModel& model);

/// The model's original mesh: each vertex once, its triangles in their original order.
SkinMesh welded_skin_mesh(const SegmentedModel& model);

}  // namespace skinlab
