#include "viewer/viewer.hpp"

// GLEW must come before any other OpenGL header.
#include <GL/glew.h>
// (kept apart so include sorting leaves the order alone)
#include <GL/freeglut.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <memory>
#include <nlohmann/json.hpp>
#include <numbers>
#include <optional>
#include <set>

#include "core/error.hpp"
#include "core/lexer.hpp"
#include "geometry/line_surface.hpp"
#include "io/json_text.hpp"
#include "io/model_library.hpp"
#include "render/software_render.hpp"
#include "rigging/report_json.hpp"
#include "rigging/session.hpp"
#include "viewer/gl_skinning.hpp"

#define STB_EASY_FONT_IMPLEMENTATION
#include <stb/stb_easy_font.h>

namespace skinlab {

namespace {

using Mat4f = Eigen::Matrix4f;
using Vec3f = Eigen::Vector3f;

const char* const kModes[] = {"shaded", "wireframe", "points", "skeleton", "xray"};

const char* const kHelp[] = {
    "left drag: orbit   right drag: pan   wheel or +/-: zoom",
    "click: select a part   tab: next part   i: print model info",
    "m: render mode (shaded, wireframe, points, skeleton, xray)",
    "c: part colours on/off   o: all OBBs on/off   p: gap patches on/off",
    "1-4: skeleton method (opening, centroid, pa, pa-refined)",
    "d: next deformer   g: GPU (GLSL) skinning on/off",
    "w: the selected part's skinning weights as a heat map",
    "space: play/pause   n/b: next/previous frame",
    "left/right: scrub 0.1 s   ]/[: speed x2 / x0.5",
    "l: load a clip (path typed in the terminal)   r: rest pose",
    "h: this help   q or esc: quit",
};

const char* const kLitVertex = R"(#version 330 core
layout(location = 0) in vec3 position;
layout(location = 1) in vec3 normal;
layout(location = 2) in vec3 color;
uniform mat4 mvp;
out vec3 v_normal;
out vec3 v_color;
void main() { gl_Position = mvp * vec4(position, 1.0); v_normal = normal; v_color = color; gl_PointSize = 2.0; })";
const char* const kLitFragment = R"(#version 330 core
in vec3 v_normal;
in vec3 v_color;
uniform vec3 light;
uniform float alpha;
out vec4 frag;
void main() {
  float shade = 0.3 + 0.7 * abs(dot(normalize(v_normal), light));
  frag = vec4(v_color * shade, alpha);
})";
const char* const kFlatVertex = R"(#version 330 core
layout(location = 0) in vec3 position;
layout(location = 1) in vec3 color;
uniform mat4 mvp;
uniform float point_size;
out vec3 v_color;
void main() { gl_Position = mvp * vec4(position, 1.0); v_color = color; gl_PointSize = point_size; })";
const char* const kFlatFragment = R"(#version 330 core
in vec3 v_color;
out vec4 frag;
void main() { frag = vec4(v_color, 1.0); })";

Mat4f perspective(float fovy, float aspect, float near, float far) {
  const float f = 1.0f / std::tan(fovy / 2);
  Mat4f m = Mat4f::Zero();
  m(0, 0) = f / aspect;
  m(1, 1) = f;
  m(2, 2) = (far + near) / (near - far);
  m(2, 3) = 2 * far * near / (near - far);
  m(3, 2) = -1;
  return m;
}

Mat4f look_at(const Vec3f& eye, const Vec3f& target, const Vec3f& up) {
  const Vec3f f = (target - eye).normalized(), s = f.cross(up).normalized(), u = s.cross(f);
  Mat4f m = Mat4f::Identity();
  m.row(0) << s.x(), s.y(), s.z(), -s.dot(eye);
  m.row(1) << u.x(), u.y(), u.z(), -u.dot(eye);
  m.row(2) << -f.x(), -f.y(), -f.z(), f.dot(eye);
  return m;
}

// Interleaved position + colour lines and points, drawn with the flat program.
struct LineBatch {
  std::vector<float> data;
  void add(const Vec3& p, const Rgb& c) {
    data.insert(data.end(),
                {static_cast<float>(p.x()), static_cast<float>(p.y()), static_cast<float>(p.z()), c[0], c[1], c[2]});
  }
  void segment(const Vec3& a, const Vec3& b, const Rgb& c) {
    add(a, c);
    add(b, c);
  }
};

