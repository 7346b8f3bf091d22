// SPDX-License-Identifier: GPL-3.0-or-later
// Mesh readers and writers that need no library: OBJ with g/o groups, OFF plus a .seg label
// file. Readers report the first problem as FILE:LINE:COL (InputError/ParseError); polygons are
// triangulated as fans. Every other format, and the choice by extension, is io/read_mesh.hpp's.
#pragma once

#include <filesystem>
#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

#include "skinlab/core/tri_mesh.hpp"
#include "skinlab/io/sandbox.hpp"

namespace skinlab {

/// OBJ: `v` and `f` (v, v/vt, v//vn, v/vt/vn, negative = relative) are read, `g`/`o` start a
/// component (a repeated name continues it), other statements are skipped. Faces before any
/// group, or all faces of a file without groups, form the component "part0".
LabeledMesh read_obj(const std::filesystem::path& path);
/// The same from text; `file` names it in messages.
LabeledMesh parse_obj(const std::string& file, std::string text);
/// Which way a model stands: unit, orthogonal directions in its coordinates.
struct Upright {
  Vec3 up = Vec3::UnitY();
  Vec3 forward = Vec3::UnitZ();
};
/// Writes positions and one `g` group per component; with `upright`, the comments
/// `# up X Y Z` and `# forward X Y Z` first (other readers skip them; read_obj_upright reads them).
void write_obj(std::ostream& out, const LabeledMesh& labeled, const std::optional<Upright>& upright = std::nullopt);
/// The `# up` and `# forward` comments among the comment lines at the top of an OBJ, when both are
/// there; throws InputError (FILE:LINE) when they are not three numbers each, or not orthogonal.
std::optional<Upright> read_obj_upright(const std::filesystem::path& path);
/// Writes one deformed frame: `comment` as the first line, then positions and normals (#V x 3
/// floats each; face corners use the same index for both) and one `g` group per part in
/// `part_names` order holding the triangles whose `triangle_part` is that part.
void write_obj_frame(std::ostream& out, const std::string& comment, const std::vector<float>& positions,
                     const std::vector<float>& normals, const std::vector<Tri>& triangles,
                     const std::vector<int>& triangle_part, const std::vector<std::string>& part_names);
/// The same frame as binary PLY (little endian): `comment` and one "comment part I NAME" line
/// per part in the header; per vertex float x y z nx ny nz; per face its three vertex indices
/// (a uchar count, then int32) and an int32 `part`. About a quarter of the OBJ's size.
void write_ply_frame(std::ostream& out, const std::string& comment, const std::vector<float>& positions,
                     const std::vector<float>& normals, const std::vector<Tri>& triangles,
                     const std::vector<int>& triangle_part, const std::vector<std::string>& part_names);

/// OFF, COFF, NOFF, CNOFF (header optional): vertex colours or normals after the coordinates
/// and face colours after the indices are ignored.
/// `face_lines`, when given, receives the line of each triangle's face.
TriMesh read_off(const std::filesystem::path& path, std::vector<int>* face_lines = nullptr);
TriMesh parse_off(const std::string& file, std::string text, std::vector<int>* face_lines = nullptr);
void write_off(std::ostream& out, const TriMesh& mesh);

/// Part labels, one non-negative integer per line, one line per face of a mesh with
/// `num_faces` faces. Label values are compacted in increasing order to ids 0..k-1. A part
/// with value v is named `names[v]` (the segments of a .skel in depth-first order); when
/// `names` is given, a value past it is an error at its line. Without names, parts are `part<v>`.
struct SegLabels {
  std::vector<int> labels;
  std::vector<std::string> part_names;
};
SegLabels read_seg(const std::filesystem::path& path, int num_faces, const std::vector<std::string>& names = {});
SegLabels parse_seg(const std::string& file, std::string text, int num_faces,
                    const std::vector<std::string>& names = {});
void write_seg(std::ostream& out, const std::vector<int>& labels);

}  // namespace skinlab
