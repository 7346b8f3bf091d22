// SPDX-License-Identifier: GPL-3.0-or-later
// `skinlab weights MODEL [--method opening|heat] -o FILE.weights`: compute and save skinning
// weights for the smooth deformers.
#include <iostream>
#include <nlohmann/json.hpp>

#include "skinlab/app/commands.hpp"
#include "skinlab/app/number_option.hpp"
#include "skinlab/core/atomic_file.hpp"
#include "skinlab/core/stopwatch.hpp"
#include "skinlab/io/json_text.hpp"
#include "skinlab/io/model_library.hpp"
#include "skinlab/rigging/weights.hpp"
#include "skinlab/skeleton/extract_skeleton.hpp"

namespace skinlab {

namespace {

struct WeightsOptions {
  std::string model;
  std::string method = "opening";
  double width = OpeningWeightParams{}.width;
  double heat = HeatWeightParams{}.heat;
  std::string output;
  bool json = false;
};

}  // namespace

void add_weights_command(CLI::App& app, int& exit_code) {
  auto o = std::make_shared<WeightsOptions>();
  CLI::App* sub = app.add_subcommand("weights", "Compute skinning weights for lbs, sbs and dqs and save them");
  sub->add_option("model", o->model, "Standard model name or mesh path with a hierarchy")->required();
  sub->add_option("--method", o->method, "opening: blend across each opening; heat: bone heat (Baran & Popovic 2007)")
      ->check(CLI::IsMember({"opening", "heat"}))
      ->capture_default_str();
  sub->add_option("--width", o->width, "opening: blend reach on each side, in loop radii")
      ->check(finite_range(1e-3, 1e3))
      ->capture_default_str();
  sub->add_option("--heat", o->heat, "heat: c in H = c / d²")->check(finite_range(1e-6, 1e6))->capture_default_str();
  sub->add_option("-o,--output", o->output, "The .weights file to write")->required();
  sub->add_flag("--json", o->json, "Print the influence counts and the time as JSON");
  sub->callback([o, &exit_code] {
    const ModelFiles files = resolve_model(o->model);
    const SegmentedModel model = load_model(files);
    const Stopwatch stopwatch;
    const SkinWeights weights = o->method == "opening" ? opening_weights(model, {o->width})
                                                       : heat_weights(model, extract_skeleton(model), {o->heat});
    const double seconds = stopwatch.seconds();
    write_file_atomically(o->output, [&](std::ostream& out) { write_weights(out, weights); });
    std::array<int, 4> by_count{};
    for (int v = 0; v < weights.num_vertices(); ++v) ++by_count[weights.influences(v) - 1];
    if (o->json) {
      const nlohmann::json report = {{"model", files.name},
                                     {"method", o->method},
                                     {"vertices", weights.num_vertices()},
                                     {"vertices_by_influences", by_count},
                                     {"seconds", seconds},
                                     {"output", o->output}};
      std::cout << json_text(report) << '\n';
    } else {
      std::cout << files.name << ": " << o->method << " weights for " << weights.num_vertices() << " vertices ("
                << by_count[0] << " with one influence, " << by_count[1] << " two, " << by_count[2] << " three, "
                << by_count[3] << " four) in " << seconds << " s, written to " << o->output << '\n';
    }
    exit_code = 0;
  });
}

}  // namespace skinlab