struct Viewer {
  ViewerOptions options;
  ModelFiles files;
  std::unique_ptr<SegmentedModel> model;
  std::optional<ClipFile> clip;
  int method = 3;
  int deformer = 0;  // index into options.deformers
  std::unique_ptr<AnimationSession> session;
  Frame frame;
  bool frame_stale = false;              // the GPU skins; `frame` is deformed on the CPU only when needed
  bool use_gpu = false;                  // skin in GLSL when the deformer has a GPU form
  std::unique_ptr<GlSkinning> gpu;       // made on first use for the current deformer
  bool deformer_has_gpu = false;         // the current deformer has a GLSL form
  int shown = 0;                         // the grid frame on screen
  bool rest_indices_uploaded = false;    // the element buffer holds the rest mesh's triangles
  bool weight_view = false;              // colour by the selected part's skinning weights
  std::vector<Rejection> recent;         // the last rejections, shown on screen
  std::set<std::array<int, 4>> ongoing;  // rejections of the previous frame (kind, joint, axis, other)
  int mode = 0;
  bool colors = true, patches = false, all_obbs = false, help = false, playing = false;
  double time = 0.0, speed = 1.0;  // playback clock; the frame shown is the grid frame at `time`
  int selected = -1;
  // Camera: orbit about target.
  Vec3f target = Vec3f::Zero();                           // in the display frame
  Eigen::Matrix3f upright = Eigen::Matrix3f::Identity();  // model -> display frame
  float distance = 1, yaw = 0.6f, pitch = 0.35f, scale = 1;
  int width = 0, height = 0;
  int drag_button = -1, drag_x = 0, drag_y = 0, press_x = 0, press_y = 0;
  int last_ms = 0, frames_counted = 0, fps_ms = 0;
  double measured_fps = 0;
  // GL objects.
  GLuint lit = 0, flat = 0, mesh_vao = 0, mesh_vbo[3] = {}, mesh_ebo = 0, line_vao = 0, line_vbo = 0;

  const FrameGrid& grid() const { return session->animator().grid(); }
  double clip_end() const { return grid().time(grid().last()); }
  const Rig& rig() const { return session->rig(); }
  const Skeleton& skeleton() const { return session->skeleton(); }
  const std::vector<QT>& world() const { return session->animator().current().world; }
  const SkinMesh& rest() const { return session->deformer().rest_mesh(); }

  void rebuild() {
    SessionParams params;
    params.skeleton.method = skeleton_methods()[method].name;
    params.skeleton.all_axes = options.all_axes;
    params.fps = options.fps;
    params.checks = {options.limits, options.collisions};
    params.weights = options.weights;
    params.threads = options.threads;
    session = std::make_unique<AnimationSession>(*model, clip, params, options.deformers[deformer]);
    rest_indices_uploaded = false;
    gpu.reset();
    deformer_has_gpu = session->deformer().gpu_skinning().has_value();
    show(shown);
  }

  // The next deformer that can be made for this model (gap reconstruction refuses a model whose
  // openings are not closed loops): the others are named and skipped.
  void next_deformer() {
    const int count = static_cast<int>(options.deformers.size());
    for (int tries = 0; tries < count; ++tries) {
      deformer = (deformer + 1) % count;
      try {
        session->set_deformer(options.deformers[deformer]);
        break;
      } catch (const InputError& e) {
        std::cout << "deformer " << options.deformers[deformer].name << " skipped: " << e.what() << '\n';
      }
    }
    rest_indices_uploaded = false;
    gpu.reset();
    deformer_has_gpu = session->deformer().gpu_skinning().has_value();
    show(shown);
    std::cout << "deformer: " << options.deformers[deformer].name << '\n';
  }

  // Shows grid frame f: the animator steps to the next frame or replays from a checkpoint, so
  // a frame looks the same however it was reached (and as `skinlab animate` writes it).
  void show(int f) {
    shown = std::clamp(f, 0, grid().last());
    time = std::max(time, grid().time(shown));
    if (grid().frame_at(time) != shown) time = grid().time(shown);
    const AcceptedPose& pose = session->animator().seek(shown);
    frame_stale = gpu_active();
    if (!frame_stale) session->deformer().deform(pose, frame);
    report(pose.rejections);
  }

  // Per-vertex colours: the parts' (or one colour), the selected part highlighted; with the
  // weight view on, the selected part's skinning weight as a heat map (blue 0 to red 1).
  std::vector<float> vertex_colors(const FrameTopology& topo, int num_vertices, const std::vector<char>* added) {
    std::vector<float> color(3 * static_cast<std::size_t>(num_vertices));
    const SkinWeights* weights = weight_view && selected >= 0 ? &session->context().weights() : nullptr;
    for (int v = 0; v < num_vertices; ++v) {
      const int c = topo.vertex_component[v];
      Rgb rgb = colors ? palette_color(c) : Rgb{0.8f, 0.78f, 0.72f};
      if (c == selected) rgb = {1.0f, 0.85f, 0.2f};
      if (added && (*added)[v]) rgb = {0.95f, 0.1f, 0.75f};
      if (weights) {
        float w = 0.0f;
        if (v < rest().num_vertices())
          for (int i = 0; i < 4; ++i)
            if (weights->joints[rest().welded_vertex[v]][i] == selected)
              w += weights->weights[rest().welded_vertex[v]][i];
        rgb = {std::clamp(2.0f * w, 0.0f, 1.0f), 1.0f - std::abs(2.0f * w - 1.0f),
               std::clamp(1.0f - 2.0f * w, 0.0f, 1.0f)};
      }
      std::copy(rgb.begin(), rgb.end(), color.begin() + 3 * v);
    }
    return color;
  }

