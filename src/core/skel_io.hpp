// SPDX-License-Identifier: GPL-3.0-or-later
// The hierarchy file `.skel` ([VF08 §3.1]; grammar in docs/formats.md): the component
// tree and each joint's rotation range.
#pragma once

#include <array>
#include <filesystem>
#include <iosfwd>
#include <string>
#include <vector>

namespace skinlab {

struct SkelJoint {
  std::string name;
  int parent = -1;                 ///< index into SkelFile::joints; -1 for the root
  std::array<double, 6> limits{};  ///< degrees: XMIN XMAX YMIN YMAX ZMIN ZMAX
  int line = 0;                    ///< where the joint is declared, for later error messages
  int col = 0;
};

struct SkelFile {
  std::string file;               ///< name used in error messages
  std::vector<SkelJoint> joints;  ///< depth-first in file order; joints[0] is the root
};

/// Largest |limit| accepted, in degrees: one full turn either way.
inline constexpr double kMaxLimitDegrees = 360.0;

/// Deepest nesting accepted: a skeleton is a handful of levels deep; a file nested thousands
/// deep is refused rather than followed down the stack.
inline constexpr int kMaxSkelDepth = 256;

/// Parses `.skel` text. The ROOT and JOINT keywords are optional. Throws ParseError
/// (FILE:LINE:COL) on the first error: grammar, MIN > MAX, a limit outside ±kMaxLimitDegrees, a
/// duplicate name, nesting deeper than kMaxSkelDepth, or trailing tokens.
SkelFile parse_skel(const std::string& file, std::string text);
SkelFile read_skel(const std::filesystem::path& path);
void write_skel(std::ostream& out, const SkelFile& skel);

}  // namespace skinlab
