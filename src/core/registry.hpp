// SPDX-License-Identifier: GPL-3.0-or-later
// What every registry (deformers, skeleton methods, table kinds: a vector of entries with a
// `name`, made from an X-macro list) looks names up with; and the same for an option whose
// values are an enum's, named in a list in the enum's order.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "skinlab/core/error.hpp"

namespace skinlab {

/// The entry called `name`, or nullptr.
template <typename Entry>
const Entry* find_named(const std::vector<Entry>& entries, std::string_view name) {
  for (const Entry& entry : entries)
    if (entry.name == name) return &entry;
  return nullptr;
}

/// The entries' names, in registry order.
template <typename Entry>
std::vector<std::string> names_of(const std::vector<Entry>& entries) {
  std::vector<std::string> names;
  for (const Entry& entry : entries) names.push_back(entry.name);
  return names;
}

/// "a, b, c": the entries' names for messages.
template <typename Entry>
std::string names_text(const std::vector<Entry>& entries) {
  std::string text;
  for (const Entry& entry : entries) text += (text.empty() ? "" : ", ") + std::string(entry.name);
  return text;
}

/// The value of `Enum` whose name is `name`, `names` listing them in the enum's order. Throws
/// InputError "unknown WHAT 'name' (expected a, b)".
template <typename Enum>
Enum enum_named(const std::vector<std::string>& names, std::string_view name, std::string_view what) {
  for (std::size_t i = 0; i < names.size(); ++i)
    if (names[i] == name) return static_cast<Enum>(i);
  std::string expected;
  for (const std::string& n : names) expected += (expected.empty() ? "" : ", ") + n;
  throw InputError("unknown " + std::string(what) + " '" + std::string(name) + "' (expected " + expected + ")");
}

}  // namespace skinlab
