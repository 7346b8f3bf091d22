// SPDX-License-Identifier: GPL-3.0-or-later
// Table 5.2: skeletonization time per model and method, by phase, beside the thesis'; figures:
// the skeletons of each model and a chart of the times.
#include <map>

#include "skinlab/experiments/experiment_definition.hpp"
#include "skinlab/experiments/measurements.hpp"
#include "skinlab/experiments/pictures.hpp"
#include "skinlab/experiments/table_cells.hpp"
#include "skinlab/io/model_library.hpp"
#include "skinlab/skeleton/extract_skeleton.hpp"
#include "skinlab/skeleton/skeleton_method.hpp"

namespace skinlab {

namespace {

Table build(const TableSpec& spec, const std::vector<nlohmann::json>& rows) {
  return timing_table(
      spec,
      "Hulls: the parts' convex hulls (Qhull). Kernel: the kernel centroids, of which LP is the interior point (the "
      "hull centroid where it lies deep inside the kernel, else the exact Chebyshev-centre linear program) and Qhull "
      "the kernel polytope (the half-space intersection as a dual hull, its faces and centroid).",
      {"Model", "Parts", "Vertices", "Method", "Total (ms)", "Spread (ms)", "Hulls (ms)", "Kernel (ms)", "LP (ms)",
       "Qhull (ms)"},
      rows, [](const nlohmann::json& r) {
        const std::string method = r.at("method");
        const nlohmann::json& s = thesis_number("/skeletonization_s/" + r.at("model").get<std::string>() + "/" + method);
        return TimedCells{
            {r.at("model"), r.at("parts").dump(), r.at("vertices").dump(), method, ms(r.at("total_ms")), ms(r.at("total_ms_spread")),
             ms(r.at("hull_ms")), ms(r.at("kernel_ms")), ms(r.at("kernel_interior_point_ms")), ms(r.at("kernel_intersection_ms"))},
            s.is_number() ? nlohmann::json(1e3 * s.get<double>()) : nlohmann::json(),
            r.at("total_ms")};
      });
}

// Table 5.2 as the thesis prints it: one row per model, one column pair per method (ours in ms
// beside the thesis' seconds), a method the definition leaves out blank.
std::vector<Table> thesis_shape(const TableSpec& spec, const std::vector<nlohmann::json>& rows) {
  const std::vector<std::string> methods = skeleton_method_names();
  Table t{spec.id + "_thesis_shape", spec.title + " (the thesis' layout)", {kThesisNote}, {"Model", "Parts"}, {}};
  for (const std::string& method : methods) {
    t.columns.push_back(method + " (ms)");
    t.columns.push_back(method + " thesis (s)");
    t.blank_reasons[method + " (ms)"] = "the definition leaves the method out";
  }
  explain_thesis_blanks(t);
  std::map<std::string, std::map<std::string, const nlohmann::json*>> by_model;
  std::vector<std::string> order;
  for (const nlohmann::json& r : rows) {
    const std::string model = r.at("model");
    if (!by_model.count(model)) order.push_back(model);
    by_model[model][r.at("method")] = &r;
  }
  for (const std::string& model : order) {
    const std::map<std::string, const nlohmann::json*>& of = by_model[model];
    std::vector<std::string> cells{model, of.begin()->second->at("parts").dump()};
    for (const std::string& method : methods) {
      const auto r = of.find(method);
      cells.push_back(r == of.end() ? "" : ms(r->second->at("total_ms")));
      cells.push_back(number(thesis_number("/skeletonization_s/" + model + "/" + method), 3));
    }
    t.rows.push_back(std::move(cells));
  }
  return {t};
}

void figures(const ExperimentDefinition& def, const TableSpec& spec, const std::vector<nlohmann::json>& rows, const std::filesystem::path& dir,
             const Progress& progress) {
  std::vector<std::pair<std::string, std::vector<double>>> bars;
  for (const std::string& model : spec.models) {
    progress(spec.id + ": " + model + " skeletons");
    const ModelFiles& files = def.model(model).files;
    const SegmentedModel m = load_model(files);
    std::vector<RenderScene> scenes;
    std::vector<Skeleton> skeletons;
    for (const std::string& method : spec.variants) skeletons.push_back(extract_skeleton(m, skeleton_params(def, model, method)));
    for (const Skeleton& s : skeletons) scenes.push_back(skeleton_scene(m, s));
    std::vector<const RenderScene*> pointers;
    for (const RenderScene& s : scenes) pointers.push_back(&s);
    std::vector<std::string> labels;
    for (const std::string& method : spec.variants) labels.push_back(model + ": " + method);
    render_strip_png(pointers, labelled_model_views(files, 320, 320, labels), dir / ("skeletons-" + model + ".png"));
  }
  std::map<std::string, std::vector<double>> by_model;
  for (const auto& r : rows) by_model[r.at("model")].push_back(std::max(1e-3, r.at("total_ms").get<double>()));
  for (const std::string& model : spec.models)
    if (by_model.count(model)) bars.push_back({model, by_model[model]});
  bar_chart(dir / (spec.id + ".png"), spec.title + " (ms, log scale)", spec.variants, bars, false);
}

}  // namespace

TableKindEntry skeletonization_table_kind() {
  TableKindEntry kind;
  kind.name = "skeletonization";
  kind.variants = VariantOption{"methods", skeleton_method_names, skeleton_method_names()};
  kind.row_schema = {{"model", "s"},   {"parts", "i"},   {"vertices", "i"},        {"method", "s"},
      {"total_ms", "n"}, {"total_ms_spread", "n"}, {"hull_ms", "n"}, {"kernel_ms", "n"},
      {"kernel_interior_point_ms", "n"}, {"kernel_intersection_ms", "n"}};
  kind.measure = [](const ExperimentDefinition& def, const TableSpec& spec, const std::string& name,
                    const SegmentedModel& model) {
    std::vector<SkeletonParams> methods;
    for (const std::string& method : spec.variants) methods.push_back(skeleton_params(def, name, method));
    return measure_skeletonization(name, model, methods, def.repeats);
  };
  kind.build = build;
  kind.more_tables = thesis_shape;
  kind.figures = figures;
  return kind;
}

}  // namespace skinlab
