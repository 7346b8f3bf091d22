#include "io/mesh_formats.hpp"

#include "core/error.hpp"
#include "core/lexer.hpp"

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
      {"glb", "glTF 2.0 binary", MeshReader::assimp, false},
      {"dae", "COLLADA", MeshReader::assimp, false},
      {"3ds", "3D Studio", MeshReader::assimp, false},
  };
  return formats;
}

const MeshFormat* find_mesh_format(const std::filesystem::path& file) {
  const std::string extension = file.extension().string();
  for (const MeshFormat& format : mesh_formats())
    if (iequals(extension, "." + format.extension)) return &format;
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
