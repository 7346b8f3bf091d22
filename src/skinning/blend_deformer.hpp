// SPDX-License-Identifier: GPL-3.0-or-later
// The blended deformers: linear blend skinning (LBS), spherical blend skinning (SBS, Kavan &
// Žára 2005) and dual quaternion skinning (DQS, [KCZO08]) on the welded mesh, and rigid
// skinning, which is LBS with one weight-1 influence per vertex of the per-part split.
// Offline, the mesh is reordered into groups of equal influence count (structure of
// arrays, float) and every distinct set of influencing parts is listed once; per frame, what
// depends on the pose alone is computed per set, then the kernels (kernels/blend_skin.hpp) run
// over the groups, split between the worker threads.
#pragma once

#include <memory>

#include "skinlab/skinning/deformer.hpp"
#include "skinlab/skinning/deformer_context.hpp"
#include "skinlab/skinning/kernels/blend_skin.hpp"
#include "skinlab/skinning/worker_pool.hpp"

namespace skinlab {

/// The runtime layout of a rest mesh with its weights.
struct BlendMesh {
  SkinMesh mesh;  ///< the rest mesh, vertices reordered: groups of 1, 2, 3, 4 influences, each sorted by set
  struct Group {
    int first = 0;  ///< its first vertex in `mesh`
    int count = 0;
    int influences = 1;
    std::vector<float> px, py, pz, nx, ny, nz;  ///< rest positions and normals
    std::vector<int> set;                       ///< per vertex: its row in `sets`
    std::vector<float> weight;                  ///< influences x count, slot-major, in the set's part order
                                                ///< (empty for one influence: its weight is 1)
  };
  std::vector<Group> groups;
  std::vector<std::vector<int>> sets;  ///< each distinct set of influencing parts, ascending ids
  LinearSkin skin;                     ///< the same weights per vertex of `mesh`, for glTF
  BlendVertices vertices(const Group& g) const;
  std::size_t runtime_bytes() const;
};

/// `weights` has one entry per vertex of `rest`.
BlendMesh build_blend_mesh(const SkinMesh& rest, const SkinWeights& weights);

/// `copies` of `one` side by side, copy c's vertices reading rows c x one.sets.size() + s of the
/// set table: a crowd whose members each have their own pose. Only the groups and sets are
/// built (no triangles): it is for timing the kernels at a size beyond the caches.
BlendMesh replicate(const BlendMesh& one, int copies);

/// Runs the kernels over every group of `mesh`, split into chunks over `pool`'s threads; a mesh
/// under 32,768 vertices runs on the calling thread alone (threads cost more than they save there).
/// positions and normals: 3 x #V for mesh's vertex order. `rigid_sets`, when given, is the LBS
/// set table the one-influence group runs on instead (every method is rigid skinning there,
/// and LBS's is the cheapest form of it).
void run_blend_kernels(const BlendMesh& mesh, BlendKind kind, KernelPath path, const float* sets,
                       const float* rigid_sets, WorkerPool& pool, float* positions, float* normals);

struct BlendParams {
  BlendKind kind = BlendKind::lbs;
  KernelPath path = blend_kernel_path();
  int threads = 1;
};

class BlendDeformer : public Deformer {
 public:
  /// `rest`: the mesh to move (welded_skin_mesh for the smooth deformers); `weights`: one
  /// entry per vertex of `rest`, parts as in `rig`.
  BlendDeformer(const SkinMesh& rest, const SkinWeights& weights, std::shared_ptr<const Rig> rig, BlendParams params);
  const SkinMesh& rest_mesh() const override { return blend_.mesh; }
  void deform(const AcceptedPose& pose, Frame& frame) override;
  /// LBS only (glTF skins are linear blends).
  std::optional<LinearSkin> linear_skin() const override;
  std::size_t runtime_bytes() const override { return blend_.runtime_bytes(); }
  /// SBS: the joint sets whose centre of rotation needs the SVD (neither one part nor a part and
  /// its parent), i.e. SVDs per frame ([KZ05], Table 2, last row).
  int svd_sets() const { return static_cast<int>(svd_sets_.size()); }
  DeformerStatistics statistics() const override;
  std::optional<GpuSkinning> gpu_skinning() const override;
  void gpu_set_table(const AcceptedPose& pose, std::vector<float>& table) const override;
  const BlendMesh& blend_mesh() const { return blend_; }
  const BlendParams& params() const { return params_; }
  /// Writes the frame's set table for `kind` (blend_mesh().sets.size() x set_stride(kind) floats).
  void fill_sets(const AcceptedPose& pose, BlendKind kind, float* table) const;
  /// The sets whose centre of rotation SBS finds by the SVD, ascending.
  const std::vector<int>& svd_set_ids() const { return svd_sets_; }

 private:
  Vec3 centre_of_rotation(int set, const AcceptedPose& pose) const;

  BlendMesh blend_;
  std::shared_ptr<const Rig> rig_;
  BlendParams params_;
  std::vector<int> svd_sets_;
  std::vector<Vec3> exact_centre_;  ///< per set: its fixed centre (one part; a part and its parent)
  std::vector<float> table_, rigid_table_;
  std::unique_ptr<WorkerPool> pool_;
};

/// The smooth deformers' rest mesh and weights: the welded mesh with the context's weights.
std::unique_ptr<BlendDeformer> make_smooth_deformer(DeformerContext& context, BlendKind kind);

/// Weight 1 on each vertex's own part (SkinMesh::vertex_component): rigid motion of `rest`.
SkinWeights own_part_weights(const SkinMesh& rest);

/// Rigid skinning [VF08 §4.3] on the same kernels: the per-part split, every vertex bound to
/// its own part with weight 1, so the gaps and overlaps at the joints stay visible.
std::unique_ptr<BlendDeformer> make_rigid_deformer(const SegmentedModel& model, std::shared_ptr<const Rig> rig,
                                                   int threads, KernelPath path = blend_kernel_path());

}  // namespace skinlab
