// `skinlab bench [--model NAME]... [--skinning NAME,...] [--repeat N] [--json]`: timing tables on the standard models.
#include <sys/resource.h>

#include <algorithm>
#include <filesystem>
#include <iomanip>
#include <iostream>
#include <nlohmann/json.hpp>

#include "app/commands.hpp"
#include "app/deformer_registry.hpp"
#include "core/json_text.hpp"
#include "core/model_library.hpp"
#include "core/stopwatch.hpp"
#include "gap/gap_deformer.hpp"
#include "skinning/blend_deformer.hpp"
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
  std::string crowd_model = "homer";
  int crowd = 1'000'000;
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

std::vector<std::filesystem::path> model_clips(const std::string& name) {
  std::vector<std::filesystem::path> clips;
  for (const auto& entry : std::filesystem::directory_iterator(skinlab_root() / "clips"))
    if (entry.path().extension() == ".clip" && entry.path().filename().string().rfind(name + "_", 0) == 0)
      clips.push_back(entry.path());
  std::sort(clips.begin(), clips.end());
  return clips;
}

// Per frame of the model's first clip (clips/NAME_*.clip, by name) at 30 fps, for each deformer:
// posing (sampling, FK with limits, collision tests) and deformation, mean over `repeat` plays
// from frame 0 (thesis §4.3; targets < 0.5 ms on homer for rigid skinning).
nlohmann::json bench_animation(const std::string& name, const SegmentedModel& model,
                               const std::vector<std::string>& deformers, const SessionParams& params, int repeat) {
  const std::vector<std::filesystem::path> clips = model_clips(name);
  nlohmann::json rows = nlohmann::json::array();
  if (clips.empty() || !model.hierarchy()) return rows;
  const ClipFile clip = read_clip(clips.front());
  AnimationSession session(model, clip, params, find_deformer(deformers.front()));
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
    const double deform = session.deformation_seconds() / n;
    nlohmann::json row = {
        {"model", name},
        {"clip", clips.front().filename().string()},
        {"skinning", deformer},
        {"vertices", vertices},
        {"sampling_ms", 1e3 * t.sampling / n},
        {"fk_and_limits_ms", 1e3 * t.fk_and_limits / n},
        {"collision_ms", 1e3 * t.collision / n},
        {"pose_ms", 1e3 * t.total() / n},
        {"deformation_ms", 1e3 * deform},
        {"total_ms", 1e3 * (t.total() / n + deform)},
        {"mvertices_per_s", vertices / deform / 1e6},
        {"runtime_bytes_per_vertex", static_cast<double>(session.deformer().runtime_bytes()) / std::max(1, vertices)}};
    row.update(session.deformer().statistics());
    rows.push_back(row);
  }
  return rows;
}

// The thesis' gap-reconstruction tables (§5.2): per model, seconds per frame of the four-part
// clip (Tables 5.4–5.7) and of the pre-processing (Table 5.3), with the model's vertex count so
// the reader sees how far our mesh is from the thesis' one.
struct ThesisGapRow {
  const char* model;
  double preprocess_s;  ///< Table 5.3: median length + other nodes + vertex neighbourhood
  double frame_s;       ///< Tables 5.4–5.7: mean total per frame
};
constexpr ThesisGapRow kThesisGap[] = {
    {"cow", 0.00805 + 0.00521 + 1.54492, 1.85164},
    {"homer", 0.01023 + 0.00176 + 1.99712, 2.9584975},
    {"diplodocus", 0.01141 + 0.00475 + 2.24194, 1.2413475},  // the thesis' "Dilo"
    {"camel", 0.01247 + 0.00139 + 2.40833, 1.158685},
};

