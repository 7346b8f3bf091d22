// SPDX-License-Identifier: GPL-3.0-or-later
#include "skinlab/io/mesh_formats.hpp"

#include "skinlab/core/error.hpp"
#include "skinlab/core/lexer.hpp"

namespace skinlab {

const std::vector<MeshFormat>& mesh_formats() {
  // Assimp rows: formats whose importer fuzzing has exercised through the sandbox (one seed file
  // each in tests/fuzz/corpus/assimp_sandbox, which the format test also reads).
  static const std::vector<MeshFormat> formats{
      {"obj", "Wavefront OBJ, groups as parts", MeshReader::obj, true},
      {"off", "Object File Format, parts from a sibling .seg", MeshReader::off, false},
      {"ply", "Stanford PLY (ascii or binary)", MeshReader::assimp, false},
      {"stl", "STL (ascii or binary)", MeshReader::assimp, false},
      {"gltf", "glTF 2.0 (JSON, buffers beside it)", MeshReader::assimp, false},
      {"glb", "glTF 2.0 binary", MeshReader::assimp, false, check_binary_gltf_header},
      {"dae", "COLLADA", MeshReader::assimp, false},
      {"3ds", "3D Studio", MeshReader::assimp, false},
  };
  return formats;
}

void check_binary_gltf_header(const std::string& name, std::string_view head, std::uint64_t size) {
  const auto u32 = [&](std::size_t at) {
    std::uint32_t v = 0;
    for (int k = 3; k >= 0; --k) v = (v << 8) | static_cast<unsigned char>(head[at + k]);  // little-endian
    return v;
  };
  if (head.size() < 20 || head.substr(0, 4) != "glTF")
    throw InputError(name + ": not a binary glTF (it does not start with a 20-byte 'glTF' header)");
  if (u32(4) != 2)
    throw InputError(name + ": binary glTF version " + std::to_string(u32(4)) + " (skinlab reads glTF 2.0)");
  if (u32(8) != size)
    throw InputError(name + ": the glTF header gives a length of " + std::to_string(u32(8)) + " bytes, the file has " +
                     std::to_string(size));
  if (u32(16) != 0x4E4F534AU) throw InputError(name + ": the first chunk of a binary glTF must be its JSON");
  if (20 + static_cast<std::uint64_t>(u32(12)) > size)
    throw InputError(name + ": the JSON chunk's length, " + std::to_string(u32(12)) + " bytes, runs past the file's end");
}

const MeshFormat* find_mesh_format(const std::filesystem::path& file) {
  const std::string extension = file.extension().string();
  return extension.empty() ? nullptr : find_mesh_format_of_extension(extension);
}

const MeshFormat* find_mesh_format_of_extension(std::string_view extension) {
  if (!extension.empty() && extension.front() == '.') extension.remove_prefix(1);
  for (const MeshFormat& format : mesh_formats())
    if (iequals(extension, format.extension)) return &format;
  return nullptr;
}

const MeshFormat& mesh_format(const std::filesystem::path& file) {
  if (const MeshFormat* format = find_mesh_format(file)) return *format;
  throw InputError(file.string() + ": unknown mesh format " + quote(file.extension().string()) + " (expected " +
                   mesh_extensions_text() + ")");
}

std::string mesh_extensions_text() {
  std::string text;
  for (const MeshFormat& format : mesh_formats()) text += (text.empty() ? "." : ", .") + format.extension;
  return text;
}

}  // namespace skinlab
