// SPDX-License-Identifier: GPL-3.0-or-later
// The experiment runner (docs/experiments.md): a definition becomes tasks (one table on one
// model), tasks become rows, rows become tables (Markdown, CSV, LaTeX), figures and meta.json.
// A run may be one shard of the tasks; merge joins shards of one definition and commit.
#pragma once

#include <filesystem>
#include <functional>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "skinlab/experiments/experiment_definition.hpp"
#include "skinlab/experiments/table_writers.hpp"

namespace skinlab {

struct ExperimentTask {
  int table = 0;  ///< index into ExperimentDefinition::tables
  std::string model;
  std::string id;  ///< "TABLE_ID/MODEL": the key of its rows in the results
};

/// Every task of the definition, table by table, model by model: the order shards slice.
std::vector<ExperimentTask> experiment_tasks(const ExperimentDefinition& def);

/// Shard `index` of `count` (1-based): every count-th task from the index-th.
std::vector<ExperimentTask> shard_tasks(const std::vector<ExperimentTask>& tasks, int index, int count);

/// Measures one task: its rows (measurements.hpp). Throws InputError for a model that cannot
/// be loaded or measured.
nlohmann::json run_task(const ExperimentDefinition& def, const ExperimentTask& task);

/// The self-describing results of a run: the definition and its digest, the commit, the shard,
/// and per task id its rows and seconds (`rows` maps task ids to {"rows", "seconds"}).
nlohmann::json experiment_results(const ExperimentDefinition& def, const std::string& shard, nlohmann::json rows);
/// Where the run's definition was (results' "definition_folder"), so that its relative model
/// paths resolve wherever the results are merged; empty for results without it.
std::filesystem::path definition_folder(const nlohmann::json& results);

/// Joins the results of shards: refuses results of different definitions or commits, and a
/// task present twice. `names` name the results in messages.
nlohmann::json merge_results(const std::vector<nlohmann::json>& results, const std::vector<std::string>& names);

/// The tables of the results (all of a table's tasks that are present, in definition order; a
/// kind's further tables follow its own).
std::vector<Table> experiment_tables(const ExperimentDefinition& def, const nlohmann::json& results);

/// The machine, compiler, libraries, commit and date of this run.
nlohmann::json run_meta();

/// Writes results.json, meta.json, tables/ID.{md,csv,tex} and tables.md; when every task is
/// present and the definition asks for figures, figures/ too (`progress` is told each figure).
void write_experiment(const ExperimentDefinition& def, const nlohmann::json& results, const nlohmann::json& meta,
                      const std::filesystem::path& out, const std::function<void(const std::string&)>& progress);

}  // namespace skinlab
