// SPDX-License-Identifier: GPL-3.0-or-later
// Deformers turn an accepted pose into a frame: positions, normals and, for a deformer whose
// connectivity changes (gap reconstruction), this frame's triangles. A deformer knows nothing of
// clips, limits or collisions (the animator's job). Runtime: Eigen alone. The offline side
// (rigging/deformer_registry.hpp) registers deformers by name (docs/animation.md).
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "skinlab/kinematics/animator.hpp"
#include "skinlab/skinning/skin_mesh.hpp"

namespace skinlab {

/// One deformed frame. Positions and normals index the deformer's rest mesh when
/// rest_triangles is true, else this frame's own vertices and triangles.
struct Frame {
  std::vector<float> positions;  ///< #V x 3
  std::vector<float> normals;    ///< #V x 3
  /// True: the triangles are the rest mesh's and the three arrays below are ignored (writers and
  /// the viewer upload indices only when a frame says they changed).
  bool rest_triangles = true;
  std::vector<Tri> triangles;           ///< #F, when !rest_triangles
  std::vector<int> triangle_component;  ///< #F part labels, when !rest_triangles
  std::vector<int> vertex_component;    ///< #V part labels, when !rest_triangles
  std::vector<char> added_vertex;       ///< #V when !rest_triangles: 1 for a vertex the deformer built (a gap patch's)
};

/// A frame's connectivity, whichever mesh it lives in.
struct FrameTopology {
  const std::vector<Tri>& triangles;
  const std::vector<int>& triangle_component;
  const std::vector<int>& vertex_component;
};
FrameTopology topology(const Frame& frame, const SkinMesh& rest);

/// Linear-blend weights per vertex of the rest mesh (up to 4 parts each, by component id), for
/// writers whose format only knows linear blending (glTF skins).
struct LinearSkin {
  std::vector<std::array<std::uint16_t, 4>> joints;
  std::vector<std::array<float, 4>> weights;
};

/// What a vertex shader needs to run a deformer on the GPU (glsl_skinning_shader): per vertex of
/// the rest mesh its joint set and four weights (0 past its influences); per frame the set table
/// the CPU fills (Deformer::gpu_set_table), uploaded as a texture buffer of vec4s.
struct GpuSkinning {
  std::string kind;            ///< the shader variant: lbs, sbs or dqs
  std::vector<int> set;        ///< #V
  std::vector<float> weights;  ///< #V x 4
  int sets = 0;                ///< rows of the set table
  int set_stride = 0;          ///< floats per row, a multiple of 4
};

/// A number a deformer reports about its work (`animate --json`, the benchmarks).
struct DeformerStatistic {
  std::string name;
  double value = 0.0;
  bool count = false;  ///< an integer count (reports print it as one), else a measure
};
using DeformerStatistics = std::vector<DeformerStatistic>;

class Deformer {
 public:
  virtual ~Deformer() = default;
  /// The mesh in its rest pose: what the frames' positions index while rest_triangles holds.
  virtual const SkinMesh& rest_mesh() const = 0;
  /// Writes the frame for `pose` (from an animator on the rig this deformer was made for).
  virtual void deform(const AcceptedPose& pose, Frame& frame) = 0;
  /// The weights when this deformer is a linear blend of the parts' transforms (rigid skinning
  /// is one, with weight 1); none otherwise.
  virtual std::optional<LinearSkin> linear_skin() const { return std::nullopt; }
  /// Bytes of rest data the per-frame loop reads (benchmarks report it per vertex).
  virtual std::size_t runtime_bytes() const = 0;
  /// The GPU form of this deformer, when it has one (the blended deformers).
  virtual std::optional<GpuSkinning> gpu_skinning() const { return std::nullopt; }
  /// The per-frame set table of gpu_skinning() for `pose`.
  virtual void gpu_set_table(const AcceptedPose&, std::vector<float>&) const {}
  /// Counts and times a benchmark reports, by name (e.g. SBS's SVDs per frame); none by default.
  virtual DeformerStatistics statistics() const { return {}; }
  /// What the set-up found in the model that this deformer's frames may suffer from, a sentence
  /// each naming the parts (`animate` and `view` print them); none by default.
  virtual std::vector<std::string> warnings() const { return {}; }
};

}  // namespace skinlab
