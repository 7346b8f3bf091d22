// SPDX-License-Identifier: GPL-3.0-or-later
// Errors that reach the user. Bad input (a file or an argument the user can fix) is an
// InputError and makes `skinlab` exit with 2; anything else is an internal failure (exit 1).
#pragma once

#include <span>
#include <stdexcept>
#include <string>
#include <string_view>

namespace skinlab {

class InputError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// An error at a place in a text file; what() reads `FILE:LINE:COL: what was expected, what
/// was found` (docs/formats.md).
class ParseError : public InputError {
 public:
  ParseError(const std::string& file, int line, int col, std::string_view message);
  const std::string& file() const { return file_; }
  int line() const { return line_; }
  int col() const { return col_; }

 private:
  std::string file_;
  int line_;
  int col_;
};

/// The last guard before an output file: throws InputError naming `what` and the first index
/// whose value is NaN or infinite. No OBJ, PLY or glb skinlab writes holds one.
void require_finite(std::span<const float> values, std::string_view what);

}  // namespace skinlab
