// SPDX-License-Identifier: GPL-3.0-or-later
#include "skinlab/segmentation/segment_params_json.hpp"

#include <algorithm>
#include <cmath>
#include <sstream>

#include "skinlab/core/error.hpp"

namespace skinlab {

const std::vector<SegmentNumberRange>& segment_number_ranges() {
  static const std::vector<SegmentNumberRange> ranges = {{"persistence", 0.0, 1.0, false},
                                                         {"limbs", 1, 200, true},
                                                         {"parts", 1, 200, true},
                                                         {"split_aspect", 0.1, 1000.0, false},
                                                         {"end_narrowing", 1.0, 100.0, false},
                                                         {"max_pieces", 1, 16, true},
                                                         {"ring_slope", 0.01, 1000.0, false},
                                                         {"min_limb_aspect", 0.0, 100.0, false},
                                                         {"coordinate", -1e6, 1e6, false}};
  return ranges;
}

const SegmentNumberRange& segment_number_range(const std::string& key) {
  for (const SegmentNumberRange& range : segment_number_ranges())
    if (range.key == key) return range;
  throw std::out_of_range("no segmentation parameter " + key);
}

void apply_segment_json(const nlohmann::json& entry, const std::string& where, SegmentRequest& request,
                        char separator) {
  const auto at = [&](const std::string& key) { return where + separator + key + ": "; };
  if (!entry.is_object()) throw InputError(where + ": expected an object of parameters, found " + entry.dump());
  static const std::vector<std::string> known = {
      "up",    "forward", "generic_names", "root",          "add_tips",   "ignore_tips", "persistence",
      "limbs", "parts",   "split_aspect",  "end_narrowing", "max_pieces", "ring_slope",  "min_limb_aspect"};
  for (const auto& item : entry.items())
    if (std::find(known.begin(), known.end(), item.key()) == known.end()) {
      std::string expected;
      for (const std::string& key : known) expected += (expected.empty() ? "" : ", ") + key;
      throw InputError(at(item.key()) + "unknown parameter (expected one of " + expected + ")");
    }
  // `value` checked against the range called `range` (reported under `key`).
  const auto checked = [&](const std::string& key, const std::string& range_key, const nlohmann::json& value) {
    const SegmentNumberRange& range = segment_number_range(range_key);
    if (!value.is_number() || (range.integral && !value.is_number_integer()))
      throw InputError(at(key) + "expected " + (range.integral ? "an integer" : "a number") + ", found " +
                       value.dump());
    const double v = value.get<double>();
    if (!std::isfinite(v) || v < range.low || v > range.high) {
      std::ostringstream bounds;  // as the options' check writes them: 0, 1, 1e+06
      bounds << '[' << range.low << ", " << range.high << ']';
      throw InputError(at(key) + "expected a finite number in " + bounds.str() + ", found " + value.dump());
    }
    return v;
  };
  const auto number = [&](const std::string& key, auto& out) {
    if (entry.contains(key)) out = static_cast<std::remove_reference_t<decltype(out)>>(checked(key, key, entry[key]));
  };
  // [x, y, z] (and, where `with_radius`, an optional fourth number >= 0).
  const auto point = [&](const std::string& key, const nlohmann::json& value, bool with_radius) {
    const std::size_t most = with_radius ? 4 : 3;
    if (!value.is_array() || value.size() < 3 || value.size() > most)
      throw InputError(at(key) + "expected [x, y, z" + (with_radius ? "(, radius)]" : "]") + ", found " + value.dump());
    std::vector<double> v;
    for (const nlohmann::json& c : value) v.push_back(checked(key, "coordinate", c));
    if (v.size() == 4 && v[3] < 0) throw InputError(at(key) + "expected a radius >= 0, found " + value[3].dump());
    return v;
  };
  SegmentParams& params = request.params;
  const auto vec = [&](const char* key, Vec3& out) {
    if (!entry.contains(key)) return;
    const std::vector<double> v = point(key, entry[key], false);
    out = Vec3(v[0], v[1], v[2]);
  };
  vec("up", params.up);
  vec("forward", params.forward);
  vec("root", params.root);
  const auto points = [&](const char* key, bool with_radius, auto&& add) {
    if (!entry.contains(key)) return;
    if (!entry[key].is_array()) throw InputError(at(key) + "expected a list of points");
    for (const nlohmann::json& v : entry[key]) add(point(key, v, with_radius));
  };
  points("add_tips", true, [&](const std::vector<double>& v) {
    params.add_tips.push_back({Vec3(v[0], v[1], v[2]), v.size() > 3 ? v[3] : 0.0});
  });
  points("ignore_tips", false,
         [&](const std::vector<double>& v) { params.ignore_tips.emplace_back(v[0], v[1], v[2]); });
  number("persistence", params.min_persistence);
  if (entry.contains("persistence")) params.adapt_persistence = false;
  number("limbs", params.limbs);
  number("split_aspect", params.split_aspect);
  number("end_narrowing", params.end_narrowing);
  number("max_pieces", params.max_pieces);
  number("ring_slope", params.ring_slope);
  number("min_limb_aspect", params.min_limb_aspect);
  number("parts", request.parts);
  if (entry.contains("generic_names")) {
    if (!entry["generic_names"].is_boolean()) throw InputError(at("generic_names") + "expected true or false");
    params.estimate_orientation = !entry["generic_names"].get<bool>();
  }
}

}  // namespace skinlab
