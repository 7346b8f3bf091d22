// SPDX-License-Identifier: GPL-3.0-or-later
#include "skinlab/core/error.hpp"

#include <cmath>

namespace skinlab {

static std::string located(const std::string& file, int line, int col, std::string_view message) {
  std::string text = file;
  text.append(":").append(std::to_string(line)).append(":").append(std::to_string(col)).append(": ").append(message);
  return text;
}

ParseError::ParseError(const std::string& file, int line, int col, std::string_view message)
    : InputError(located(file, line, col, message)), file_(file), line_(line), col_(col) {}

void require_finite(std::span<const float> values, std::string_view what) {
  for (std::size_t i = 0; i < values.size(); ++i)
    if (!std::isfinite(values[i]))
      throw InputError(std::string(what) + ": value " + std::to_string(i) + " is " + std::to_string(values[i]) +
                       "; refusing to write a non-finite number");
}

}  // namespace skinlab
