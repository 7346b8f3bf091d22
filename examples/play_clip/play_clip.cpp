// SPDX-License-Identifier: GPL-3.0-or-later
// Plays a clip on a model through every registered deformer and writes frame N of each as OBJ:
// `play_clip [MODEL CLIP FRAME OUTDIR]` (default: homer, its wave clip, frame 40, .).
#include <exception>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <skinlab/io/model_library.hpp>
#include <skinlab/rigging/deformer_registry.hpp>
#include <skinlab/rigging/session.hpp>

int main(int argc, char** argv) {
  namespace fs = std::filesystem;
  skinlab::set_skinlab_root(SKINLAB_DATA_DIR);
  try {
    const std::string name = argc > 1 ? argv[1] : "homer";
    const fs::path clip_file = argc > 2 ? fs::path(argv[2]) : skinlab::skinlab_root() / "clips" / "homer_wave.clip";
    const int frame = argc > 3 ? std::stoi(argv[3]) : 40;
    const fs::path out = argc > 4 ? argv[4] : ".";
    const skinlab::SegmentedModel model = skinlab::load_model(skinlab::resolve_model(name));
    const skinlab::ClipFile clip = skinlab::read_clip(clip_file.string());
    for (const skinlab::DeformerEntry& entry : skinlab::deformer_registry()) {
      skinlab::AnimationSession session(model, clip, skinlab::SessionParams{}, entry);
      skinlab::Frame deformed;
      session.play(frame, deformed);
      const skinlab::FrameTopology topo = skinlab::topology(deformed, session.deformer().rest_mesh());
      const fs::path file = out / (entry.name + ".obj");
      std::ofstream obj(file);
      for (std::size_t i = 0; i < deformed.positions.size(); i += 3)
        obj << "v " << deformed.positions[i] << ' ' << deformed.positions[i + 1] << ' ' << deformed.positions[i + 2]
            << '\n';
      for (const skinlab::Tri& t : topo.triangles) obj << "f " << t[0] + 1 << ' ' << t[1] + 1 << ' ' << t[2] + 1 << '\n';
      std::cout << entry.name << ": frame " << frame << ", " << deformed.positions.size() / 3 << " vertices, "
                << topo.triangles.size() << " triangles -> " << file.string() << '\n';
    }
  } catch (const std::exception& e) {
    std::cerr << e.what() << '\n';
    return 2;
  }
  return 0;
}
