// SPDX-License-Identifier: GPL-3.0-or-later
// JSON as text for output. Names come from files (groups, parts, paths) and need not be UTF-8:
// invalid bytes are written as U+FFFD instead of failing the whole command.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

namespace skinlab {

/// `indent` < 0: one line.
inline std::string json_text(const nlohmann::json& value, int indent = 2) {
  return value.dump(indent, ' ', false, nlohmann::json::error_handler_t::replace);
}

}  // namespace skinlab
