// SPDX-License-Identifier: GPL-3.0-or-later
// `skinlab info MODEL [--json]`: what a model is made of.
#include <iomanip>
#include <iostream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "skinlab/app/commands.hpp"
#include "skinlab/io/json_text.hpp"
#include "skinlab/io/model_library.hpp"
#include "skinlab/metrics/opening_metrics.hpp"

namespace skinlab {

namespace {

nlohmann::json vec_json(const Vec3& v) { return {v.x(), v.y(), v.z()}; }

nlohmann::json model_info(const ModelFiles& files, const SegmentedModel& model) {
  const Box3 box = bounding_box(model.mesh().positions);
  nlohmann::json info = {
      {"model", files.name},
      {"mesh", files.mesh.string()},
      {"labels", files.labels.empty() ? nlohmann::json(nullptr) : nlohmann::json(files.labels.string())},
      {"hierarchy_file", files.hierarchy.empty() ? nlohmann::json(nullptr) : nlohmann::json(files.hierarchy.string())},
      {"vertices", model.mesh().num_vertices()},
      {"triangles", model.mesh().num_triangles()},
      {"bounding_box", {{"min", vec_json(box.min)}, {"max", vec_json(box.max)}, {"diagonal", box.diagonal()}}},
      {"up", vec_json(files.up)},
      {"forward", vec_json(files.forward)},
      {"components", nlohmann::json::array()},
      {"openings", nlohmann::json::array()},
      {"hierarchy", nullptr}};
  for (int c = 0; c < model.num_components(); ++c) {
    const Component& comp = model.components()[c];
    info["components"].push_back({{"name", comp.name},
                                  {"faces", comp.mesh.num_triangles()},
                                  {"vertices", comp.mesh.num_vertices()},
                                  {"median_edge_length", model.median_edge_length(c)}});
  }
  for (const Opening& o : model.openings()) {
    nlohmann::json loops = opening_loop_metrics(model, o);
    for (std::size_t i = 0; i < o.loops.size(); ++i) loops[i]["centroid"] = vec_json(o.loops[i].centroid);
    info["openings"].push_back({{"a", model.components()[o.a].name},
                                {"b", model.components()[o.b].name},
                                {"loop_count", o.loops.size()},
                                {"loops", loops}});
  }
  if (const auto& h = model.hierarchy()) {
    nlohmann::json joints = nlohmann::json::array();
    for (int c : h->depth_first)
      joints.push_back({{"name", model.components()[c].name},
                        {"parent", h->parent[c] < 0 ? nlohmann::json(nullptr)
                                                    : nlohmann::json(model.components()[h->parent[c]].name)},
                        {"limits", h->limits[c]}});
    info["hierarchy"] = joints;
  }
  return info;
}

void print_text(const nlohmann::json& info) {
  std::cout << "model " << info["model"].get<std::string>() << " (" << info["mesh"].get<std::string>() << ")\n"
            << "  vertices " << info["vertices"] << ", triangles " << info["triangles"] << '\n'
            << "  bounding box " << info["bounding_box"]["min"] << " .. " << info["bounding_box"]["max"]
            << ", diagonal " << info["bounding_box"]["diagonal"].get<double>() << '\n'
            << "  up " << info["up"] << ", forward " << info["forward"] << '\n'
            << "  components " << info["components"].size() << '\n';
  for (const auto& c : info["components"])
    std::cout << "    " << std::left << std::setw(20) << c["name"].get<std::string>() << " faces " << std::setw(7)
              << c["faces"] << " vertices " << std::setw(7) << c["vertices"] << " median edge "
              << c["median_edge_length"].get<double>() << '\n';
  std::cout << "  openings " << info["openings"].size() << '\n';
  for (const auto& o : info["openings"]) {
    std::cout << "    " << o["a"].get<std::string>() << " | " << o["b"].get<std::string>() << ": " << o["loop_count"]
              << " loop(s)";
    for (const auto& l : o["loops"]) {
      // Shown where it shows at all at this precision: a loop not star-shaped about its centre.
      std::ostringstream turned_back;
      if (l["turned_back_deg"].get<double>() >= 0.05)
        turned_back << ", not star-shaped: turns back " << std::fixed << std::setprecision(1)
                    << l["turned_back_deg"].get<double>() << " deg in " << l["back_stretches"] << " stretch(es)";
      std::cout << " [" << l["vertices"] << " vertices, length " << l["length"].get<double>() << ", planarity "
                << l["planarity"].get<double>() << ", outline ratio " << l["outline_ratio"].get<double>()
                << ", smallest angle " << l["smallest_angle_deg"].get<double>() << " deg" << turned_back.str()
                << (l["closed"].get<bool>() ? "" : ", open chain") << ']';
    }
    std::cout << '\n';
  }
  if (info["hierarchy"].is_null()) {
    std::cout << "  hierarchy none\n";
    return;
  }
  std::cout << "  hierarchy (depth-first)\n";
  for (const auto& j : info["hierarchy"])
    std::cout << "    " << j["name"].get<std::string>() << " <- "
              << (j["parent"].is_null() ? std::string("(root)") : j["parent"].get<std::string>()) << "  limits "
              << j["limits"] << '\n';
}

}  // namespace

void add_info_command(CLI::App& app, int& exit_code) {
  auto model_name = std::make_shared<std::string>();
  auto json = std::make_shared<bool>(false);
  CLI::App* sub = app.add_subcommand("info", "Vertices, triangles, components, openings and hierarchy of a model");
  sub->add_option("model", *model_name, "Standard model name (e.g. homer) or mesh path")->required();
  sub->add_flag("--json", *json, "Print the same fields as JSON");
  sub->callback([model_name, json, &exit_code] {
    const ModelFiles files = resolve_model(*model_name);
    const nlohmann::json info = model_info(files, load_model(files));
    if (*json)
      std::cout << json_text(info) << '\n';
    else
      print_text(info);
    exit_code = 0;
  });
}

}  // namespace skinlab
