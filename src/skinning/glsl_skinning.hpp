// SPDX-License-Identifier: GPL-3.0-or-later
// The GLSL versions of the blended deformers (LBS, SBS, DQS; rigid is LBS with one influence):
// the same formulas as kernels/blend_skin.cpp, reading the same per-frame set table from a
// texture buffer. The viewer draws with them; a test reads their output back through transform
// feedback and compares it with the CPU.
#pragma once

#include <string>

namespace skinlab {

/// GLSL 3.30 core vertex shader for `kind` (lbs, sbs or dqs). Inputs: location 0 position, 1
/// normal, 2 colour, 3 set (int), 4 weights (vec4); uniforms: samplerBuffer `sets` (the set
/// table as vec4s), mat4 `mvp`. Outputs: `skinned_position`, `skinned_normal` (model space, for
/// transform feedback), `v_normal`, `v_color` (for the viewer's fragment shader).
std::string glsl_skinning_shader(const std::string& kind);

}  // namespace skinlab
