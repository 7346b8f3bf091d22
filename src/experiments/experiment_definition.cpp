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

// Whether `path` names a file; false for a path the system refuses (too long, no access).
bool names_a_file(const std::filesystem::path& path) {
  std::error_code error;
  return std::filesystem::is_regular_file(path, error);
}

// Reads a definition's model entries into `sources` (docs/experiments.md, "Models").
class ModelEntries {
 public:
  ModelEntries(const DefinitionChecker& check, std::filesystem::path base, std::map<std::string, ModelSource>& sources)
      : check_(check), base_(std::move(base)), sources_(sources), manifest_(manifest()) {}

  // A set's name, or a list whose entries are each a set, a model of the manifest, a mesh path,
  // a glob, or an object {"path", "name", "segment", "clips"}.
  std::vector<std::string> list(const nlohmann::json& value, const std::string& path) {
    std::vector<std::string> names;
    if (value.is_string()) {
      if (!is_set(value.get<std::string>()))
        check_.fail(path, "a model set (" + joined(model_sets(manifest_)) + ") or a list of models", value);
      add_set(value.get<std::string>(), names);
      return names;
    }
    if (!value.is_array() || value.empty()) check_.fail(path, "a model set or a non-empty list of models", value);
    for (std::size_t i = 0; i < value.size(); ++i) entry(value[i], path + "/" + std::to_string(i), names);
    return names;
  }

 private:
  bool is_set(const std::string& name) const {
    const std::vector<std::string> sets = model_sets(manifest_);
    return std::find(sets.begin(), sets.end(), name) != sets.end();
  }
  bool is_standard(const std::string& name) const {
    return std::any_of(manifest_.models.begin(), manifest_.models.end(),
                       [&](const ModelEntry& e) { return e.name == name; });
  }
  void add_set(const std::string& set, std::vector<std::string>& names) {
    for (const std::string& name : model_names_in_set(manifest_, set)) add(model_source(name), "", names);
  }
  // `source` under its name; a name taken by another model is refused at `path`.
  void add(ModelSource source, const std::string& path, std::vector<std::string>& names) {
    const auto [it, fresh] = sources_.emplace(source.name, source);
    if (!fresh && it->second.files.mesh != source.files.mesh)
      check_.fail(path,
                  "a model named other than " + source.name + " (" + it->second.files.mesh.string() +
                      " has that name): give it a \"name\"",
                  source.files.mesh.string());
    if (std::find(names.begin(), names.end(), source.name) != names.end())
      check_.fail(path, "a model the list does not name already", source.name);
    names.push_back(source.name);
  }
  std::filesystem::path from_base(const std::string& text) const {
    const std::filesystem::path p(text);
    return p.is_absolute() ? p : base_ / p;
  }
  void entry(const nlohmann::json& value, const std::string& path, std::vector<std::string>& names) {
    if (value.is_string()) {
      const std::string text = value.get<std::string>();
      if (is_set(text)) return add_set(text, names);
      if (is_standard(text)) return add(model_source(text), path, names);
      return add_files(value, path, "", nlohmann::json(), {}, names);
    }
    check_.keys(value, path, {"path", "name", "segment", "clips"}, {"path"});
    const std::string name = value.contains("name") ? check_.string(value["name"], path + "/name") : "";
    if (value.contains("name") && !is_plain_name(name))
      check_.fail(path + "/name", "letters, digits, '_', '.' and '-' (at most 100, not starting with - or .)", name);
    std::vector<std::filesystem::path> clips;
    if (value.contains("clips")) {
      const nlohmann::json& list = value["clips"];
      if (!list.is_array() || list.empty()) check_.fail(path + "/clips", "a non-empty list of .clip paths", list);
      for (std::size_t i = 0; i < list.size(); ++i) {
        const std::filesystem::path clip = from_base(check_.string(list[i], path + "/clips/" + std::to_string(i)));
        if (!names_a_file(clip)) check_.fail(path + "/clips/" + std::to_string(i), "a .clip file", clip.string());
        clips.push_back(clip);
      }
    }
    const nlohmann::json segment = value.contains("segment") ? value["segment"] : nlohmann::json();
    add_files(value["path"], path + "/path", name, segment, clips, names);
  }
  // A mesh path or glob (`value`), each file under `name` (its stem when empty), segmented with
  // `segment` when that is an object.
  void add_files(const nlohmann::json& value, const std::string& path, const std::string& name,
                 const nlohmann::json& segment, const std::vector<std::filesystem::path>& clips,
                 std::vector<std::string>& names) {
    const std::string text = check_.string(value, path);
    std::vector<std::filesystem::path> files;
    if (is_glob(text)) {
      files = glob_files(from_base(text).string());
      if (files.empty())
        check_.fail(path, "a glob that matches at least one file (from " + base_.string() + ")", value);
      if (!name.empty() && files.size() > 1) check_.fail(path, "one file for a named model", value);
    } else if (names_a_file(from_base(text))) {
      files = {from_base(text)};
    } else {
      std::vector<std::string> known;
      for (const ModelEntry& e : manifest_.models) known.push_back(e.name);
      check_.fail(path,
                  "a model set, a model of the manifest (" + joined(known) + "), or a mesh file or glob (from " +
                      base_.string() + ")",
                  value);
    }
    for (const std::filesystem::path& file : files) {
      const std::string model = name.empty() ? file.stem().string() : name;
      if (!is_plain_name(model)) check_.fail(path, "a file whose stem is a plain name, or a \"name\"", file.string());
      if (is_standard(model)) check_.fail(path, "a model not named as a standard one (give it a \"name\")", model);
      if (segment.is_null()) {
        add(model_source(file.string(), model, clips), path, names);
        continue;
      }
      // A raw mesh is loaded from the cache, but its clips sit beside the file the user named.
      const std::string where = check_.where(path.substr(0, path.rfind('/')) + "/segment");
      const std::filesystem::path mesh = segment_into_cache(file, model, segment, where);
      add(model_source(mesh.string(), model, clips.empty() ? clips_beside(file) : clips), path, names);
    }
  }

  const DefinitionChecker& check_;
  std::filesystem::path base_;
  std::map<std::string, ModelSource>& sources_;
  Manifest manifest_;
};

}  // namespace

ExperimentDefinition parse_experiment(const nlohmann::json& source, const std::string& file,
                                      const std::filesystem::path& folder) {
  const DefinitionChecker check(file);
  check.keys(source, "",
             {"name", "description", "models", "repeats", "figures", "refinement", "refinement_angles", "tables"},
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
  def.folder = folder.empty() ? std::filesystem::absolute(file).parent_path() : std::filesystem::absolute(folder);
  ModelEntries entries(check, def.folder, def.sources);
  const std::vector<std::string> models = entries.list(source["models"], "/models");
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
    for (const auto& [model, degrees] : angles.items()) {
      const std::string path = "/refinement_angles/" + model;
      if (def.sources.count(model) == 0) check.fail(path, "a model of the definition as the key", model);
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
    spec.models = t.contains("models") ? entries.list(t["models"], path + "/models") : models;
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
    if (spec.kind->parse_options) spec.options = spec.kind->parse_options(check, t, path, spec, def);
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
