// SPDX-License-Identifier: GPL-3.0-or-later
// `skinlab skeletonize MODEL --method NAME ...` (names: skeleton/methods/skeleton_method_list.hpp)
#include <iomanip>
#include <iostream>
#include <nlohmann/json.hpp>
#include <numbers>

#include "skinlab/app/commands.hpp"
#include "skinlab/app/number_option.hpp"
#include "skinlab/app/size_option.hpp"
#include "skinlab/core/atomic_file.hpp"
#include "skinlab/experiments/pictures.hpp"
#include "skinlab/io/json_text.hpp"
#include "skinlab/io/model_library.hpp"
#include "skinlab/render/software_render.hpp"
#include "skinlab/skeleton/extract_skeleton.hpp"

namespace skinlab {

namespace {

nlohmann::json vec_json(const Vec3& v) { return {v.x(), v.y(), v.z()}; }

struct SkeletonizeOptions {
  std::string model;
  std::string method = "pa-refined";
  double max_angle = 20.0;
  std::string refinement = "thesis";
  std::string empty_kernel = "mass";
  bool all_axes = false;
  std::string output;
  bool json = false;
  std::string png;
  std::string view = "front";
  PixelSize size{800, 600};
};

nlohmann::json skeleton_json(const std::string& name, const SegmentedModel& model, const Skeleton& s,
                             const SkeletonTimings& t) {
  const auto component_name = [&](int c) { return model.components()[c].name; };
  nlohmann::json out = {{"model", name}, {"method", s.method}};
  nlohmann::json& joints = out["joints"] = nlohmann::json::array();
  for (std::size_t j = 0; j < s.joints.size(); ++j)
    joints.push_back({{"id", j},
                      {"position", vec_json(s.joints[j].position)},
                      {"kind", to_string(s.joints[j].kind)},
                      {"component", component_name(s.joints[j].component)}});
  nlohmann::json& bones = out["bones"] = nlohmann::json::array();
  for (const Bone& b : s.bones)
    bones.push_back({{"from", b.from}, {"to", b.to}, {"component", component_name(b.component)}});
  nlohmann::json& components = out["components"] = nlohmann::json::array();
  for (int c = 0; c < model.num_components(); ++c) {
    const ComponentFrame& f = s.components[c];
    nlohmann::json entry = {{"name", component_name(c)}, {"root_joint", f.root_joint}};
    if (s.has_kernel_centroids) {
      nlohmann::json axes = nlohmann::json::array();
      for (int k = 0; k < 3; ++k) axes.push_back(vec_json(f.obb.axes.col(k)));
      entry["kernel_centroid"] = vec_json(f.kernel_centroid);
      entry["kernel_empty"] = f.kernel_empty;
      entry["obb"] = {
          {"center", vec_json(f.obb.center)}, {"axes", axes}, {"half_extents", vec_json(f.obb.half_extents)}};
      entry["principal_axis"] = f.principal_axis;
      entry["refinement_turn_degrees"] = f.refinement_turn * 180.0 / std::numbers::pi;
    }
    if (s.has_principal_axes) entry["pa_kc"] = {vec_json(f.axis_begin), vec_json(f.axis_end)};
    components.push_back(entry);
  }
  out["timings_ms"] = {{"surfaces", 1e3 * t.surfaces},
                       {"hull", 1e3 * t.hull},
                       {"kernel", 1e3 * t.kernel},
                       {"covariance", 1e3 * t.covariance},
                       {"refinement", 1e3 * t.refinement},
                       {"axes", 1e3 * t.axes},
                       {"total", 1e3 * t.total}};
  return out;
}

void print_text(const nlohmann::json& s) {
  std::cout << "skeleton of " << s["model"].get<std::string>() << " by " << s["method"].get<std::string>() << ": "
            << s["joints"].size() << " joints, " << s["bones"].size() << " bones\n";
  for (const auto& c : s["components"]) {
    std::cout << "  " << std::left << std::setw(20) << c["name"].get<std::string>();
    if (c.contains("kernel_centroid"))
      std::cout << " kernel centroid " << c["kernel_centroid"]
                << (c["kernel_empty"].get<bool>() ? " (kernel empty)" : "") << "  principal axis "
                << c["obb"]["axes"][c["principal_axis"].get<int>()];
    std::cout << '\n';
  }
  std::cout << "  time (ms):";
  for (const auto& [phase, ms] : s["timings_ms"].items()) std::cout << ' ' << phase << ' ' << ms.get<double>();
  std::cout << '\n';
}

}  // namespace

void add_skeletonize_command(CLI::App& app, int& exit_code) {
  auto o = std::make_shared<SkeletonizeOptions>();
  CLI::App* sub = app.add_subcommand("skeletonize", "Extract a skeleton (thesis chapter 3)");
  sub->add_option("model", o->model, "Standard model name or mesh path (needs a hierarchy if it has parts)")
      ->required();
  sub->add_option("--method", o->method, skeleton_method_help())
      ->check(CLI::IsMember(skeleton_method_names()))
      ->capture_default_str();
  sub->add_option("--max-angle", o->max_angle, "Largest refinement rotation of a frame, degrees")
      ->check(finite_range(0.0, 180.0))
      ->capture_default_str();
  sub->add_option("--refinement", o->refinement,
                  "Local refinement: thesis (Algorithm 3 as printed: align steps in turn, each making the "
                  "closest direction the principal axis) or blend (one order-independent blended turn)")
      ->check(CLI::IsMember(local_refinement_names()))
      ->capture_default_str();
  sub->add_option("--empty-kernel", o->empty_kernel,
                  "Centroid of a part whose kernel is empty: mass (its centre of mass, thesis 3.2.2) or hull (its "
                  "convex hull's centroid)")
      ->check(CLI::IsMember({"mass", "hull"}))
      ->capture_default_str();
  sub->add_flag("--all-axes", o->all_axes, "PA: add the ends of the other two principal directions");
  sub->add_option("-o,--output", o->output, "Write the skeleton as JSON to this file");
  sub->add_flag("--json", o->json, "Print the skeleton as JSON");
  sub->add_option("--png", o->png, "Render the skeleton over the translucent skin to this PNG");
  sub->add_option("--view", o->view,
                  "Picture view: front (along -z), back (along +z), side (along -x) or top (along -y)")
      ->check(CLI::IsMember({"front", "back", "side", "top"}))
      ->capture_default_str();
  add_size_option(*sub, o->size, "Picture width and height in pixels");
  sub->callback([o, &exit_code] {
    const ModelFiles files = resolve_model(o->model);
    const SegmentedModel model = load_model(files);
    SkeletonParams params;
    params.method = o->method;
    params.max_angle_degrees = o->max_angle;
    params.all_axes = o->all_axes;
    params.local_refinement = find_local_refinement(o->refinement);
    params.empty_kernel_centre_of_mass = o->empty_kernel == "mass";
    SkeletonTimings timings;
    const Skeleton skeleton = extract_skeleton(model, params, timings);
    const nlohmann::json result = skeleton_json(files.name, model, skeleton, timings);
    if (!o->png.empty())
      render_png(skeleton_scene(model, skeleton),
                 named_view(o->view, o->size.width, o->size.height, files.up, files.forward), o->png);
    if (!o->output.empty())
      write_file_atomically(o->output, [&](std::ostream& out) { out << json_text(result) << '\n'; });
    if (o->json)
      std::cout << json_text(result) << '\n';
    else
      print_text(result);
    exit_code = 0;
  });
}

}  // namespace skinlab
