// The mesh formats skinlab reads, in one table: the reader (read_labeled_mesh), model resolution
// (resolve_model), `check`, `info` and the fuzz harness all ask it, and docs/formats.md lists it
// (a test compares the two). A format Assimp reads is one more row.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

namespace skinlab {

/// Who reads a format: skinlab's own OBJ or OFF reader, or Assimp in its sandbox.
enum class MeshReader { obj, off, assimp };

struct MeshFormat {
  std::string extension;    ///< lower case, without the dot: "ply"
  std::string description;  ///< "Stanford PLY (ascii or binary)"
  MeshReader reader;
  /// Its groups or objects name the parts (OBJ groups): a sibling STEM.seg is not looked for.
  bool names_its_parts;
};

const std::vector<MeshFormat>& mesh_formats();
/// The format the extension of `file` names (case-insensitive), or nullptr.
const MeshFormat* find_mesh_format(const std::filesystem::path& file);
/// The same, throwing InputError naming `file` and every readable extension when there is none.
const MeshFormat& mesh_format(const std::filesystem::path& file);
/// ".obj, .off, .ply, ..." for messages and help.
std::string mesh_extensions_text();

}  // namespace skinlab
