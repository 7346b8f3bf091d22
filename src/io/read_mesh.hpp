// SPDX-License-Identifier: GPL-3.0-or-later
// Reading any mesh a model may come in: OBJ and OFF (core/mesh_io.hpp) and every format Assimp
// reads, Assimp running in a bounded child process (io/sandbox.hpp).
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "skinlab/core/mesh_io.hpp"
#include "skinlab/io/sandbox.hpp"

namespace skinlab {

/// A format Assimp reads, chosen by the file's extension (never guessed from the bytes; OFF is
/// read_off's): each scene object (node with meshes, its transform applied) is one component
/// named after the node (made unique with a suffix); polygons triangulated. An extension Assimp
/// does not name is refused with InputError.
LabeledMesh read_assimp(const std::filesystem::path& path);
/// The same from bytes in memory; `extension` names the format ("ply", with or without the dot).
/// In-process: only for bytes that are trusted, or under a fuzzer.
LabeledMesh parse_assimp(const std::string& name, const std::string& bytes, const std::string& extension);
/// parse_assimp in a bounded child process, as read_assimp imports files: a crash, a hang or a
/// limit hit in Assimp is an InputError (the fuzz harness of that path).
LabeledMesh parse_assimp_sandboxed(const std::string& name, const std::string& bytes, const std::string& extension,
                                   const SandboxLimits& limits);

/// Relative tolerance of `weld_border_vertices` in the loaders, times the bounding-box
/// diagonal: coincident within export rounding (about 6 significant digits).
inline constexpr double kWeldRelativeTolerance = 1e-5;

/// Reads any supported mesh by extension (.obj, .off, else Assimp), with labels from `seg`
/// when given (a .seg requires a mesh without its own groups; `seg_names` name its values, see
/// read_seg). When the parts come as separate objects (any Assimp format; an OBJ whose groups
/// share no vertex), coincident border vertices of different parts are welded
/// (kWeldRelativeTolerance); an OFF with a .seg and an OBJ whose groups share vertices keep
/// their vertices as they are.
LabeledMesh read_labeled_mesh(const std::filesystem::path& mesh, const std::filesystem::path& seg = {},
                              const std::vector<std::string>& seg_names = {});

}  // namespace skinlab
