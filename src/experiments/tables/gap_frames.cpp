// SPDX-License-Identifier: GPL-3.0-or-later
// Tables 5.4-5.7: the gap reconstruction per frame of the thesis' clips, by phase, beside the
// thesis'; figure: a stacked chart of the phases.
#include "skinlab/experiments/experiment_definition.hpp"
#include "skinlab/experiments/measurements.hpp"
#include "skinlab/experiments/table_cells.hpp"

namespace skinlab {

namespace {

Table build(const TableSpec& spec, const std::vector<nlohmann::json>& rows) {
  return timing_table(
      spec,
      "Per frame of clips/MODEL_thesis_gap.clip (four parts moving together, as Tables 5.4-5.7); joints: moving "
      "joints; twisted: joints whose twist bands took (gap only); removed, new: vertices; arcs per kind: circle "
      "(a kept opening point's QLERP arc), Bézier (the thesis' blend), fallback (no acceptable conic: an arc about "
      "the rotation axis), axis (gap: the arc about the rotation axis for every other pair); clamped: removals "
      "undone; scattered: gap-thesis patches reconstructed from their points alone, their band not laid flat "
      "(frames may then be open); refined: gap patches the unfolding left crossed, their crossed cells' edges "
      "turned or built again with closer points, and kept.",
      {"Model", "Deformer", "Frame", "Joints", "Twisted", "Removed", "New", "Circle", "Bézier", "Fallback", "Axis",
       "Clamped", "Scattered", "Refined", "Remove (ms)", "Add (ms)", "Triangulate (ms)", "Normals (ms)",
       "Total (ms)", "Spread (ms)"},
      rows, [](const nlohmann::json& r) {
        return TimedCells{
            {r.at("model"), r.at("skinning"), std::to_string(frame_index(r) + 1), r.at("moving_joints").dump(),
             r.at("twisted_joints").dump(), r.at("removed_vertices").dump(), r.at("patch_vertices").dump(),
             r.at("circle_arcs").dump(), r.at("bezier_arcs").dump(), r.at("bezier_fallbacks").dump(),
             r.at("axis_arcs").dump(), r.at("clamped_sides").dump(), r.at("scattered_patches").dump(),
             r.at("refined_patches").dump(), ms(r.at("remove_ms")), ms(r.at("add_ms")), ms(r.at("triangulate_ms")),
             ms(r.at("normals_ms")), ms(r.at("total_ms")), ms(r.at("total_ms_spread"))},
            r.at("thesis_total_ms"),
            r.at("total_ms")};
      });
}

// Tables 5.4-5.7 as the thesis prints them: per model and deformer, each frame's phases beside
// the thesis' for the same frame, and a Mean row.
std::vector<Table> thesis_shape(const TableSpec& spec, const std::vector<nlohmann::json>& rows) {
  const std::vector<PhasePair> phases{{"Remove", "remove_ms", "remove"},
                                      {"Add", "add_ms", "add"},
                                      {"Triangulate", "triangulate_ms", "triangulate"},
                                      {"Normals", "normals_ms", "normals"},
                                      {"Total", "total_ms", "total"}};
  Table t{spec.id + "_thesis_shape",
          spec.title + " (the thesis' layout)",
          {kThesisNote},
          phase_columns({"Model", "Deformer", "Frame"}, phases),
          {}};
  std::vector<std::vector<const nlohmann::json*>> groups;  // one model and deformer each
  for (const nlohmann::json& r : rows) {
    if (groups.empty() || groups.back().front()->at("model") != r.at("model") ||
        groups.back().front()->at("skinning") != r.at("skinning"))
      groups.emplace_back();
    groups.back().push_back(&r);
  }
  for (const auto& group : groups)
    append_phase_rows(
        t, group, phases,
        [](const nlohmann::json& r) {
          return std::vector<std::string>{r.at("model"), r.at("skinning"), std::to_string(frame_index(r) + 1)};
        },
        [](const nlohmann::json& r) {
          return thesis_number("/gap_frames_s/" + r.at("model").get<std::string>() + "/" +
                               std::to_string(frame_index(r)));
        },
        {group.front()->at("model"), group.front()->at("skinning"), "Mean"});
  return {t};
}

void figures(const ExperimentDefinition&, const TableSpec& spec, const std::vector<nlohmann::json>& rows,
             const std::filesystem::path& dir, const Progress&) {
  std::vector<std::pair<std::string, std::vector<double>>> bars;
  for (const auto& r : rows)
    bars.push_back({r.at("model").get<std::string>() + " " + r.at("skinning").get<std::string>() + " " +
                        std::to_string(frame_index(r) + 1),
                    {r.at("remove_ms"), r.at("add_ms"), r.at("triangulate_ms"), r.at("normals_ms")}});
  bar_chart(dir / (spec.id + ".png"), spec.title + ": per phase (ms)", {"remove", "add", "triangulate", "normals"},
            bars, true);
}

}  // namespace

TableKindEntry gap_frames_table_kind() {
  TableKindEntry kind;
  kind.name = "gap_frames";
  kind.variants = VariantOption{"deformers",
                                [] {
                                  return std::vector<std::string>{"gap", "gap-thesis"};
                                },
                                {"gap", "gap-thesis"}};
  kind.row_schema = {
      {"model", "s"},          {"skinning", "s"},         {"frame", "i"},           {"moving_joints", "i"},
      {"twisted_joints", "i"}, {"removed_vertices", "i"}, {"patch_vertices", "i"},  {"circle_arcs", "i"},
      {"bezier_arcs", "i"},    {"bezier_fallbacks", "i"}, {"axis_arcs", "i"},       {"clamped_sides", "i"},
      {"scattered_patches", "i"}, {"refined_patches", "i"},
      {"remove_ms", "n"},      {"add_ms", "n"},           {"triangulate_ms", "n"},  {"normals_ms", "n"},
      {"total_ms", "n"},       {"total_ms_spread", "n"},  {"thesis_total_ms", "n?"}};
  kind.needs = "clips/NAME_thesis_gap.clip (the thesis' clip of four parts moving together)";
  kind.measure = [](const ExperimentDefinition& def, const TableSpec& spec, const std::string& name,
                    const SegmentedModel& model) {
    nlohmann::json rows = nlohmann::json::array();
    for (const std::string& deformer : spec.variants)
      for (auto& row : measure_gap_frames(name, model, deformer, def.repeats)) rows.push_back(row);
    return rows;
  };
  kind.build = build;
  kind.more_tables = thesis_shape;
  kind.figures = figures;
  return kind;
}

}  // namespace skinlab
