// SPDX-License-Identifier: GPL-3.0-or-later
// Joint pairs against a baseline (docs/quality.md): per clip, how many frames a deformer leaves
// with more self-intersecting pairs at the joints than a baseline deformer in the same frame
// (issue 24's "at most DQS's + 2 in every frame"); a second table totals each deformer over every
// clip.
#include <algorithm>
#include <array>
#include <map>

#include "skinlab/experiments/definition_checker.hpp"
#include "skinlab/experiments/experiment_definition.hpp"
#include "skinlab/experiments/measurements.hpp"
#include "skinlab/rigging/deformer_registry.hpp"

namespace skinlab {

namespace {

nlohmann::json parse_options(const DefinitionChecker& check, const nlohmann::json& table, const std::string& path,
                             const TableSpec&, const ExperimentDefinition&) {
  nlohmann::json options = {{"baseline", "dqs"}, {"margin", 2}};
  if (table.contains("baseline")) {
    const std::vector<std::string> names = deformer_names();
    const std::string baseline = check.string(table["baseline"], path + "/baseline");
    if (std::find(names.begin(), names.end(), baseline) == names.end())
      check.fail(path + "/baseline", "one of " + joined(names), table["baseline"]);
    options["baseline"] = baseline;
  }
  if (table.contains("margin")) options["margin"] = check.integer(table["margin"], path + "/margin", 0, 1000000);
  return options;
}

nlohmann::json measure(const ExperimentDefinition& def, const TableSpec& spec, const std::string& name,
                       const SegmentedModel& model) {
  return measure_joint_pairs(name, model, def.model(name).clips, spec.variants, spec.options.at("baseline"),
                             spec.options.at("margin"), spec.frames);
}

// Not a number where a clip had no measured frame: blank.
std::string integer_cell(const nlohmann::json& value) { return value.is_number() ? value.dump() : ""; }

Table build(const TableSpec& spec, const std::vector<nlohmann::json>& rows) {
  const std::string baseline = spec.options.at("baseline");
  const std::string margin = spec.options.at("margin").dump();
  Table t{
      spec.id,
      spec.title,
      {"Per clip and deformer, over frames spread evenly through the clip (every frame of a clip no longer "
       "than the table's frames), the self-intersecting triangle pairs at the joints beyond each deformer's own "
       "rest pose's (docs/quality.md), against " +
       baseline + "'s in the same frame. Over: frames with more than " + baseline + "'s + " + margin +
       "; of them at rest: frames where the deformer has no more pairs than at rest (" + baseline +
       " pulled more of the rest pose's pairs apart); over, sharing no vertex: the frames over when only pairs "
       "whose two triangles share no vertex count (issue 24's definition; the other columns count two "
       "triangles round a vertex that cross beyond it too); unmeasured: frames either deformer left as no mesh CGAL "
       "takes; worst excess: the largest difference (negative: fewer pairs than " +
       baseline +
       " in every frame), the first frame it occurs in (0-based) and the joint, named by the part "
       "that hangs from it, with the most of it (its part's own pairs and those with its parent)."},
      {"Model", "Clip", "Deformer", "Frames", "Over", "Of them at rest", "Over, sharing no vertex", "Unmeasured",
       "Worst excess", "Worst frame", "Worst joint", "Extra pairs max", baseline + " extra pairs max"},
      {}};
  t.blank_reasons = {{"Worst excess", "no frame of the clip was measured"},
                     {"Worst frame", "no frame of the clip was measured"},
                     {"Worst joint", "no frame has more pairs than " + baseline + "'s"}};
  for (const auto& r : rows)
    t.rows.push_back({r.at("model"), r.at("clip"), r.at("skinning"), r.at("frames").dump(), r.at("frames_over").dump(),
                      r.at("frames_over_at_rest").dump(), r.at("frames_over_apart").dump(),
                      r.at("frames_unmeasured").dump(), integer_cell(r.at("excess_max")),
                      integer_cell(r.at("excess_max_frame")),
                      r.at("excess_max_joint").is_string() ? r.at("excess_max_joint").get<std::string>() : "",
                      r.at("extra_pairs_max").dump(), r.at("baseline_extra_pairs_max").dump()});
  return t;
}

// Per deformer over every clip of the table: its frames, those over the margin and of them those
// at rest, the unmeasured ones, and the clips with no frame over it.
std::vector<Table> totals(const TableSpec& spec, const std::vector<nlohmann::json>& rows) {
  Table t{spec.id + "_totals",
          spec.title + " (every clip)",
          {"Per deformer, the rows above summed over every clip and model: frames, frames over " +
           spec.options.at("baseline").get<std::string>() + "'s + " + spec.options.at("margin").dump() +
           " pairs and of them those at rest, frames over counting only pairs that share no vertex, unmeasured "
           "frames, and the clips with no frame over."},
          {"Deformer", "Clips", "Frames", "Over", "Of them at rest", "Over, sharing no vertex", "Unmeasured",
           "Clips within"},
          {}};
  std::vector<std::string> order;
  // clips, frames, over, at rest, over sharing no vertex, unmeasured, clips within
  std::map<std::string, std::array<int, 7>> sums;
  for (const auto& r : rows) {
    const std::string deformer = r.at("skinning");
    if (!sums.count(deformer)) order.push_back(deformer);
    std::array<int, 7>& sum = sums[deformer];
    sum[0] += 1;
    sum[1] += r.at("frames").get<int>();
    sum[2] += r.at("frames_over").get<int>();
    sum[3] += r.at("frames_over_at_rest").get<int>();
    sum[4] += r.at("frames_over_apart").get<int>();
    sum[5] += r.at("frames_unmeasured").get<int>();
    sum[6] += r.at("frames_over").get<int>() == 0;
  }
  for (const std::string& deformer : order) {
    std::vector<std::string> cells{deformer};
    for (int value : sums[deformer]) cells.push_back(std::to_string(value));
    t.rows.push_back(cells);
  }
  return {t};
}

}  // namespace

TableKindEntry joint_pairs_table_kind() {
  TableKindEntry kind;
  kind.name = "joint_pairs";
  kind.variants = VariantOption{"deformers", deformer_names, {"gap"}};
  kind.takes_frames = true;
  kind.option_keys = {"baseline", "margin"};
  kind.parse_options = parse_options;
  kind.row_schema = {{"model", "s"},
                     {"clip", "s"},
                     {"skinning", "s"},
                     {"baseline", "s"},
                     {"margin", "i"},
                     {"frames", "i"},
                     {"frames_over", "i"},
                     {"frames_over_at_rest", "i"},
                     {"frames_over_apart", "i"},
                     {"frames_unmeasured", "i"},
                     {"excess_max", "n?"},
                     {"excess_max_frame", "i?"},
                     {"excess_max_joint", "s?"},
                     {"extra_pairs_max", "i"},
                     {"baseline_extra_pairs_max", "i"},
                     {"frames_over_list", "s"}};
  kind.measure = measure;
  kind.build = build;
  kind.more_tables = totals;
  return kind;
}

}  // namespace skinlab
