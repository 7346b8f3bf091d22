// SPDX-License-Identifier: GPL-3.0-or-later
// `cuda_skinning_check`: the CUDA kernels against the CPU on homer in a bent pose and on a crowd
// of 1 M vertices, with their times and the bandwidth they reach (the least bytes a kernel moves
// over its time, to set beside the device's copy bandwidth); prints JSON. Exit 77 (skipped)
// without a CUDA device.
#include <iostream>
#include <nlohmann/json.hpp>

#include "skinlab/core/stopwatch.hpp"
#include "skinlab/rigging/deformer_registry.hpp"
#include "skinlab/rigging/weights.hpp"
#include "skinlab/skinning/blend_deformer.hpp"
#include "skinlab/skinning/kernels/blend_skin_cuda.hpp"
#include "test_poses.hpp"

using namespace skinlab;

int main() {
  if (!cuda_device_available()) {
    std::cout << "no CUDA device: skipped\n";
    return 77;
  }
  const test::Posed bent = test::homer_bent(5, 1.2);
  const SegmentedModel& model = bent.model;
  const Skeleton& skeleton = bent.skeleton;
  const auto& rig = bent.rig;
  const AcceptedPose& pose = bent.pose;
  const double diagonal = bounding_box(model.mesh().positions).diagonal();
  DeformerContext context(model, skeleton, rig, weight_source(model, skeleton, {"", "heat"}), 1);
  nlohmann::json results = nlohmann::json::array();
  bool ok = true;
  for (const BlendKind kind : {BlendKind::lbs, BlendKind::sbs, BlendKind::dqs}) {
    const auto one = make_smooth_deformer(context, kind);
    for (const int copies : {1, 203}) {
      const BlendMesh mesh = copies == 1 ? one->blend_mesh() : replicate(one->blend_mesh(), copies);
      std::vector<BlendVertices> groups;
      std::vector<int> first;
      for (const BlendMesh::Group& g : mesh.groups) {
        groups.push_back(mesh.vertices(g));
        first.push_back(g.first);
      }
      const int sets = static_cast<int>(mesh.sets.size()), per_copy = static_cast<int>(one->blend_mesh().sets.size());
      std::vector<float> table(static_cast<std::size_t>(sets) * set_stride(kind)),
          rigid(static_cast<std::size_t>(sets) * kLbsSetStride);
      for (int c = 0; c < copies; ++c) {
        one->fill_sets(pose, kind, table.data() + static_cast<std::size_t>(c) * per_copy * set_stride(kind));
        one->fill_sets(pose, BlendKind::lbs, rigid.data() + static_cast<std::size_t>(c) * per_copy * kLbsSetStride);
      }
      const int vertices = first.back() + mesh.groups.back().count;
      // The bytes a kernel must move at least: per vertex its rest position and normal, its set
      // index and its weights (none for one influence) in, its position and normal out.
      double bytes = 0;
      for (const BlendVertices& g : groups)
        bytes += static_cast<double>(g.count) * sizeof(float) * (6 + 1 + (g.influences > 1 ? g.influences : 0) + 6);
      std::vector<float> gpu_p(3 * static_cast<std::size_t>(vertices)), gpu_n(gpu_p.size()), cpu_p(gpu_p.size()),
          cpu_n(gpu_p.size());
      CudaBlendMesh* device =
          cuda_upload_blend_mesh(groups.data(), first.data(), static_cast<int>(groups.size()), sets);
      float best = 1e30f;
      for (int r = 0; r < 10; ++r)
        best = std::min(best, cuda_blend_skin(device, kind, table.data(), rigid.data(), gpu_p.data(), gpu_n.data()));
      cuda_free_blend_mesh(device);
      WorkerPool pool(1);
      run_blend_kernels(mesh, kind, blend_kernel_path(), table.data(), rigid.data(), pool, cpu_p.data(), cpu_n.data());
      double error = 0;
      for (std::size_t i = 0; i < cpu_p.size(); ++i)
        error = std::max(error, static_cast<double>(std::abs(cpu_p[i] - gpu_p[i])));
      ok = ok && error / diagonal < 1e-5;
      results.push_back({{"skinning", kind == BlendKind::lbs   ? "lbs"
                                      : kind == BlendKind::sbs ? "sbs"
                                                               : "dqs"},
                         {"vertices", vertices},
                         {"kernel_ms", best},
                         {"mvertices_per_s", vertices / (best * 1e-3) / 1e6},
                         {"bytes", bytes},
                         {"gb_per_s", bytes / (best * 1e-3) / 1e9},
                         {"position_error", error / diagonal}});
    }
  }
  std::cout << results.dump(2) << '\n';
  return ok ? 0 : 1;
}
