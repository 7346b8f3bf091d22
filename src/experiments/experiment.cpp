#include "experiments/experiment.hpp"

#include <CGAL/version.h>
#include <sys/utsname.h>

#include <CLI/Version.hpp>
#include <array>
#include <cmath>
#include <cstdio>
#include <ctime>
#include <fstream>
#include <iomanip>
#include <map>
#include <stdexcept>
#include <sstream>
#include <thread>

#include "animation/frame_grid.hpp"
#include "core/atomic_file.hpp"
#include "core/error.hpp"
#include "experiments/measurements.hpp"
#include "experiments/pictures.hpp"
#include "geometry/convex_hull.hpp"
#include "io/json_text.hpp"
#include "io/model_library.hpp"
#include "rigging/deformer_registry.hpp"

namespace skinlab {

namespace {

constexpr const char* kResultsFormat = "skinlab-experiment-results/1";

// The first line a shell command prints, or "" when it fails.
std::string command_line_output(const std::string& command) {
  std::string out;
  if (FILE* pipe = popen((command + " 2>/dev/null").c_str(), "r")) {
    char buffer[512];
    if (std::fgets(buffer, sizeof buffer, pipe)) out = buffer;
    pclose(pipe);
  }
  while (!out.empty() && (out.back() == '\n' || out.back() == '\r')) out.pop_back();
  return out;
}

// The commit of the source tree, "+dirty" when it has uncommitted changes; "unknown" outside git.
std::string source_commit() {
  const std::string root = skinlab_root().string();
  const std::string commit = command_line_output("git -C '" + root + "' rev-parse HEAD");
  if (commit.empty()) return "unknown";
  const bool dirty = !command_line_output("git -C '" + root + "' status --porcelain --untracked-files=no").empty();
  return commit + (dirty ? "+dirty" : "");
}

std::string number(const nlohmann::json& value, int decimals) {
  if (!value.is_number()) return "";
  std::ostringstream out;
  out << std::fixed << std::setprecision(decimals) << value.get<double>();
  std::string text = out.str();
  // A value that rounds to zero prints as 0, whatever its sign.
  if (text.find_first_not_of("-0.") == std::string::npos && text[0] == '-') text.erase(0, 1);
  return text;
}

// Milliseconds with three significant decimals below 10 ms, fewer above.
std::string ms(const nlohmann::json& value) {
  if (!value.is_number()) return "";
  const double v = value.get<double>();
  return number(value, v < 10 ? 3 : v < 100 ? 2 : 1);
}

// The thesis' time over ours, only where our mesh is the thesis' own (Table 5.1): other models
// are different meshes of the same animals, and a ratio between them would mislead.
std::string speed_up(const std::string& model, const nlohmann::json& thesis_ms, const nlohmann::json& ours_ms) {
  if (thesis_number("/models/" + model + "/same_mesh") != true || !thesis_ms.is_number() || !ours_ms.is_number() ||
      ours_ms.get<double>() <= 0)
    return "";
  return number(thesis_ms.get<double>() / ours_ms.get<double>(), 0);
}

std::string thesis_cell(const std::string& model, const char* key) {
  const nlohmann::json& v = thesis_number("/models/" + model + "/" + key);
  return v.is_null() ? "" : v.is_string() ? v.get<std::string>() : v.dump();
}

const std::string kThesisNote =
    "Thesis columns: the thesis' chapter 5 (Intel Core Quad 2.4 GHz, one core), on its own meshes; ours come from "
    "CGAL's data archive, refined by the segmentation, and only homer is the thesis' own mesh, so the speed-up is "
    "given for homer alone.";
const std::string kTimingNote = "Times: median over the repeats; spread: max - min of the same runs.";

// A row's 0-based frame index; a value that is not one (a hand-edited results file) is a
// type error, as for any other field.
int frame_index(const nlohmann::json& row) {
  const nlohmann::json& frame = row.at("frame");
  if (!frame.is_number_integer() || frame.get<long long>() < 0 || frame.get<long long>() > FrameGrid::kMaxFrames)
    throw nlohmann::json::type_error::create(302, "frame: not a frame index", &frame);
  return frame.get<int>();
}

// The rows of the table's tasks that are present, in definition order.
std::vector<nlohmann::json> table_rows(const TableSpec& spec, const nlohmann::json& tasks) {
  std::vector<nlohmann::json> rows;
  for (const std::string& model : spec.models) {
    const std::string id = spec.id + "/" + model;
    if (!tasks.contains(id)) continue;
    // Results are data (merge reads other runs' files): checked access only, so that a missing
    // or mistyped field is a nlohmann::json exception, which write_experiment reports.
    const nlohmann::json& task_rows = tasks.at(id).at("rows");
    if (!task_rows.is_array()) throw nlohmann::json::type_error::create(302, "tasks/" + id + "/rows: not an array", &task_rows);
    for (const nlohmann::json& row : task_rows) rows.push_back(row);
  }
  return rows;
}

Table models_table(const TableSpec& spec, const std::vector<nlohmann::json>& rows) {
  Table t{spec.id,
          spec.title,
          {kThesisNote},
          {"Model", "Parts", "Vertices", "Triangles", "Thesis model", "Thesis parts", "Thesis vertices",
           "Thesis triangles"},
          {}};
  for (const auto& r : rows) {
    const std::string m = r.at("model");
    t.rows.push_back({m, r.at("parts").dump(), r.at("vertices").dump(), r.at("triangles").dump(), thesis_cell(m, "thesis_name"),
                      thesis_cell(m, "parts"), thesis_cell(m, "vertices"), thesis_cell(m, "triangles")});
  }
  return t;
}

// A timing table: each row's own cells, then the thesis' time, its mesh's vertices and parts, and
// the speed-up where the mesh is the thesis' own.
struct TimedCells {
  std::vector<std::string> cells;
  nlohmann::json thesis_ms, ours_ms;
};
Table timing_table(const TableSpec& spec, std::string note, std::vector<std::string> columns,
                   const std::vector<nlohmann::json>& rows,
                   const std::function<TimedCells(const nlohmann::json&)>& cells_of) {
  Table t{spec.id, spec.title, {kTimingNote, std::move(note), kThesisNote}, std::move(columns), {}};
  t.columns.insert(t.columns.end(), {"Thesis (ms)", "Thesis vertices", "Thesis parts", "Speed-up"});
  for (const auto& r : rows) {
    TimedCells c = cells_of(r);
    const std::string m = r.at("model");
    c.cells.insert(c.cells.end(), {ms(c.thesis_ms), thesis_cell(m, "vertices"), thesis_cell(m, "parts"),
                                   speed_up(m, c.thesis_ms, c.ours_ms)});
    t.rows.push_back(std::move(c.cells));
  }
  return t;
}

Table skeletonization_table(const TableSpec& spec, const std::vector<nlohmann::json>& rows) {
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

Table gap_preprocess_table(const TableSpec& spec, const std::vector<nlohmann::json>& rows) {
  return timing_table(
      spec,
      "Columns as Table 5.3: median edge length per part, parts outside each subtree, vertex neighbourhoods; plus "
      "the opening planes.",
      {"Model", "Vertices", "Parts", "Median lengths (ms)", "Other nodes (ms)", "Neighbourhoods (ms)", "Planes (ms)",
       "Total (ms)", "Spread (ms)"},
      rows, [](const nlohmann::json& r) {
        return TimedCells{
            {r.at("model"), r.at("vertices").dump(), r.at("parts").dump(), ms(r.at("median_edges_ms")), ms(r.at("outside_subtree_ms")),
             ms(r.at("neighbourhoods_ms")), ms(r.at("opening_planes_ms")), ms(r.at("total_ms")), ms(r.at("total_ms_spread"))},
            r.at("thesis_total_ms"),
            r.at("total_ms")};
      });
}

Table gap_frames_table(const TableSpec& spec, const std::vector<nlohmann::json>& rows) {
  return timing_table(
      spec,
      "Per frame of clips/MODEL_thesis_gap.clip (four parts moving together, as Tables 5.4-5.7); joints: moving "
      "joints; removed, new: vertices; fallbacks: Bézier arcs replaced by axis arcs; clamped: removals undone.",
      {"Model", "Deformer", "Frame", "Joints", "Removed", "New", "Fallbacks", "Clamped", "Remove (ms)", "Add (ms)",
       "Triangulate (ms)", "Normals (ms)", "Total (ms)", "Spread (ms)"},
      rows, [](const nlohmann::json& r) {
        return TimedCells{{r.at("model"), r.at("skinning"), std::to_string(frame_index(r) + 1),
                           r.at("moving_joints").dump(), r.at("removed_vertices").dump(), r.at("patch_vertices").dump(),
                           r.at("bezier_fallbacks").dump(), r.at("clamped_sides").dump(), ms(r.at("remove_ms")), ms(r.at("add_ms")),
                           ms(r.at("triangulate_ms")), ms(r.at("normals_ms")), ms(r.at("total_ms")), ms(r.at("total_ms_spread"))},
                          r.at("thesis_total_ms"),
                          r.at("total_ms")};
      });
}

Table sbs_table(const TableSpec& spec, const std::vector<nlohmann::json>& rows) {
  Table t{spec.id,
          spec.title,
          {kTimingNote,
           "Deformation per frame of the model's first clip, one thread, as Table 2 of Kavan & Zara 2005 (SBS); "
           "SVDs: polar decompositions per frame."},
          {"Model", "Vertices", "Weights", "LBS (ms)", "LBS spread", "SBS (ms)", "SBS spread", "SBS / LBS",
           "SVDs per frame"},
          {}};
  for (const auto& r : rows)
    t.rows.push_back({r.at("model"), r.at("vertices").dump(), r.at("weights"), ms(r.at("lbs_ms")), ms(r.at("lbs_ms_spread")),
                      ms(r.at("sbs_ms")), ms(r.at("sbs_ms_spread")), number(r.at("ratio"), 2), r.at("svd_per_frame").dump()});
  return t;
}

Table quality_table(const TableSpec& spec, const std::vector<nlohmann::json>& rows) {
  Table t{spec.id,
          spec.title,
          {"Per clip, over frames spread evenly through it, each against the same deformer's rest pose "
           "(docs/quality.md): volume change; smallest cross-section through a moving joint over its rest area; "
           "self-intersecting triangle pairs at the joints (in one part, or a part and its parent) beyond the rest "
           "pose's; boundary and non-manifold edges; the largest gap "
           "between copies of one vertex (rigid skinning's cracks) in % of the model's diagonal; the mean deviation "
           "of facet normals from the smooth normal field, over the rest pose's."},
          {"Model", "Clip", "Deformer", "Frames", "Volume max (%)", "Volume mean (%)", "Min section",
           "Self-int. at joints", "Boundary", "Non-manifold", "Seam gap (%)", "Normal dev. (deg)"},
          {}};
  for (const auto& r : rows)
    t.rows.push_back(
        {r.at("model"), r.at("clip"), r.at("skinning"), r.at("frames").dump(), number(r.at("volume_change_max_pct"), 2),
         number(r.at("volume_change_mean_pct"), 2), number(r.at("min_cross_section_ratio"), 3),
         r.at("self_intersections_over_rest_max").is_null() ? "" : r.at("self_intersections_over_rest_max").dump(),
         r.at("boundary_edges_max").dump(), r.at("non_manifold_edges_max").dump(), number(r.at("seam_gap_max_pct"), 2),
         number(r.at("normal_deviation_over_rest_deg"), 2)});
  return t;
}

void write_text(const std::filesystem::path& path, const std::string& text) {
  write_file_atomically(path, [&](std::ostream& out) { out << text; });
}

// A bar chart with gnuplot (Debian's gnuplot-nox): one bar group per row label, one bar per
// series; false when gnuplot is missing or fails.
bool bar_chart(const std::filesystem::path& png, const std::string& title, const std::vector<std::string>& series,
               const std::vector<std::pair<std::string, std::vector<double>>>& bars, bool stacked) {
  const std::filesystem::path data = png.string() + ".dat", script = png.string() + ".gp";
  std::ostringstream d;
  d << "label";
  for (const std::string& s : series) d << '\t' << '"' << s << '"';
  d << '\n';
  for (const auto& [label, values] : bars) {
    d << '"' << label << '"';
    for (double v : values) d << '\t' << v;
    d << '\n';
  }
  write_text(data, d.str());
  std::ostringstream g;
  g << "set terminal pngcairo size 960,480 font 'sans,9'\nset output '" << png.string() << "'\n"
    << "set title \"" << title << "\"\nset style data histograms\nset style histogram "
    << (stacked ? "rowstacked" : "clustered gap 1") << "\nset style fill solid 0.85 border -1\n"
    << "set ylabel 'ms'\nset logscale y\nset xtics rotate by -40 left\nset key outside right top\n"
    << (stacked ? "unset logscale y\n" : "") << "plot for [i=2:" << series.size() + 1 << "] '" << data.string()
    << "' using i:xtic(1) title columnheader(i)\n";
  write_text(script, g.str());
  const bool ok = std::system(("gnuplot '" + script.string() + "' 2>/dev/null").c_str()) == 0;
  std::filesystem::remove(script);
  if (!ok) std::filesystem::remove(png);
  return ok;
}

// Figures of one table: skeleton pictures per model and method and a chart of the times; per
// phase charts of the gap tables; filmstrips of each model's first clip per deformer.
void table_figures(const TableSpec& spec, const std::vector<nlohmann::json>& rows, const std::filesystem::path& dir,
                   const std::function<void(const std::string&)>& progress) {
  if (spec.kind == TableKind::skeletonization) {
    std::vector<std::pair<std::string, std::vector<double>>> bars;
    for (const std::string& model : spec.models) {
      progress(spec.id + ": " + model + " skeletons");
      const ModelFiles files = resolve_model(model);
      const SegmentedModel m = load_model(files);
      std::vector<RenderScene> scenes;
      std::vector<Skeleton> skeletons;
      for (const std::string& method : spec.methods) {
        SkeletonParams params;
        params.method = parse_skeleton_method(method);
        skeletons.push_back(extract_skeleton(m, params));
      }
      for (const Skeleton& s : skeletons) scenes.push_back(skeleton_scene(m, s));
      std::vector<const RenderScene*> pointers;
      for (const RenderScene& s : scenes) pointers.push_back(&s);
      render_strip_png(pointers, std::vector<RenderView>(scenes.size(), model_view(files, 320, 320)),
                       dir / ("skeletons-" + model + ".png"));
    }
    std::map<std::string, std::vector<double>> by_model;
    for (const auto& r : rows) by_model[r.at("model")].push_back(std::max(1e-3, r.at("total_ms").get<double>()));
    for (const std::string& model : spec.models)
      if (by_model.count(model)) bars.push_back({model, by_model[model]});
    bar_chart(dir / (spec.id + ".png"), spec.title + " (ms, log scale)", spec.methods, bars, false);
  }
  if (spec.kind == TableKind::gap_frames) {
    std::vector<std::pair<std::string, std::vector<double>>> bars;
    for (const auto& r : rows)
      bars.push_back({r.at("model").get<std::string>() + " " + r.at("skinning").get<std::string>() + " " +
                          std::to_string(frame_index(r) + 1),
                      {r.at("remove_ms"), r.at("add_ms"), r.at("triangulate_ms"), r.at("normals_ms")}});
    bar_chart(dir / (spec.id + ".png"), spec.title + ": per phase (ms)", {"remove", "add", "triangulate", "normals"},
              bars, true);
  }
  if (spec.kind == TableKind::quality) {
    for (const std::string& model : spec.models) {
      const std::vector<std::filesystem::path> clips = model_clips(model);
      if (clips.empty()) continue;
      const ModelFiles files = resolve_model(model);
      const SegmentedModel m = load_model(files);
      if (!m.hierarchy()) continue;
      const ClipFile clip = read_clip(clips.front());
      for (const std::string& deformer : spec.deformers) {
        progress(spec.id + ": " + model + " " + deformer + " filmstrip");
        AnimationSession session(m, clip, SessionParams{}, find_deformer(deformer));
        const int count = session.animator().grid().count();
        const int samples = std::min(spec.frames, count);
        std::vector<std::vector<Vec3>> positions(samples);
        std::vector<std::vector<Tri>> triangles(samples);
        std::vector<RenderScene> scenes(samples);
        Frame frame;
        for (int s = 0; s < samples; ++s) {
          const int f = samples == 1 ? 0 : static_cast<int>(std::lround(double(s) * (count - 1) / (samples - 1)));
          session.play(f, frame);
          const FrameTopology topo = topology(frame, session.deformer().rest_mesh());
          for (std::size_t v = 0; 3 * v < frame.positions.size(); ++v)
            positions[s].emplace_back(frame.positions[3 * v], frame.positions[3 * v + 1], frame.positions[3 * v + 2]);
          triangles[s] = topo.triangles;
          RenderMesh mesh{&positions[s], &triangles[s], {}, 1.0f};
          for (int label : topo.triangle_component) mesh.triangle_colors.push_back(palette_color(label));
          scenes[s].meshes.push_back(std::move(mesh));
        }
        std::vector<const RenderScene*> pointers;
        for (const RenderScene& s : scenes) pointers.push_back(&s);
        render_strip_png(pointers, std::vector<RenderView>(samples, model_view(files, 240, 240)),
                         dir / ("filmstrip-" + model + "-" + deformer + ".png"));
      }
    }
  }
}

}  // namespace

std::vector<ExperimentTask> experiment_tasks(const ExperimentDefinition& def) {
  std::vector<ExperimentTask> tasks;
  for (std::size_t t = 0; t < def.tables.size(); ++t)
    for (const std::string& model : def.tables[t].models)
      tasks.push_back({static_cast<int>(t), model, def.tables[t].id + "/" + model});
  return tasks;
}

std::vector<ExperimentTask> shard_tasks(const std::vector<ExperimentTask>& tasks, int index, int count) {
  std::vector<ExperimentTask> out;
  for (std::size_t i = index - 1; i < tasks.size(); i += count) out.push_back(tasks[i]);
  return out;
}

nlohmann::json run_task(const ExperimentDefinition& def, const ExperimentTask& task) {
  const TableSpec& spec = def.tables[task.table];
  const ModelFiles files = resolve_model(task.model);
  const SegmentedModel model = load_model(files);
  switch (spec.kind) {
    case TableKind::models:
      return measure_model(files.name, model);
    case TableKind::skeletonization: {
      std::vector<SkeletonMethod> methods;
      for (const std::string& m : spec.methods) methods.push_back(parse_skeleton_method(m));
      return measure_skeletonization(files.name, model, methods, def.repeats);
    }
    case TableKind::gap_preprocess:
      return measure_gap_preprocess(files.name, model, def.repeats);
    case TableKind::gap_frames: {
      nlohmann::json rows = nlohmann::json::array();
      for (const std::string& d : spec.deformers)
        for (auto& row : measure_gap_frames(files.name, model, d, def.repeats)) rows.push_back(row);
      return rows;
    }
    case TableKind::sbs:
      return measure_sbs(files.name, model, spec.weights, def.repeats);
    case TableKind::quality:
      return measure_quality(files.name, model, spec.deformers, spec.frames);
  }
  return nlohmann::json::array();
}

nlohmann::json experiment_results(const ExperimentDefinition& def, const std::string& shard, nlohmann::json rows) {
  return {{"format", kResultsFormat},  {"definition", def.source}, {"definition_sha256", def.digest},
          {"commit", source_commit()}, {"shard", shard},           {"tasks", std::move(rows)}};
}

namespace {

// The fields each table kind's rows must have and their types (s: a string, i: an integer,
// n: a finite number, n?: a number or null); the fields its table and figures read. A row may
// hold more fields (each a string, number, bool or null).
const std::vector<std::pair<std::string, std::string>>& row_schema(TableKind kind) {
  using Schema = std::vector<std::pair<std::string, std::string>>;
  static const Schema models{{"model", "s"}, {"parts", "i"}, {"vertices", "i"}, {"triangles", "i"}};
  static const Schema skeletonization{
      {"model", "s"},   {"parts", "i"},   {"vertices", "i"},        {"method", "s"},
      {"total_ms", "n"}, {"total_ms_spread", "n"}, {"hull_ms", "n"}, {"kernel_ms", "n"},
      {"kernel_interior_point_ms", "n"}, {"kernel_intersection_ms", "n"}};
  static const Schema gap_preprocess{
      {"model", "s"},           {"vertices", "i"},          {"parts", "i"},    {"median_edges_ms", "n"},
      {"outside_subtree_ms", "n"}, {"neighbourhoods_ms", "n"}, {"opening_planes_ms", "n"}, {"total_ms", "n"},
      {"total_ms_spread", "n"}, {"thesis_total_ms", "n?"}};
  static const Schema gap_frames{
      {"model", "s"},          {"skinning", "s"},      {"frame", "i"},       {"moving_joints", "i"},
      {"removed_vertices", "i"}, {"patch_vertices", "i"}, {"bezier_fallbacks", "i"}, {"clamped_sides", "i"},
      {"remove_ms", "n"},      {"add_ms", "n"},        {"triangulate_ms", "n"}, {"normals_ms", "n"},
      {"total_ms", "n"},       {"total_ms_spread", "n"}, {"thesis_total_ms", "n?"}};
  static const Schema sbs{{"model", "s"},  {"vertices", "i"},      {"weights", "s"}, {"lbs_ms", "n"},
                          {"lbs_ms_spread", "n"}, {"sbs_ms", "n"}, {"sbs_ms_spread", "n"}, {"ratio", "n"},
                          {"svd_per_frame", "i"}};
  static const Schema quality{
      {"model", "s"}, {"clip", "s"}, {"skinning", "s"}, {"frames", "i"}, {"volume_change_max_pct", "n"},
      {"volume_change_mean_pct", "n"}, {"min_cross_section_ratio", "n?"}, {"self_intersections_over_rest_max", "i?"},
      {"boundary_edges_max", "i"}, {"non_manifold_edges_max", "i"}, {"seam_gap_max_pct", "n"},
      {"normal_deviation_over_rest_deg", "n"}};
  switch (kind) {
    case TableKind::models: return models;
    case TableKind::skeletonization: return skeletonization;
    case TableKind::gap_preprocess: return gap_preprocess;
    case TableKind::gap_frames: return gap_frames;
    case TableKind::sbs: return sbs;
    case TableKind::quality: return quality;
  }
  throw std::logic_error("experiment: a table kind without a row schema");
}

// Whether `value` has `type` (row_schema's letters). Integers are counts and frame indices:
// 0 to 2^31 - 1. Strings are short (they become table cells) and free of control characters.
bool has_type(const nlohmann::json& value, const std::string& type) {
  if (type.back() == '?' && value.is_null()) return true;
  switch (type[0]) {
    case 's': {
      if (!value.is_string() || value.get<std::string>().size() > 256) return false;
      const std::string& text = value.get_ref<const std::string&>();
      return std::none_of(text.begin(), text.end(), [](char c) { return static_cast<unsigned char>(c) < 0x20; });
    }
    case 'i':
      return value.is_number_integer() && value.get<long long>() >= 0 && value.get<long long>() <= 2147483647LL;
    default:
      return value.is_number() && std::isfinite(value.get<double>());
  }
}

// One slice of a sharded run, field by field: the results format, the definition against its
// digest, then every task: a task of that definition, {"rows": [...], "seconds": N}, each row
// with its table kind's fields (row_schema).
void check_slice(const nlohmann::json& r, const std::string& name) {
  const auto fail = [&](const std::string& what) { throw InputError(name + ": " + what); };
  if (!r.is_object() || !r.contains("format") || r["format"] != kResultsFormat)
    fail(std::string("not the results of `skinlab experiment` (format ") + kResultsFormat + ")");
  for (const char* key : {"commit", "shard", "definition_sha256"})
    if (!r.contains(key) || !r[key].is_string() || !has_type(r[key], "s"))
      fail(std::string("/") + key + ": expected a short string");
  if (!r.contains("definition") || !r["definition"].is_object()) fail("/definition: expected an object");
  if (sha256_hex(r["definition"].dump()) != r["definition_sha256"].get<std::string>())
    fail("/definition does not match /definition_sha256 (edited after the run?)");
  if (!r.contains("tasks") || !r["tasks"].is_object() || r["tasks"].empty())
    fail("/tasks: expected an object with at least one task");
  const ExperimentDefinition def = parse_experiment(r["definition"], name + "/definition");
  std::map<std::string, TableKind> kinds;
  for (const ExperimentTask& task : experiment_tasks(def)) kinds[task.id] = def.tables[task.table].kind;
  for (const auto& [id, task] : r["tasks"].items()) {
    const std::string at = "/tasks/" + id;
    const auto kind = kinds.find(id);
    if (kind == kinds.end()) fail(at + ": not a task of the definition (TABLE_ID/MODEL)");
    if (!task.is_object() || !task.contains("rows") || !task["rows"].is_array() || !task.contains("seconds") ||
        !has_type(task["seconds"], "n"))
      fail(at + ": expected {\"rows\": [...], \"seconds\": N}");
    const nlohmann::json& rows = task["rows"];
    for (std::size_t i = 0; i < rows.size(); ++i) {
      const std::string row_at = at + "/rows/" + std::to_string(i);
      if (!rows[i].is_object()) fail(row_at + ": expected an object");
      for (const auto& [field, value] : rows[i].items())
        if (!(value.is_null() || value.is_boolean() || has_type(value, value.is_string() ? "s" : "n")))
          fail(row_at + "/" + field + ": expected a short string, a finite number, true, false or null");
      for (const auto& [field, type] : row_schema(kind->second))
        if (!rows[i].contains(field) || !has_type(rows[i][field], type))
          fail(row_at + "/" + field + ": expected " +
               (type[0] == 's' ? "a string" : type[0] == 'i' ? "an integer from 0 to 2^31 - 1" : "a finite number") +
               (type.back() == '?' ? " or null" : "") + " (a " + to_string(kind->second) + " table's row)");
    }
  }
}

}  // namespace

nlohmann::json merge_results(const std::vector<nlohmann::json>& results, const std::vector<std::string>& names) {
  // Every slice is checked before any is merged, and merging writes nothing.
  for (std::size_t i = 0; i < results.size(); ++i) check_slice(results[i], names[i]);
  nlohmann::json merged;
  for (std::size_t i = 0; i < results.size(); ++i) {
    const nlohmann::json& r = results[i];
    if (i == 0) {
      merged = r;
      merged["tasks"] = nlohmann::json::object();
      merged["shard"] = "merged";
    } else {
      if (r["definition_sha256"] != merged["definition_sha256"])
        throw InputError(names[i] + ": results of a different experiment definition than " + names[0]);
      if (r["commit"] != merged["commit"])
        throw InputError(names[i] + ": results of commit " + r["commit"].get<std::string>() + ", " + names[0] + " of " +
                         merged["commit"].get<std::string>());
    }
    for (const auto& [id, task] : r["tasks"].items()) {
      if (merged["tasks"].contains(id)) throw InputError(names[i] + ": task " + id + " is also in an earlier slice");
      merged["tasks"][id] = task;
    }
  }
  return merged;
}

std::vector<Table> experiment_tables(const ExperimentDefinition& def, const nlohmann::json& results) {
  using Builder = Table (*)(const TableSpec&, const std::vector<nlohmann::json>&);
  const auto builder = [](TableKind kind) -> Builder {
    switch (kind) {
      case TableKind::models:
        return models_table;
      case TableKind::skeletonization:
        return skeletonization_table;
      case TableKind::gap_preprocess:
        return gap_preprocess_table;
      case TableKind::gap_frames:
        return gap_frames_table;
      case TableKind::sbs:
        return sbs_table;
      case TableKind::quality:
        return quality_table;
    }
    throw std::logic_error("experiment: a table kind without a builder");
  };
  std::vector<Table> tables;
  for (const TableSpec& spec : def.tables)
    tables.push_back(builder(spec.kind)(spec, table_rows(spec, results["tasks"])));
  return tables;
}

nlohmann::json run_meta() {
  utsname host{};
  uname(&host);
  std::string cpu = "unknown";
  std::ifstream cpuinfo("/proc/cpuinfo");
  for (std::string line; std::getline(cpuinfo, line);)
    if (line.rfind("model name", 0) == 0) {
      cpu = line.substr(line.find(':') + 2);
      break;
    }
  std::string memory;
  std::ifstream meminfo("/proc/meminfo");
  std::getline(meminfo, memory);
  const std::time_t now = std::time(nullptr);
  char date[32];
  std::strftime(date, sizeof date, "%Y-%m-%dT%H:%M:%SZ", std::gmtime(&now));
  return {
      {"date", date},
      {"commit", source_commit()},
      {"machine",
       {{"host", host.nodename},
        {"system", std::string(host.sysname) + " " + host.release},
        {"architecture", host.machine},
        {"cpu", cpu},
        {"hardware_threads", std::thread::hardware_concurrency()},
        {"memory", memory.empty() ? "unknown" : memory.substr(memory.find_first_not_of(" ", memory.find(':') + 1))}}},
      {"compiler", {{"version", __VERSION__}, {"build_type", SKINLAB_BUILD_TYPE}, {"flags", SKINLAB_CXX_FLAGS}}},
      {"libraries",
       {{"CGAL", CGAL_VERSION_STR},
        {"Qhull", qhull_version()},
        {"Eigen", std::to_string(EIGEN_WORLD_VERSION) + "." + std::to_string(EIGEN_MAJOR_VERSION) + "." +
                      std::to_string(EIGEN_MINOR_VERSION)},
        {"nlohmann_json", std::to_string(NLOHMANN_JSON_VERSION_MAJOR) + "." +
                              std::to_string(NLOHMANN_JSON_VERSION_MINOR) + "." +
                              std::to_string(NLOHMANN_JSON_VERSION_PATCH)},
        {"CLI11", CLI11_VERSION},
        {"gnuplot", command_line_output("gnuplot --version")}}}};
}

void write_experiment(const ExperimentDefinition& def, const nlohmann::json& results, const nlohmann::json& meta,
                      const std::filesystem::path& out, const std::function<void(const std::string&)>& progress) {
  // Every table is built before anything is written: a results file whose rows lack a field or
  // hold the wrong type is refused whole.
  std::vector<Table> tables;
  try {
    tables = experiment_tables(def, results);
  } catch (const nlohmann::json::exception& e) {
    throw InputError(out.string() + ": the results' rows do not have the fields their tables need (" +
                     std::string(e.what()) + ")");
  }
  OutputSet outputs;
  const auto write_output = [&](const std::filesystem::path& path, const std::string& text) {
    outputs.write(path, [&](std::ostream& o) { o << text; });
  };
  outputs.create_directories(out / "tables");
  write_output(out / "results.json", json_text(results) + "\n");
  write_output(out / "meta.json", json_text(meta) + "\n");
  std::ostringstream all;
  all << "# " << def.name << "\n\n";
  if (!def.description.empty()) all << def.description << "\n\n";
  all << "Commit " << results["commit"].get<std::string>() << ", " << meta["date"].get<std::string>() << ", "
      << meta["machine"]["cpu"].get<std::string>() << "; shard " << results["shard"].get<std::string>() << ".\n";
  for (const Table& table : tables) {
    std::ostringstream md, csv, tex;
    write_markdown(table, md);
    write_csv(table, csv);
    write_latex(table, tex);
    write_output(out / "tables" / (table.id + ".md"), md.str());
    write_output(out / "tables" / (table.id + ".csv"), csv.str());
    write_output(out / "tables" / (table.id + ".tex"), tex.str());
    all << '\n' << md.str();
  }
  write_output(out / "tables.md", all.str());
  const bool complete = results["tasks"].size() == experiment_tasks(def).size();
  if (def.figures && complete) {
    outputs.create_directories(out / "figures");
    for (const TableSpec& spec : def.tables)
      table_figures(spec, table_rows(spec, results["tasks"]), out / "figures", progress);
  }
  outputs.commit();
}

}  // namespace skinlab
