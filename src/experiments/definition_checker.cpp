// SPDX-License-Identifier: GPL-3.0-or-later
#include "skinlab/experiments/definition_checker.hpp"

#include <algorithm>
#include <cmath>

#include "skinlab/core/error.hpp"

namespace skinlab {

namespace {

// "an integer from LO to HI", appended piecewise: GCC 12 warns falsely (-Warray-bounds, its bug
// 105329) on a literal + std::string chain here once Eigen's headers are precompiled.
std::string integer_range(int lo, int hi) {
  std::string text = "an integer from ";
  text += std::to_string(lo);
  text += " to ";
  text += std::to_string(hi);
  return text;
}

}  // namespace

std::string joined(const std::vector<std::string>& names) {
  std::string out;
  for (const std::string& n : names) out += (out.empty() ? "" : ", ") + n;
  return out;
}

void DefinitionChecker::fail(const std::string& path, const std::string& expected, const nlohmann::json& found) const {
  throw InputError(file_ + ": " + (path.empty() ? "/" : path) + ": expected " + expected + ", found " +
                   found.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace));
}

void DefinitionChecker::keys(const nlohmann::json& object, const std::string& path,
                             const std::vector<std::string>& allowed, const std::vector<std::string>& required) const {
  if (!object.is_object()) fail(path, "an object", object);
  for (const auto& [key, value] : object.items())
    if (std::find(allowed.begin(), allowed.end(), key) == allowed.end())
      throw InputError(file_ + ": " + path + "/" + key + ": unknown key; expected one of " + joined(allowed));
  for (const std::string& key : required)
    if (!object.contains(key)) throw InputError(file_ + ": " + path + "/" + key + ": missing");
}

std::string DefinitionChecker::string(const nlohmann::json& value, const std::string& path) const {
  if (!value.is_string() || value.get<std::string>().empty()) fail(path, "a non-empty string", value);
  return value.get<std::string>();
}

int DefinitionChecker::integer(const nlohmann::json& value, const std::string& path, int lo, int hi) const {
  if (!value.is_number_integer() || value.get<long long>() < lo || value.get<long long>() > hi)
    fail(path, integer_range(lo, hi), value);
  return value.get<int>();
}

double DefinitionChecker::number(const nlohmann::json& value, const std::string& path, double lo, double hi) const {
  if (!value.is_number() || !std::isfinite(value.get<double>()) || value.get<double>() < lo ||
      value.get<double>() > hi)
    fail(path, "a number from " + nlohmann::json(lo).dump() + " to " + nlohmann::json(hi).dump(), value);
  return value.get<double>();
}

std::vector<std::string> DefinitionChecker::names(const nlohmann::json& value, const std::string& path,
                                                  const std::vector<std::string>& choices) const {
  if (!value.is_array() || value.empty()) fail(path, "a non-empty list of names", value);
  std::vector<std::string> out;
  for (std::size_t i = 0; i < value.size(); ++i) {
    const std::string item = path + "/" + std::to_string(i);
    const std::string name = string(value[i], item);
    if (!choices.empty() && std::find(choices.begin(), choices.end(), name) == choices.end())
      fail(item, "one of " + joined(choices), value[i]);
    if (std::find(out.begin(), out.end(), name) != out.end()) fail(item, "a name not listed before", value[i]);
    out.push_back(name);
  }
  return out;
}

}  // namespace skinlab
