// SPDX-License-Identifier: GPL-3.0-or-later
// Table 5.3: the gap reconstruction's pre-processing per model, by phase, beside the thesis'.
#include "skinlab/experiments/experiment_definition.hpp"
#include "skinlab/experiments/measurements.hpp"
#include "skinlab/experiments/table_cells.hpp"

namespace skinlab {

namespace {

Table build(const TableSpec& spec, const std::vector<nlohmann::json>& rows) {
  return timing_table(
      spec,
      "Columns as Table 5.3: median edge length per part, parts outside each subtree, vertex neighbourhoods; plus "
      "the opening planes. The total also holds the folded fans (gap/folded_fans.hpp).",
      {"Model", "Vertices", "Parts", "Median lengths (ms)", "Other nodes (ms)", "Neighbourhoods (ms)", "Planes (ms)",
       "Total (ms)", "Spread (ms)"},
      rows, [](const nlohmann::json& r) {
        return TimedCells{
            {r.at("model"), r.at("vertices").dump(), r.at("parts").dump(), ms(r.at("median_edges_ms")), ms(r.at("outside_subtree_ms")),
             ms(r.at("neighbourhoods_ms")), ms(r.at("opening_planes_ms")), ms(r.at("total_ms")), ms(r.at("total_ms_spread"))},
            r.at("thesis_total_ms"),
            r.at("total_ms")};
      });
}

// Table 5.3 as the thesis prints it: its three phases, ours beside its own, and a Mean row.
std::vector<Table> thesis_shape(const TableSpec& spec, const std::vector<nlohmann::json>& rows) {
  const std::vector<PhasePair> phases{{"Median lengths", "median_edges_ms", "median_edges"},
                                      {"Other nodes", "outside_subtree_ms", "outside_subtree"},
                                      {"Neighbourhoods", "neighbourhoods_ms", "neighbourhoods"}};
  Table t{spec.id + "_thesis_shape", spec.title + " (the thesis' layout)", {kThesisNote}, phase_columns({"Model"}, phases), {}};
  std::vector<const nlohmann::json*> all;
  for (const nlohmann::json& r : rows) all.push_back(&r);
  append_phase_rows(
      t, all, phases, [](const nlohmann::json& r) { return std::vector<std::string>{r.at("model")}; },
      [](const nlohmann::json& r) { return thesis_number("/gap_preprocess_s/" + r.at("model").get<std::string>()); },
      {"Mean"});
  return {t};
}

}  // namespace

TableKindEntry gap_preprocess_table_kind() {
  TableKindEntry kind;
  kind.name = "gap_preprocess";
  kind.row_schema = {{"model", "s"},           {"vertices", "i"},          {"parts", "i"},    {"median_edges_ms", "n"},
      {"outside_subtree_ms", "n"}, {"neighbourhoods_ms", "n"}, {"opening_planes_ms", "n"}, {"total_ms", "n"},
      {"total_ms_spread", "n"}, {"thesis_total_ms", "n?"}};
  kind.measure = [](const ExperimentDefinition& def, const TableSpec&, const std::string& name,
                    const SegmentedModel& model) { return measure_gap_preprocess(name, model, def.repeats); };
  kind.build = build;
  kind.more_tables = thesis_shape;
  return kind;
}

}  // namespace skinlab
