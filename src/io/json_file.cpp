// SPDX-License-Identifier: GPL-3.0-or-later
#include "skinlab/io/json_file.hpp"

#include <algorithm>
#include <fstream>
#include <sstream>
#include <string>

#include "skinlab/core/error.hpp"

namespace skinlab {

namespace {

// 1-based line and column of byte `at`.
std::pair<int, int> line_and_column(const std::string& text, std::size_t at) {
  const int line = 1 + static_cast<int>(std::count(text.begin(), text.begin() + static_cast<std::ptrdiff_t>(at), '\n'));
  const std::size_t start = at == 0 ? std::string::npos : text.rfind('\n', at - 1);
  return {line, static_cast<int>(at - (start == std::string::npos ? 0 : start + 1)) + 1};
}

}  // namespace

nlohmann::json read_json_file(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw InputError(path.string() + ": cannot open file for reading");
  std::ostringstream buffer;
  buffer << in.rdbuf();
  return parse_json_text(path.string(), buffer.str());
}

nlohmann::json parse_json_text(const std::string& file, const std::string& text) {
  // nlohmann's parser and its writer recurse once per level: the nesting is bounded before either
  // sees the text. Strings are skipped, escapes included.
  int depth = 0;
  bool in_string = false;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (in_string) {
      if (c == '\\') ++i;
      else if (c == '"') in_string = false;
    } else if (c == '"') {
      in_string = true;
    } else if (c == '[' || c == '{') {
      if (++depth > kMaxJsonDepth) {
        const auto [line, col] = line_and_column(text, i);
        throw ParseError(file, line, col,
                         "expected JSON nested at most " + std::to_string(kMaxJsonDepth) + " levels deep");
      }
    } else if (c == ']' || c == '}') {
      --depth;
    }
  }
  try {
    return nlohmann::json::parse(text);
  } catch (const nlohmann::json::parse_error& e) {
    // nlohmann counts bytes from 1 up to the one it stopped at.
    const auto [line, col] = line_and_column(text, std::min(text.size(), e.byte > 0 ? e.byte - 1 : 0));
    throw ParseError(file, line, col, "expected JSON (" + std::string(e.what()) + ")");
  } catch (const nlohmann::json::out_of_range& e) {
    // A number past double's range (1e400): nlohmann names the token but not its place, so the
    // first occurrence of the token is the place reported.
    const std::string what = e.what();
    const std::size_t quote = what.find('\'');
    const std::string token = quote == std::string::npos ? "" : what.substr(quote + 1, what.rfind('\'') - quote - 1);
    const std::size_t at = token.empty() ? std::string::npos : text.find(token);
    const auto [line, col] = line_and_column(text, at == std::string::npos ? 0 : at);
    throw ParseError(file, line, col, "expected a number within double's range (" + what + ")");
  }
}

}  // namespace skinlab