// Per frame of clips/NAME_thesis_gap.clip, the median over `repeat` plays of each phase with the
// `deformer` back end (gap or gap-thesis); and, with `preprocess` non-null, the pre-processing,
// median over `repeat` builds. Nothing for a model without that clip.
void bench_gap(const std::string& name, const SegmentedModel& model, const std::string& deformer, int repeat,
               nlohmann::json& frames, nlohmann::json* preprocess) {
  const std::filesystem::path clip_path = skinlab_root() / "clips" / (name + "_thesis_gap.clip");
  if (!std::filesystem::exists(clip_path) || !model.hierarchy()) return;
  const ThesisGapRow* thesis = nullptr;
  for (const ThesisGapRow& row : kThesisGap)
    if (name == row.model) thesis = &row;
  AnimationSession session(model, read_clip(clip_path), SessionParams{}, find_deformer(deformer));
  const auto& gap = dynamic_cast<const GapDeformer&>(session.deformer());
  const int count = session.animator().grid().count();
  std::vector<std::array<std::vector<double>, 5>> runs(count);
  std::vector<GapFrameReport> reports(count);
  Frame frame;
  for (int r = 0; r < repeat; ++r)
    for (int f = 0; f < count; ++f) {
      session.play(f, frame);
      const GapFrameReport& g = gap.last_frame();
      reports[f] = g;
      const std::array<double, 5> phases{g.remove, g.add, g.triangulate, g.normals,
                                         g.remove + g.add + g.triangulate + g.normals};
      for (int k = 0; k < 5; ++k) runs[f][k].push_back(1e3 * phases[k]);
    }
  for (int f = 0; f < count; ++f) {
    const GapFrameReport& g = reports[f];
    frames.push_back({{"model", name},
                      {"skinning", deformer},
                      {"frame", f},
                      {"vertices", model.mesh().num_vertices()},
                      {"moving_joints", g.moving_joints},
                      {"removed_vertices", g.removed_vertices},
                      {"patch_vertices", g.patch_vertices},
                      {"patch_triangles", g.patch_triangles},
                      {"bezier_arcs", g.bezier_arcs},
                      {"bezier_fallbacks", g.bezier_fallbacks},
                      {"clamped_sides", g.clamped_sides},
                      {"remove_ms", median(runs[f][0])},
                      {"add_ms", median(runs[f][1])},
                      {"triangulate_ms", median(runs[f][2])},
                      {"normals_ms", median(runs[f][3])},
                      {"total_ms", median(runs[f][4])},
                      {"thesis_mean_total_ms", thesis ? nlohmann::json(1e3 * thesis->frame_s) : nlohmann::json()}});
  }
  if (!preprocess) return;
  std::array<std::vector<double>, 5> pre;
  for (int r = 0; r < repeat; ++r) {
    const GapPreprocessTimings t = build_gap_model(model, session.skeleton(), session.rig()).timings;
    const std::array<double, 5> phases{t.median_edges, t.outside_subtree, t.neighbourhoods, t.opening_planes,
                                       t.total()};
    for (int k = 0; k < 5; ++k) pre[k].push_back(1e3 * phases[k]);
  }
  preprocess->push_back({{"model", name},
                         {"vertices", model.mesh().num_vertices()},
                         {"parts", model.num_components()},
                         {"median_edges_ms", median(pre[0])},
                         {"outside_subtree_ms", median(pre[1])},
                         {"neighbourhoods_ms", median(pre[2])},
                         {"opening_planes_ms", median(pre[3])},
                         {"total_ms", median(pre[4])},
                         {"thesis_total_ms", thesis ? nlohmann::json(1e3 * thesis->preprocess_s) : nlohmann::json()}});
}

