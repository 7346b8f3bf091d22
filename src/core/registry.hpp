// What every registry (deformers, skeleton methods, table kinds: a vector of entries with a
// `name`, made from an X-macro list) looks names up with.
#pragma once

#include <string>
#include <string_view>
#include <vector>

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

}  // namespace skinlab
