// SPDX-License-Identifier: GPL-3.0-or-later
// GPU skinning with the GLSL deformers (skinning/glsl_skinning.hpp): the rest mesh in vertex
// buffers, the frame's set table in a texture buffer, and a read-back of the skinned vertices
// through transform feedback. Needs a current OpenGL 3.3 core context (GLEW initialised).
#pragma once

#include <GL/glew.h>

#include <vector>

#include "skinlab/skinning/deformer.hpp"

namespace skinlab {

/// Compiles and links a program from a vertex and a fragment shader; `feedback` names the vertex
/// outputs transform feedback captures (separate buffers). Throws std::runtime_error with the
/// compiler's log.
GLuint link_program(const std::string& vertex, const std::string& fragment,
                    const std::vector<const char*>& feedback = {});

class GlSkinning {
 public:
  /// `fragment`: the shader the skinned mesh is drawn with (it reads v_normal and v_color).
  GlSkinning(const SkinMesh& rest, const GpuSkinning& gpu, const std::string& fragment);
  ~GlSkinning();
  GlSkinning(const GlSkinning&) = delete;
  GlSkinning& operator=(const GlSkinning&) = delete;

  /// Uploads a frame's set table (Deformer::gpu_set_table).
  void upload_sets(const std::vector<float>& table);
  /// Uploads per-vertex colours (#V x 3) for drawing.
  void upload_colors(const std::vector<float>& colors);
  /// Binds the program, the vertex array and the set table, and sets `mvp`; the caller sets its
  /// other uniforms and draws (the element buffer is bound: the rest triangles).
  void bind(const float* mvp) const;
  GLuint program() const { return program_; }
  int num_vertices() const { return vertices_; }
  GLsizei num_indices() const { return indices_; }
  /// Skins every vertex on the GPU with rasterization off and reads the positions and normals
  /// back (#V x 3 each).
  void read_back(std::vector<float>& positions, std::vector<float>& normals) const;

 private:
  GLuint program_ = 0, vao_ = 0, buffers_[5] = {}, elements_ = 0, table_ = 0, texture_ = 0, feedback_[2] = {};
  int vertices_ = 0;
  GLsizei indices_ = 0;
};

}  // namespace skinlab