  // Whether the current deformer has a GPU form, asked once per deformer: gpu_skinning() builds
  // the whole per-vertex upload.
  bool gpu_active() const { return use_gpu && deformer_has_gpu; }

  // The CPU frame, for picking and projected centroids while the GPU skins.
  const Frame& cpu_frame() {
    if (frame_stale) {
      session->deformer().deform(session->animator().current(), frame);
      frame_stale = false;
    }
    return frame;
  }

  void toggle_gpu() {
    use_gpu = !use_gpu;
    if (use_gpu && !deformer_has_gpu)
      std::cout << "deformer " << options.deformers[deformer].name << " has no GPU form; skinning on the CPU\n";
    show(shown);
  }

  // Moves the playback clock to t (seconds of clip time) and shows the frame there.
  void seek_time(double t) {
    time = std::clamp(t, grid().begin(), std::max(grid().begin(), clip_end()));
    show(grid().frame_at(time));
  }

  // Prints and shows a rejection when it starts, not again on every frame it lasts.
  void report(const std::vector<Rejection>& rejections) {
    std::set<std::array<int, 4>> now;
    for (const Rejection& r : rejections) {
      const std::array<int, 4> key{static_cast<int>(r.kind), r.joint, r.axis, r.other};
      now.insert(key);
      if (ongoing.count(key)) continue;
      if (options.screenshot.empty()) std::cout << "frame " << r.frame << ": " << describe(r, rig()) << '\n';
      recent.push_back(r);
      if (recent.size() > 4) recent.erase(recent.begin());
    }
    ongoing = std::move(now);
  }

  void load(const ViewerOptions& o) {
    options = o;
    files = resolve_model(o.model);
    model = std::make_unique<SegmentedModel>(load_model(files));
    if (!o.clip.empty()) clip = read_clip(o.clip);
    deformer = -1;
    for (std::size_t i = 0; i < o.deformers.size(); ++i)
      if (o.deformers[i].name == o.skinning) deformer = static_cast<int>(i);
    if (deformer < 0) throw InputError("--skinning: unknown deformer '" + o.skinning + "'");
    method = static_cast<int>(&find_skeleton_method(o.method) - skeleton_methods().data());
    mode = static_cast<int>(std::find(std::begin(kModes), std::end(kModes), o.render) - std::begin(kModes));
    if (mode >= 5)
      throw InputError("--render: expected shaded, wireframe, points, skeleton or xray, found '" + o.render + "'");
    colors = o.part_colors;
    patches = o.highlight_patches;
    use_gpu = o.gpu;
    if (!o.weights_of.empty()) {
      selected = model->find_component(o.weights_of);
      if (selected < 0) throw InputError("--weights-of: the model has no part '" + o.weights_of + "'");
      weight_view = true;
    }
    yaw = static_cast<float>(o.yaw * std::numbers::pi / 180.0);
    pitch = static_cast<float>(std::clamp(o.pitch, -85.0, 85.0) * std::numbers::pi / 180.0);
    rebuild();
    // The display frame: the model's up is +Y and its forward +Z (its left +X).
    upright.row(0) = files.up.cross(files.forward).cast<float>();
    upright.row(1) = files.up.cast<float>();
    upright.row(2) = files.forward.cast<float>();
    const Box3 box = display_box();
    target = (0.5 * (box.min + box.max)).cast<float>();
    scale = static_cast<float>(box.diagonal());
    distance = 1.25f * scale / static_cast<float>(o.zoom);
  }

  // Aims the camera at a part's joint where the current pose put it.
  void focus_on(const std::string& part) {
    const int c = model->find_component(part);
    if (c < 0) throw InputError("--focus: the model has no part " + quote(part));
    const Vec3 joint = session->animator().current().world[c].apply_point(rig().components[c].joint);
    target = upright * joint.cast<float>();
  }

