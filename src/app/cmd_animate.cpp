// `skinlab animate MODEL --clip FILE ...`: keyframes -> FK with limits and collisions -> skin.
#include <chrono>
#include <cstdio>
#include <iostream>
#include <nlohmann/json.hpp>

#include "app/commands.hpp"
#include "app/gltf_export.hpp"
#include "core/atomic_file.hpp"
#include "core/error.hpp"
#include "core/lexer.hpp"
#include "core/model_library.hpp"
#include "skinning/deformer.hpp"

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
  bool no_collisions = false;
  bool json = false;
};

using Clock = std::chrono::steady_clock;
double ms_since(Clock::time_point start) {
  return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

// "A:B" -> [A, B] inclusive, within [0, last].
std::pair<int, int> frame_range(const std::string& text, int last) {
  if (text.empty()) return {0, last};
  const auto colon = text.find(':');
  long a = 0, b = 0;
  if (colon == std::string::npos || !parse_long(text.substr(0, colon), a) || !parse_long(text.substr(colon + 1), b) ||
      a < 0 || b < a)
    throw InputError("--frames: expected A:B with 0 <= A <= B, found '" + text + "'");
  if (a > last) throw InputError("--frames: the clip has frames 0.." + std::to_string(last) + ", found " + text);
  return {static_cast<int>(a), static_cast<int>(std::min<long>(b, last))};
}

void write_frame_obj(std::ostream& out, const SegmentedModel& model, const SkinMesh& mesh,
                     const std::vector<float>& positions, const std::vector<float>& normals) {
  out << "# skinlab animate: rigid skinning, opening vertices not welded\n";
  for (int v = 0; v < mesh.num_vertices(); ++v)
    out << "v " << format_double(positions[3 * v]) << ' ' << format_double(positions[3 * v + 1]) << ' '
        << format_double(positions[3 * v + 2]) << '\n';
  for (int v = 0; v < mesh.num_vertices(); ++v)
    out << "vn " << format_double(normals[3 * v]) << ' ' << format_double(normals[3 * v + 1]) << ' '
        << format_double(normals[3 * v + 2]) << '\n';
  for (int c = 0; c < model.num_components(); ++c) {
    out << "g " << model.components()[c].name << '\n';
    for (std::size_t f = 0; f < mesh.triangles.size(); ++f)
      if (mesh.triangle_component[f] == c) {
        const Tri& t = mesh.triangles[f];
        out << "f " << t[0] + 1 << "//" << t[0] + 1 << ' ' << t[1] + 1 << "//" << t[1] + 1 << ' ' << t[2] + 1 << "//"
            << t[2] + 1 << '\n';
      }
  }
}

}  // namespace

