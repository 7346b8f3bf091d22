// SPDX-License-Identifier: GPL-3.0-or-later
// Debian's tinygltf as a second reader of skinlab's .glb (test_cli.cpp runs it): loads the file
// and prints its skin's joints with their inverse bind matrices' translations, as JSON; exit 0
// when tinygltf loads it without error or warning. Usage: tinygltf_load FILE.glb
#include <tiny_gltf.h>

#include <cstring>
#include <iostream>
#include <nlohmann/json.hpp>

int main(int argc, char** argv) {
  if (argc != 2) return 2;
  tinygltf::Model model;
  tinygltf::TinyGLTF loader;
  std::string error, warning;
  const bool loaded = loader.LoadBinaryFromFile(&model, &error, &warning, argv[1]);
  if (!loaded || !error.empty() || !warning.empty()) {
    std::cerr << "tinygltf: " << error << warning << '\n';
    return 1;
  }
  const tinygltf::Skin& skin = model.skins.at(0);
  const tinygltf::Accessor& accessor = model.accessors.at(skin.inverseBindMatrices);
  const tinygltf::BufferView& view = model.bufferViews.at(accessor.bufferView);
  const unsigned char* data = model.buffers.at(view.buffer).data.data() + view.byteOffset + accessor.byteOffset;
  nlohmann::json joints = nlohmann::json::object();
  for (std::size_t j = 0; j < skin.joints.size(); ++j) {
    float m[16];
    std::memcpy(m, data + 64 * j, sizeof m);
    joints[model.nodes.at(skin.joints[j]).name] = {-m[12], -m[13], -m[14]};  // the bind frame's origin
  }
  std::cout << nlohmann::json{{"joints", joints}, {"nodes", model.nodes.size()}}.dump() << '\n';
  return 0;
}