  void init_gl() {
    glewExperimental = GL_TRUE;
    if (glewInit() != GLEW_OK) throw std::runtime_error("GLEW could not load OpenGL functions");
    lit = link_program(kLitVertex, kLitFragment);
    flat = link_program(kFlatVertex, kFlatFragment);
    glGenVertexArrays(1, &mesh_vao);
    glBindVertexArray(mesh_vao);
    glGenBuffers(3, mesh_vbo);
    for (int k = 0; k < 3; ++k) {
      glBindBuffer(GL_ARRAY_BUFFER, mesh_vbo[k]);
      glVertexAttribPointer(k, 3, GL_FLOAT, GL_FALSE, 0, nullptr);
      glEnableVertexAttribArray(k);
    }
    glGenBuffers(1, &mesh_ebo);
    glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, mesh_ebo);
    glGenVertexArrays(1, &line_vao);
    glBindVertexArray(line_vao);
    glGenBuffers(1, &line_vbo);
    glBindBuffer(GL_ARRAY_BUFFER, line_vbo);
    glVertexAttribPointer(0, 3, GL_FLOAT, GL_FALSE, 6 * sizeof(float), nullptr);
    glEnableVertexAttribArray(0);
    glVertexAttribPointer(1, 3, GL_FLOAT, GL_FALSE, 6 * sizeof(float), reinterpret_cast<void*>(3 * sizeof(float)));
    glEnableVertexAttribArray(1);
    glEnable(GL_PROGRAM_POINT_SIZE);
  }

  Vec3f eye() const {
    return target + distance * Vec3f(std::cos(pitch) * std::sin(yaw), std::sin(pitch), std::cos(pitch) * std::cos(yaw));
  }
  // Camera for what lives in the display frame (the grid floor, the axes).
  Mat4f display_projection() const {
    return perspective(0.8f, static_cast<float>(width) / static_cast<float>(std::max(1, height)), 0.01f * scale,
                       20.0f * scale) *
           look_at(eye(), target, Vec3f::UnitY());
  }
  // Camera for what lives in model coordinates (meshes, skeletons): turned upright first.
  Mat4f view_projection() const {
    Mat4f turn = Mat4f::Identity();
    turn.topLeftCorner<3, 3>() = upright;
    return display_projection() * turn;
  }
  // The rest mesh's bounding box in the display frame.
  Box3 display_box() const {
    std::vector<Vec3> turned;
    turned.reserve(model->mesh().positions.size());
    for (const Vec3& p : model->mesh().positions) turned.push_back(upright.cast<double>() * p);
    return bounding_box(turned);
  }

  void draw_lines(const LineBatch& batch, GLenum primitive, const Mat4f& mvp, float point_size = 1.0f) {
    if (batch.data.empty()) return;
    glUseProgram(flat);
    glUniformMatrix4fv(glGetUniformLocation(flat, "mvp"), 1, GL_FALSE, mvp.data());
    glUniform1f(glGetUniformLocation(flat, "point_size"), point_size);
    glBindVertexArray(line_vao);
    glBindBuffer(GL_ARRAY_BUFFER, line_vbo);
    glBufferData(GL_ARRAY_BUFFER, static_cast<GLsizeiptr>(batch.data.size() * sizeof(float)), batch.data.data(),
                 GL_STREAM_DRAW);
    glDrawArrays(primitive, 0, static_cast<GLsizei>(batch.data.size() / 6));
  }

  void obb_edges(LineBatch& lines, int c, const Rgb& color) {
    const OBB& box = rig().components[c].obb;
    Vec3 corner[8];
    for (int i = 0; i < 8; ++i) {
      const Vec3 s((i & 1) ? 1 : -1, (i & 2) ? 1 : -1, (i & 4) ? 1 : -1);
      corner[i] = world()[c].apply_point(box.center + box.axes * s.cwiseProduct(box.half_extents));
    }
    for (int i = 0; i < 8; ++i)
      for (int bit : {1, 2, 4})
        if (!(i & bit)) lines.segment(corner[i], corner[i | bit], color);
  }

  void draw_text(const std::vector<std::string>& text, float x, float y, const Rgb& color) {
    LineBatch quads;
    static char buffer[60000];
    float line_y = y;
    for (const std::string& text_line : text) {
      // stb's font has printable ASCII only: "°" becomes "deg", any other byte past it "?" (a
      // part name from a file may hold anything).
      std::string line;
      for (std::size_t i = 0; i < text_line.size(); ++i) {
        const unsigned char c = static_cast<unsigned char>(text_line[i]);
        if (text_line.compare(i, 2, "\xc2\xb0") == 0) {
          line += " deg";
          ++i;
        } else {
          line += c >= 32 && c < 127 ? static_cast<char>(c) : '?';
        }
      }
      const int n = stb_easy_font_print(x, line_y, line.data(), nullptr, buffer, sizeof buffer);
      const float* v = reinterpret_cast<const float*>(buffer);  // 4 vertices per quad, 16 bytes each
      for (int q = 0; q < n; ++q)
        for (int k : {0, 1, 2, 0, 2, 3}) quads.add(Vec3(v[16 * q + 4 * k], v[16 * q + 4 * k + 1], 0), color);
      line_y += 12;
    }
    Mat4f ortho = Mat4f::Identity();
    ortho(0, 0) = 2.0f / static_cast<float>(width);
    ortho(1, 1) = -2.0f / static_cast<float>(height);
    ortho(0, 3) = -1;
    ortho(1, 3) = 1;
    glDisable(GL_DEPTH_TEST);
    draw_lines(quads, GL_TRIANGLES, ortho);
    glEnable(GL_DEPTH_TEST);
  }

  void display() {
    glViewport(0, 0, width, height);
    glClearColor(0.93f, 0.94f, 0.96f, 1);
    glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
    glEnable(GL_DEPTH_TEST);
    const Mat4f mvp = view_projection();
    // Grid floor under the model and the display axes.
    const Box3 box = display_box();
    LineBatch lines;
    const double step = scale / 10, floor = box.min.y();
    for (int i = -10; i <= 10; ++i) {
      const Rgb grey{0.75f, 0.76f, 0.8f};
      const Vec3 c(target.x(), floor, target.z());
      lines.segment(c + Vec3(i * step, 0, -10 * step), c + Vec3(i * step, 0, 10 * step), grey);
      lines.segment(c + Vec3(-10 * step, 0, i * step), c + Vec3(10 * step, 0, i * step), grey);
    }
    const Vec3 origin(target.x(), floor, target.z());
    lines.segment(origin, origin + Vec3(scale * 0.3, 0, 0), {0.9f, 0.1f, 0.1f});
    lines.segment(origin, origin + Vec3(0, scale * 0.3, 0), {0.1f, 0.7f, 0.1f});
    lines.segment(origin, origin + Vec3(0, 0, scale * 0.3), {0.1f, 0.2f, 0.9f});
    draw_lines(lines, GL_LINES, display_projection());

    // The deformed mesh: skinned here (`frame`) or by the GLSL deformer on the GPU.
    const bool on_gpu = gpu_active();
    const Frame& cpu = on_gpu ? frame : cpu_frame();
    const FrameTopology topo = on_gpu
                                   ? FrameTopology{rest().triangles, rest().triangle_component, rest().vertex_component}
                                   : topology(cpu, rest());
    const int num_vertices = on_gpu ? rest().num_vertices() : static_cast<int>(cpu.positions.size() / 3);
    const bool show_patches =
        patches && !on_gpu && !cpu.rest_triangles && cpu.added_vertex.size() == cpu.positions.size() / 3;
    const std::vector<float> color = vertex_colors(topo, num_vertices, show_patches ? &cpu.added_vertex : nullptr);
    if (mode != 3) {
      const Vec3f light = (eye() - target).normalized();
      GLuint shader = lit;
      if (on_gpu) {
        if (!gpu) gpu = std::make_unique<GlSkinning>(rest(), *session->deformer().gpu_skinning(), kLitFragment);
        std::vector<float> table;
        session->deformer().gpu_set_table(session->animator().current(), table);
        gpu->upload_sets(table);
        gpu->upload_colors(color);
        gpu->bind(mvp.data());
        shader = gpu->program();
      } else {
        glUseProgram(lit);
        glUniformMatrix4fv(glGetUniformLocation(lit, "mvp"), 1, GL_FALSE, mvp.data());
        glBindVertexArray(mesh_vao);
        // Indices go to the GPU only when the triangles change: once for a deformer that keeps the
        // rest triangles, every frame for one that rebuilds them (gap reconstruction).
        if (!cpu.rest_triangles || !rest_indices_uploaded) {
          glBufferData(GL_ELEMENT_ARRAY_BUFFER, static_cast<GLsizeiptr>(topo.triangles.size() * sizeof(Tri)),
                       topo.triangles.data(), cpu.rest_triangles ? GL_STATIC_DRAW : GL_STREAM_DRAW);
          rest_indices_uploaded = cpu.rest_triangles;
        }
        const std::vector<float>* arrays[3] = {&cpu.positions, &cpu.normals, &color};
        for (int k = 0; k < 3; ++k) {
          glBindBuffer(GL_ARRAY_BUFFER, mesh_vbo[k]);
          glBufferData(GL_ARRAY_BUFFER, static_cast<GLsizeiptr>(arrays[k]->size() * sizeof(float)), arrays[k]->data(),
                       GL_STREAM_DRAW);
        }
      }
      glUniform3f(glGetUniformLocation(shader, "light"), light.x(), light.y(), light.z());
      glUniform1f(glGetUniformLocation(shader, "alpha"), mode == 4 ? 0.3f : 1.0f);
      if (mode == 4) {
        glEnable(GL_BLEND);
        glBlendFunc(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA);
        glDepthMask(GL_FALSE);
      }
      glPolygonMode(GL_FRONT_AND_BACK, mode == 1 ? GL_LINE : GL_FILL);
      if (mode == 2)
        glDrawArrays(GL_POINTS, 0, num_vertices);
      else
        glDrawElements(GL_TRIANGLES, static_cast<GLsizei>(3 * topo.triangles.size()), GL_UNSIGNED_INT, nullptr);
      glPolygonMode(GL_FRONT_AND_BACK, GL_FILL);
      glDepthMask(GL_TRUE);
      glDisable(GL_BLEND);
      glBindVertexArray(0);
    }
    // Skeleton (skeleton and xray modes), boxes of the selected part or of all parts.
    LineBatch bones, joints, boxes;
    if (mode >= 3) {
      for (const Bone& b : skeleton().bones)
        bones.segment(world()[b.component].apply_point(skeleton().joints[b.from].position),
                      world()[b.component].apply_point(skeleton().joints[b.to].position), {0.1f, 0.1f, 0.15f});
      static const Rgb kind_colors[] = {
          {0, 0, 0}, {0.85f, 0.1f, 0.1f}, {0.1f, 0.3f, 0.9f}, {0.1f, 0.6f, 0.2f}, {0.95f, 0.55f, 0.05f}};
      for (const SkeletonJoint& j : skeleton().joints)
        joints.add(world()[j.component].apply_point(j.position), kind_colors[static_cast<int>(j.kind)]);
    }
    for (int c = 0; c < model->num_components(); ++c)
      if (all_obbs || c == selected) obb_edges(boxes, c, c == selected ? Rgb{0.9f, 0.6f, 0.0f} : Rgb{0.4f, 0.4f, 0.5f});
    glDisable(GL_DEPTH_TEST);
    draw_lines(boxes, GL_LINES, mvp);
    draw_lines(bones, GL_LINES, mvp);
    draw_lines(joints, GL_POINTS, mvp, 7.0f);
    glEnable(GL_DEPTH_TEST);

    // Status in the corner; rejections; help.
    char status[200];
    std::snprintf(status, sizeof status, "%s  %s  %s%s  %s  frame %d/%d  t=%.2f s  x%.2g", files.name.c_str(),
                  skeleton_methods()[method].name.c_str(), options.deformers[deformer].name.c_str(),
                  gpu_active() ? " (GLSL)" : "", kModes[mode], shown, grid().last(), grid().time(shown), speed);
    if (options.screenshot.empty())  // a single headless frame has no frame rate
      std::snprintf(status + std::strlen(status), sizeof status - std::strlen(status), "  %.0f fps", measured_fps);
    std::vector<std::string> text{status};
    if (selected >= 0) text.push_back("selected: " + model->components()[selected].name);
    for (const Rejection& r : recent) text.push_back("rejected: " + describe(r, rig()));
    if (help)
      text.insert(text.end(), std::begin(kHelp), std::end(kHelp));
    else
      text.push_back("h: help");
    draw_text(text, 8, 8, {0.1f, 0.1f, 0.2f});
  }

  // The part under pixel (x, y) (top-left origin), or -1.
  int pick(int x, int y) {
    const Mat4f inverse = view_projection().inverse();
    const float w = static_cast<float>(width), h = static_cast<float>(height);
    const float nx = 2.0f * (static_cast<float>(x) + 0.5f) / w - 1, ny = 1 - 2.0f * (static_cast<float>(y) + 0.5f) / h;
    Eigen::Vector4f a = inverse * Eigen::Vector4f(nx, ny, -1, 1), b = inverse * Eigen::Vector4f(nx, ny, 1, 1);
    const Vec3 origin = (a.head<3>() / a.w()).cast<double>(), to = (b.head<3>() / b.w()).cast<double>();
    const Vec3 dir = (to - origin).normalized();
    const Frame& cpu = cpu_frame();
    const FrameTopology topo = topology(cpu, rest());
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

  // Pixel position (top-left origin) of each part's centroid in the current pose.
  nlohmann::json projected_centroids() {
    nlohmann::json out = nlohmann::json::object();
    const Mat4f mvp = view_projection();
    const Frame& cpu = cpu_frame();
    const FrameTopology topo = topology(cpu, rest());
    const std::vector<float>& p = cpu.positions;
    std::vector<Eigen::Vector4f> sums(model->num_components(), Eigen::Vector4f::Zero());
    for (std::size_t v = 0; v < topo.vertex_component.size(); ++v)
      sums[topo.vertex_component[v]] += Eigen::Vector4f(p[3 * v], p[3 * v + 1], p[3 * v + 2], 1);
    for (int c = 0; c < model->num_components(); ++c) {
      if (sums[c].w() == 0) continue;  // a frame may drop every triangle of a part
      const Eigen::Vector4f clip_space = mvp * (sums[c] / sums[c].w());
      out[model->components()[c].name] = {(clip_space.x() / clip_space.w() + 1) * 0.5f * static_cast<float>(width),
                                          (1 - clip_space.y() / clip_space.w()) * 0.5f * static_cast<float>(height)};
    }
    return out;
  }

  void print_info() const {
    const TriMesh& m = model->mesh();
    std::cout << files.name << ": " << m.num_vertices() << " vertices, " << m.num_triangles() << " triangles, "
              << model->num_components() << " parts, skeleton " << skeleton_methods()[method].name << " ("
              << skeleton().joints.size() << " joints, " << skeleton().bones.size() << " bones)\n";
    if (selected >= 0) {
      const Component& c = model->components()[selected];
      const ComponentFrame& f = skeleton().components[selected];
      std::cout << "  " << c.name << ": " << c.mesh.num_vertices() << " vertices, " << c.mesh.num_triangles()
                << " triangles, median edge " << model->median_edge_length(selected);
      if (skeleton().has_kernel_centroids)
        std::cout << ", kernel centroid " << f.kernel_centroid.transpose() << (f.kernel_empty ? " (kernel empty)" : "")
                  << ", OBB half extents " << f.obb.half_extents.transpose();
      std::cout << '\n';
    }
  }

  void key(unsigned char k) {
    switch (k) {
      case 27:
      case 'q':
        glutLeaveMainLoop();
        return;
      case 'h':
        help = !help;
        break;
      case 'm':
        mode = (mode + 1) % 5;
        break;
      case 'c':
        colors = !colors;
        break;
      case 'p':
        patches = !patches;
        break;
      case 'o':
        all_obbs = !all_obbs;
        break;
      case 'i':
        print_info();
        break;
      case '\t':
        selected = (selected + 1) % model->num_components();
        break;
      case ' ':
        playing = !playing;
        last_ms = glutGet(GLUT_ELAPSED_TIME);
        break;
      case 'd':
        next_deformer();
        break;
      case 'g':
        toggle_gpu();
        break;
      case 'w':
        weight_view = !weight_view;
        if (weight_view && selected < 0) std::cout << "select a part (click or tab) to see its weights\n";
        break;
      case 'n':
        show(shown + 1);
        break;
      case 'b':
        show(shown - 1);
        break;
      case ']':
        speed *= 2;
        break;
      case '[':
        speed /= 2;
        break;
      case '+':
      case '=':
        distance /= 1.15f;
        break;
      case '-':
        distance *= 1.15f;
        break;
      case 'r':
        playing = false;
        recent.clear();
        time = 0;
        show(0);
        break;
      case '1':
      case '2':
      case '3':
      case '4':
        method = k - '1';
        rebuild();
        break;
      case 'l': {
        std::cout << "clip file: " << std::flush;
        std::string path;
        if (std::getline(std::cin, path) && !path.empty()) {
          try {
            clip = read_clip(path);
            time = 0;
            shown = 0;
            rebuild();
          } catch (const std::exception& e) {
            std::cout << e.what() << '\n';
          }
        }
        break;
      }
      default:
        return;
    }
    glutPostRedisplay();
  }
};

