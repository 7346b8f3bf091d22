// SPDX-License-Identifier: GPL-3.0-or-later
#include "skinlab/skinning/glsl_skinning.hpp"

#include "skinlab/core/error.hpp"
#include "skinlab/skinning/kernels/blend_skin.hpp"

namespace skinlab {

namespace {

// Shared by the three variants: inputs, outputs, and the matrix of a non-unit quaternion divided
// by q·q [KZ05 §4.2].
const char* const kCommon = R"(
layout(location = 0) in vec3 position;
layout(location = 1) in vec3 normal;
layout(location = 2) in vec3 color;
layout(location = 3) in int set;
layout(location = 4) in vec4 weights;
uniform samplerBuffer sets;
uniform mat4 mvp;
out vec3 skinned_position;
out vec3 skinned_normal;
out vec3 v_normal;
out vec3 v_color;
vec4 row(int i) { return texelFetch(sets, set * STRIDE + i); }
mat3 rotation(vec4 q) {
  float x = q.x, y = q.y, z = q.z, w = q.w;
  return mat3(x * x + w * w - y * y - z * z, 2.0 * x * y + 2.0 * w * z, 2.0 * x * z - 2.0 * w * y,
              2.0 * x * y - 2.0 * w * z, y * y + w * w - x * x - z * z, 2.0 * y * z + 2.0 * w * x,
              2.0 * x * z + 2.0 * w * y, 2.0 * y * z - 2.0 * w * x, z * z + w * w - x * x - y * y) / dot(q, q);
}
void emit(vec3 p, vec3 n) {
  skinned_position = p;
  skinned_normal = n;
  v_normal = n;
  v_color = color;
  gl_Position = mvp * vec4(p, 1.0);
  gl_PointSize = 2.0;
}
)";

// lbs: slot i's columns at texels 4i .. 4i+3 (kLbsSetStride).
const char* const kLbs = R"(
void main() {
  mat4 m = mat4(0.0);
  for (int i = 0; i < 4; ++i) m += weights[i] * mat4(row(4 * i), row(4 * i + 1), row(4 * i + 2), row(4 * i + 3));
  emit((m * vec4(position, 1.0)).xyz, mat3(m) * normal);
}
)";

// sbs: r_c at texel 0, slot quaternions at 1..4, slot centres C_j r_c at 5..8 (kSbsSetStride).
const char* const kSbs = R"(
void main() {
  vec4 q = vec4(0.0);
  vec3 centre = vec3(0.0);
  for (int i = 0; i < 4; ++i) {
    q += weights[i] * row(1 + i);
    centre += weights[i] * row(5 + i).xyz;
  }
  mat3 r = rotation(q);
  emit(r * (position - row(0).xyz) + centre, r * normal);
}
)";

// dqs: slot real parts at 0..3, dual parts at 4..7 (kDqsSetStride).
const char* const kDqs = R"(
void main() {
  vec4 b0 = vec4(0.0), be = vec4(0.0);
  for (int i = 0; i < 4; ++i) {
    b0 += weights[i] * row(i);
    be += weights[i] * row(4 + i);
  }
  mat3 r = rotation(b0);
  vec3 t = 2.0 * (b0.w * be.xyz - be.w * b0.xyz + cross(b0.xyz, be.xyz)) / dot(b0, b0);
  emit(r * position + t, r * normal);
}
)";

}  // namespace

std::string glsl_skinning_shader(const std::string& kind) {
  const char* body = kind == "lbs" ? kLbs : kind == "sbs" ? kSbs : kind == "dqs" ? kDqs : nullptr;
  if (body == nullptr) throw InputError("no GLSL skinning for '" + kind + "' (expected lbs, sbs or dqs)");
  const int stride = (kind == "lbs" ? kLbsSetStride : kind == "sbs" ? kSbsSetStride : kDqsSetStride) / 4;
  return "#version 330 core\n#define STRIDE " + std::to_string(stride) + "\n" + kCommon + body;
}

}  // namespace skinlab
