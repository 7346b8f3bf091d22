// SPDX-License-Identifier: GPL-3.0-or-later
#include "skinlab/viewer/viewer_state.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <iostream>
#include <numbers>

#include "skinlab/core/error.hpp"
#include "skinlab/core/lexer.hpp"
#include "skinlab/geometry/line_surface.hpp"
#include "skinlab/rigging/report_json.hpp"

namespace skinlab {

ViewerState::ViewerState(const ViewerOptions& o) : options_(o) {
  files_ = resolve_model(o.model);
  model_ = std::make_unique<SegmentedModel>(load_model(files_));
  if (!o.clip.empty()) clip_ = read_clip(o.clip);
  deformer_ = -1;
  for (std::size_t i = 0; i < o.deformers.size(); ++i)
    if (o.deformers[i].name == o.skinning) deformer_ = static_cast<int>(i);
  if (deformer_ < 0) throw InputError("--skinning: unknown deformer '" + o.skinning + "'");
  method_ = static_cast<int>(&find_skeleton_method(o.method) - skeleton_methods().data());
  const auto* found = std::find(std::begin(kRenderModes), std::end(kRenderModes), o.render);
  if (found == std::end(kRenderModes))
    throw InputError("--render: expected shaded, wireframe, points, skeleton or xray, found '" + o.render + "'");
  mode = static_cast<RenderMode>(found - std::begin(kRenderModes));
  colors = o.part_colors;
  patches = o.highlight_patches;
  use_gpu_ = o.gpu;
  if (!o.weights_of.empty()) {
    selected = model_->find_component(o.weights_of);
    if (selected < 0) throw InputError("--weights-of: the model has no part '" + o.weights_of + "'");
    weight_view = true;
  }
  rebuild();
  camera.yaw = static_cast<float>(o.yaw * std::numbers::pi / 180.0);
  camera.pitch = static_cast<float>(std::clamp(o.pitch, -85.0, 85.0) * std::numbers::pi / 180.0);
  camera.width = o.width;
  camera.height = o.height;
  camera.frame_model(files_.up, files_.forward, model_->mesh().positions, o.zoom);
}

void ViewerState::rebuild() {
  SessionParams params;
  params.skeleton.method = skeleton_methods()[method_].name;
  params.skeleton.all_axes = options_.all_axes;
  params.fps = options_.fps;
  params.checks = {options_.limits, options_.collisions, find_limit_rejection(options_.limit_rejection)};
  params.weights = options_.weights;
  params.threads = options_.threads;
  session_ = std::make_unique<AnimationSession>(*model_, clip_, params, options_.deformers[deformer_]);
  deformer_changed();
}

void ViewerState::deformer_changed() {
  rest_indices_uploaded_ = false;
  gpu_.reset();
  deformer_has_gpu_ = session_->deformer().gpu_skinning().has_value();
  for (const std::string& warning : session_->deformer().warnings())
    if (warned_.insert(warning).second) std::cerr << "warning: " << warning << '\n';
  show(shown_);
}

void ViewerState::set_method(int index) {
  method_ = index;
  rebuild();
}

// Gap reconstruction refuses a model whose openings are not closed loops: such a deformer is
// skipped, with the reason.
void ViewerState::next_deformer() {
  const int count = static_cast<int>(options_.deformers.size());
  for (int tries = 0; tries < count; ++tries) {
    deformer_ = (deformer_ + 1) % count;
    try {
      session_->set_deformer(options_.deformers[deformer_]);
      break;
    } catch (const InputError& e) {
      std::cout << "deformer " << options_.deformers[deformer_].name << " skipped: " << e.what() << '\n';
    }
  }
  deformer_changed();
  std::cout << "deformer: " << options_.deformers[deformer_].name << '\n';
}

void ViewerState::toggle_gpu() {
  use_gpu_ = !use_gpu_;
  if (use_gpu_ && !deformer_has_gpu_)
    std::cout << "deformer " << options_.deformers[deformer_].name << " has no GPU form; skinning on the CPU\n";
  show(shown_);
}

void ViewerState::load_clip(const std::string& path) {
  clip_ = read_clip(path);
  time_ = 0;
  shown_ = 0;
  rebuild();
}

void ViewerState::show(int f) {
  at_rest_ = false;
  shown_ = std::clamp(f, 0, grid().last());
  time_ = std::max(time_, grid().time(shown_));
  if (grid().frame_at(time_) != shown_) time_ = grid().time(shown_);
  const AcceptedPose& pose = session_->animator().seek(shown_);
  frame_stale_ = gpu_active();
  if (!frame_stale_) session_->deformer().deform(pose, frame_);
  report(pose.rejections);
}

void ViewerState::seek_time(double t) {
  time_ = std::clamp(t, grid().begin(), std::max(grid().begin(), clip_end()));
  show(grid().frame_at(time_));
}

bool ViewerState::advance(double seconds) {
  if (!playing || !clip_) return false;
  const double t = time_ + speed * seconds;
  if (t > clip_end() + 1 / grid().fps()) {
    time_ = grid().begin();  // loop
    show(0);
  } else {
    time_ = t;
    if (grid().frame_at(t) != shown_) show(grid().frame_at(t));
  }
  return true;
}

void ViewerState::first_frame() {
  playing = false;
  recent_.clear();
  time_ = 0;
  show(0);
}

void ViewerState::rest() {
  playing = false;
  recent_.clear();
  time_ = grid().begin();
  shown_ = 0;
  // The rest pose (every angle zero, the mover at the origin) as an explicit pose: the animator
  // checks it like any step, and play or n goes on from frame 0 (the animator replays).
  Pose rest_pose;
  rest_pose.angles.assign(3 * rig().order.size(), 0.0);
  const AcceptedPose& pose = session_->animator().apply(rest_pose, grid().begin());
  frame_stale_ = gpu_active();
  if (!frame_stale_) session_->deformer().deform(pose, frame_);
  at_rest_ = true;
}

// Prints and shows a rejection when it starts, not again on every frame it lasts.
void ViewerState::report(const std::vector<Rejection>& rejections) {
  std::set<std::array<int, 4>> now;
  for (const Rejection& r : rejections) {
    const std::array<int, 4> key{static_cast<int>(r.kind), r.joint, r.axis, r.other};
    now.insert(key);
    if (ongoing_.count(key)) continue;
    if (options_.screenshot.empty()) std::cout << "frame " << r.frame << ": " << describe(r, rig()) << '\n';
    recent_.push_back(r);
    if (recent_.size() > 4) recent_.erase(recent_.begin());
  }
  ongoing_ = std::move(now);
}

// Per-vertex colours: the parts' (or one colour), the selected part highlighted; with the
// weight view on, the selected part's skinning weight as a heat map (blue 0 to red 1).
std::vector<float> ViewerState::vertex_colors(const FrameTopology& topo, int num_vertices,
                                              const std::vector<char>* added) {
  std::vector<float> color(3 * static_cast<std::size_t>(num_vertices));
  const SkinWeights* weights = weight_view && selected >= 0 ? &session_->context().weights() : nullptr;
  const SkinMesh& rest = rest_mesh();
  for (int v = 0; v < num_vertices; ++v) {
    const int c = topo.vertex_component[v];
    Rgb rgb = colors ? palette_color(c) : Rgb{0.8f, 0.78f, 0.72f};
    if (c == selected) rgb = {1.0f, 0.85f, 0.2f};
    if (added && (*added)[v]) rgb = {0.95f, 0.1f, 0.75f};
    if (weights) {
      float w = 0.0f;
      if (v < rest.num_vertices())
        for (int i = 0; i < 4; ++i)
          if (weights->joints[rest.welded_vertex[v]][i] == selected) w += weights->weights[rest.welded_vertex[v]][i];
      rgb = {std::clamp(2.0f * w, 0.0f, 1.0f), 1.0f - std::abs(2.0f * w - 1.0f), std::clamp(1.0f - 2.0f * w, 0.0f, 1.0f)};
    }
    std::copy(rgb.begin(), rgb.end(), color.begin() + 3 * v);
  }
  return color;
}

// The CPU frame, for picking and projected centroids while the GPU skins.
const Frame& ViewerState::cpu_frame() {
  if (frame_stale_) {
    session_->deformer().deform(session_->animator().current(), frame_);
    frame_stale_ = false;
  }
  return frame_;
}

int ViewerState::pick(int x, int y) {
  Vec3 origin, dir;
  camera.pixel_ray(x, y, origin, dir);
  const Frame& cpu = cpu_frame();
  const FrameTopology topo = topology(cpu, rest_mesh());
  const std::vector<float>& p = cpu.positions;
  const auto at = [&](int v) { return Vec3(p[3 * v], p[3 * v + 1], p[3 * v + 2]); };
  double best = 1e300;
  int hit = -1;
  for (std::size_t f = 0; f < topo.triangles.size(); ++f) {
    const Tri& t = topo.triangles[f];
    double d = 0;
    if (line_triangle_hit(origin, dir, at(t[0]), at(t[1]), at(t[2]), d) && d > 0 && d < best) {
      best = d;
      hit = topo.triangle_component[f];
    }
  }
  return hit;
}

void ViewerState::focus_on(const std::string& part) {
  const int c = model_->find_component(part);
  if (c < 0) throw InputError("--focus: the model has no part " + quote(part));
  const Vec3 joint = world()[c].apply_point(rig().components[c].joint);
  camera.target = camera.upright * joint.cast<float>();
}

nlohmann::json ViewerState::projected_centroids() {
  nlohmann::json out = nlohmann::json::object();
  const Frame& cpu = cpu_frame();
  const FrameTopology topo = topology(cpu, rest_mesh());
  const std::vector<float>& p = cpu.positions;
  std::vector<Eigen::Vector4f> sums(model_->num_components(), Eigen::Vector4f::Zero());
  for (std::size_t v = 0; v < topo.vertex_component.size(); ++v)
    sums[topo.vertex_component[v]] += Eigen::Vector4f(p[3 * v], p[3 * v + 1], p[3 * v + 2], 1);
  for (int c = 0; c < model_->num_components(); ++c) {
    if (sums[c].w() == 0) continue;  // a frame may drop every triangle of a part
    const Eigen::Vector2f pixel = camera.project((sums[c].head<3>() / sums[c].w()).cast<double>());
    out[model_->components()[c].name] = {pixel.x(), pixel.y()};
  }
  return out;
}

void ViewerState::print_info() const {
  const TriMesh& m = model_->mesh();
  std::cout << files_.name << ": " << m.num_vertices() << " vertices, " << m.num_triangles() << " triangles, "
            << model_->num_components() << " parts, skeleton " << skeleton_methods()[method_].name << " ("
            << skeleton().joints.size() << " joints, " << skeleton().bones.size() << " bones)\n";
  if (selected < 0) return;
  const Component& c = model_->components()[selected];
  const ComponentFrame& f = skeleton().components[selected];
  std::cout << "  " << c.name << ": " << c.mesh.num_vertices() << " vertices, " << c.mesh.num_triangles()
            << " triangles, median edge " << model_->median_edge_length(selected);
  if (skeleton().has_kernel_centroids)
    std::cout << ", kernel centroid " << f.kernel_centroid.transpose() << (f.kernel_empty ? " (kernel empty)" : "")
              << ", OBB half extents " << f.obb.half_extents.transpose();
  std::cout << '\n';
}

nlohmann::json ViewerState::frame_json(const std::string& screenshot) {
  return {{"screenshot", screenshot},
          {"frame", shown_},
          {"time", grid().time(shown_)},
          {"skinning", options_.deformers[deformer_].name},
          {"gpu", gpu_active()},
          {"pose_degrees", pose_degrees_json(session_->animator().current().pose, rig())},
          {"selected", selected < 0 ? nlohmann::json(nullptr) : nlohmann::json(model_->components()[selected].name)},
          {"centroids", projected_centroids()}};
}

}  // namespace skinlab
