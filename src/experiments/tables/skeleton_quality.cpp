// SPDX-License-Identifier: GPL-3.0-or-later
// Skeleton quality per model and method (metrics/skeleton_quality.hpp): bone length inside the
// mesh, each part's bone and principal axis against the part's own direction, joints against
// their openings, refinement's turns. The thesis shows its skeletons as pictures (Figs.
// 5.2-5.19); this table is the measure behind them. Figure: each model's worst part, per method.
#include <algorithm>
#include <cmath>

#include "skinlab/experiments/experiment_definition.hpp"
#include "skinlab/experiments/pictures.hpp"
#include "skinlab/experiments/table_cells.hpp"
#include "skinlab/io/model_library.hpp"
#include "skinlab/metrics/skeleton_quality.hpp"
#include "skinlab/skeleton/skeleton_method.hpp"

namespace skinlab {

namespace {

constexpr double kAxisTarget = 30.0;

// One row per method: the skeleton's measures over its parts, and which parts are worst.
nlohmann::json measure(const ExperimentDefinition& def, const TableSpec& spec, const std::string& name,
                       const SegmentedModel& model) {
  nlohmann::json rows = nlohmann::json::array();
  for (const std::string& method : spec.variants) {
    const SkeletonParams params = skeleton_params(def, name, method);
    const SkeletonQuality quality = measure_skeleton_quality(model, extract_skeleton(model, params));
    double bone_sum = 0.0, off_plane = 0.0, turn = 0.0;
    int bones = 0, axes_off = 0;
    const PartQuality* worst_bone = nullptr;
    const PartQuality* worst_axis = nullptr;
    for (const PartQuality& part : quality.parts) {
      if (part.bone_angle) {
        bone_sum += *part.bone_angle;
        ++bones;
        if (worst_bone == nullptr || *part.bone_angle > *worst_bone->bone_angle) worst_bone = &part;
      }
      if (part.axis_angle) {
        axes_off += *part.axis_angle > kAxisTarget;
        if (worst_axis == nullptr || *part.axis_angle > *worst_axis->axis_angle) worst_axis = &part;
      }
      off_plane = std::max(off_plane, part.joint_off_plane);
      turn = std::max(turn, part.refinement_turn);
    }
    rows.push_back({{"model", name},
                    {"method", method},
                    {"max_angle", params.max_angle_degrees},
                    {"inside_pct", 100.0 * quality.inside_fraction},
                    {"worst_bone_deg", worst_bone ? nlohmann::json(*worst_bone->bone_angle) : nlohmann::json()},
                    {"worst_bone_part", worst_bone ? worst_bone->name : ""},
                    {"mean_bone_deg", bones > 0 ? nlohmann::json(bone_sum / bones) : nlohmann::json()},
                    {"worst_axis_deg", worst_axis ? nlohmann::json(*worst_axis->axis_angle) : nlohmann::json()},
                    {"worst_axis_part", worst_axis ? worst_axis->name : ""},
                    {"axes_over_30", worst_axis ? nlohmann::json(axes_off) : nlohmann::json()},
                    {"off_plane", off_plane},
                    {"turn_deg", turn}});
  }
  return rows;
}

Table build(const TableSpec& spec, const std::vector<nlohmann::json>& rows) {
  Table t{spec.id,
          spec.title,
          {"Inside: the share of all bone length inside the mesh (64 samples per bone, winding number). Bone: per "
           "non-root part, the angle between the line from its root joint to the far end of its bones and the part's "
           "elongation (the line from its opening's centroid to the part's vertex farthest from it); worst and mean "
           "over the parts. Axis: the angle between a part's principal axis (the first axis of its box) and the line "
           "from its opening's centroid to its kernel centroid; the count is of parts more than 30 degrees off. Off "
           "plane: the largest distance of a part's joint from its opening's least-squares plane, over the opening's "
           "mean radius. Turn: the largest rotation refinement gave a part's principal directions. Max angle: "
           "refinement's limit for this model (the definition's refinement_angles), for the methods that refine."},
          {"Model", "Method", "Max angle (deg)", "Inside (%)", "Worst bone (deg)", "Worst bone part", "Mean bone (deg)",
           "Worst axis (deg)", "Worst axis part", "Axes > 30 deg", "Off plane", "Turn (deg)"},
          {}};
  t.blank_reasons = {{"Max angle (deg)", "the method does not refine"},
                     {"Axes > 30 deg", "the method computes no principal axes"},
                     {"Worst axis (deg)", "the method computes no principal axes"},
                     {"Worst axis part", "the method computes no principal axes"},
                     {"Worst bone part", "the model has one part"},
                     {"Worst bone (deg)", "the model has one part"},
                     {"Mean bone (deg)", "the model has one part"}};
  for (const nlohmann::json& r : rows)
    t.rows.push_back({r.at("model"), r.at("method"),
                      find_skeleton_method(r.at("method")).refines ? number(r.at("max_angle"), 0) : "",
                      number(r.at("inside_pct"), 1),
                      number(r.at("worst_bone_deg"), 1), r.at("worst_bone_part"), number(r.at("mean_bone_deg"), 1),
                      number(r.at("worst_axis_deg"), 1), r.at("worst_axis_part"),
                      r.at("axes_over_30").is_number() ? r.at("axes_over_30").dump() : "", number(r.at("off_plane"), 3),
                      number(r.at("turn_deg"), 1)});
  return t;
}

void figures(const ExperimentDefinition& def, const TableSpec& spec, const std::vector<nlohmann::json>&,
             const std::filesystem::path& dir, const Progress& progress) {
  for (const std::string& model : spec.models) {
    progress(spec.id + ": " + model + " worst parts");
    const ModelFiles& files = def.model(model).files;
    const SegmentedModel m = load_model(files);
    std::vector<RenderScene> scenes;
    std::vector<std::string> labels;
    for (const std::string& method : spec.variants) {
      const Skeleton skeleton = extract_skeleton(m, skeleton_params(def, model, method));
      const SkeletonQuality quality = measure_skeleton_quality(m, skeleton);
      RenderScene scene = skeleton_scene(m, skeleton);
      // The worst part: its bone in red, its elongation in green.
      const auto worst_part = std::max_element(quality.parts.begin(), quality.parts.end(),
                                               [](const PartQuality& a, const PartQuality& b) {
                                                 return a.bone_angle.value_or(-1.0) < b.bone_angle.value_or(-1.0);
                                               });
      std::string label = model + ": " + method;
      if (worst_part != quality.parts.end() && worst_part->bone_angle) {
        scene.lines.push_back({worst_part->bone_begin, worst_part->bone_end, {0.9f, 0.1f, 0.1f}, 5.0f});
        scene.lines.push_back({worst_part->opening, worst_part->far_end, {0.1f, 0.7f, 0.2f}, 3.0f});
        label += "\nworst: " + worst_part->name + " " + std::to_string(std::lround(*worst_part->bone_angle)) + " deg";
      }
      labels.push_back(label);
      scenes.push_back(std::move(scene));
    }
    std::vector<const RenderScene*> pointers;
    for (const RenderScene& s : scenes) pointers.push_back(&s);
    render_strip_png(pointers, labelled_model_views(files, 320, 320, labels), dir / (spec.id + "-" + model + ".png"));
  }
}

}  // namespace

TableKindEntry skeleton_quality_table_kind() {
  TableKindEntry kind;
  kind.name = "skeleton_quality";
  kind.variants = VariantOption{"methods", skeleton_method_names, skeleton_method_names()};
  kind.row_schema = {{"model", "s"},          {"method", "s"},          {"max_angle", "n"},
                     {"inside_pct", "n"},     {"worst_bone_deg", "n?"}, {"worst_bone_part", "s"},
                     {"mean_bone_deg", "n?"}, {"worst_axis_deg", "n?"}, {"worst_axis_part", "s"},
                     {"axes_over_30", "i?"},  {"off_plane", "n"},       {"turn_deg", "n"}};
  kind.measure = measure;
  kind.build = build;
  kind.figures = figures;
  return kind;
}

}  // namespace skinlab
