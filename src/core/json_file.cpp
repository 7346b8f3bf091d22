#include "core/json_file.hpp"

#include <algorithm>
#include <fstream>
#include <sstream>
#include <string>

#include "core/error.hpp"

namespace skinlab {

nlohmann::json read_json_file(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw InputError(path.string() + ": cannot open file for reading");
  std::ostringstream buffer;
  buffer << in.rdbuf();
  const std::string text = buffer.str();
  try {
    return nlohmann::json::parse(text);
  } catch (const nlohmann::json::parse_error& e) {
    // nlohmann counts bytes from 1 up to the one it stopped at.
    const std::size_t at = std::min(text.size(), e.byte > 0 ? e.byte - 1 : 0);
    const int line = 1 + static_cast<int>(std::count(text.begin(), text.begin() + static_cast<std::ptrdiff_t>(at), '\n'));
    const std::size_t start = at == 0 ? std::string::npos : text.rfind('\n', at - 1);
    const int col = static_cast<int>(at - (start == std::string::npos ? 0 : start + 1)) + 1;
    throw ParseError(path.string(), line, col, "expected JSON (" + std::string(e.what()) + ")");
  }
}

}  // namespace skinlab
