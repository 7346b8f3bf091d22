// `skinlab bench [--model NAME] [--repeat N] [--json]`: timing tables on the standard models.
#include <sys/resource.h>

#include <algorithm>
#include <iomanip>
#include <iostream>
#include <nlohmann/json.hpp>

#include "app/commands.hpp"
#include "core/model_library.hpp"
#include "skeleton/skeleton.hpp"

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

}  // namespace

void add_bench_command(CLI::App& app, int& exit_code) {
  auto o = std::make_shared<BenchOptions>();
  CLI::App* sub = app.add_subcommand("bench", "Time skeletonization per standard model and method");
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
    nlohmann::json rows = nlohmann::json::array();
    for (const std::string& name : names) {
      if (!o->json) std::cerr << "bench: " << name << "...\n";
      const ModelFiles files = resolve_model(name);
      for (auto& row : bench_skeletons(files.name, load_model(files), o->repeat)) rows.push_back(row);
    }
    const nlohmann::json result = {{"skeletonization", rows}, {"repeat", o->repeat}, {"peak_rss_mib", peak_rss_mib()}};
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
      std::cout << "peak resident set: " << result["peak_rss_mib"].get<double>() << " MiB\n";
    }
    exit_code = 0;
  });
}

}  // namespace skinlab
