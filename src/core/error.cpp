#include "core/error.hpp"

namespace skinlab {

static std::string located(const std::string& file, int line, int col, std::string_view message) {
  std::string text = file;
  text.append(":").append(std::to_string(line)).append(":").append(std::to_string(col)).append(": ").append(message);
  return text;
}

ParseError::ParseError(const std::string& file, int line, int col, std::string_view message)
    : InputError(located(file, line, col, message)), file_(file), line_(line), col_(col) {}

}  // namespace skinlab
