// SPDX-License-Identifier: GPL-3.0-or-later
// An experiment written in code rather than a JSON file: skeleton extraction times per method
// and the models table on two models, run task by task, its tables printed as Markdown.
#include <exception>
#include <iostream>
#include <skinlab/experiments/experiment.hpp>
#include <skinlab/experiments/experiment_definition.hpp>
#include <skinlab/experiments/table_writers.hpp>
#include <skinlab/io/model_library.hpp>

int main() {
  skinlab::set_skinlab_root(SKINLAB_DATA_DIR);
  try {
    const nlohmann::json source = {
        {"name", "tiny"},
        {"description", "two tables on two models, from code"},
        {"models", {"homer", "cow"}},
        {"repeats", 1},
        {"figures", false},
        {"tables",
         {{{"id", "skeletons"}, {"kind", "skeletonization"}, {"title", "Skeleton extraction"}},
          {{"id", "parts"}, {"kind", "models"}, {"title", "The models"}}}}};
    const skinlab::ExperimentDefinition def = skinlab::parse_experiment(source, "tiny (in code)");
    nlohmann::json rows = nlohmann::json::object();
    for (const skinlab::ExperimentTask& task : skinlab::experiment_tasks(def))
      rows[task.id] = {{"rows", skinlab::run_task(def, task)}, {"seconds", 0}};
    const nlohmann::json results = skinlab::experiment_results(def, "1/1", rows);
    for (const skinlab::Table& table : skinlab::experiment_tables(def, results)) skinlab::write_markdown(table, std::cout);
  } catch (const std::exception& e) {
    std::cerr << e.what() << '\n';
    return 2;
  }
  return 0;
}
