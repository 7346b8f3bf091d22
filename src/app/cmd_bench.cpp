// SPDX-License-Identifier: GPL-3.0-or-later
// `skinlab bench [--model NAME|PATH]... [--clip FILE]... [--skinning NAME,...] [--repeat N] [--json]`: timing
// tables on the standard models or any others.
#include <sys/resource.h>

#include <algorithm>
#include <filesystem>
#include <iomanip>
#include <iostream>
#include <nlohmann/json.hpp>

#include "skinlab/app/commands.hpp"
#include "skinlab/app/number_option.hpp"
#include "skinlab/app/weight_options.hpp"
#include "skinlab/core/error.hpp"
#include "skinlab/core/stopwatch.hpp"
#include "skinlab/experiments/measurements.hpp"
#include "skinlab/experiments/model_source.hpp"
#include "skinlab/io/json_text.hpp"
#include "skinlab/io/model_library.hpp"
#include "skinlab/rigging/deformer_registry.hpp"
#include "skinlab/rigging/session.hpp"
#include "skinlab/skinning/blend_deformer.hpp"

namespace skinlab {

namespace {

struct BenchOptions {
  std::vector<std::string> models;
  std::vector<std::filesystem::path> clips;
  std::vector<std::string> skinning;
  WeightsSpec weights;
  int threads = 1;
  int repeat = 5;
  bool json = false;
  std::string crowd_model = "homer";
  int crowd = 1'000'000;
};

double peak_rss_mib() {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  return static_cast<double>(usage.ru_maxrss) / 1024.0;  // ru_maxrss is in KiB on Linux
}

// Memory bandwidth of this machine as the kernels see it: a STREAM-like triad a = b + s c over
// three 64 MiB arrays, counting the write-allocate read of a (4 x 64 MiB moved per pass).
double triad_gb_per_s(WorkerPool& pool) {
  const std::size_t n = std::size_t{16} << 20;
  std::vector<float> a(n, 0.0f), b(n, 1.0f), c(n, 2.0f);
  std::vector<double> runs;
  const int tasks = pool.threads();
  for (int r = 0; r < 5; ++r) {
    const Stopwatch stopwatch;
    pool.run(tasks, [&](int t) {
      const std::size_t begin = n * t / tasks, end = n * (t + 1) / tasks;
      for (std::size_t i = begin; i < end; ++i) a[i] = b[i] + 3.0f * c[i];
    });
    runs.push_back(stopwatch.seconds());
  }
  volatile float sink = a[n / 2];
  (void)sink;
  return 4.0 * static_cast<double>(n * sizeof(float)) / median(runs) / 1e9;
}

// A crowd of about `target` vertices: copies of `name` with their own poses (copy c plays the
// clip `c` frames ahead), skinned by each blended deformer on the kernels alone, with 1 and with
// all threads; M vertices/s, bytes moved per vertex and the share of the measured bandwidth. The
// smooth deformers use bone-heat weights, which give most vertices four influences. Only the
// deformers named in `timed` (of rigid, lbs, sbs, dqs).
nlohmann::json bench_crowd(const std::string& name, const SegmentedModel& model,
                           const std::vector<std::filesystem::path>& clips, int target, int threads, int repeat,
                           const std::vector<std::string>& timed) {
  nlohmann::json rows = nlohmann::json::array();
  if (clips.empty() || !model.hierarchy()) return rows;
  SessionParams params;
  params.weights.method = "heat";
  AnimationSession session(model, read_clip(clips.front()), params, find_deformer("rigid"));
  std::vector<AcceptedPose> poses;
  for (int f = 0; f < session.animator().grid().count(); ++f) poses.push_back(session.animator().seek(f));
  const auto named = [&](const char* deformer) {
    return std::find(timed.begin(), timed.end(), deformer) != timed.end();
  };
  std::vector<std::unique_ptr<BlendDeformer>> deformers;
  std::vector<std::string> names;
  if (named("rigid"))
    deformers.push_back(make_rigid_deformer(model, session.animator().shared_rig(), 1)), names.push_back("rigid");
  for (const auto& [kind, deformer] :
       {std::pair{BlendKind::lbs, "lbs"}, std::pair{BlendKind::sbs, "sbs"}, std::pair{BlendKind::dqs, "dqs"}})
    if (named(deformer)) deformers.push_back(make_smooth_deformer(session.context(), kind)), names.push_back(deformer);
  for (int t : {1, threads}) {
    WorkerPool pool(t);
    const double bandwidth = triad_gb_per_s(pool);
    for (std::size_t d = 0; d < deformers.size(); ++d) {
      const BlendDeformer& one = *deformers[d];
      const int per_copy = one.rest_mesh().num_vertices();
      const int copies = std::max(1, (target + per_copy - 1) / per_copy);
      const BlendMesh crowd = replicate(one.blend_mesh(), copies);
      const int stride = set_stride(one.params().kind);
      const std::size_t sets = one.blend_mesh().sets.size();
      const BlendKind kind = one.params().kind;
      std::vector<float> table(copies * sets * stride),
          rigid(kind == BlendKind::lbs ? 0 : copies * sets * kLbsSetStride),
          positions(3 * std::size_t(copies) * per_copy), normals(positions.size());
      std::vector<double> kernel_runs, set_runs;
      for (int r = 0; r < repeat; ++r) {
        const int frame = r % static_cast<int>(poses.size());
        Stopwatch stopwatch;
        for (int c = 0; c < copies; ++c) {
          const AcceptedPose& pose = poses[(frame + c) % poses.size()];
          one.fill_sets(pose, kind, table.data() + c * sets * stride);
          if (!rigid.empty()) one.fill_sets(pose, BlendKind::lbs, rigid.data() + c * sets * kLbsSetStride);
        }
        set_runs.push_back(stopwatch.lap());
        run_blend_kernels(crowd, kind, one.params().path, table.data(), rigid.empty() ? nullptr : rigid.data(), pool,
                          positions.data(), normals.data());
        kernel_runs.push_back(stopwatch.lap());
      }
      const double vertices = static_cast<double>(copies) * per_copy;
      const double kernel = median(kernel_runs);
      const double bytes = static_cast<double>(one.runtime_bytes()) / per_copy + 6 * sizeof(float);
      double influences = 0;
      for (const BlendMesh::Group& g : one.blend_mesh().groups)
        influences += static_cast<double>(g.influences) * g.count;
      rows.push_back({{"model", name},
                      {"mean_influences", influences / per_copy},
                      {"skinning", names[d]},
                      {"threads", t},
                      {"copies", copies},
                      {"vertices", static_cast<long>(vertices)},
                      {"kernel_ms", 1e3 * kernel},
                      {"set_tables_ms", 1e3 * median(set_runs)},
                      {"mvertices_per_s", vertices / kernel / 1e6},
                      {"bytes_per_vertex", bytes},
                      {"bandwidth_gb_per_s", bandwidth},
                      {"bandwidth_share", bytes * vertices / kernel / 1e9 / bandwidth}});
    }
  }
  return rows;
}

// Every measurement of `bench`, for every model named (default: the manifest's standard set).
// "nothing_to_time" says, per table, why a model has no rows in it.
nlohmann::json bench_results(const BenchOptions& o, const std::vector<std::string>& deformers) {
  if (!o.clips.empty() && o.models.size() != 1)
    throw InputError("bench: --clip plays on one model: give exactly one --model");
  std::vector<std::string> names = o.models;
  if (names.empty()) names = model_names_in_set(read_manifest(skinlab_root() / "models" / "manifest.json"), "standard");
  nlohmann::json rows = nlohmann::json::array(), animation = nlohmann::json::array(), sbs = nlohmann::json::array(),
                 crowd = nlohmann::json::array(), gap_frames = nlohmann::json::array(),
                 gap_preprocess = nlohmann::json::array();
  nlohmann::json nothing = {{"animation_per_frame", nlohmann::json::array()},
                            {"sbs_table", nlohmann::json::array()},
                            {"gap_per_frame", nlohmann::json::array()}};
  std::vector<std::string> gap_back_ends;
  for (const char* back_end : {"gap", "gap-thesis"})
    if (std::find(deformers.begin(), deformers.end(), back_end) != deformers.end()) gap_back_ends.push_back(back_end);
  SessionParams params;
  params.weights = o.weights;
  params.threads = o.threads;
  for (const std::string& name : names) {
    if (!o.json) std::cerr << "bench: " << name << "...\n";
    const ModelSource source = model_source(name, "", o.clips);
    const SegmentedModel model = load_model(source.files);
    const std::string& as = source.name;
    std::vector<SkeletonParams> methods(skeleton_method_names().size());
    for (std::size_t i = 0; i < methods.size(); ++i) methods[i].method = skeleton_method_names()[i];
    for (auto& row : measure_skeletonization(as, model, methods, o.repeat)) rows.push_back(row);
    // Why the clip tables have no row for this model, when they have none.
    if (const std::string why = nothing_to_play(source); !why.empty())
      for (const char* table : {"animation_per_frame", "sbs_table"}) nothing[table].push_back(as + ": " + why);
    for (auto& row : measure_animation(as, model, source.clips, deformers, params, o.repeat)) animation.push_back(row);
    // The SBS paper's table sets SBS against LBS: measured when SBS is among the deformers.
    if (std::find(deformers.begin(), deformers.end(), "sbs") != deformers.end())
      for (auto& row : measure_sbs(as, model, source.clips, {"opening", "heat"}, o.repeat)) sbs.push_back(row);
    const std::size_t gap_rows = gap_frames.size();
    for (const std::string& back_end : gap_back_ends)
      for (auto& row : measure_gap_frames(as, model, back_end, o.repeat)) gap_frames.push_back(row);
    if (!gap_back_ends.empty() && gap_frames.size() == gap_rows)
      nothing["gap_per_frame"].push_back(as + ": no clips/" + as + "_thesis_gap.clip (the thesis' four-joint clip)");
    if (!gap_back_ends.empty())
      for (auto& row : measure_gap_preprocess(as, model, o.repeat)) gap_preprocess.push_back(row);
    if (as == o.crowd_model && o.crowd > 0)
      for (auto& row : bench_crowd(as, model, source.clips, o.crowd, o.threads, o.repeat, deformers))
        crowd.push_back(row);
  }
  return {{"skeletonization", rows},
          {"animation_per_frame", animation},
          {"sbs_table", sbs},
          {"crowd", crowd},
          {"gap_per_frame", gap_frames},
          {"gap_preprocess", gap_preprocess},
          {"nothing_to_time", nothing},
          {"repeat", o.repeat},
          {"peak_rss_mib", peak_rss_mib()}};
}

// The models a table has no rows for, and why.
void print_nothing_to_time(const char* table, const nlohmann::json& why) {
  for (const auto& reason : why) std::cout << '\n' << table << ": nothing to time for " << reason.get<std::string>();
  if (!why.empty()) std::cout << '\n';
}

// `bench`'s tables as text: skeletonization.
void print_skeletonization(const nlohmann::json& rows, int repeat) {
  std::cout << "Skeletonization, median of " << repeat << " runs (ms)\n"
            << std::left << std::setw(12) << "model" << std::right << std::setw(6) << "parts" << std::setw(10)
            << "triangles"
            << "  " << std::left << std::setw(11) << "method" << std::right << std::setw(10) << "total" << std::setw(10)
            << "kernel" << '\n'
            << std::fixed << std::setprecision(2);
  for (const auto& r : rows)
    std::cout << std::left << std::setw(12) << r["model"].get<std::string>() << std::right << std::setw(6)
              << r["parts"].get<int>() << std::setw(10) << r["triangles"].get<int>() << "  " << std::left
              << std::setw(11) << r["method"].get<std::string>() << std::right << std::setw(10)
              << r["total_ms"].get<double>() << std::setw(10) << r["kernel_ms"].get<double>() << '\n';
}

// Posing and deformation per frame.
void print_animation(const nlohmann::json& animation, const nlohmann::json& why) {
  print_nothing_to_time("Animation per frame", why);
  if (animation.empty()) return;
  std::cout << "\nAnimation per frame at 30 fps: pose (sampling, FK + limits, collision) and deformation (ms)\n"
            << std::left << std::setw(12) << "model" << std::setw(10) << "skinning" << std::right << std::setw(9)
            << "vertices" << std::setw(10) << "sampling" << std::setw(11) << "FK+limits" << std::setw(11) << "collision"
            << std::setw(9) << "pose" << std::setw(8) << "deform" << std::setw(9) << "total" << std::setw(7) << "B/vtx"
            << std::setw(9) << "Mvert/s"
            << "  clip\n"
            << std::setprecision(4);
  for (const auto& r : animation)
    std::cout << std::left << std::setw(12) << r["model"].get<std::string>() << std::setw(10)
              << r["skinning"].get<std::string>() << std::right << std::setw(9) << r["vertices"].get<int>()
              << std::setw(10) << r["sampling_ms"].get<double>() << std::setw(11) << r["fk_and_limits_ms"].get<double>()
              << std::setw(11) << r["collision_ms"].get<double>() << std::setw(9) << r["pose_ms"].get<double>()
              << std::setw(8) << r["deformation_ms"].get<double>() << std::setw(9) << r["total_ms"].get<double>()
              << std::setw(7) << std::setprecision(0) << r["runtime_bytes_per_vertex"].get<double>() << std::setw(9)
              << r["mvertices_per_s"].get<double>() << std::setprecision(4) << "  " << r["clip"].get<std::string>()
              << '\n';
}

// SBS against LBS, when SBS is among the deformers.
void print_sbs(const nlohmann::json& sbs, const nlohmann::json& why, bool requested) {
  if (!requested) return;
  print_nothing_to_time("SBS against LBS", why);
  if (sbs.empty()) return;
  std::cout << "\nSBS against LBS (Kavan & Zara 2005, Table 2), deformation per frame, one thread (ms)\n"
            << std::left << std::setw(12) << "model" << std::setw(9) << "weights" << std::right << std::setw(9)
            << "vertices" << std::setw(9) << "LBS" << std::setw(9) << "SBS" << std::setw(8) << "ratio" << std::setw(8)
            << "SVDs" << '\n';
  for (const auto& r : sbs)
    std::cout << std::left << std::setw(12) << r["model"].get<std::string>() << std::setw(9)
              << r["weights"].get<std::string>() << std::right << std::setw(9) << r["vertices"].get<int>()
              << std::setw(9) << r["lbs_ms"].get<double>() << std::setw(9) << r["sbs_ms"].get<double>() << std::setw(8)
              << std::setprecision(2) << r["ratio"].get<double>() << std::setw(8) << r["svd_per_frame"].get<int>()
              << std::setprecision(4) << '\n';
}

// Gap reconstruction per frame and its pre-processing, when a gap deformer is among the deformers.
void print_gap(const nlohmann::json& gap_frames, const nlohmann::json& gap_preprocess, const nlohmann::json& why,
               int repeat, bool requested) {
  if (requested) print_nothing_to_time("Gap reconstruction per frame", why);
  if (!gap_frames.empty()) {
    std::cout << "\nGap reconstruction per frame of NAME_thesis_gap.clip (thesis Tables 5.4-5.7), median of " << repeat
              << " runs (ms)\n"
              << std::left << std::setw(12) << "model" << std::setw(11) << "skinning" << std::right << std::setw(6)
              << "frame" << std::setw(8) << "joints" << std::setw(9) << "removed" << std::setw(8) << "new"
              << std::setw(9) << "remove" << std::setw(9) << "add" << std::setw(9) << "triang." << std::setw(9)
              << "normals" << std::setw(9) << "total" << std::setw(13) << "thesis" << '\n';
    for (const auto& r : gap_frames) {
      std::cout << std::left << std::setw(12) << r["model"].get<std::string>() << std::setw(11)
                << r["skinning"].get<std::string>() << std::right << std::setw(6) << r["frame"].get<int>()
                << std::setw(8) << r["moving_joints"].get<int>() << std::setw(9) << r["removed_vertices"].get<int>()
                << std::setw(8) << r["patch_vertices"].get<int>() << std::setprecision(3) << std::setw(9)
                << r["remove_ms"].get<double>() << std::setw(9) << r["add_ms"].get<double>() << std::setw(9)
                << r["triangulate_ms"].get<double>() << std::setw(9) << r["normals_ms"].get<double>() << std::setw(9)
                << r["total_ms"].get<double>() << std::setw(13);
      if (r["thesis_total_ms"].is_null())
        std::cout << "-";
      else
        std::cout << std::setprecision(0) << r["thesis_total_ms"].get<double>();
      std::cout << std::setprecision(4) << '\n';
    }
    std::cout << "\nGap pre-processing (thesis Table 5.3), median of " << repeat << " runs (ms)\n"
              << std::left << std::setw(12) << "model" << std::right << std::setw(9) << "vertices" << std::setw(7)
              << "parts" << std::setw(9) << "medians" << std::setw(9) << "others" << std::setw(9) << "rings"
              << std::setw(9) << "planes" << std::setw(9) << "total" << std::setw(13) << "thesis" << '\n';
    for (const auto& r : gap_preprocess) {
      std::cout << std::left << std::setw(12) << r["model"].get<std::string>() << std::right << std::setw(9)
                << r["vertices"].get<int>() << std::setw(7) << r["parts"].get<int>() << std::setprecision(3)
                << std::setw(9) << r["median_edges_ms"].get<double>() << std::setw(9)
                << r["outside_subtree_ms"].get<double>() << std::setw(9) << r["neighbourhoods_ms"].get<double>()
                << std::setw(9) << r["opening_planes_ms"].get<double>() << std::setw(9) << r["total_ms"].get<double>()
                << std::setw(13);
      if (r["thesis_total_ms"].is_null())
        std::cout << "-";
      else
        std::cout << std::setprecision(0) << r["thesis_total_ms"].get<double>();
      std::cout << std::setprecision(4) << '\n';
    }
  }
}

// The crowd's kernels.
void print_crowd(const nlohmann::json& crowd) {
  if (!crowd.empty())
    std::cout << "\nCrowd of " << crowd[0]["copies"].get<int>() << " " << crowd[0]["model"].get<std::string>()
              << " copies with their own poses: kernels per frame (bandwidth measured by a triad)\n"
              << std::left << std::setw(10) << "skinning" << std::right << std::setw(8) << "threads" << std::setw(10)
              << "vertices" << std::setw(8) << "infl." << std::setw(10) << "ms" << std::setw(10) << "Mvert/s"
              << std::setw(8) << "B/vtx" << std::setw(8) << "GB/s" << std::setw(8) << "of BW" << '\n';
  for (const auto& r : crowd)
    std::cout << std::left << std::setw(10) << r["skinning"].get<std::string>() << std::right << std::setw(8)
              << r["threads"].get<int>() << std::setw(10) << r["vertices"].get<long>() << std::setw(8)
              << std::setprecision(2) << r["mean_influences"].get<double>() << std::setw(10)
              << r["kernel_ms"].get<double>() << std::setw(10) << std::setprecision(0)
              << r["mvertices_per_s"].get<double>() << std::setw(8) << r["bytes_per_vertex"].get<double>()
              << std::setw(8) << r["bandwidth_gb_per_s"].get<double>() << std::setw(7)
              << 100 * r["bandwidth_share"].get<double>() << "%" << std::setprecision(4) << '\n';
}

}  // namespace

void add_bench_command(CLI::App& app, int& exit_code) {
  auto o = std::make_shared<BenchOptions>();
  CLI::App* sub =
      app.add_subcommand("bench", "Time skeletonization per model and method, and posing and deformation per frame");
  sub->add_option("--model", o->models,
                  "Models to time, a standard name or a mesh path (repeatable); default: every standard model");
  sub->add_option("--clip", o->clips,
                  "Clips to play on the one --model (repeatable; the first is timed); default: clips/NAME_*.clip, "
                  "then STEM_*.clip beside the mesh, else an exercise clip (`skinlab clip exercise`)")
      ->check(CLI::ExistingFile);
  sub->add_option("--skinning", o->skinning, deformer_option_help() + "\nDefault: every deformer")
      ->delimiter(',')
      ->check(CLI::IsMember(deformer_names()));
  add_weight_options(*sub, o->weights, o->threads);
  sub->add_option("--repeat", o->repeat, "Runs per measurement; the median is reported")
      ->check(finite_range(1, 1000))
      ->capture_default_str();
  sub->add_option("--crowd", o->crowd, "Vertices of the crowd (copies of --crowd-model, their own poses); 0: none")
      ->check(finite_range(0, 100'000'000))
      ->capture_default_str();
  sub->add_option("--crowd-model", o->crowd_model, "The crowd's model (when it is among the models timed)")
      ->capture_default_str();
  sub->add_flag("--json", o->json, "Print the results as JSON");
  sub->callback([o, sub, &exit_code] {
    const std::vector<std::string> deformers = o->skinning.empty() ? deformer_names() : o->skinning;
    refuse_unused_weight_options(*sub, deformers);
    const nlohmann::json result = bench_results(*o, deformers);
    if (o->json) {
      std::cout << json_text(result) << '\n';
    } else {
      print_skeletonization(result["skeletonization"], o->repeat);
      const nlohmann::json& nothing = result["nothing_to_time"];
      print_animation(result["animation_per_frame"], nothing["animation_per_frame"]);
      const auto named = [&](const char* d) {
        return std::find(deformers.begin(), deformers.end(), d) != deformers.end();
      };
      print_sbs(result["sbs_table"], nothing["sbs_table"], named("sbs"));
      print_gap(result["gap_per_frame"], result["gap_preprocess"], nothing["gap_per_frame"], o->repeat,
                named("gap") || named("gap-thesis"));
      print_crowd(result["crowd"]);
      std::cout << "peak resident set: " << std::setprecision(2) << result["peak_rss_mib"].get<double>() << " MiB\n";
    }
    exit_code = 0;
  });
}

}  // namespace skinlab
