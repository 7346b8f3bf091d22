// SPDX-License-Identifier: GPL-3.0-or-later
// `view_test_deformer MODEL CLIP FRAME OUT.png`: the viewer's headless screenshot with the test
// deformer whose triangles change every frame, handed to the viewer as the registry would be.
#include <cstdlib>
#include <iostream>

#include "skinlab/rigging/deformer_registry.hpp"
#include "test_deformers.hpp"
#include "skinlab/viewer/viewer.hpp"

int main(int argc, char** argv) {
  if (argc != 5) {
    std::cerr << "usage: view_test_deformer MODEL CLIP FRAME OUT.png\n";
    return 2;
  }
  skinlab::ViewerOptions options;
  options.model = argv[1];
  options.clip = argv[2];
  options.frame = std::atoi(argv[3]);
  options.screenshot = argv[4];
  options.width = 480;
  options.height = 360;
  options.json = true;
  options.deformers = skinlab::deformer_registry();
  options.deformers.push_back(skinlab::test::ParityDeformer::entry());
  options.skinning = "parity";
  try {
    return skinlab::run_viewer(1, argv, options);
  } catch (const std::exception& e) {
    std::cerr << e.what() << '\n';
    return 2;
  }
}
