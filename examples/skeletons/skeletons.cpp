// SPDX-License-Identifier: GPL-3.0-or-later
// Loads a model (a standard model's name or a mesh path with its .seg and .skel) and extracts
// its skeleton with every registered method: `skeletons [MODEL]`.
#include <exception>
#include <iostream>
#include <skinlab/io/model_library.hpp>
#include <skinlab/skeleton/extract_skeleton.hpp>

int main(int argc, char** argv) {
  skinlab::set_skinlab_root(SKINLAB_DATA_DIR);
  try {
    const skinlab::SegmentedModel model = skinlab::load_model(skinlab::resolve_model(argc > 1 ? argv[1] : "homer"));
    std::cout << model.source() << ": " << model.mesh().num_vertices() << " vertices, " << model.num_components()
              << " parts\n";
    for (const skinlab::SkeletonMethod& method : skinlab::skeleton_methods()) {
      skinlab::SkeletonParams params;
      params.method = method.name;
      skinlab::SkeletonTimings timings;
      const skinlab::Skeleton skeleton = skinlab::extract_skeleton(model, params, timings);
      std::cout << "  " << method.name << ": " << skeleton.joints.size() << " joints, " << skeleton.bones.size()
                << " bones, " << 1e3 * timings.total << " ms\n";
    }
  } catch (const std::exception& e) {
    std::cerr << e.what() << '\n';
    return 2;
  }
  return 0;
}