void add_animate_command(CLI::App& app, int& exit_code) {
  auto o = std::make_shared<AnimateOptions>();
  CLI::App* sub =
      app.add_subcommand("animate", "Play a clip on a model: FK with limits and collisions, rigid skinning");
  sub->add_option("model", o->model, "Standard model name or mesh path with a hierarchy")->required();
  sub->add_option("--clip", o->clip, "Keyframe clip (.clip)")->required();
  sub->add_option("--method", o->method, "Skeleton method")
      ->check(CLI::IsMember({"opening", "centroid", "pa", "pa-refined"}))
      ->capture_default_str();
  sub->add_option("--skinning", o->skinning, "Deformer")->check(CLI::IsMember({"rigid"}))->capture_default_str();
  sub->add_option("--fps", o->fps, "Frames per second")->check(CLI::Range(0.1, 1000.0))->capture_default_str();
  sub->add_option("--frames", o->frames, "Frames A:B (inclusive) of the clip's range; default all");
  sub->add_option("-o,--output", o->output, "Directory for the frames (created if missing)")->required();
  sub->add_option("--format", o->format, "obj: one OBJ per frame; glb: one binary glTF 2.0 file, DIR/animation.glb")
      ->check(CLI::IsMember({"obj", "glb"}))
      ->capture_default_str();
  sub->add_flag("--no-limits", o->no_limits, "Do not reject angles outside the joint limits");
  sub->add_flag("--no-collisions", o->no_collisions, "Do not reject motions that make parts collide");
  sub->add_flag("--json", o->json, "Print frames written, rejections and time per stage as JSON");
  sub->callback([o, &exit_code] {
    const ModelFiles files = resolve_model(o->model);
    const SegmentedModel model = load_model(files);
    const ClipFile clip = read_clip(o->clip);
    const SkelFile skel = hierarchy_skel(model);
    std::vector<std::string> joint_names;
    for (const SkelJoint& j : skel.joints) joint_names.push_back(j.name);
    SkeletonParams params;
    params.method = parse_skeleton_method(o->method);
    const Rig rig = build_rig(model, extract_skeleton(model, params));
    RigidDeformer deformer(model, rig, joint_names, clip, {!o->no_limits, !o->no_collisions});
    const SkinMesh& mesh = deformer.mesh();
    const int last = static_cast<int>(std::floor((clip.range_end - clip.range_begin) * o->fps + 1e-9));
    const auto [first_frame, last_frame] = frame_range(o->frames, last);
    std::filesystem::create_directories(o->output);

    double writing = 0;
    std::vector<QT> world;
    std::vector<Rejection> rejections;
    std::vector<float> positions, normals;
    int written = 0;
    AnimationFrames glb_frames;
    const bool glb = o->format == "glb";
    // Frames before the requested range still run through the checks, so a rejection's
    // consequences (held values) are the same whatever range is written.
    for (int f = 0; f <= last_frame; ++f) {
      const double time = clip.range_begin + f / o->fps;
      deformer.evaluate(time, positions, normals, world, rejections);
      if (f < first_frame) continue;
      const auto start = Clock::now();
      if (glb) {
        glb_frames.times.push_back(time - clip.range_begin);
        glb_frames.world.push_back(world);
      } else {
        char name[32];
        std::snprintf(name, sizeof name, "frame_%04d.obj", f);
        write_file_atomically(std::filesystem::path(o->output) / name,
                              [&](std::ostream& out) { write_frame_obj(out, model, mesh, positions, normals); });
      }
      writing += ms_since(start);
      ++written;
    }
    if (glb) {
      const auto start = Clock::now();
      std::vector<int> parent(model.num_components());
      for (int c = 0; c < model.num_components(); ++c) parent[c] = rig.components[c].parent;
      write_file_atomically(std::filesystem::path(o->output) / "animation.glb",
                            [&](std::ostream& out) { write_glb(out, model, mesh, parent, glb_frames); });
      writing += ms_since(start);
    }
    nlohmann::json report = {{"model", files.name},
                             {"clip", o->clip},
                             {"frames_written", written},
                             {"first_frame", first_frame},
                             {"last_frame", last_frame},
                             {"fps", o->fps},
                             {"rejections", nlohmann::json::array()}};
    for (const Rejection& r : rejections) {
      nlohmann::json entry = {{"kind", r.kind == Rejection::Kind::limit ? "limit" : "collision"},
                              {"time", r.time},
                              {"joint", skel.joints[r.joint].name}};
      if (r.kind == Rejection::Kind::limit) {
        entry["axis"] = std::string(1, "XYZ"[r.axis]);
        entry["limit"] = r.limit;
      } else {
        entry["moving"] = model.components()[r.moving].name;
        entry["other"] = model.components()[r.other].name;
      }
      report["rejections"].push_back(entry);
    }
    const int simulated = last_frame + 1;
    const DeformerTimings& t = deformer.timings();
    report["ms_per_frame"] = {{"sampling", 1e3 * t.sampling / simulated},
                              {"fk_and_limits", 1e3 * t.fk_and_limits / simulated},
                              {"collision", 1e3 * t.collision / simulated},
                              {"skinning", 1e3 * t.skinning / simulated},
                              {"writing", written ? writing / written : 0.0}};
    if (o->json) {
      std::cout << report.dump(2) << '\n';
    } else {
      std::cout << files.name << ": " << written << " frames written to " << o->output << (glb ? "/animation.glb" : "")
                << ", " << rejections.size() << " rejections\n";
      const std::size_t shown = std::min<std::size_t>(report["rejections"].size(), 10);
      for (std::size_t i = 0; i < shown; ++i) std::cout << "  " << report["rejections"][i].dump() << '\n';
      if (rejections.size() > shown) std::cout << "  ... " << rejections.size() - shown << " more (--json lists all)\n";
    }
    exit_code = 0;
  });
}

}  // namespace skinlab
