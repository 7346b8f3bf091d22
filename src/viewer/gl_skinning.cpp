// SPDX-License-Identifier: GPL-3.0-or-later
#include "skinlab/viewer/gl_skinning.hpp"

#include <stdexcept>

#include "skinlab/skinning/glsl_skinning.hpp"

namespace skinlab {

namespace {

GLuint compile(GLenum kind, const std::string& source) {
  const GLuint shader = glCreateShader(kind);
  const char* text = source.c_str();
  glShaderSource(shader, 1, &text, nullptr);
  glCompileShader(shader);
  GLint ok = 0;
  glGetShaderiv(shader, GL_COMPILE_STATUS, &ok);
  if (!ok) {
    char log[2048];
    glGetShaderInfoLog(shader, sizeof log, nullptr, log);
    throw std::runtime_error(std::string("shader: ") + log);
  }
  return shader;
}

}  // namespace

GLuint link_program(const std::string& vertex, const std::string& fragment, const std::vector<const char*>& feedback) {
  const GLuint p = glCreateProgram();
  glAttachShader(p, compile(GL_VERTEX_SHADER, vertex));
  glAttachShader(p, compile(GL_FRAGMENT_SHADER, fragment));
  if (!feedback.empty())
    glTransformFeedbackVaryings(p, static_cast<GLsizei>(feedback.size()), feedback.data(), GL_SEPARATE_ATTRIBS);
  glLinkProgram(p);
  GLint ok = 0;
  glGetProgramiv(p, GL_LINK_STATUS, &ok);
  if (!ok) {
    char log[2048];
    glGetProgramInfoLog(p, sizeof log, nullptr, log);
    throw std::runtime_error(std::string("shader program: ") + log);
  }
  return p;
}

GlSkinning::GlSkinning(const SkinMesh& rest, const GpuSkinning& gpu, const std::string& fragment)
    : vertices_(rest.num_vertices()), indices_(static_cast<GLsizei>(3 * rest.triangles.size())) {
  program_ = link_program(glsl_skinning_shader(gpu.kind), fragment, {"skinned_position", "skinned_normal"});
  glGenVertexArrays(1, &vao_);
  glBindVertexArray(vao_);
  glGenBuffers(5, buffers_);
  const auto attribute = [&](int location, const void* data, std::size_t bytes, int size, bool integer) {
    glBindBuffer(GL_ARRAY_BUFFER, buffers_[location]);
    glBufferData(GL_ARRAY_BUFFER, static_cast<GLsizeiptr>(bytes), data, GL_STATIC_DRAW);
    if (integer) {
      glVertexAttribIPointer(location, size, GL_INT, 0, nullptr);
    } else {
      glVertexAttribPointer(location, size, GL_FLOAT, GL_FALSE, 0, nullptr);
    }
    glEnableVertexAttribArray(location);
  };
  attribute(0, rest.rest_positions.data(), rest.rest_positions.size() * sizeof(float), 3, false);
  attribute(1, rest.rest_normals.data(), rest.rest_normals.size() * sizeof(float), 3, false);
  const std::vector<float> grey(rest.rest_positions.size(), 0.8f);
  attribute(2, grey.data(), grey.size() * sizeof(float), 3, false);
  attribute(3, gpu.set.data(), gpu.set.size() * sizeof(int), 1, true);
  attribute(4, gpu.weights.data(), gpu.weights.size() * sizeof(float), 4, false);
  glGenBuffers(1, &elements_);
  glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, elements_);
  glBufferData(GL_ELEMENT_ARRAY_BUFFER, static_cast<GLsizeiptr>(rest.triangles.size() * sizeof(Tri)),
               rest.triangles.data(), GL_STATIC_DRAW);
  glBindVertexArray(0);
  glGenBuffers(1, &table_);
  glBindBuffer(GL_TEXTURE_BUFFER, table_);
  glBufferData(GL_TEXTURE_BUFFER, static_cast<GLsizeiptr>(sizeof(float)) * gpu.sets * gpu.set_stride, nullptr,
               GL_STREAM_DRAW);
  glGenTextures(1, &texture_);
  glBindTexture(GL_TEXTURE_BUFFER, texture_);
  glTexBuffer(GL_TEXTURE_BUFFER, GL_RGBA32F, table_);
  glGenBuffers(2, feedback_);
  for (GLuint b : feedback_) {
    glBindBuffer(GL_TRANSFORM_FEEDBACK_BUFFER, b);
    glBufferData(GL_TRANSFORM_FEEDBACK_BUFFER, static_cast<GLsizeiptr>(sizeof(float)) * 3 * vertices_, nullptr,
                 GL_STREAM_READ);
  }
}

GlSkinning::~GlSkinning() {
  glDeleteProgram(program_);
  glDeleteVertexArrays(1, &vao_);
  glDeleteBuffers(5, buffers_);
  glDeleteBuffers(1, &elements_);
  glDeleteBuffers(1, &table_);
  glDeleteTextures(1, &texture_);
  glDeleteBuffers(2, feedback_);
}

void GlSkinning::upload_sets(const std::vector<float>& table) {
  glBindBuffer(GL_TEXTURE_BUFFER, table_);
  glBufferSubData(GL_TEXTURE_BUFFER, 0, static_cast<GLsizeiptr>(table.size() * sizeof(float)), table.data());
}

void GlSkinning::upload_colors(const std::vector<float>& colors) {
  glBindBuffer(GL_ARRAY_BUFFER, buffers_[2]);
  glBufferData(GL_ARRAY_BUFFER, static_cast<GLsizeiptr>(colors.size() * sizeof(float)), colors.data(), GL_STREAM_DRAW);
}

void GlSkinning::bind(const float* mvp) const {
  glUseProgram(program_);
  glUniformMatrix4fv(glGetUniformLocation(program_, "mvp"), 1, GL_FALSE, mvp);
  glActiveTexture(GL_TEXTURE0);
  glBindTexture(GL_TEXTURE_BUFFER, texture_);
  glUniform1i(glGetUniformLocation(program_, "sets"), 0);
  glBindVertexArray(vao_);
}

void GlSkinning::read_back(std::vector<float>& positions, std::vector<float>& normals) const {
  const float identity[16] = {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1};
  bind(identity);
  glEnable(GL_RASTERIZER_DISCARD);
  for (GLuint i = 0; i < 2; ++i) glBindBufferBase(GL_TRANSFORM_FEEDBACK_BUFFER, i, feedback_[i]);
  glBeginTransformFeedback(GL_POINTS);
  glDrawArrays(GL_POINTS, 0, vertices_);
  glEndTransformFeedback();
  glDisable(GL_RASTERIZER_DISCARD);
  for (GLuint i = 0; i < 2; ++i) {
    std::vector<float>& out = i == 0 ? positions : normals;
    out.resize(3 * static_cast<std::size_t>(vertices_));
    glBindBuffer(GL_TRANSFORM_FEEDBACK_BUFFER, feedback_[i]);
    glGetBufferSubData(GL_TRANSFORM_FEEDBACK_BUFFER, 0, static_cast<GLsizeiptr>(out.size() * sizeof(float)),
                       out.data());
  }
  glBindVertexArray(0);
}

}  // namespace skinlab
