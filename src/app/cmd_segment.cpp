// SPDX-License-Identifier: GPL-3.0-or-later
// `skinlab segment MESH [--parts K] ... -o OUT.obj [--seg OUT.seg] [--skel OUT.skel]`
#include <filesystem>
#include <fstream>
#include <iostream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "skinlab/app/commands.hpp"
#include "skinlab/app/number_option.hpp"
#include "skinlab/core/atomic_file.hpp"
#include "skinlab/core/error.hpp"
#include "skinlab/core/segmented_model.hpp"
#include "skinlab/io/json_file.hpp"
#include "skinlab/io/json_text.hpp"
#include "skinlab/io/model_library.hpp"
#include "skinlab/io/read_mesh.hpp"
#include "skinlab/metrics/opening_metrics.hpp"
#include "skinlab/render/software_render.hpp"
#include "skinlab/segmentation/fill_holes.hpp"
#include "skinlab/segmentation/segment_body_parts.hpp"
#include "skinlab/segmentation/segment_params_json.hpp"

namespace skinlab {

namespace {

struct SegmentOptions {
  std::string mesh;
  int parts = 0;
  int limbs = 0;
  double persistence = SegmentParams{}.min_persistence;
  double split_aspect = SegmentParams{}.split_aspect;
  double end_narrowing = SegmentParams{}.end_narrowing;
  int max_pieces = SegmentParams{}.max_pieces;
  double ring_slope = SegmentParams{}.ring_slope;
  double min_limb_aspect = SegmentParams{}.min_limb_aspect;
  std::vector<double> up, forward;
  std::string method = "geodesic";
  std::string obj, off, seg, skel, png;
  std::vector<std::string> views{"front"};
  std::string params_file;
  bool json = false;
  bool fill_holes = false;
  bool generic_names = false;
};

// The entry for `model` in a parameters file (experiments/segmentation.json): an object of
// models, each an object of parameters (segmentation/segment_params_json.hpp). Throws InputError
// naming the file, the model and the key.
void apply_params_file(const std::string& path, const std::string& model, SegmentRequest& request) {
  const nlohmann::json doc = read_json_file(path);
  if (!doc.is_object() || !doc.contains(model)) throw InputError(path + ": no entry for model '" + model + "'");
  apply_segment_json(doc[model], path + ": " + model, request);
}

// The option's check: the range of the parameter called `key` (segment_number_ranges).
CLI::Validator parameter_range(const std::string& key) {
  const SegmentNumberRange& range = segment_number_range(key);
  return finite_range(range.low, range.high);
}

// What keeps the result from being animation-ready, checked on the model it builds: openings
// between parts that are not parent and child, and children meeting their parent along other
// than one closed loop. Empty when all is well.
std::vector<std::string> tree_problems(const SegmentedModel& model) {
  const auto& parent = model.hierarchy()->parent;
  std::vector<std::string> problems;
  for (const Opening& o : model.openings()) {
    const std::string pair = model.components()[o.a].name + " | " + model.components()[o.b].name;
    if (parent[o.a] != o.b && parent[o.b] != o.a)
      problems.push_back(pair + ": touching parts that are not parent and child");
    else if (o.loops.size() != 1 || !o.loops[0].closed)
      problems.push_back(pair + ": " + std::to_string(o.loops.size()) + " border loops, expected one closed loop");
  }
  return problems;
}

Vec3 to_vec(const std::vector<double>& v) { return v.size() == 3 ? Vec3(v[0], v[1], v[2]) : Vec3::Zero(); }

// The options of `segment`, into `o`.
void add_segment_options(CLI::App& sub, SegmentOptions& o) {
  sub.add_option("mesh", o.mesh, "Mesh file or standard model name")->required();
  sub.add_option("--method", o.method, "Segmentation method")
      ->check(CLI::IsMember({"geodesic"}))
      ->capture_default_str();
  sub.add_option("--parts", o.parts, "Largest number of parts wanted (chooses the number of limbs)")
      ->check(parameter_range("parts"));
  sub.add_option("--limbs", o.limbs, "Exact number of limbs (branches) before knee/elbow splits")
      ->check(parameter_range("limbs"));
  sub.add_option("--persistence", o.persistence,
                 "Least persistence of a limb, fraction of the largest geodesic distance (default 0.12, "
                 "lowered for branches of the trunk when it finds fewer than four limbs; given: as is)")
      ->check(parameter_range("persistence"))
      ->capture_default_str();
  sub.add_option("--split-aspect", o.split_aspect, "Split limb pieces longer than this many diameters (knees, elbows)")
      ->check(parameter_range("split_aspect"))
      ->capture_default_str();
  sub.add_option("--end-narrowing", o.end_narrowing,
                 "A limb's end (hand, foot) is a part where the ring narrows by this ratio near the tip")
      ->check(parameter_range("end_narrowing"))
      ->capture_default_str();
  sub.add_option("--max-pieces", o.max_pieces, "Most parts per limb")
      ->check(parameter_range("max_pieces"))
      ->capture_default_str();
  sub.add_option("--ring-slope", o.ring_slope,
                 "A limb ends where its ring lengthens faster than this per unit distance")
      ->check(parameter_range("ring_slope"))
      ->capture_default_str();
  sub.add_option("--min-limb-aspect", o.min_limb_aspect, "Shorter limbs (length / diameter) stay with the trunk")
      ->check(parameter_range("min_limb_aspect"))
      ->capture_default_str();
  sub.add_option("--up", o.up, "Up direction X Y Z (enables body-part names)")
      ->expected(3)
      ->check(parameter_range("coordinate"));
  sub.add_option("--forward", o.forward, "Forward direction X Y Z (enables body-part names)")
      ->expected(3)
      ->check(parameter_range("coordinate"));
  sub.add_flag("--generic-names", o.generic_names,
               "Without --up and --forward, name parts trunk, limb_K, ... instead of estimating which way is up");
  sub.add_option("-o,--output", o.obj, "Write the mesh with one group per part (OBJ)")->required();
  sub.add_option("--off", o.off, "Write the refined mesh (borders cut along planes) as OFF, for --seg");
  sub.add_option("--seg", o.seg, "Write the part label of every triangle of the refined mesh (.seg)");
  sub.add_option("--skel", o.skel,
                 "Write the hierarchy with default joint limits (.skel); default: beside the OBJ with its stem, "
                 "where loading the OBJ finds it");
  sub.add_option("--png", o.png, "Render the parts to this PNG (several views side by side)");
  sub.add_option("--views", o.views, "Views for --png: front, back, side, top")
      ->check(CLI::IsMember({"front", "back", "side", "top"}));
  sub.add_option("--params", o.params_file,
                 "Parameters file with an entry per model (experiments/segmentation.json); options given here win");
  sub.add_flag("--json", o.json, "Print a summary as JSON");
  sub.add_flag("--fill-holes", o.fill_holes,
               "Close the mesh's holes first (CGAL: triangulate, refine, fair) and report what was filled");
}

// The segmentation's parameters: the defaults, then the parameters file's entry for `name`,
// then the options given on the command line; `parts` the most parts wanted (0: no limit).
SegmentParams segment_params(const SegmentOptions& o, CLI::App& sub, const std::string& name, int& parts) {
  SegmentRequest request;
  if (!o.params_file.empty()) apply_params_file(o.params_file, name, request);
  SegmentParams& params = request.params;
  parts = request.parts;
  // Options given on the command line win over the parameters file; the rest keep its values
  // (or the defaults, which the options share).
  const auto given = [&](const char* option) { return sub.count(option) > 0; };
  if (given("--persistence")) params.min_persistence = o.persistence, params.adapt_persistence = false;
  if (given("--limbs")) params.limbs = o.limbs;
  if (given("--split-aspect")) params.split_aspect = o.split_aspect;
  if (given("--end-narrowing")) params.end_narrowing = o.end_narrowing;
  if (given("--max-pieces")) params.max_pieces = o.max_pieces;
  if (given("--ring-slope")) params.ring_slope = o.ring_slope;
  if (given("--min-limb-aspect")) params.min_limb_aspect = o.min_limb_aspect;
  if (given("--up")) params.up = to_vec(o.up);
  if (given("--forward")) params.forward = to_vec(o.forward);
  if (given("--parts")) parts = o.parts;
  if (o.generic_names) params.estimate_orientation = false;
  if (params.up.isZero() != params.forward.isZero())
    throw InputError(o.mesh + ": give the up and forward directions together (--up X Y Z --forward X Y Z)");
  if (!params.up.isZero() && std::abs(params.up.normalized().dot(params.forward.normalized())) > 1e-6)
    throw InputError(o.mesh + ": the up and forward directions must be orthogonal");
  return params;
}

// `segment --json`: the parts, limbs, openings and their cuts, slivers, orientation and holes.
nlohmann::json segment_summary(const ModelFiles& files, const SegmentedModel& model, const Segmentation& result,
                               const std::vector<std::string>& problems, const std::vector<FilledHole>& filled) {
  nlohmann::json summary = {{"mesh", files.mesh.string()},
                            {"problems", problems},
                            {"limbs", nlohmann::json::array()},
                            {"dropped_joints", result.dropped_joints},
                            {"slivers",
                             {{"before_repair", result.slivers.slivers_before},
                              {"after_repair", result.slivers.slivers_after},
                              {"remeshed_triangles", result.slivers.remeshed_triangles},
                              {"volume_change", result.slivers.volume_change}}},
                            {"parts", result.parts.part_names},
                            {"vertices", result.parts.mesh.num_vertices()},
                            {"triangles", result.parts.mesh.num_triangles()},
                            {"seconds", result.seconds},
                            {"cut_seconds", result.cut_seconds},
                            {"loops", opening_metrics_summary(model)},
                            {"openings", nlohmann::json::array()}};
  const std::vector<int>& parent = model.hierarchy()->parent;
  for (const Opening& op : model.openings()) {
    const PlaneCut* cut = nullptr;
    for (const PlaneCut& c : result.cuts)
      if ((c.child == op.a && parent[op.a] == op.b) || (c.child == op.b && parent[op.b] == op.a)) cut = &c;
    nlohmann::json entry = {{"a", model.components()[op.a].name},
                            {"b", model.components()[op.b].name},
                            {"loops", opening_loop_metrics(model, op)}};
    if (cut != nullptr)
      entry["cut"] = {{"plane", cut->cut},
                      {"new_vertices", cut->new_vertices},
                      {"new_triangles", cut->new_triangles},
                      {"largest_move", cut->largest_move},
                      {"slivers", cut->slivers},
                      {"smallest_new_angle_deg", cut->smallest_new_angle},
                      {"smallest_split_angle_deg", cut->smallest_split_angle}};
    summary["openings"].push_back(entry);
  }
  for (const Segmentation::Limb& limb : result.limbs)
    summary["limbs"].push_back({{"parts", limb.parts},
                                {"tip", {limb.tip.x(), limb.tip.y(), limb.tip.z()}},
                                {"length", limb.profile.length},
                                {"mean_diameter", limb.profile.mean_diameter},
                                {"joints", limb.profile.joints},
                                {"end", limb.profile.end},
                                {"diameters", limb.profile.diameter}});
  const auto xyz = [](const Vec3& v) { return nlohmann::json{v.x(), v.y(), v.z()}; };
  const bool oriented = !result.up.isZero();
  const char* orientation_source = !oriented ? "none" : result.orientation_estimated ? "estimated" : "given";
  summary["orientation"] = {{"source", orientation_source},
                            {"up", oriented ? xyz(result.up) : nlohmann::json(nullptr)},
                            {"forward", oriented ? xyz(result.forward) : nlohmann::json(nullptr)}};
  summary["filled_holes"] = nlohmann::json::array();
  for (const FilledHole& h : filled)
    summary["filled_holes"].push_back({{"boundary_edges", h.boundary_edges},
                                       {"new_vertices", h.new_vertices},
                                       {"new_triangles", h.new_triangles},
                                       {"faired", h.faired}});
  return summary;
}

// `segment`'s lines for a person: parts, orientation, filled holes.
void print_segment_text(const ModelFiles& files, const Segmentation& result, const SegmentParams& params,
                        const std::vector<FilledHole>& filled) {
  const bool oriented = !result.up.isZero();
  std::cout << files.name << ": " << result.parts.part_names.size() << " parts, " << result.parts.mesh.num_vertices()
            << " vertices, " << result.parts.mesh.num_triangles() << " triangles, " << result.seconds << " s\n";
  const auto text = [](const Vec3& v) {
    std::ostringstream out;
    out << v.x() << ' ' << v.y() << ' ' << v.z();
    return out.str();
  };
  if (result.orientation_estimated)
    std::cout << files.name << ": estimated up " << text(result.up) << ", forward " << text(result.forward)
              << " (the names follow; --up and --forward set them)\n";
  else if (!oriented && params.estimate_orientation)
    std::cout << files.name << ": no up and forward found (no stance on two or more legs): generic names; "
              << "--up and --forward set them\n";
  if (!filled.empty()) {
    int edges = 0, vertices = 0, unfaired = 0;
    for (const FilledHole& h : filled) {
      edges += h.boundary_edges;
      vertices += h.new_vertices;
      unfaired += !h.faired;
    }
    std::cout << files.name << ": filled " << filled.size() << " holes (" << edges << " border edges, " << vertices
              << " new vertices" << (unfaired > 0 ? ", " + std::to_string(unfaired) + " not faired" : "") << ")\n";
  }
}

void run_segment(const SegmentOptions& o, CLI::App& sub) {
  // A standard model is segmented from its source mesh, not from the refined one it stores.
  const ModelFiles files{resolve_model(o.mesh).name, resolve_source_mesh(o.mesh), {}, {}};
  LabeledMesh input = read_labeled_mesh(files.mesh);
  const std::vector<FilledHole> filled = o.fill_holes ? fill_holes(input.mesh) : std::vector<FilledHole>{};
  int parts = 0;
  const SegmentParams params = segment_params(o, sub, files.name, parts);
  Segmentation result = parts > 0 ? segment_into_at_most(input.mesh, files.mesh.string(), params, parts)
                                  : segment_body_parts(input.mesh, files.mesh.string(), params);
  const std::optional<Upright> upright =
      result.up.isZero() ? std::nullopt : std::optional<Upright>(Upright{result.up, result.forward});
  SegmentedModel model = SegmentedModel::build(result.parts, "segmentation");
  model.attach_hierarchy(result.hierarchy);
  // Written once everything is validated, as a set: a failed write removes the others.
  OutputSet outputs;
  outputs.write(o.obj, [&](std::ostream& out) { write_obj(out, result.parts, upright); });
  if (!o.off.empty()) outputs.write(o.off, [&](std::ostream& out) { write_off(out, result.parts.mesh); });
  if (!o.seg.empty()) outputs.write(o.seg, [&](std::ostream& out) { write_seg(out, result.parts.labels); });
  // The hierarchy goes beside the OBJ, with its stem, where loading the OBJ looks for it
  // (io/model_library); one written elsewhere is not found, and the user is told so.
  const std::filesystem::path sibling = std::filesystem::path(o.obj).replace_extension(".skel");
  const std::string skel = o.skel.empty() ? sibling.string() : o.skel;
  outputs.write(skel, [&](std::ostream& out) { write_skel(out, result.hierarchy); });
  if (std::filesystem::path(skel).lexically_normal() != sibling.lexically_normal())
    std::cerr << "skinlab segment: note: " << o.obj << " is loaded with the hierarchy beside it, " << sibling.string()
              << "; " << skel << " is not found there\n";
  if (!o.png.empty())
    render_parts_png(result.parts, o.views, o.png, upright ? upright->up : Vec3::UnitY(),
                     upright ? upright->forward : Vec3::UnitZ());
  outputs.commit();
  const std::vector<std::string> problems = tree_problems(model);
  for (const std::string& p : problems) std::cerr << "skinlab segment: warning: " << p << '\n';
  if (o.json)
    std::cout << json_text(segment_summary(files, model, result, problems, filled)) << '\n';
  else
    print_segment_text(files, result, params, filled);
}

}  // namespace

void add_segment_command(CLI::App& app, int& exit_code) {
  auto o = std::make_shared<SegmentOptions>();
  CLI::App* sub = app.add_subcommand("segment", "Split a closed genus-0 mesh into body parts with a hierarchy");
  add_segment_options(*sub, *o);
  sub->callback([o, sub, &exit_code] {
    run_segment(*o, *sub);
    exit_code = 0;
  });
}

}  // namespace skinlab
