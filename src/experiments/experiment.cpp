// SPDX-License-Identifier: GPL-3.0-or-later
#include "skinlab/experiments/experiment.hpp"

#include <CGAL/version.h>
#include <sys/utsname.h>

#include <CLI/Version.hpp>
#include <array>
#include <cmath>
#include <cstdio>
#include <ctime>
#include <fstream>
#include <iomanip>
#include <map>
#include <sstream>
#include <stdexcept>
#include <thread>

#include "skinlab/animation/frame_grid.hpp"
#include "skinlab/core/atomic_file.hpp"
#include "skinlab/core/error.hpp"
#include "skinlab/core/version.hpp"
#include "skinlab/experiments/measurements.hpp"
#include "skinlab/experiments/pictures.hpp"
#include "skinlab/geometry/convex_hull.hpp"
#include "skinlab/io/json_text.hpp"
#include "skinlab/io/model_library.hpp"
#include "skinlab/rigging/deformer_registry.hpp"

namespace skinlab {

namespace {

constexpr const char* kResultsFormat = "skinlab-experiment-results/1";

// The first line a shell command prints, or "" when it fails.
std::string command_line_output(const std::string& command) {
  std::string out;
  if (FILE* pipe = popen((command + " 2>/dev/null").c_str(), "r")) {
    char buffer[512];
    if (std::fgets(buffer, sizeof buffer, pipe)) out = buffer;
    pclose(pipe);
  }
  while (!out.empty() && (out.back() == '\n' || out.back() == '\r')) out.pop_back();
  return out;
}

// The commit of the source tree, "+dirty" when it has uncommitted changes; "unknown" outside git.
std::string source_commit() {
  const std::string root = skinlab_root().string();
  const std::string commit = command_line_output("git -C '" + root + "' rev-parse HEAD");
  if (commit.empty()) return "unknown";
  const bool dirty = !command_line_output("git -C '" + root + "' status --porcelain --untracked-files=no").empty();
  return commit + (dirty ? "+dirty" : "");
}

// The rows of the table's tasks that are present, in definition order.
std::vector<nlohmann::json> table_rows(const TableSpec& spec, const nlohmann::json& tasks) {
  std::vector<nlohmann::json> rows;
  for (const std::string& model : spec.models) {
    const std::string id = spec.id + "/" + model;
    if (!tasks.contains(id)) continue;
    // Results are data (merge reads other runs' files): checked access only, so that a missing
    // or mistyped field is a nlohmann::json exception, which write_experiment reports.
    const nlohmann::json& task_rows = tasks.at(id).at("rows");
    if (!task_rows.is_array())
      throw nlohmann::json::type_error::create(302, "tasks/" + id + "/rows: not an array", &task_rows);
    for (const nlohmann::json& row : task_rows) rows.push_back(row);
  }
  return rows;
}

}  // namespace

std::vector<ExperimentTask> experiment_tasks(const ExperimentDefinition& def) {
  std::vector<ExperimentTask> tasks;
  for (std::size_t t = 0; t < def.tables.size(); ++t)
    for (const std::string& model : def.tables[t].models)
      tasks.push_back({static_cast<int>(t), model, def.tables[t].id + "/" + model});
  return tasks;
}

std::vector<ExperimentTask> shard_tasks(const std::vector<ExperimentTask>& tasks, int index, int count) {
  std::vector<ExperimentTask> out;
  for (std::size_t i = index - 1; i < tasks.size(); i += count) out.push_back(tasks[i]);
  return out;
}

nlohmann::json run_task(const ExperimentDefinition& def, const ExperimentTask& task) {
  const TableSpec& spec = def.tables[task.table];
  const SegmentedModel model = load_model(def.model(task.model).files);
  return spec.kind->measure(def, spec, task.model, model);
}

nlohmann::json experiment_results(const ExperimentDefinition& def, const std::string& shard, nlohmann::json rows) {
  return {{"format", kResultsFormat},        {"definition", def.source},
          {"definition_sha256", def.digest}, {"definition_folder", def.folder.string()},
          {"commit", source_commit()},       {"shard", shard},
          {"tasks", std::move(rows)}};
}

std::filesystem::path definition_folder(const nlohmann::json& results) {
  const auto folder = results.find("definition_folder");
  return folder != results.end() && folder->is_string() ? std::filesystem::path(folder->get<std::string>())
                                                        : std::filesystem::path();
}

namespace {

// Whether `value` has `type` (row_schema's letters). Integers are counts and frame indices:
// 0 to 2^31 - 1. Strings are short (they become table cells) and free of control characters.
bool has_type(const nlohmann::json& value, const std::string& type) {
  if (type.back() == '?' && value.is_null()) return true;
  switch (type[0]) {
    case 's': {
      if (!value.is_string() || value.get<std::string>().size() > 256) return false;
      const std::string& text = value.get_ref<const std::string&>();
      return std::none_of(text.begin(), text.end(), [](char c) { return static_cast<unsigned char>(c) < 0x20; });
    }
    case 'i':
      return value.is_number_integer() && value.get<long long>() >= 0 && value.get<long long>() <= 2147483647LL;
    default:
      return value.is_number() && std::isfinite(value.get<double>());
  }
}

// One slice of a sharded run, field by field: the results format, the definition against its
// digest, then every task: a task of that definition, {"rows": [...], "seconds": N}, each row
// with its table kind's fields (row_schema).
void check_slice(const nlohmann::json& r, const std::string& name) {
  const auto fail = [&](const std::string& what) { throw InputError(name + ": " + what); };
  if (!r.is_object() || !r.contains("format") || r["format"] != kResultsFormat)
    fail(std::string("not the results of `skinlab experiment` (format ") + kResultsFormat + ")");
  for (const char* key : {"commit", "shard", "definition_sha256"})
    if (!r.contains(key) || !r[key].is_string() || !has_type(r[key], "s"))
      fail(std::string("/") + key + ": expected a short string");
  if (!r.contains("definition") || !r["definition"].is_object()) fail("/definition: expected an object");
  if (sha256_hex(r["definition"].dump()) != r["definition_sha256"].get<std::string>())
    fail("/definition does not match /definition_sha256 (edited after the run?)");
  if (!r.contains("tasks") || !r["tasks"].is_object() || r["tasks"].empty())
    fail("/tasks: expected an object with at least one task");
  if (r.contains("definition_folder") && !r["definition_folder"].is_string())
    fail("/definition_folder: expected a string");
  const ExperimentDefinition def = parse_experiment(r["definition"], name + "/definition", definition_folder(r));
  std::map<std::string, const TableKindEntry*> kinds;
  for (const ExperimentTask& task : experiment_tasks(def)) kinds[task.id] = def.tables[task.table].kind;
  for (const auto& [id, task] : r["tasks"].items()) {
    const std::string at = "/tasks/" + id;
    const auto kind = kinds.find(id);
    if (kind == kinds.end()) fail(at + ": not a task of the definition (TABLE_ID/MODEL)");
    if (!task.is_object() || !task.contains("rows") || !task["rows"].is_array() || !task.contains("seconds") ||
        !has_type(task["seconds"], "n"))
      fail(at + ": expected {\"rows\": [...], \"seconds\": N}");
    const nlohmann::json& rows = task["rows"];
    for (std::size_t i = 0; i < rows.size(); ++i) {
      const std::string row_at = at + "/rows/" + std::to_string(i);
      if (!rows[i].is_object()) fail(row_at + ": expected an object");
      for (const auto& [field, value] : rows[i].items())
        if (!(value.is_null() || value.is_boolean() || has_type(value, value.is_string() ? "s" : "n")))
          fail(row_at + "/" + field + ": expected a short string, a finite number, true, false or null");
      for (const auto& [field, type] : kind->second->row_schema)
        if (!rows[i].contains(field) || !has_type(rows[i][field], type))
          fail(row_at + "/" + field + ": expected " +
               (type[0] == 's'   ? "a string"
                : type[0] == 'i' ? "an integer from 0 to 2^31 - 1"
                                 : "a finite number") +
               (type.back() == '?' ? " or null" : "") + " (a " + kind->second->name + " table's row)");
    }
  }
}

}  // namespace

nlohmann::json merge_results(const std::vector<nlohmann::json>& results, const std::vector<std::string>& names) {
  // Every slice is checked before any is merged, and merging writes nothing.
  for (std::size_t i = 0; i < results.size(); ++i) check_slice(results[i], names[i]);
  nlohmann::json merged;
  for (std::size_t i = 0; i < results.size(); ++i) {
    const nlohmann::json& r = results[i];
    if (i == 0) {
      merged = r;
      merged["tasks"] = nlohmann::json::object();
      merged["shard"] = "merged";
    } else {
      if (r["definition_sha256"] != merged["definition_sha256"])
        throw InputError(names[i] + ": results of a different experiment definition than " + names[0]);
      if (r["commit"] != merged["commit"])
        throw InputError(names[i] + ": results of commit " + r["commit"].get<std::string>() + ", " + names[0] + " of " +
                         merged["commit"].get<std::string>());
    }
    for (const auto& [id, task] : r["tasks"].items()) {
      if (merged["tasks"].contains(id)) throw InputError(names[i] + ": task " + id + " is also in an earlier slice");
      merged["tasks"][id] = task;
    }
  }
  return merged;
}

std::vector<Table> experiment_tables(const ExperimentDefinition& def, const nlohmann::json& results) {
  std::vector<Table> tables;
  for (const TableSpec& spec : def.tables) {
    const std::vector<nlohmann::json> rows = table_rows(spec, results["tasks"]);
    tables.push_back(spec.kind->build(spec, rows));
    // A model the table names but has no row for: why.
    for (const std::string& model : spec.models) {
      const std::string id = spec.id + "/" + model;
      if (!results["tasks"].contains(id) || !results["tasks"][id].at("rows").empty()) continue;
      const ModelSource& source = def.model(model);
      const std::string nothing = nothing_to_play(source);
      const std::string why = nothing.empty() ? "this table needs " + spec.kind->needs : nothing;
      tables.back().notes.push_back("No rows for " + model + ": " + why + ".");
    }
    if (spec.kind->more_tables)
      for (Table& more : spec.kind->more_tables(spec, rows)) tables.push_back(std::move(more));
  }
  return tables;
}

nlohmann::json run_meta() {
  utsname host{};
  uname(&host);
  std::string cpu = "unknown";
  std::ifstream cpuinfo("/proc/cpuinfo");
  for (std::string line; std::getline(cpuinfo, line);)
    if (line.rfind("model name", 0) == 0) {
      cpu = line.substr(line.find(':') + 2);
      break;
    }
  std::string memory;
  std::ifstream meminfo("/proc/meminfo");
  std::getline(meminfo, memory);
  const std::time_t now = std::time(nullptr);
  char date[32];
  std::strftime(date, sizeof date, "%Y-%m-%dT%H:%M:%SZ", std::gmtime(&now));
  return {
      {"date", date},
      {"skinlab_version", version()},
      {"commit", source_commit()},
      {"machine",
       {{"host", host.nodename},
        {"system", std::string(host.sysname) + " " + host.release},
        {"architecture", host.machine},
        {"cpu", cpu},
        {"hardware_threads", std::thread::hardware_concurrency()},
        {"memory", memory.empty() ? "unknown" : memory.substr(memory.find_first_not_of(" ", memory.find(':') + 1))}}},
      {"compiler", {{"version", __VERSION__}, {"build_type", SKINLAB_BUILD_TYPE}, {"flags", SKINLAB_CXX_FLAGS}}},
      {"libraries",
       {{"CGAL", CGAL_VERSION_STR},
        {"Qhull", qhull_version()},
        {"Eigen", std::to_string(EIGEN_WORLD_VERSION) + "." + std::to_string(EIGEN_MAJOR_VERSION) + "." +
                      std::to_string(EIGEN_MINOR_VERSION)},
        {"nlohmann_json", std::to_string(NLOHMANN_JSON_VERSION_MAJOR) + "." +
                              std::to_string(NLOHMANN_JSON_VERSION_MINOR) + "." +
                              std::to_string(NLOHMANN_JSON_VERSION_PATCH)},
        {"CLI11", CLI11_VERSION},
        {"gnuplot", command_line_output("gnuplot --version")}}}};
}

void write_experiment(const ExperimentDefinition& def, const nlohmann::json& results, const nlohmann::json& meta,
                      const std::filesystem::path& out, const std::function<void(const std::string&)>& progress) {
  // Every table is built before anything is written: a results file whose rows lack a field or
  // hold the wrong type is refused whole.
  std::vector<Table> tables;
  try {
    tables = experiment_tables(def, results);
  } catch (const nlohmann::json::exception& e) {
    throw InputError(out.string() + ": the results' rows do not have the fields their tables need (" +
                     std::string(e.what()) + ")");
  }
  OutputSet outputs;
  const auto write_output = [&](const std::filesystem::path& path, const std::string& text) {
    outputs.write(path, [&](std::ostream& o) { o << text; });
  };
  outputs.create_directories(out / "tables");
  write_output(out / "results.json", json_text(results) + "\n");
  write_output(out / "meta.json", json_text(meta) + "\n");
  std::ostringstream all;
  all << "# " << def.name << "\n\n";
  if (!def.description.empty()) all << def.description << "\n\n";
  all << "Commit " << results["commit"].get<std::string>() << ", " << meta["date"].get<std::string>() << ", "
      << meta["machine"]["cpu"].get<std::string>() << "; shard " << results["shard"].get<std::string>() << ".\n";
  for (const Table& table : tables) {
    std::ostringstream md, csv, tex;
    write_markdown(table, md);
    write_csv(table, csv);
    write_latex(table, tex);
    write_output(out / "tables" / (table.id + ".md"), md.str());
    write_output(out / "tables" / (table.id + ".csv"), csv.str());
    write_output(out / "tables" / (table.id + ".tex"), tex.str());
    all << '\n' << md.str();
  }
  write_output(out / "tables.md", all.str());
  const bool complete = results["tasks"].size() == experiment_tasks(def).size();
  if (def.figures && complete) {
    outputs.create_directories(out / "figures");
    for (const TableSpec& spec : def.tables)
      if (spec.kind->figures)
        spec.kind->figures(def, spec, table_rows(spec, results["tasks"]), out / "figures", progress);
  }
  outputs.commit();
}

}  // namespace skinlab