Viewer* g_viewer = nullptr;

void on_display() {
  Viewer& v = *g_viewer;
  v.display();
  glutSwapBuffers();
  ++v.frames_counted;
  const int now = glutGet(GLUT_ELAPSED_TIME);
  if (now - v.fps_ms > 500) {
    v.measured_fps = 1000.0 * v.frames_counted / (now - v.fps_ms);
    v.frames_counted = 0;
    v.fps_ms = now;
  }
}

void on_idle() {
  Viewer& v = *g_viewer;
  if (!v.playing || !v.clip) return;
  const int now = glutGet(GLUT_ELAPSED_TIME);
  const double t = v.time + v.speed * (now - v.last_ms) / 1000.0;
  v.last_ms = now;
  if (t > v.clip_end() + 1 / v.grid().fps()) {
    v.time = v.grid().begin();  // loop
    v.show(0);
  } else {
    v.time = t;
    if (v.grid().frame_at(t) != v.shown) v.show(v.grid().frame_at(t));
  }
  glutPostRedisplay();
}

}  // namespace

int run_viewer(int argc, char** argv, const ViewerOptions& options) {
  Viewer viewer;
  viewer.load(options);
  g_viewer = &viewer;
  const bool headless = !options.screenshot.empty();
  const char* display = std::getenv("DISPLAY");
  if (display == nullptr || *display == '\0')
    throw InputError(std::string("no X display (DISPLAY is not set)") +
                     (headless ? ": run the screenshot under Xvfb, e.g. xvfb-run -a skinlab view ..." : ""));
  glutInit(&argc, argv);
  glutInitContextVersion(3, 3);
  glutInitContextProfile(GLUT_CORE_PROFILE);
  glutInitDisplayMode(GLUT_RGBA | GLUT_DEPTH | GLUT_DOUBLE);
  glutInitWindowSize(options.width, options.height);
  glutSetOption(GLUT_ACTION_ON_WINDOW_CLOSE, GLUT_ACTION_GLUTMAINLOOP_RETURNS);
  glutCreateWindow(("skinlab " + viewer.files.name).c_str());
  viewer.width = options.width;
  viewer.height = options.height;
  viewer.init_gl();
  if (headless) {
    if (options.frame > viewer.grid().last())
      throw InputError("--frame " + std::to_string(options.frame) + ": the clip has frames 0.." +
                       std::to_string(viewer.grid().last()) + " at this --fps");
    viewer.show(options.frame);
    if (!options.focus.empty()) viewer.focus_on(options.focus);
    if (options.click) viewer.selected = viewer.pick(options.click_x, options.click_y);
    viewer.display();
    glFinish();
    std::vector<unsigned char> pixels(static_cast<std::size_t>(options.width) * options.height * 3);
    glPixelStorei(GL_PACK_ALIGNMENT, 1);
    glReadBuffer(GL_BACK);
    glReadPixels(0, 0, options.width, options.height, GL_RGB, GL_UNSIGNED_BYTE, pixels.data());
    std::vector<unsigned char> flipped(pixels.size());
    const std::size_t row = static_cast<std::size_t>(options.width) * 3;
    for (int y = 0; y < options.height; ++y)
      std::copy_n(pixels.begin() + static_cast<std::ptrdiff_t>(row * (options.height - 1 - y)), row,
                  flipped.begin() + static_cast<std::ptrdiff_t>(row * y));
    write_png(options.screenshot, options.width, options.height, flipped);
    if (options.json) {
      nlohmann::json out = {
          {"screenshot", options.screenshot},
          {"frame", viewer.shown},
          {"time", viewer.grid().time(viewer.shown)},
          {"skinning", viewer.options.deformers[viewer.deformer].name},
          {"gpu", viewer.gpu_active()},
          {"pose_degrees", pose_degrees_json(viewer.session->animator().current().pose, viewer.rig())},
          {"selected", viewer.selected < 0 ? nlohmann::json(nullptr)
                                           : nlohmann::json(viewer.model->components()[viewer.selected].name)},
          {"centroids", viewer.projected_centroids()}};
      std::cout << json_text(out) << '\n';
    }
    return 0;
  }
  glutDisplayFunc(on_display);
  glutIdleFunc(on_idle);
  glutReshapeFunc([](int w, int h) {
    g_viewer->width = w;
    g_viewer->height = h;
  });
  glutKeyboardFunc([](unsigned char k, int, int) { g_viewer->key(k); });
  glutSpecialFunc([](int k, int, int) {
    Viewer& v = *g_viewer;
    if (k == GLUT_KEY_RIGHT) v.seek_time(v.grid().time(v.shown) + 0.1);
    if (k == GLUT_KEY_LEFT) v.seek_time(v.grid().time(v.shown) - 0.1);
    glutPostRedisplay();
  });
  glutMouseFunc([](int button, int state, int x, int y) {
    Viewer& v = *g_viewer;
    if (button == 3 || button == 4) {  // wheel
      if (state == GLUT_DOWN) v.distance *= button == 3 ? 1 / 1.1f : 1.1f;
    } else if (state == GLUT_DOWN) {
      v.drag_button = button;
      v.drag_x = v.press_x = x;
      v.drag_y = v.press_y = y;
    } else {
      if (button == GLUT_LEFT_BUTTON && std::abs(x - v.press_x) + std::abs(y - v.press_y) < 3) {
        v.selected = v.pick(x, y);
        if (v.selected >= 0) std::cout << "selected " << v.model->components()[v.selected].name << '\n';
      }
      v.drag_button = -1;
    }
    glutPostRedisplay();
  });
  glutMotionFunc([](int x, int y) {
    Viewer& v = *g_viewer;
    const float dx = static_cast<float>(x - v.drag_x), dy = static_cast<float>(y - v.drag_y);
    v.drag_x = x;
    v.drag_y = y;
    if (v.drag_button == GLUT_LEFT_BUTTON) {
      v.yaw -= 0.01f * dx;
      v.pitch = std::clamp(v.pitch + 0.01f * dy, -1.5f, 1.5f);
    } else if (v.drag_button == GLUT_RIGHT_BUTTON || v.drag_button == GLUT_MIDDLE_BUTTON) {
      const Vec3f forward = (v.target - v.eye()).normalized();
      const Vec3f right = forward.cross(Vec3f::UnitY()).normalized(), up = right.cross(forward);
      const float k = v.distance * 0.002f;
      v.target += -dx * k * right + dy * k * up;
    }
    glutPostRedisplay();
  });
  std::cout << "skinlab viewer: press h for the keys\n";
  glutMainLoop();
  return 0;
}

}  // namespace skinlab
