// SPDX-License-Identifier: GPL-3.0-or-later
#include "skinlab/experiments/experiment_definition.hpp"

#include <algorithm>
#include <set>

#include "skinlab/core/error.hpp"
#include "skinlab/experiments/definition_checker.hpp"
#include "skinlab/io/json_file.hpp"
#include "skinlab/io/model_library.hpp"

namespace skinlab {

namespace {

Manifest manifest() { return read_manifest(skinlab_root() / "models" / "manifest.json"); }

// Every model of the manifest, whatever its set.
std::vector<std::string> model_names() {
  std::vector<std::string> names;
  for (const ModelEntry& entry : manifest().models) names.push_back(entry.name);
  return names;
}

// A set's name ("standard": the models of the manifest's standard set; "thesis-parts": the
// thesis-granularity segmentations) or a list of the manifest's model names.
std::vector<std::string> model_list(const DefinitionChecker& check, const nlohmann::json& value, const std::string& path) {
  if (value.is_string()) {
    const Manifest models = manifest();
    const std::vector<std::string> sets = model_sets(models);
    if (std::find(sets.begin(), sets.end(), value.get<std::string>()) == sets.end())
      check.fail(path, "a model set (" + joined(sets) + ") or a list of model names", value);
    return model_names_in_set(models, value.get<std::string>());
  }
  return check.names(value, path, model_names());
}

}  // namespace

ExperimentDefinition parse_experiment(const nlohmann::json& source, const std::string& file) {
  const DefinitionChecker check(file);
  check.keys(source, "", {"name", "description", "models", "repeats", "figures", "refinement", "refinement_angles", "tables"},
             {"name", "models", "tables"});
  ExperimentDefinition def;
  def.source = source;
  def.digest = sha256_hex(source.dump());
  def.name = check.string(source["name"], "/name");
  // The name is the default output folder's last component (results/NAME): a plain name only.
  if (def.name.size() > 100 || def.name == "." || def.name == ".." ||
      def.name.find_first_of(std::string("/\\\0", 3)) != std::string::npos || def.name.front() == '-')
    check.fail("/name", "a plain folder name (no / or \\, no NUL, not . or .., at most 100 characters)",
               source["name"]);
  if (source.contains("description")) def.description = check.string(source["description"], "/description");
  if (source.contains("repeats")) def.repeats = check.integer(source["repeats"], "/repeats", 1, 1000);
  if (source.contains("figures")) {
    if (!source["figures"].is_boolean()) check.fail("/figures", "true or false", source["figures"]);
    def.figures = source["figures"].get<bool>();
  }
  const std::vector<std::string> models = model_list(check, source["models"], "/models");
  if (source.contains("refinement")) {
    const std::string mode = check.string(source["refinement"], "/refinement");
    const std::vector<std::string>& modes = local_refinement_names();
    if (std::find(modes.begin(), modes.end(), mode) == modes.end())
      check.fail("/refinement", "one of " + joined(modes), source["refinement"]);
    def.refinement = find_local_refinement(mode);
  }
  if (source.contains("refinement_angles")) {
    const nlohmann::json& angles = source["refinement_angles"];
    if (!angles.is_object()) check.fail("/refinement_angles", "an object of model names and degrees", angles);
    const std::vector<std::string> known = model_names();
    for (const auto& [model, degrees] : angles.items()) {
      const std::string path = "/refinement_angles/" + model;
      if (std::find(known.begin(), known.end(), model) == known.end())
        check.fail(path, "a model of the manifest as the key", model);
      if (!degrees.is_number() || !(degrees.get<double>() > 0.0 && degrees.get<double>() <= 90.0))
        check.fail(path, "degrees, more than 0 and at most 90", degrees);
      def.refinement_angles[model] = degrees.get<double>();
    }
  }
  const nlohmann::json& tables = source["tables"];
  if (!tables.is_array() || tables.empty()) check.fail("/tables", "a non-empty list of tables", tables);
  std::vector<std::string> kind_names;
  std::vector<std::string> table_keys{"id", "kind", "title", "models", "frames"};
  for (const TableKindEntry& kind : table_kinds()) {
    kind_names.push_back(kind.name);
    std::vector<std::string> own = kind.option_keys;
    if (kind.variants) own.push_back(kind.variants->key);
    for (const std::string& key : own)
      if (std::find(table_keys.begin(), table_keys.end(), key) == table_keys.end()) table_keys.push_back(key);
  }
  std::set<std::string> ids;
  for (std::size_t i = 0; i < tables.size(); ++i) {
    const std::string path = "/tables/" + std::to_string(i);
    const nlohmann::json& t = tables[i];
    check.keys(t, path, table_keys, {"id", "kind"});
    TableSpec spec;
    spec.id = check.string(t["id"], path + "/id");
    if (spec.id.find_first_not_of("abcdefghijklmnopqrstuvwxyz0123456789_") != std::string::npos)
      check.fail(path + "/id", "lower case letters, digits and '_'", t["id"]);
    if (!ids.insert(spec.id).second) check.fail(path + "/id", "an id no other table has", t["id"]);
    const std::string kind = check.string(t["kind"], path + "/kind");
    spec.kind = find_table_kind(kind);
    if (spec.kind == nullptr) check.fail(path + "/kind", "one of " + joined(kind_names), t["kind"]);
    spec.title = t.contains("title") ? check.string(t["title"], path + "/title") : spec.id;
    spec.models = t.contains("models") ? model_list(check, t["models"], path + "/models") : models;
    // Each kind takes only its own options.
    for (const std::string& key : table_keys) {
      const std::vector<std::string>& options = spec.kind->option_keys;
      const bool own = (spec.kind->variants && key == spec.kind->variants->key) ||
                       (key == "frames" && spec.kind->takes_frames) ||
                       std::find(options.begin(), options.end(), key) != options.end();
      const bool shared = key == "id" || key == "kind" || key == "title" || key == "models";
      if (t.contains(key) && !own && !shared)
        throw InputError(file + ": " + path + "/" + key + ": not an option of a " + kind + " table");
    }
    if (const std::optional<VariantOption>& variants = spec.kind->variants)
      spec.variants = t.contains(variants->key)
                          ? check.names(t[variants->key], path + "/" + variants->key, variants->choices())
                          : variants->defaults;
    if (t.contains("frames")) spec.frames = check.integer(t["frames"], path + "/frames", 1, 1000);
    if (spec.kind->parse_options) spec.options = spec.kind->parse_options(check, t, path, spec);
    def.tables.push_back(std::move(spec));
  }
  return def;
}

SkeletonParams skeleton_params(const ExperimentDefinition& def, const std::string& model, const std::string& method) {
  SkeletonParams params;
  params.method = method;
  params.local_refinement = def.refinement;
  if (const auto angle = def.refinement_angles.find(model); angle != def.refinement_angles.end())
    params.max_angle_degrees = angle->second;
  return params;
}

ExperimentDefinition read_experiment(const std::filesystem::path& file) {
  return parse_experiment(read_json_file(file), file.string());
}

}  // namespace skinlab
