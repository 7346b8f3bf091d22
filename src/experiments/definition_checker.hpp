// SPDX-License-Identifier: GPL-3.0-or-later
// Checks the values of an experiment definition (experiment_definition.hpp) and of a table
// kind's own options (table_kind.hpp): every complaint is an InputError naming the file and the
// JSON path of the value, what was expected and what was found.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace skinlab {

/// "a, b, c".
std::string joined(const std::vector<std::string>& names);

class DefinitionChecker {
 public:
  explicit DefinitionChecker(std::string file) : file_(std::move(file)) {}

  /// "FILE: PATH": where a value is, for messages written elsewhere.
  std::string where(const std::string& path) const { return file_ + ": " + path; }
  [[noreturn]] void fail(const std::string& path, const std::string& expected, const nlohmann::json& found) const;
  /// `object` is an object whose keys are all `allowed` and include every `required`.
  void keys(const nlohmann::json& object, const std::string& path, const std::vector<std::string>& allowed,
            const std::vector<std::string>& required) const;
  std::string string(const nlohmann::json& value, const std::string& path) const;
  int integer(const nlohmann::json& value, const std::string& path, int lo, int hi) const;
  /// A finite number from lo to hi.
  double number(const nlohmann::json& value, const std::string& path, double lo, double hi) const;
  /// A non-empty list of names, each one of `choices` (when given), no repeats.
  std::vector<std::string> names(const nlohmann::json& value, const std::string& path,
                                 const std::vector<std::string>& choices) const;

 private:
  std::string file_;
};

}  // namespace skinlab
