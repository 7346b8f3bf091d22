// SPDX-License-Identifier: GPL-3.0-or-later
// What the viewer draws with: two GLSL programs (lit meshes; flat-coloured lines, points and
// text), their vertex arrays, and batches of coloured lines. Needs a current OpenGL 3.3 core
// context.
#pragma once

#include <GL/glew.h>

#include <string>
#include <vector>

#include "skinlab/core/tri_mesh.hpp"
#include "skinlab/render/software_render.hpp"
#include "skinlab/viewer/camera.hpp"

namespace skinlab {

/// The lit program's fragment shader (it reads v_normal and v_color; uniforms light, alpha):
/// GlSkinning draws with it too.
const std::string& lit_fragment_shader();

/// Interleaved position + colour vertices for lines, points and text quads.
struct LineBatch {
  std::vector<float> data;
  void add(const Vec3& p, const Rgb& c);
  void segment(const Vec3& a, const Vec3& b, const Rgb& c);
};

/// A mesh to draw with the lit program: #V x 3 arrays, and its triangles.
struct MeshArrays {
  const std::vector<float>& positions;
  const std::vector<float>& normals;
  const std::vector<float>& colors;
  const std::vector<Tri>& triangles;
  /// Upload the triangles (false: the element buffer already holds these).
  bool upload_triangles = true;
  /// The triangles stay the same frame after frame (a static element buffer).
  bool static_triangles = true;
};

class GlCanvas {
 public:
  /// Compiles the programs and makes the buffers (GLEW initialised here).
  void init();
  /// Lines, points (`point_size` pixels) or triangles of a batch, flat-coloured.
  void draw_lines(const LineBatch& batch, GLenum primitive, const Mat4f& mvp, float point_size = 1.0f) const;
  /// Lines of text from pixel (x, y) (top-left origin) down, 12 pixels apart, in stb's font:
  /// printable ASCII, "°" as "deg", any other byte as "?".
  void draw_text(const std::vector<std::string>& lines, float x, float y, const Rgb& color, int width,
                 int height) const;
  /// Binds the lit program with `mvp` and the mesh's vertex array, uploading `mesh`.
  void bind_mesh(const MeshArrays& mesh, const Mat4f& mvp) const;
  GLuint lit_program() const { return lit_; }

 private:
  GLuint lit_ = 0, flat_ = 0, mesh_vao_ = 0, mesh_vbo_[3] = {}, mesh_ebo_ = 0, line_vao_ = 0, line_vbo_ = 0;
};

}  // namespace skinlab
