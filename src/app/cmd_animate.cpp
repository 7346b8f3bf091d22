// SPDX-License-Identifier: GPL-3.0-or-later
// `skinlab animate MODEL --clip FILE ...`: the animator poses each frame, the chosen deformer
// skins it, and the frames are written as OBJ files or one binary glTF.
#include <cstdio>
#include <iostream>
#include <nlohmann/json.hpp>
#include <tuple>

#include "skinlab/app/commands.hpp"
#include "skinlab/app/gltf_export.hpp"
#include "skinlab/app/number_option.hpp"
#include "skinlab/app/weight_options.hpp"
#include "skinlab/core/atomic_file.hpp"
#include "skinlab/core/edge_defects.hpp"
#include "skinlab/core/error.hpp"
#include "skinlab/core/lexer.hpp"
#include "skinlab/core/mesh_io.hpp"
#include "skinlab/core/stopwatch.hpp"
#include "skinlab/io/json_text.hpp"
#include "skinlab/io/model_library.hpp"
#include "skinlab/metrics/self_intersections.hpp"
#include "skinlab/rigging/deformer_registry.hpp"
#include "skinlab/rigging/report_json.hpp"
#include "skinlab/rigging/session.hpp"

namespace skinlab {

namespace {

struct AnimateOptions {
  std::string model;
  std::string clip;
  std::string method = "pa-refined";
  std::string skinning = "rigid";
  double fps = 30.0;
  std::string frames;
  std::string output;
  std::string format = "obj";
  bool no_limits = false;
  std::string limits = "joint";
  bool no_collisions = false;
  bool json = false;
  WeightsSpec weights;
  int threads = 1;
  long max_frames = 10'000;
};

// "A:B" -> [A, B] inclusive; refused unless within [0, last] (a range past the clip's end is a
// mistake, not a request for its last frame).
std::pair<int, int> frame_range(const std::string& text, int last) {
  if (text.empty()) return {0, last};
  const auto colon = text.find(':');
  long a = 0, b = 0;
  if (colon == std::string::npos || !parse_long(text.substr(0, colon), a) || !parse_long(text.substr(colon + 1), b) ||
      a < 0 || b < a)
    throw InputError("--frames: expected A:B with 0 <= A <= B, found '" + text + "'");
  if (b > last) throw InputError("--frames: the clip has frames 0.." + std::to_string(last) + ", found " + text);
  return {static_cast<int>(a), static_cast<int>(b)};
}

// What playing the frames left for the report.
struct PlayedFrames {
  int first = 0, last = 0;
  double writing_seconds = 0;
  std::vector<Rejection> rejections;
  nlohmann::json last_pose;
  nlohmann::json frame_checks = nlohmann::json::array();  ///< frames whose triangles change
  int open_frames = 0, checked_frames = 0;
};

// A rebuilt frame's edge defects and, for the JSON report only (the test costs more than the
// frame), its self-intersections.
nlohmann::json frame_check(int f, const Frame& frame, const EdgeDefects& d, const SegmentedModel& model) {
  const auto pairs = self_intersections(frame.positions, frame.triangles);
  return {
      {"frame", f},
      {"vertices", frame.positions.size() / 3},
      {"triangles", frame.triangles.size()},
      {"boundary_edges", d.boundary_edges},
      {"non_manifold_edges", d.non_manifold_edges},
      {"misoriented_edges", d.misoriented_edges},
      {"euler_characteristic", d.euler_characteristic},
      {"self_intersecting_pairs", pairs ? static_cast<int>(pairs->size()) : -1},
      {"joint_self_intersecting_pairs",
       pairs && model.hierarchy() ? pairs_at_joints(*pairs, frame.triangle_component, model.hierarchy()->parent) : -1}};
}

// Plays frames first..last and writes them (OBJ or PLY per frame, or one glb: skinned for a
// linear blend, baked morph targets for another deformer whose triangles stay) into `outputs`.
void play_and_write(const AnimateOptions& o, const ModelFiles& files, const SegmentedModel& model, const ClipFile& clip,
                    AnimationSession& session, OutputSet& outputs, PlayedFrames& played) {
  const Rig& rig = session.rig();
  const SkinMesh& rest = session.deformer().rest_mesh();
  const bool glb = o.format == "glb", skinned = glb && session.deformer().linear_skin();
  std::vector<std::string> part_names;
  for (const Component& c : model.components()) part_names.push_back(c.name);
  Frame frame;
  AnimationFrames glb_frames;
  BakedFrames baked;
  for (int f = played.first; f <= played.last; ++f) {
    const AcceptedPose& pose = session.play(f, frame);
    if (!frame.rest_triangles) {
      // Frames whose triangles change are checked for cracks (gap reconstruction promises none).
      const EdgeDefects d = edge_defects(frame.triangles);
      if (!d.closed_manifold()) ++played.open_frames;
      ++played.checked_frames;
      if (o.json) played.frame_checks.push_back(frame_check(f, frame, d, model));
    }
    played.rejections.insert(played.rejections.end(), pose.rejections.begin(), pose.rejections.end());
    if (f == played.last) played.last_pose = pose_degrees_json(pose.pose, rig);
    const Stopwatch stopwatch;
    if (skinned) {
      glb_frames.times.push_back(pose.time - clip.range_begin);
      glb_frames.world.push_back(pose.world);
    } else if (glb) {
      if (!frame.rest_triangles)
        throw InputError("--format glb: the '" + o.skinning + "' deformer's frames change their triangles, and " +
                         "glTF's morph targets keep one triangle list; write --format ply (binary, a file per frame) "
                         "or obj");
      baked.times.push_back(pose.time - clip.range_begin);
      baked.positions.push_back(frame.positions);
      baked.normals.push_back(frame.normals);
    } else {
      char name[32];
      std::snprintf(name, sizeof name, "frame_%04d.%s", f, o.format.c_str());
      const FrameTopology topo = topology(frame, rest);
      const std::string comment = "skinlab animate " + files.name + " frame " + std::to_string(f) + ", " + o.skinning;
      outputs.write(std::filesystem::path(o.output) / name, [&](std::ostream& out) {
        (o.format == "ply" ? write_ply_frame : write_obj_frame)(out, comment, frame.positions, frame.normals,
                                                                topo.triangles, topo.triangle_component, part_names);
      });
    }
    played.writing_seconds += stopwatch.seconds();
  }
  if (glb && !skinned) {
    const Stopwatch stopwatch;
    outputs.write(std::filesystem::path(o.output) / "animation.glb",
                  [&](std::ostream& out) { write_baked_glb(out, rest, baked); });
    played.writing_seconds += stopwatch.seconds();
  } else if (skinned) {
    const Stopwatch stopwatch;
    std::vector<int> parent(model.num_components());
    std::vector<Vec3> joints(model.num_components());
    for (int c = 0; c < model.num_components(); ++c) {
      parent[c] = rig.components[c].parent;
      joints[c] = rig.components[c].joint;
    }
    const LinearSkin skin = *session.deformer().linear_skin();
    outputs.write(std::filesystem::path(o.output) / "animation.glb",
                  [&](std::ostream& out) { write_glb(out, model, rest, skin, parent, joints, glb_frames); });
    played.writing_seconds += stopwatch.seconds();
  }
}

nlohmann::json animate_report(const AnimateOptions& o, const std::string& name, const AnimationSession& session,
                              const PlayedFrames& played) {
  const Rig& rig = session.rig();
  const int written = played.last - played.first + 1;
  nlohmann::json report = {{"model", name},
                           {"clip", o.clip},
                           {"skinning", o.skinning},
                           {"frames_written", written},
                           {"first_frame", played.first},
                           {"last_frame", played.last},
                           {"fps", o.fps},
                           {"rejections", nlohmann::json::array()},
                           {"rejection_summary", summarize_rejections(played.rejections, rig)},
                           {"last_pose_degrees", played.last_pose}};
  for (const Rejection& r : played.rejections) report["rejections"].push_back(rejection_json(r, rig));
  const PoseTimings& t = session.animator().timings();
  const double steps = std::max(1, t.steps);
  report["ms_per_frame"] = {{"pose",
                             {{"sampling", 1e3 * t.sampling / steps},
                              {"fk_and_limits", 1e3 * t.fk_and_limits / steps},
                              {"collision", 1e3 * t.collision / steps},
                              {"total", 1e3 * t.total() / steps}}},
                            {"deformation", {{o.skinning, 1e3 * session.deformation_seconds() / written}}},
                            {"writing", 1e3 * played.writing_seconds / written}};
  report["frames_posed"] = t.steps;
  report["deformer_statistics"] = statistics_json(session.deformer().statistics());
  report["warnings"] = session.deformer().warnings();
  if (played.checked_frames > 0) {
    report["frame_checks"] = played.frame_checks;
    report["open_frames"] = played.open_frames;
  }
  return report;
}

void run_animate(const AnimateOptions& o) {
  const ModelFiles files = resolve_model(o.model);
  const SegmentedModel model = load_model(files);
  const ClipFile clip = read_clip(o.clip);
  SessionParams params;
  params.skeleton.method = o.method;
  params.checks = {!o.no_limits, !o.no_collisions, find_limit_rejection(o.limits)};
  params.fps = o.fps;
  params.weights = o.weights;
  params.threads = o.threads;
  AnimationSession session(model, clip, params, find_deformer(o.skinning));
  PlayedFrames played;
  std::tie(played.first, played.last) = frame_range(o.frames, session.animator().grid().last());
  const long count = static_cast<long>(played.last) - played.first + 1;
  if (count > o.max_frames)
    throw InputError(o.clip + ": frames " + std::to_string(played.first) + ".." + std::to_string(played.last) +
                     " are " + std::to_string(count) + " frames at " + format_double(o.fps) +
                     " fps, more than --max-frames " + std::to_string(o.max_frames) + "; pass --max-frames " +
                     std::to_string(count) + " to write them all, or choose some with --frames A:B");
  const bool glb = o.format == "glb";
  OutputSet outputs;  // a failed run leaves none of its frames
  outputs.create_directories(o.output);
  if (!o.json)
    for (const std::string& warning : session.deformer().warnings())
      std::cerr << "skinlab animate: warning: " << warning << '\n';
  play_and_write(o, files, model, clip, session, outputs, played);
  outputs.commit();
  const nlohmann::json report = animate_report(o, files.name, session, played);
  if (o.json) {
    std::cout << json_text(report) << '\n';
    return;
  }
  const auto summary = report["rejection_summary"].get<std::vector<std::string>>();
  std::cout << files.name << ": " << played.last - played.first + 1 << " frames written to " << o.output
            << (glb ? "/animation.glb" : "") << ", " << played.rejections.size() << " rejected motions";
  if (played.checked_frames > 0) std::cout << ", " << played.open_frames << " frames not closed 2-manifolds";
  std::cout << '\n';
  const std::size_t shown = std::min<std::size_t>(summary.size(), 20);
  for (std::size_t i = 0; i < shown; ++i) std::cout << "  " << summary[i] << '\n';
  if (summary.size() > shown) std::cout << "  ... " << summary.size() - shown << " more (--json lists all)\n";
}

}  // namespace

void add_animate_command(CLI::App& app, int& exit_code) {
  auto o = std::make_shared<AnimateOptions>();
  CLI::App* sub = app.add_subcommand(
      "animate", "Play a clip on a model: FK with limits and collisions, then a deformer; write the frames");
  sub->add_option("model", o->model, "Standard model name or mesh path with a hierarchy")->required();
  sub->add_option("--clip", o->clip, "Keyframe clip (.clip)")->required();
  sub->add_option("--method", o->method, skeleton_method_help())
      ->check(CLI::IsMember(skeleton_method_names()))
      ->capture_default_str();
  sub->add_option("--skinning", o->skinning, deformer_option_help())
      ->check(CLI::IsMember(deformer_names()))
      ->capture_default_str();
  add_weight_options(*sub, o->weights, o->threads);
  sub->add_option("--fps", o->fps, "Frames per second")->check(finite_range(0.1, 1000.0))->capture_default_str();
  sub->add_option("--frames", o->frames, "Frames A:B (inclusive) of the clip's range; default all");
  sub->add_option("-o,--output", o->output, "Directory for the frames (created if missing)")->required();
  sub->add_option("--format", o->format,
                  "obj: one OBJ per frame; ply: one binary PLY per frame (a quarter of the OBJ's size); glb: one "
                  "binary glTF 2.0 file, DIR/animation.glb: a skin for rigid and lbs, morph targets baked from the "
                  "frames for sbs and dqs (not for gap, whose triangles change)")
      ->check(CLI::IsMember({"obj", "ply", "glb"}))
      ->capture_default_str();
  sub->add_option("--max-frames", o->max_frames,
                  "Refuse to write more frames than this (a long clip range or a high --fps is usually a mistake)")
      ->check(finite_range(1L, static_cast<long>(FrameGrid::kMaxFrames)))
      ->capture_default_str();
  sub->add_flag("--no-limits", o->no_limits, "Do not reject angles outside the joint limits");
  sub->add_option("--limits", o->limits, kLimitsHelp)
      ->check(CLI::IsMember(limit_rejection_names()))
      ->capture_default_str();
  sub->add_flag("--no-collisions", o->no_collisions, "Do not reject motions that make parts collide");
  sub->add_flag("--json", o->json, "Print frames written, every rejection, the last pose and time per stage as JSON");
  sub->callback([o, sub, &exit_code] {
    refuse_unused_weight_options(*sub, {o->skinning});
    run_animate(*o);
    exit_code = 0;
  });
}

}  // namespace skinlab
