// `skinlab bench [--model NAME]... [--skinning NAME,...] [--repeat N] [--json]`: timing tables on the standard models.
#include <sys/resource.h>

#include <algorithm>
#include <filesystem>
#include <iomanip>
#include <iostream>
#include <nlohmann/json.hpp>

#include "app/commands.hpp"
#include "core/model_library.hpp"
#include "app/deformer_registry.hpp"
#include "skinning/session.hpp"

namespace skinlab {

namespace {

struct BenchOptions {
  std::vector<std::string> models;
  std::vector<std::string> skinning;
  WeightsSpec weights;
  int threads = 1;
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
  for (SkeletonMethod method : kSkeletonMethods) {
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

// Per frame of the model's first clip (clips/NAME_*.clip, by name) at 30 fps, for each deformer:
// posing (sampling, FK with limits, collision tests) and deformation, mean over `repeat` plays
// from frame 0 (thesis §4.3; targets < 0.5 ms on homer for rigid skinning).
nlohmann::json bench_animation(const std::string& name, const SegmentedModel& model,
                               const std::vector<std::string>& deformers, int repeat) {
  std::vector<std::filesystem::path> clips;
  for (const auto& entry : std::filesystem::directory_iterator(skinlab_root() / "clips"))
    if (entry.path().extension() == ".clip" && entry.path().filename().string().rfind(name + "_", 0) == 0)
      clips.push_back(entry.path());
  nlohmann::json rows = nlohmann::json::array();
  if (clips.empty() || !model.hierarchy()) return rows;
  std::sort(clips.begin(), clips.end());
  const ClipFile clip = read_clip(clips.front());
  AnimationSession session(model, clip, {}, find_deformer(deformers.front()));
  const int frames = session.animator().grid().count();
  Frame frame;
  for (const std::string& deformer : deformers) {
    session.set_deformer(find_deformer(deformer));
    session.reset_timings();
    for (int r = 0; r < repeat; ++r)
      for (int f = 0; f < frames; ++f) session.play(f, frame);
    const PoseTimings& t = session.animator().timings();
    const double n = static_cast<double>(frames) * repeat;
    const int vertices = session.deformer().rest_mesh().num_vertices();
    rows.push_back({{"model", name},
                    {"clip", clips.front().filename().string()},
                    {"skinning", deformer},
                    {"vertices", vertices},
                    {"sampling_ms", 1e3 * t.sampling / n},
                    {"fk_and_limits_ms", 1e3 * t.fk_and_limits / n},
                    {"collision_ms", 1e3 * t.collision / n},
                    {"pose_ms", 1e3 * t.total() / n},
                    {"deformation_ms", 1e3 * session.deformation_seconds() / n},
                    {"total_ms", 1e3 * (t.total() + session.deformation_seconds()) / n},
                    {"runtime_bytes_per_vertex",
                     static_cast<double>(session.deformer().runtime_bytes()) / std::max(1, vertices)}});
  }
  return rows;
}

}  // namespace

void add_bench_command(CLI::App& app, int& exit_code) {
  auto o = std::make_shared<BenchOptions>();
  CLI::App* sub = app.add_subcommand("bench", "Time skeletonization per model and method, and posing and deformation per frame");
  sub->add_option("--model", o->models, "Models to time (repeatable); default: every standard model");
  sub->add_option("--skinning", o->skinning, deformer_option_help() + "\nDefault: every deformer")
      ->delimiter(',')
      ->check(CLI::IsMember(deformer_names()));
  add_weight_options(*sub, o->weights, o->threads);
  sub->add_option("--repeat", o->repeat, "Runs per measurement; the median is reported")
      ->check(CLI::Range(1, 1000))
      ->capture_default_str();
  sub->add_flag("--json", o->json, "Print the results as JSON");
  sub->callback([o, &exit_code] {
    const std::vector<std::string> deformers = o->skinning.empty() ? deformer_names() : o->skinning;
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
      for (auto& row : bench_animation(files.name, model, deformers, o->repeat)) animation.push_back(row);
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
      std::cout << "\nAnimation per frame at 30 fps: pose (sampling, FK + limits, collision) and deformation (ms)\n"
                << std::left << std::setw(12) << "model" << std::setw(10) << "skinning" << std::right << std::setw(9)
                << "vertices" << std::setw(10) << "sampling" << std::setw(11) << "FK+limits" << std::setw(11)
                << "collision" << std::setw(9) << "pose" << std::setw(8) << "deform" << std::setw(9) << "total"
                << std::setw(7) << "B/vtx"
                << "  clip\n"
                << std::setprecision(4);
      for (const auto& r : animation)
        std::cout << std::left << std::setw(12) << r["model"].get<std::string>() << std::setw(10)
                  << r["skinning"].get<std::string>() << std::right << std::setw(9) << r["vertices"].get<int>()
                  << std::setw(10) << r["sampling_ms"].get<double>() << std::setw(11)
                  << r["fk_and_limits_ms"].get<double>() << std::setw(11) << r["collision_ms"].get<double>()
                  << std::setw(9) << r["pose_ms"].get<double>() << std::setw(8) << r["deformation_ms"].get<double>()
                  << std::setw(9) << r["total_ms"].get<double>() << std::setw(7) << std::setprecision(0)
                  << r["runtime_bytes_per_vertex"].get<double>() << std::setprecision(4) << "  "
                  << r["clip"].get<std::string>() << '\n';
      std::cout << "peak resident set: " << std::setprecision(2) << result["peak_rss_mib"].get<double>() << " MiB\n";
    }
    exit_code = 0;
  });
}

}  // namespace skinlab
