// The smooth deformers on the welded mesh: linear blend skinning (LBS), spherical blend
// skinning (SBS, Kavan & Žára 2005) and dual quaternion skinning (DQS, Kavan et al. 2008).
// Offline, the welded mesh is reordered into groups of equal influence count (structure of
// arrays, float) and every distinct set of influencing parts is listed once; per frame, what
// depends on the pose alone is computed per set, then the kernels (kernels/blend_skin.hpp) run
// over the groups, split between the worker threads.
#pragma once

#include <memory>

#include "skinning/deformer.hpp"
#include "skinning/kernels/blend_skin.hpp"
#include "skinning/worker_pool.hpp"

namespace skinlab {

/// The runtime layout of a welded mesh with its weights.
struct BlendMesh {
  SkinMesh mesh;  ///< the welded mesh, vertices reordered: groups of 1, 2, 3, 4 influences, each sorted by set
  struct Group {
    int first = 0;  ///< its first vertex in `mesh`
    int count = 0;
    int influences = 1;
    std::vector<float> px, py, pz, nx, ny, nz;  ///< rest positions and normals
    std::vector<int> set;                       ///< per vertex: its row in `sets`
    std::vector<float> weight;                  ///< influences x count, slot-major, in the set's part order
  };
  std::vector<Group> groups;
  std::vector<std::vector<int>> sets;  ///< each distinct set of influencing parts, ascending ids
  LinearSkin skin;                     ///< the same weights per vertex of `mesh`, for glTF
  BlendVertices vertices(const Group& g) const;
  std::size_t runtime_bytes() const;
};

BlendMesh build_blend_mesh(const SegmentedModel& model, const SkinWeights& weights);

struct BlendParams {
  BlendKind kind = BlendKind::lbs;
  KernelPath path = blend_kernel_path();
  int threads = 1;
};

class BlendDeformer : public Deformer {
 public:
  BlendDeformer(const SegmentedModel& model, const SkinWeights& weights, std::shared_ptr<const Rig> rig,
                BlendParams params);
  const SkinMesh& rest_mesh() const override { return blend_.mesh; }
  void deform(const AcceptedPose& pose, Frame& frame) override;
  /// LBS only (glTF skins are linear blends).
  std::optional<LinearSkin> linear_skin() const override;
  std::size_t runtime_bytes() const override { return blend_.runtime_bytes(); }
  /// SBS: the joint sets whose centre of rotation needs the SVD (neither one part nor a part and
  /// its parent), i.e. SVDs per frame (Kavan & Žára 2005, Table 2, last row).
  int svd_sets() const { return static_cast<int>(svd_sets_.size()); }
  const BlendMesh& blend_mesh() const { return blend_; }

 private:
  void fill_sets(const AcceptedPose& pose);
  Vec3 centre_of_rotation(int set, const AcceptedPose& pose) const;

  BlendMesh blend_;
  std::shared_ptr<const Rig> rig_;
  BlendParams params_;
  std::vector<int> svd_sets_;
  std::vector<Vec3> exact_centre_;  ///< per set: its fixed centre (one part; a part and its parent)
  std::vector<float> table_;
  std::unique_ptr<WorkerPool> pool_;
};

}  // namespace skinlab
