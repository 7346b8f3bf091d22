// SPDX-License-Identifier: GPL-3.0-or-later
// Reading a JSON file (model manifest, segmentation parameters, experiment definitions and
// results): one reader, so every one reports a syntax error at its FILE:LINE:COL.
#pragma once

#include <filesystem>
#include <nlohmann/json.hpp>

namespace skinlab {

/// Parses the file. Refuses nesting deeper than kMaxJsonDepth (ParseError at the bracket). Throws InputError when it cannot be read and ParseError (FILE:LINE:COL:
/// expected JSON, and nlohmann's description) when it is not JSON.
nlohmann::json read_json_file(const std::filesystem::path& path);
/// The same for text already read; `file` names it in messages.
nlohmann::json parse_json_text(const std::string& file, const std::string& text);

/// Deepest nesting of arrays and objects accepted: nothing skinlab reads needs more than a few
/// levels, and the parser and the writer recurse once per level.
inline constexpr int kMaxJsonDepth = 64;

}  // namespace skinlab
