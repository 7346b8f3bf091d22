// SPDX-License-Identifier: GPL-3.0-or-later
// Skinning weights of a welded mesh and their text file (`.weights`, docs/formats.md).
#pragma once

#include <array>
#include <cstdint>
#include <filesystem>
#include <iosfwd>
#include <string>
#include <vector>

namespace skinlab {

/// Per vertex of the welded mesh, up to four (part, weight) influences: weights positive,
/// in decreasing order, summing to 1; unused slots hold part 0 with weight 0.
struct SkinWeights {
  static constexpr int kMaxInfluences = 4;
  std::vector<std::string> parts;                    ///< part names; influences index them
  std::vector<std::array<std::uint16_t, 4>> joints;  ///< #V influences (part ids)
  std::vector<std::array<float, 4>> weights;         ///< #V weights
  int num_vertices() const { return static_cast<int>(joints.size()); }
  /// How many slots of vertex v are used (1..4).
  int influences(int v) const;
};

/// Keeps the four largest of `candidates` (part id, weight; weights >= 0, not all 0), in
/// decreasing order, normalised to sum 1, as vertex v of `weights`.
void set_influences(SkinWeights& weights, int v, std::vector<std::pair<int, double>> candidates);

/// Reads a `.weights` file for a mesh of `num_vertices` vertices whose parts are `parts` (the
/// file may list them in another order; influences are renumbered to `parts`). Throws
/// ParseError at the first problem: a count that does not match, an unknown or repeated part, a
/// weight outside [0, 1], weights that do not sum to 1 within 1e-4. Weights that sum to 1 within
/// 1e-6 are kept as written, others are normalised.
SkinWeights read_weights(const std::filesystem::path& path, int num_vertices, const std::vector<std::string>& parts);
/// The same, from the text of a file named `file` (in messages).
SkinWeights parse_weights(const std::string& file, std::string text, int num_vertices,
                          const std::vector<std::string>& parts);
void write_weights(std::ostream& out, const SkinWeights& weights);

}  // namespace skinlab
