// SPDX-License-Identifier: GPL-3.0-or-later
// ViewerState's drawing of one frame: the floor and axes, the deformed mesh (skinned on the CPU
// or by a GLSL deformer), the skeleton and boxes, and the status text.
#include <cstdio>
#include <cstring>

#include "skinlab/viewer/input.hpp"
#include "skinlab/viewer/viewer_state.hpp"

namespace skinlab {

void ViewerState::draw() {
  glViewport(0, 0, camera.width, camera.height);
  glClearColor(0.93f, 0.94f, 0.96f, 1);
  glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
  glEnable(GL_DEPTH_TEST);
  draw_floor();
  const Mat4f mvp = camera.view_projection();
  if (mode != RenderMode::skeleton) draw_mesh(mvp);
  draw_skeleton_and_boxes(mvp);
  canvas_.draw_text(status_lines(), 8, 8, {0.1f, 0.1f, 0.2f}, camera.width, camera.height);
}

// A grid floor under the model and the display axes (x red, y green, z blue).
void ViewerState::draw_floor() const {
  const Box3 box = camera.display_box(model_->mesh().positions);
  const Vec3f& target = camera.target;
  LineBatch lines;
  const double scale = camera.scale, step = scale / 10, floor = box.min.y();
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
  canvas_.draw_lines(lines, GL_LINES, camera.display_projection());
}

// The deformed mesh: skinned here (`frame_`) or by the GLSL deformer on the GPU.
void ViewerState::draw_mesh(const Mat4f& mvp) {
  const bool on_gpu = gpu_active();
  const SkinMesh& rest = rest_mesh();
  const Frame& cpu = on_gpu ? frame_ : cpu_frame();
  const FrameTopology topo = on_gpu ? FrameTopology{rest.triangles, rest.triangle_component, rest.vertex_component}
                                    : topology(cpu, rest);
  const int num_vertices = on_gpu ? rest.num_vertices() : static_cast<int>(cpu.positions.size() / 3);
  const bool show_patches =
      patches && !on_gpu && !cpu.rest_triangles && cpu.added_vertex.size() == cpu.positions.size() / 3;
  const std::vector<float> color = vertex_colors(topo, num_vertices, show_patches ? &cpu.added_vertex : nullptr);
  GLuint shader = canvas_.lit_program();
  if (on_gpu) {
    if (!gpu_) gpu_ = std::make_unique<GlSkinning>(rest, *session_->deformer().gpu_skinning(), lit_fragment_shader());
    std::vector<float> table;
    session_->deformer().gpu_set_table(session_->animator().current(), table);
    gpu_->upload_sets(table);
    gpu_->upload_colors(color);
    gpu_->bind(mvp.data());
    shader = gpu_->program();
  } else {
    // Indices go to the GPU only when the triangles change: once for a deformer that keeps the
    // rest triangles, every frame for one that rebuilds them (gap reconstruction).
    canvas_.bind_mesh({cpu.positions, cpu.normals, color, topo.triangles, !cpu.rest_triangles || !rest_indices_uploaded_,
                       cpu.rest_triangles},
                      mvp);
    rest_indices_uploaded_ = cpu.rest_triangles;
  }
  const Vec3f light = (camera.eye() - camera.target).normalized();
  const bool xray = mode == RenderMode::xray;
  glUniform3f(glGetUniformLocation(shader, "light"), light.x(), light.y(), light.z());
  glUniform1f(glGetUniformLocation(shader, "alpha"), xray ? 0.3f : 1.0f);
  if (xray) {
    glEnable(GL_BLEND);
    glBlendFunc(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA);
    glDepthMask(GL_FALSE);
  }
  glPolygonMode(GL_FRONT_AND_BACK, mode == RenderMode::wireframe ? GL_LINE : GL_FILL);
  if (mode == RenderMode::points)
    glDrawArrays(GL_POINTS, 0, num_vertices);
  else
    glDrawElements(GL_TRIANGLES, static_cast<GLsizei>(3 * topo.triangles.size()), GL_UNSIGNED_INT, nullptr);
  glPolygonMode(GL_FRONT_AND_BACK, GL_FILL);
  glDepthMask(GL_TRUE);
  glDisable(GL_BLEND);
  glBindVertexArray(0);
}

// The skeleton (skeleton and xray modes), and the boxes of the selected part or of all parts.
void ViewerState::draw_skeleton_and_boxes(const Mat4f& mvp) const {
  LineBatch bones, joints, boxes;
  if (mode == RenderMode::skeleton || mode == RenderMode::xray) {
    for (const Bone& b : skeleton().bones)
      bones.segment(world()[b.component].apply_point(skeleton().joints[b.from].position),
                    world()[b.component].apply_point(skeleton().joints[b.to].position), {0.1f, 0.1f, 0.15f});
    static const Rgb kind_colors[] = {
        {0, 0, 0}, {0.85f, 0.1f, 0.1f}, {0.1f, 0.3f, 0.9f}, {0.1f, 0.6f, 0.2f}, {0.95f, 0.55f, 0.05f}};
    for (const SkeletonJoint& j : skeleton().joints)
      joints.add(world()[j.component].apply_point(j.position), kind_colors[static_cast<int>(j.kind)]);
  }
  for (int c = 0; c < model_->num_components(); ++c)
    if (all_obbs || c == selected) obb_edges(boxes, c, c == selected ? Rgb{0.9f, 0.6f, 0.0f} : Rgb{0.4f, 0.4f, 0.5f});
  glDisable(GL_DEPTH_TEST);
  canvas_.draw_lines(boxes, GL_LINES, mvp);
  canvas_.draw_lines(bones, GL_LINES, mvp);
  canvas_.draw_lines(joints, GL_POINTS, mvp, 7.0f);
  glEnable(GL_DEPTH_TEST);
}

void ViewerState::obb_edges(LineBatch& lines, int c, const Rgb& color) const {
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

// The status line, the selection, recent rejections, and the help (the input table's lines).
std::vector<std::string> ViewerState::status_lines() const {
  char where[64];
  if (at_rest_) std::snprintf(where, sizeof where, "rest pose");
  else std::snprintf(where, sizeof where, "frame %d/%d  t=%.2f s", shown_, grid().last(), grid().time(shown_));
  char status[240];
  std::snprintf(status, sizeof status, "%s  %s  %s%s  %s  %s  x%.2g", files_.name.c_str(),
                skeleton_methods()[method_].name.c_str(), options_.deformers[deformer_].name.c_str(),
                gpu_active() ? " (GLSL)" : "", kRenderModes[static_cast<int>(mode)], where, speed);
  if (options_.screenshot.empty())  // a single headless frame has no frame rate
    std::snprintf(status + std::strlen(status), sizeof status - std::strlen(status), "  %.0f fps", measured_fps);
  std::vector<std::string> text{status};
  if (selected >= 0) text.push_back("selected: " + model_->components()[selected].name);
  for (const Rejection& r : recent_) text.push_back("rejected: " + describe(r, rig()));
  if (help) {
    const std::vector<std::string> keys = input_help_lines();
    text.insert(text.end(), keys.begin(), keys.end());
  } else {
    text.push_back("h: help");
  }
  return text;
}

}  // namespace skinlab
