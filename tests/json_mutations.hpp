// SPDX-License-Identifier: GPL-3.0-or-later
// Structured fuzzing of JSON inputs: seeded random mutations of a valid document (a node removed,
// retyped, replaced by an extreme value or a deep nest, an array element repeated), so that the
// checks behind the syntax are reached, which byte-level fuzzing of JSON text rarely does.
#pragma once

#include <nlohmann/json.hpp>
#include <random>
#include <string>
#include <vector>

namespace skinlab::test {

/// Every JSON pointer inside `doc` (its root excluded).
inline void json_pointers(const nlohmann::json& doc, const nlohmann::json::json_pointer& at,
                          std::vector<nlohmann::json::json_pointer>& out) {
  if (doc.is_object())
    for (const auto& item : doc.items()) {
      out.push_back(at / item.key());
      json_pointers(item.value(), at / item.key(), out);
    }
  if (doc.is_array())
    for (std::size_t i = 0; i < doc.size(); ++i) {
      out.push_back(at / i);
      json_pointers(doc[i], at / i, out);
    }
}

/// Applies one random mutation to `doc`; returns the pointer of the node it changed.
inline nlohmann::json::json_pointer mutate_json(nlohmann::json& doc, std::mt19937& random) {
  std::vector<nlohmann::json::json_pointer> pointers;
  json_pointers(doc, nlohmann::json::json_pointer(), pointers);
  if (pointers.empty()) return nlohmann::json::json_pointer();
  const nlohmann::json::json_pointer at = pointers[random() % pointers.size()];
  nlohmann::json deep = nlohmann::json::array();
  for (int i = 0; i < 80; ++i) deep = nlohmann::json::array({deep});
  const std::vector<nlohmann::json> replacements = {
      nullptr, true, 0, -1, 1, 2147483648LL, -9223372036854775807LL, 1e308, -1e308, 5e-324, 0.5, "", "x", "../x",
      "cactus", "centroid", std::string(10'000, 'a'), nlohmann::json::array(), nlohmann::json::object(),
      nlohmann::json::array({1, 2, 3}), nlohmann::json::object({{"x", 1}}), deep};
  switch (random() % 4) {
    case 0: {  // remove the node
      nlohmann::json& parent = doc.at(at.parent_pointer());
      if (parent.is_object()) parent.erase(at.back());
      else parent.erase(parent.begin() + std::stol(at.back()));
      break;
    }
    case 1: {  // repeat an array element, or add an unknown key to an object
      nlohmann::json& node = doc.at(at);
      if (node.is_array() && !node.empty()) node.push_back(node[random() % node.size()]);
      else if (node.is_object()) node["unexpected"] = 1;
      else node = replacements[random() % replacements.size()];
      break;
    }
    default:
      doc.at(at) = replacements[random() % replacements.size()];
  }
  return at;
}

}  // namespace skinlab::test
