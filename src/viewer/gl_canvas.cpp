// SPDX-License-Identifier: GPL-3.0-or-later
#include "skinlab/viewer/gl_canvas.hpp"

#include <stdexcept>

#include "skinlab/viewer/gl_skinning.hpp"

#define STB_EASY_FONT_IMPLEMENTATION
#include <stb/stb_easy_font.h>

namespace skinlab {

namespace {

const char* const kLitVertex = R"(#version 330 core
layout(location = 0) in vec3 position;
layout(location = 1) in vec3 normal;
layout(location = 2) in vec3 color;
uniform mat4 mvp;
out vec3 v_normal;
out vec3 v_color;
void main() { gl_Position = mvp * vec4(position, 1.0); v_normal = normal; v_color = color; gl_PointSize = 2.0; })";
const char* const kFlatVertex = R"(#version 330 core
layout(location = 0) in vec3 position;
layout(location = 1) in vec3 color;
uniform mat4 mvp;
uniform float point_size;
out vec3 v_color;
void main() { gl_Position = mvp * vec4(position, 1.0); v_color = color; gl_PointSize = point_size; })";
const char* const kFlatFragment = R"(#version 330 core
in vec3 v_color;
out vec4 frag;
void main() { frag = vec4(v_color, 1.0); })";

// stb's font has printable ASCII only: "°" becomes " deg", any other byte past it "?" (a part
// name from a file may hold anything).
std::string printable(const std::string& text) {
  std::string line;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const unsigned char c = static_cast<unsigned char>(text[i]);
    if (text.compare(i, 2, "\xc2\xb0") == 0) {
      line += " deg";
      ++i;
    } else {
      line += c >= 32 && c < 127 ? static_cast<char>(c) : '?';
    }
  }
  return line;
}

}  // namespace

const std::string& lit_fragment_shader() {
  static const std::string shader = R"(#version 330 core
in vec3 v_normal;
in vec3 v_color;
uniform vec3 light;
uniform float alpha;
out vec4 frag;
void main() {
  float shade = 0.3 + 0.7 * abs(dot(normalize(v_normal), light));
  frag = vec4(v_color * shade, alpha);
})";
  return shader;
}

void LineBatch::add(const Vec3& p, const Rgb& c) {
  data.insert(data.end(),
              {static_cast<float>(p.x()), static_cast<float>(p.y()), static_cast<float>(p.z()), c[0], c[1], c[2]});
}

void LineBatch::segment(const Vec3& a, const Vec3& b, const Rgb& c) {
  add(a, c);
  add(b, c);
}

void GlCanvas::init() {
  glewExperimental = GL_TRUE;
  if (glewInit() != GLEW_OK) throw std::runtime_error("GLEW could not load OpenGL functions");
  lit_ = link_program(kLitVertex, lit_fragment_shader());
  flat_ = link_program(kFlatVertex, kFlatFragment);
  glGenVertexArrays(1, &mesh_vao_);
  glBindVertexArray(mesh_vao_);
  glGenBuffers(3, mesh_vbo_);
  for (int k = 0; k < 3; ++k) {
    glBindBuffer(GL_ARRAY_BUFFER, mesh_vbo_[k]);
    glVertexAttribPointer(k, 3, GL_FLOAT, GL_FALSE, 0, nullptr);
    glEnableVertexAttribArray(k);
  }
  glGenBuffers(1, &mesh_ebo_);
  glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, mesh_ebo_);
  glGenVertexArrays(1, &line_vao_);
  glBindVertexArray(line_vao_);
  glGenBuffers(1, &line_vbo_);
  glBindBuffer(GL_ARRAY_BUFFER, line_vbo_);
  glVertexAttribPointer(0, 3, GL_FLOAT, GL_FALSE, 6 * sizeof(float), nullptr);
  glEnableVertexAttribArray(0);
  glVertexAttribPointer(1, 3, GL_FLOAT, GL_FALSE, 6 * sizeof(float), reinterpret_cast<void*>(3 * sizeof(float)));
  glEnableVertexAttribArray(1);
  glEnable(GL_PROGRAM_POINT_SIZE);
}

void GlCanvas::draw_lines(const LineBatch& batch, GLenum primitive, const Mat4f& mvp, float point_size) const {
  if (batch.data.empty()) return;
  glUseProgram(flat_);
  glUniformMatrix4fv(glGetUniformLocation(flat_, "mvp"), 1, GL_FALSE, mvp.data());
  glUniform1f(glGetUniformLocation(flat_, "point_size"), point_size);
  glBindVertexArray(line_vao_);
  glBindBuffer(GL_ARRAY_BUFFER, line_vbo_);
  glBufferData(GL_ARRAY_BUFFER, static_cast<GLsizeiptr>(batch.data.size() * sizeof(float)), batch.data.data(),
               GL_STREAM_DRAW);
  glDrawArrays(primitive, 0, static_cast<GLsizei>(batch.data.size() / 6));
}

void GlCanvas::draw_text(const std::vector<std::string>& lines, float x, float y, const Rgb& color, int width,
                         int height) const {
  LineBatch quads;
  static char buffer[60000];
  float line_y = y;
  for (const std::string& text : lines) {
    std::string line = printable(text);
    const int n = stb_easy_font_print(x, line_y, line.data(), nullptr, buffer, sizeof buffer);
    const float* v = reinterpret_cast<const float*>(buffer);  // 4 vertices per quad, 16 bytes each
    for (int q = 0; q < n; ++q)
      for (int k : {0, 1, 2, 0, 2, 3}) quads.add(Vec3(v[16 * q + 4 * k], v[16 * q + 4 * k + 1], 0), color);
    line_y += 12;
  }
  Mat4f ortho = Mat4f::Identity();
  ortho(0, 0) = 2.0f / static_cast<float>(width);
  ortho(1, 1) = -2.0f / static_cast<float>(height);
  ortho(0, 3) = -1;
  ortho(1, 3) = 1;
  glDisable(GL_DEPTH_TEST);
  draw_lines(quads, GL_TRIANGLES, ortho);
  glEnable(GL_DEPTH_TEST);
}

void GlCanvas::bind_mesh(const MeshArrays& mesh, const Mat4f& mvp) const {
  glUseProgram(lit_);
  glUniformMatrix4fv(glGetUniformLocation(lit_, "mvp"), 1, GL_FALSE, mvp.data());
  glBindVertexArray(mesh_vao_);
  if (mesh.upload_triangles)
    glBufferData(GL_ELEMENT_ARRAY_BUFFER, static_cast<GLsizeiptr>(mesh.triangles.size() * sizeof(Tri)),
                 mesh.triangles.data(), mesh.static_triangles ? GL_STATIC_DRAW : GL_STREAM_DRAW);
  const std::vector<float>* arrays[3] = {&mesh.positions, &mesh.normals, &mesh.colors};
  for (int k = 0; k < 3; ++k) {
    glBindBuffer(GL_ARRAY_BUFFER, mesh_vbo_[k]);
    glBufferData(GL_ARRAY_BUFFER, static_cast<GLsizeiptr>(arrays[k]->size() * sizeof(float)), arrays[k]->data(),
                 GL_STREAM_DRAW);
  }
}

}  // namespace skinlab
