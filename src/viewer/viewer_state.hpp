// SPDX-License-Identifier: GPL-3.0-or-later
// The viewer's state and what it does with it: the model, the animation session (skeleton, rig,
// animator, deformer), playback on the clip's frame grid, selection, display toggles and the
// camera; and drawing one frame. Input (input.hpp) changes it; run_viewer (viewer.hpp) and the
// headless capture (headless_capture.hpp) drive it.
#pragma once

#include <array>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "skinlab/io/model_library.hpp"
#include "skinlab/rigging/session.hpp"
#include "skinlab/viewer/camera.hpp"
#include "skinlab/viewer/gl_canvas.hpp"
#include "skinlab/viewer/gl_skinning.hpp"
#include "skinlab/viewer/viewer.hpp"

namespace skinlab {

/// Render modes, in the order key m cycles through them.
enum class RenderMode { shaded, wireframe, points, skeleton, xray };
inline constexpr const char* kRenderModes[] = {"shaded", "wireframe", "points", "skeleton", "xray"};

class ViewerState {
 public:
  /// Reads the model and clip and builds the session; throws InputError for bad options.
  explicit ViewerState(const ViewerOptions& options);

  // Skeleton method, deformer, clip.
  void set_method(int index);  ///< index into skeleton_methods()
  /// The next deformer that can be made for this model; the ones that refuse it are named and skipped.
  void next_deformer();
  void toggle_gpu();
  void load_clip(const std::string& path);

  // Playback on the clip's frame grid.
  /// Shows grid frame f: the animator steps to the next frame or replays from a checkpoint, so
  /// a frame looks the same however it was reached (and as `skinlab animate` writes it).
  void show(int f);
  /// Moves the playback clock to t (seconds of clip time) and shows the frame there.
  void seek_time(double t);
  /// Advances the playback clock by `seconds` of wall time (looping); returns whether the frame changed.
  bool advance(double seconds);
  void toggle_playing() { playing = !playing; }
  /// Stops and shows the rest pose: the skeleton's own pose, every joint angle zero.
  void rest();
  /// Stops and shows grid frame 0.
  void first_frame();
  bool at_rest() const { return at_rest_; }

  // Selection and views.
  /// The part under pixel (x, y) (top-left origin), or -1.
  int pick(int x, int y);
  /// Aims the camera at a part's joint where the current pose put it.
  void focus_on(const std::string& part);
  /// Pixel position (top-left origin) of each part's centroid in the current pose.
  nlohmann::json projected_centroids();
  /// Prints the model's geometry and the selected part's on the terminal.
  void print_info() const;
  /// The frame's state as the headless --json prints it.
  nlohmann::json frame_json(const std::string& screenshot);

  /// Draws the current frame into the current GL context (made by init_gl).
  void init_gl() { canvas_.init(); }
  void draw();

  const FrameGrid& grid() const { return session_->animator().grid(); }
  const SegmentedModel& model() const { return *model_; }
  const std::string& name() const { return files_.name; }
  bool has_clip() const { return clip_.has_value(); }
  int shown() const { return shown_; }
  bool gpu_active() const { return use_gpu_ && deformer_has_gpu_; }

  // Display state the input changes directly.
  OrbitCamera camera;
  RenderMode mode = RenderMode::shaded;
  bool colors = true, patches = false, all_obbs = false, help = false, playing = false, weight_view = false;
  double speed = 1.0;
  int selected = -1;
  double measured_fps = 0;
  int clock_ms = 0;  ///< GLUT's time of the last playback step

 private:
  double clip_end() const { return grid().time(grid().last()); }
  const Rig& rig() const { return session_->rig(); }
  const Skeleton& skeleton() const { return session_->skeleton(); }
  const std::vector<QT>& world() const { return session_->animator().current().world; }
  const SkinMesh& rest_mesh() const { return session_->deformer().rest_mesh(); }
  void rebuild();
  void deformer_changed();
  void report(const std::vector<Rejection>& rejections);
  std::vector<float> vertex_colors(const FrameTopology& topo, int num_vertices, const std::vector<char>* added);
  const Frame& cpu_frame();
  void draw_floor() const;
  void draw_mesh(const Mat4f& mvp);
  void draw_skeleton_and_boxes(const Mat4f& mvp) const;
  void obb_edges(LineBatch& lines, int c, const Rgb& color) const;
  std::vector<std::string> status_lines() const;

  ViewerOptions options_;
  ModelFiles files_;
  std::unique_ptr<SegmentedModel> model_;
  std::optional<ClipFile> clip_;
  int method_ = 0;    ///< index into skeleton_methods()
  int deformer_ = 0;  ///< index into options_.deformers
  std::unique_ptr<AnimationSession> session_;
  Frame frame_;
  bool frame_stale_ = false;              ///< the GPU skins; `frame_` is deformed on the CPU only when needed
  bool use_gpu_ = false;                  ///< skin in GLSL when the deformer has a GPU form
  bool deformer_has_gpu_ = false;         ///< asked once per deformer: gpu_skinning() builds the upload
  std::set<std::string> warned_;          ///< the deformers' warnings printed: each once, not at every switch
  std::unique_ptr<GlSkinning> gpu_;       ///< made on first use for the current deformer
  int shown_ = 0;                         ///< the grid frame on screen, unless at_rest_
  bool at_rest_ = false;                  ///< the rest pose is on screen (rest())
  double time_ = 0.0;                     ///< playback clock; the frame shown is the grid frame at it
  bool rest_indices_uploaded_ = false;    ///< the element buffer holds the rest mesh's triangles
  std::vector<Rejection> recent_;         ///< the last rejections, shown on screen
  std::set<std::array<int, 4>> ongoing_;  ///< rejections of the previous frame (kind, joint, axis, other)
  GlCanvas canvas_;
};

}  // namespace skinlab
