// SPDX-License-Identifier: GPL-3.0-or-later
// Table 5.1: the models, their parts and sizes, beside the thesis' own.
#include "skinlab/experiments/experiment_definition.hpp"
#include "skinlab/experiments/measurements.hpp"
#include "skinlab/experiments/table_cells.hpp"

namespace skinlab {

namespace {

Table build(const TableSpec& spec, const std::vector<nlohmann::json>& rows) {
  Table t{spec.id,
          spec.title,
          {kThesisNote},
          {"Model", "Parts", "Vertices", "Triangles", "Thesis model", "Thesis parts", "Thesis vertices",
           "Thesis triangles"},
          {}};
  for (const auto& r : rows) {
    const std::string m = r.at("model");
    t.rows.push_back({m, r.at("parts").dump(), r.at("vertices").dump(), r.at("triangles").dump(), thesis_cell(m, "thesis_name"),
                      thesis_cell(m, "parts"), thesis_cell(m, "vertices"), thesis_cell(m, "triangles")});
  }
  explain_thesis_blanks(t);
  return t;
}

}  // namespace

TableKindEntry models_table_kind() {
  TableKindEntry kind;
  kind.name = "models";
  kind.row_schema = {{"model", "s"}, {"parts", "i"}, {"vertices", "i"}, {"triangles", "i"}};
  kind.measure = [](const ExperimentDefinition&, const TableSpec&, const std::string& name, const SegmentedModel& model) {
    return measure_model(name, model);
  };
  kind.build = build;
  return kind;
}

}  // namespace skinlab
