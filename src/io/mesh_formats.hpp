// SPDX-License-Identifier: GPL-3.0-or-later
// The mesh formats skinlab reads, in one table: the reader (read_labeled_mesh), model resolution
// (resolve_model), `check`, `info` and the fuzz harness all ask it, and docs/formats.md lists it
// (a test compares the two). A format Assimp reads is one more row.
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>
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
  /// Checks the file's first kHeaderBytes (or all of a shorter file) against its size before
  /// any parser sees it, throwing InputError; null where the format needs none.
  void (*check_header)(const std::string& name, std::string_view head, std::uint64_t size) = nullptr;
};

/// How much of a file a format's check_header reads.
inline constexpr std::size_t kHeaderBytes = 20;

/// A binary glTF 2.0's header and first chunk header: magic "glTF", version 2, the total length
/// equal to the file's, a JSON chunk that fits in it. Assimp allocates whatever length they claim
/// (fuzzing: 29 bytes that asked for 1.9 GB).
void check_binary_gltf_header(const std::string& name, std::string_view head, std::uint64_t size);

const std::vector<MeshFormat>& mesh_formats();
/// The format the extension of `file` names (case-insensitive), or nullptr.
const MeshFormat* find_mesh_format(const std::filesystem::path& file);
/// The format of an extension, with or without its dot ("glb", ".GLB"), or nullptr.
const MeshFormat* find_mesh_format_of_extension(std::string_view extension);
/// The same, throwing InputError naming `file` and every readable extension when there is none.
const MeshFormat& mesh_format(const std::filesystem::path& file);
/// ".obj, .off, .ply, ..." for messages and help.
std::string mesh_extensions_text();

}  // namespace skinlab