// The analogue of the SBS paper's Table 2 (Kavan & Žára 2005): LBS and SBS deformation time per
// frame of the model's first clip, one thread, their ratio and SVDs per frame, for each weight
// method.
nlohmann::json bench_sbs_table(const std::string& name, const SegmentedModel& model, int repeat) {
  const std::vector<std::filesystem::path> clips = model_clips(name);
  nlohmann::json rows = nlohmann::json::array();
  if (clips.empty() || !model.hierarchy()) return rows;
  const ClipFile clip = read_clip(clips.front());
  for (const char* method : {"opening", "heat"}) {
    SessionParams params;
    params.weights.method = method;
    AnimationSession session(model, clip, params, find_deformer("lbs"));
    const int frames = session.animator().grid().count();
    for (int f = 0; f < frames; ++f) session.animator().seek(f);  // pose apart from the timing below
    Frame frame;
    double seconds[2];
    nlohmann::json svd;
    for (int k = 0; k < 2; ++k) {
      session.set_deformer(find_deformer(k == 0 ? "lbs" : "sbs"));
      std::vector<double> runs;
      for (int r = 0; r < repeat; ++r) {
        session.reset_timings();
        for (int f = 0; f < frames; ++f) session.play(f, frame);
        runs.push_back(session.deformation_seconds() / frames);
      }
      seconds[k] = median(runs);
      svd = session.deformer().statistics()["svd_per_frame"];
    }
    rows.push_back({{"model", name},
                    {"vertices", model.mesh().num_vertices()},
                    {"weights", method},
                    {"lbs_ms", 1e3 * seconds[0]},
                    {"sbs_ms", 1e3 * seconds[1]},
                    {"ratio", seconds[1] / seconds[0]},
                    {"svd_per_frame", svd}});
  }
  return rows;
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
// smooth deformers use bone-heat weights, which give most vertices four influences.
nlohmann::json bench_crowd(const std::string& name, const SegmentedModel& model, int target, int threads, int repeat) {
  const std::vector<std::filesystem::path> clips = model_clips(name);
  nlohmann::json rows = nlohmann::json::array();
  if (clips.empty() || !model.hierarchy()) return rows;
  SessionParams params;
  params.weights.method = "heat";
  AnimationSession session(model, read_clip(clips.front()), params, find_deformer("rigid"));
  std::vector<AcceptedPose> poses;
  for (int f = 0; f < session.animator().grid().count(); ++f) poses.push_back(session.animator().seek(f));
  std::vector<std::unique_ptr<BlendDeformer>> deformers;
  deformers.push_back(make_rigid_deformer(model, session.animator().shared_rig(), 1));
  for (BlendKind kind : {BlendKind::lbs, BlendKind::sbs, BlendKind::dqs})
    deformers.push_back(make_smooth_deformer(session.context(), kind));
  const char* const names[] = {"rigid", "lbs", "sbs", "dqs"};
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

}  // namespace

void add_bench_command(CLI::App& app, int& exit_code) {
  auto o = std::make_shared<BenchOptions>();
  CLI::App* sub =
      app.add_subcommand("bench", "Time skeletonization per model and method, and posing and deformation per frame");
  sub->add_option("--model", o->models, "Models to time (repeatable); default: every standard model");
  sub->add_option("--skinning", o->skinning, deformer_option_help() + "\nDefault: every deformer")
      ->delimiter(',')
      ->check(CLI::IsMember(deformer_names()));
  add_weight_options(*sub, o->weights, o->threads);
  sub->add_option("--repeat", o->repeat, "Runs per measurement; the median is reported")
      ->check(CLI::Range(1, 1000))
      ->capture_default_str();
  sub->add_option("--crowd", o->crowd, "Vertices of the crowd (copies of --crowd-model, their own poses); 0: none")
      ->check(CLI::Range(0, 100'000'000))
      ->capture_default_str();
  sub->add_option("--crowd-model", o->crowd_model, "The crowd's model (when it is among the models timed)")
      ->capture_default_str();
  sub->add_flag("--json", o->json, "Print the results as JSON");
  sub->callback([o, &exit_code] {
    const std::vector<std::string> deformers = o->skinning.empty() ? deformer_names() : o->skinning;
    std::vector<std::string> names = o->models;
    if (names.empty())
      for (const ModelEntry& entry : read_manifest(skinlab_root() / "models" / "manifest.json").models)
        names.push_back(entry.name);
    nlohmann::json rows = nlohmann::json::array(), animation = nlohmann::json::array(), sbs = nlohmann::json::array(),
                   crowd = nlohmann::json::array(), gap_frames = nlohmann::json::array(),
                   gap_preprocess = nlohmann::json::array();
    std::vector<std::string> gap_back_ends;
    for (const char* back_end : {"gap", "gap-thesis"})
      if (std::find(deformers.begin(), deformers.end(), back_end) != deformers.end()) gap_back_ends.push_back(back_end);
    SessionParams params;
    params.weights = o->weights;
    params.threads = o->threads;
    for (const std::string& name : names) {
      if (!o->json) std::cerr << "bench: " << name << "...\n";
      const ModelFiles files = resolve_model(name);
      const SegmentedModel model = load_model(files);
      for (auto& row : bench_skeletons(files.name, model, o->repeat)) rows.push_back(row);
      for (auto& row : bench_animation(files.name, model, deformers, params, o->repeat)) animation.push_back(row);
      for (auto& row : bench_sbs_table(files.name, model, o->repeat)) sbs.push_back(row);
      for (const std::string& back_end : gap_back_ends)
        bench_gap(files.name, model, back_end, o->repeat, gap_frames,
                  back_end == gap_back_ends.front() ? &gap_preprocess : nullptr);
      if (files.name == o->crowd_model && o->crowd > 0)
        for (auto& row : bench_crowd(files.name, model, o->crowd, o->threads, o->repeat)) crowd.push_back(row);
    }
    const nlohmann::json result = {
        {"skeletonization", rows}, {"animation_per_frame", animation}, {"sbs_table", sbs},
        {"crowd", crowd},          {"gap_per_frame", gap_frames},      {"gap_preprocess", gap_preprocess},
        {"repeat", o->repeat},     {"peak_rss_mib", peak_rss_mib()}};
    if (o->json) {
      std::cout << json_text(result) << '\n';
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
                << std::setw(7) << "B/vtx" << std::setw(9) << "Mvert/s"
                << "  clip\n"
                << std::setprecision(4);
      for (const auto& r : animation)
        std::cout << std::left << std::setw(12) << r["model"].get<std::string>() << std::setw(10)
                  << r["skinning"].get<std::string>() << std::right << std::setw(9) << r["vertices"].get<int>()
                  << std::setw(10) << r["sampling_ms"].get<double>() << std::setw(11)
                  << r["fk_and_limits_ms"].get<double>() << std::setw(11) << r["collision_ms"].get<double>()
                  << std::setw(9) << r["pose_ms"].get<double>() << std::setw(8) << r["deformation_ms"].get<double>()
                  << std::setw(9) << r["total_ms"].get<double>() << std::setw(7) << std::setprecision(0)
                  << r["runtime_bytes_per_vertex"].get<double>() << std::setw(9) << r["mvertices_per_s"].get<double>()
                  << std::setprecision(4) << "  " << r["clip"].get<std::string>() << '\n';
      std::cout << "\nSBS against LBS (Kavan & Zara 2005, Table 2), deformation per frame, one thread (ms)\n"
                << std::left << std::setw(12) << "model" << std::setw(9) << "weights" << std::right << std::setw(9)
                << "vertices" << std::setw(9) << "LBS" << std::setw(9) << "SBS" << std::setw(8) << "ratio"
                << std::setw(8) << "SVDs" << '\n';
      for (const auto& r : sbs)
        std::cout << std::left << std::setw(12) << r["model"].get<std::string>() << std::setw(9)
                  << r["weights"].get<std::string>() << std::right << std::setw(9) << r["vertices"].get<int>()
                  << std::setw(9) << r["lbs_ms"].get<double>() << std::setw(9) << r["sbs_ms"].get<double>()
                  << std::setw(8) << std::setprecision(2) << r["ratio"].get<double>() << std::setw(8)
                  << r["svd_per_frame"].get<int>() << std::setprecision(4) << '\n';
      if (!gap_frames.empty()) {
        std::cout << "\nGap reconstruction per frame of NAME_thesis_gap.clip (thesis Tables 5.4-5.7), median of "
                  << o->repeat << " runs (ms)\n"
                  << std::left << std::setw(12) << "model" << std::setw(11) << "skinning" << std::right << std::setw(6)
                  << "frame" << std::setw(8) << "joints" << std::setw(9) << "removed" << std::setw(8) << "new"
                  << std::setw(9) << "remove" << std::setw(9) << "add" << std::setw(9) << "triang." << std::setw(9)
                  << "normals" << std::setw(9) << "total" << std::setw(13) << "thesis mean" << '\n';
        for (const auto& r : gap_frames) {
          std::cout << std::left << std::setw(12) << r["model"].get<std::string>() << std::setw(11)
                    << r["skinning"].get<std::string>() << std::right << std::setw(6) << r["frame"].get<int>()
                    << std::setw(8) << r["moving_joints"].get<int>() << std::setw(9) << r["removed_vertices"].get<int>()
                    << std::setw(8) << r["patch_vertices"].get<int>() << std::setprecision(3) << std::setw(9)
                    << r["remove_ms"].get<double>() << std::setw(9) << r["add_ms"].get<double>() << std::setw(9)
                    << r["triangulate_ms"].get<double>() << std::setw(9) << r["normals_ms"].get<double>()
                    << std::setw(9) << r["total_ms"].get<double>() << std::setw(13);
          if (r["thesis_mean_total_ms"].is_null())
            std::cout << "-";
          else
            std::cout << std::setprecision(0) << r["thesis_mean_total_ms"].get<double>();
          std::cout << std::setprecision(4) << '\n';
        }
        std::cout << "\nGap pre-processing (thesis Table 5.3), median of " << o->repeat << " runs (ms)\n"
                  << std::left << std::setw(12) << "model" << std::right << std::setw(9) << "vertices" << std::setw(7)
                  << "parts" << std::setw(9) << "medians" << std::setw(9) << "others" << std::setw(9) << "rings"
                  << std::setw(9) << "planes" << std::setw(9) << "total" << std::setw(13) << "thesis" << '\n';
        for (const auto& r : gap_preprocess) {
          std::cout << std::left << std::setw(12) << r["model"].get<std::string>() << std::right << std::setw(9)
                    << r["vertices"].get<int>() << std::setw(7) << r["parts"].get<int>() << std::setprecision(3)
                    << std::setw(9) << r["median_edges_ms"].get<double>() << std::setw(9)
                    << r["outside_subtree_ms"].get<double>() << std::setw(9) << r["neighbourhoods_ms"].get<double>()
                    << std::setw(9) << r["opening_planes_ms"].get<double>() << std::setw(9)
                    << r["total_ms"].get<double>() << std::setw(13);
          if (r["thesis_total_ms"].is_null())
            std::cout << "-";
          else
            std::cout << std::setprecision(0) << r["thesis_total_ms"].get<double>();
          std::cout << std::setprecision(4) << '\n';
        }
      }
      if (!crowd.empty())
        std::cout << "\nCrowd of " << crowd[0]["copies"].get<int>() << " " << crowd[0]["model"].get<std::string>()
                  << " copies with their own poses: kernels per frame (bandwidth measured by a triad)\n"
                  << std::left << std::setw(10) << "skinning" << std::right << std::setw(8) << "threads"
                  << std::setw(10) << "vertices" << std::setw(8) << "infl." << std::setw(10) << "ms" << std::setw(10)
                  << "Mvert/s" << std::setw(8) << "B/vtx" << std::setw(8) << "GB/s" << std::setw(8) << "of BW" << '\n';
      for (const auto& r : crowd)
        std::cout << std::left << std::setw(10) << r["skinning"].get<std::string>() << std::right << std::setw(8)
                  << r["threads"].get<int>() << std::setw(10) << r["vertices"].get<long>() << std::setw(8)
                  << std::setprecision(2) << r["mean_influences"].get<double>() << std::setw(10)
                  << r["kernel_ms"].get<double>() << std::setw(10) << std::setprecision(0)
                  << r["mvertices_per_s"].get<double>() << std::setw(8) << r["bytes_per_vertex"].get<double>()
                  << std::setw(8) << r["bandwidth_gb_per_s"].get<double>() << std::setw(7)
                  << 100 * r["bandwidth_share"].get<double>() << "%" << std::setprecision(4) << '\n';
      std::cout << "peak resident set: " << std::setprecision(2) << result["peak_rss_mib"].get<double>() << " MiB\n";
    }
    exit_code = 0;
  });
}

}  // namespace skinlab
