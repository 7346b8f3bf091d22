// SPDX-License-Identifier: GPL-3.0-or-later
#include <cstdint>
#include <cstring>
#include <ostream>

#include "skinlab/core/error.hpp"
#include "skinlab/core/mesh_io.hpp"

namespace skinlab {

namespace {

// Little-endian bytes of a 32-bit value (the header says binary_little_endian, whatever the host).
template <typename T>
void put_le(std::ostream& out, T value) {
  static_assert(sizeof(T) == 4);
  std::uint32_t bits;
  std::memcpy(&bits, &value, 4);
  const char bytes[4] = {static_cast<char>(bits & 0xff), static_cast<char>((bits >> 8) & 0xff),
                         static_cast<char>((bits >> 16) & 0xff), static_cast<char>(bits >> 24)};
  out.write(bytes, 4);
}

}  // namespace

void write_ply_frame(std::ostream& out, const std::string& comment, const std::vector<float>& positions,
                     const std::vector<float>& normals, const std::vector<Tri>& triangles,
                     const std::vector<int>& triangle_part, const std::vector<std::string>& part_names) {
  require_finite(positions, comment + ": positions");
  require_finite(normals, comment + ": normals");
  const std::size_t vertices = positions.size() / 3;
  out << "ply\nformat binary_little_endian 1.0\ncomment " << comment << '\n';
  for (std::size_t p = 0; p < part_names.size(); ++p) out << "comment part " << p << ' ' << part_names[p] << '\n';
  out << "element vertex " << vertices << "\nproperty float x\nproperty float y\nproperty float z\n"
      << "property float nx\nproperty float ny\nproperty float nz\nelement face " << triangles.size()
      << "\nproperty list uchar int vertex_indices\nproperty int part\nend_header\n";
  for (std::size_t v = 0; v < vertices; ++v) {
    for (int k = 0; k < 3; ++k) put_le(out, positions[3 * v + k]);
    for (int k = 0; k < 3; ++k) put_le(out, normals[3 * v + k]);
  }
  for (std::size_t f = 0; f < triangles.size(); ++f) {
    out.put(3);
    for (int v : triangles[f]) put_le(out, static_cast<std::int32_t>(v));
    put_le(out, static_cast<std::int32_t>(triangle_part[f]));
  }
}

}  // namespace skinlab
