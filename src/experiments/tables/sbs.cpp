// SPDX-License-Identifier: GPL-3.0-or-later
// SBS against LBS per frame, one thread, as Table 2 of Kavan & Zara 2005, per weight method.
#include "skinlab/experiments/experiment_definition.hpp"
#include "skinlab/experiments/measurements.hpp"
#include "skinlab/experiments/table_cells.hpp"

namespace skinlab {

namespace {

Table build(const TableSpec& spec, const std::vector<nlohmann::json>& rows) {
  Table t{spec.id,
          spec.title,
          {kTimingNote,
           "Deformation per frame of the model's first clip, one thread, as Table 2 of Kavan & Zara 2005 (SBS); "
           "SVDs: polar decompositions per frame."},
          {"Model", "Vertices", "Weights", "LBS (ms)", "LBS spread", "SBS (ms)", "SBS spread", "SBS / LBS",
           "SVDs per frame"},
          {}};
  for (const auto& r : rows)
    t.rows.push_back({r.at("model"), r.at("vertices").dump(), r.at("weights"), ms(r.at("lbs_ms")), ms(r.at("lbs_ms_spread")),
                      ms(r.at("sbs_ms")), ms(r.at("sbs_ms_spread")), number(r.at("ratio"), 2), r.at("svd_per_frame").dump()});
  return t;
}

}  // namespace

TableKindEntry sbs_table_kind() {
  TableKindEntry kind;
  kind.name = "sbs";
  kind.variants = VariantOption{"weights", [] { return std::vector<std::string>{"opening", "heat"}; },
                                {"opening", "heat"}};
  kind.row_schema = {{"model", "s"},  {"vertices", "i"},      {"weights", "s"}, {"lbs_ms", "n"},
                          {"lbs_ms_spread", "n"}, {"sbs_ms", "n"}, {"sbs_ms_spread", "n"}, {"ratio", "n"},
                          {"svd_per_frame", "i"}};
  kind.measure = [](const ExperimentDefinition& def, const TableSpec& spec, const std::string& name,
                    const SegmentedModel& model) {
    return measure_sbs(name, model, def.model(name).clips, spec.variants, def.repeats);
  };
  kind.build = build;
  return kind;
}

}  // namespace skinlab
