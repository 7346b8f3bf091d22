// `skinlab bench [--model NAME] [--repeat N] [--json]`: timing tables on the standard models.
#include <sys/resource.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <iomanip>
#include <iostream>
#include <nlohmann/json.hpp>

#include "app/commands.hpp"
#include "core/model_library.hpp"
#include "skinning/deformer.hpp"

namespace skinlab {

namespace {

struct BenchOptions {
  std::vector<std::string> models;
  int repeat = 5;
  bool json = false;
};

double peak_rss_mib() {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  return static_cast<double>(usage.ru_maxrss) / 1024.0;  // ru_maxrss is in KiB on Linux
}

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

// Skeletonization per model and method (thesis Table 5.2): median over `repeat` runs of the
// total and of the kernel phase, which the thesis found dominant.
nlohmann::json bench_skeletons(const std::string& name, const SegmentedModel& model, int repeat) {
  nlohmann::json rows = nlohmann::json::array();
  for (SkeletonMethod method :
       {SkeletonMethod::opening, SkeletonMethod::centroid, SkeletonMethod::pa, SkeletonMethod::pa_refined}) {
    SkeletonParams params;
    params.method = method;
    std::vector<double> total, kernel;
    for (int r = 0; r < repeat; ++r) {
      const Skeleton s = extract_skeleton(model, params);
      total.push_back(1e3 * s.timings.total);
      kernel.push_back(1e3 * s.timings.kernel);
    }
    rows.push_back({{"model", name},
                    {"parts", model.num_components()},
                    {"triangles", model.mesh().num_triangles()},
                    {"method", to_string(method)},
                    {"total_ms", median(total)},
                    {"kernel_ms", median(kernel)}});
  }
  return rows;
}

// Per frame of the model's first clip (clips/NAME_*.clip, by name), rigid skinning pipeline:
// sampling, FK with limit and collision checks, skinning (thesis §4.3; targets < 0.5 ms on
// homer). Mean over `repeat` plays of the clip at 30 fps.
nlohmann::json bench_animation(const std::string& name, const SegmentedModel& model, int repeat) {
  std::vector<std::filesystem::path> clips;
  for (const auto& entry : std::filesystem::directory_iterator(skinlab_root() / "clips"))
    if (entry.path().extension() == ".clip" && entry.path().filename().string().rfind(name + "_", 0) == 0)
      clips.push_back(entry.path());
  if (clips.empty() || !model.hierarchy()) return nullptr;
  std::sort(clips.begin(), clips.end());
  const ClipFile clip = read_clip(clips.front());
  std::vector<std::string> joint_names;
  for (const SkelJoint& j : hierarchy_skel(model).joints) joint_names.push_back(j.name);
  RigidDeformer deformer(model, build_rig(model, extract_skeleton(model, {})), joint_names, clip, {});
  const int frames = static_cast<int>((clip.range_end - clip.range_begin) * 30.0) + 1;
  std::vector<QT> world;
  std::vector<Rejection> rejections;
  std::vector<float> positions, normals;
  double sampling = 0, kinematics = 0, collision = 0, skinning = 0;
  for (int r = 0; r < repeat; ++r) {
    deformer.reset();
    for (int f = 0; f < frames; ++f)
      deformer.evaluate(clip.range_begin + f / 30.0, positions, normals, world, rejections);
    sampling += 1e3 * deformer.timings().sampling;
    kinematics += 1e3 * deformer.timings().fk_and_limits;
    collision += 1e3 * deformer.timings().collision;
    skinning += 1e3 * deformer.timings().skinning;
  }
  const double n = static_cast<double>(frames) * repeat;
  return {{"model", name},
          {"clip", clips.front().filename().string()},
          {"vertices", deformer.mesh().num_vertices()},
          {"sampling_ms", sampling / n},
          {"fk_and_limits_ms", kinematics / n},
          {"collision_ms", collision / n},
          {"rigid_skinning_ms", skinning / n},
          {"total_ms", (sampling + kinematics + skinning) / n},
          {"runtime_bytes_per_vertex", 2 * 3 * sizeof(float) + sizeof(int)}};
}

}  // namespace

void add_bench_command(CLI::App& app, int& exit_code) {
  auto o = std::make_shared<BenchOptions>();
  CLI::App* sub = app.add_subcommand("bench", "Time skeletonization per model and method, and animation per frame");
  sub->add_option("--model", o->models, "Models to time (repeatable); default: every standard model");
  sub->add_option("--repeat", o->repeat, "Runs per measurement; the median is reported")
      ->check(CLI::Range(1, 1000))
      ->capture_default_str();
  sub->add_flag("--json", o->json, "Print the results as JSON");
  sub->callback([o, &exit_code] {
    std::vector<std::string> names = o->models;
    if (names.empty())
      for (const ModelEntry& entry : read_manifest(skinlab_root() / "models" / "manifest.json").models)
        names.push_back(entry.name);
    nlohmann::json rows = nlohmann::json::array(), animation = nlohmann::json::array();
    for (const std::string& name : names) {
      if (!o->json) std::cerr << "bench: " << name << "...\n";
      const ModelFiles files = resolve_model(name);
      const SegmentedModel model = load_model(files);
      for (auto& row : bench_skeletons(files.name, model, o->repeat)) rows.push_back(row);
      nlohmann::json frame = bench_animation(files.name, model, o->repeat);
      if (!frame.is_null()) animation.push_back(frame);
    }
    const nlohmann::json result = {{"skeletonization", rows},
                                   {"animation_per_frame", animation},
                                   {"repeat", o->repeat},
                                   {"peak_rss_mib", peak_rss_mib()}};
    if (o->json) {
      std::cout << result.dump(2) << '\n';
    } else {
      std::cout << "Skeletonization, median of " << o->repeat << " runs (ms)\n"
                << std::left << std::setw(12) << "model" << std::right << std::setw(6) << "parts" << std::setw(10)
                << "triangles"
                << "  " << std::left << std::setw(11) << "method" << std::right << std::setw(10) << "total"
                << std::setw(10) << "kernel" << '\n'
                << std::fixed << std::setprecision(2);
      for (const auto& r : rows)
        std::cout << std::left << std::setw(12) << r["model"].get<std::string>() << std::right << std::setw(6)
                  << r["parts"].get<int>() << std::setw(10) << r["triangles"].get<int>() << "  " << std::left
                  << std::setw(11) << r["method"].get<std::string>() << std::right << std::setw(10)
                  << r["total_ms"].get<double>() << std::setw(10) << r["kernel_ms"].get<double>() << '\n';
      std::cout << "\nAnimation per frame at 30 fps, rigid skinning (ms)\n"
                << std::left << std::setw(12) << "model" << std::right << std::setw(9) << "vertices" << std::setw(10)
                << "sampling" << std::setw(12) << "FK+limits" << std::setw(11) << "collision" << std::setw(10)
                << "skinning" << std::setw(10) << "total"
                << "  clip\n"
                << std::setprecision(4);
      for (const auto& r : animation)
        std::cout << std::left << std::setw(12) << r["model"].get<std::string>() << std::right << std::setw(9)
                  << r["vertices"].get<int>() << std::setw(10) << r["sampling_ms"].get<double>() << std::setw(12)
                  << r["fk_and_limits_ms"].get<double>() << std::setw(11) << r["collision_ms"].get<double>()
                  << std::setw(10) << r["rigid_skinning_ms"].get<double>() << std::setw(10)
                  << r["total_ms"].get<double>() << "  " << r["clip"].get<std::string>() << '\n';
      std::cout << "runtime data: 28 bytes per vertex (rest position, normal, component id)\n"
                << "peak resident set: " << std::setprecision(2) << result["peak_rss_mib"].get<double>() << " MiB\n";
    }
    exit_code = 0;
  });
}

}  // namespace skinlab
