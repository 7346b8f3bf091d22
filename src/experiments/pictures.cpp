// SPDX-License-Identifier: GPL-3.0-or-later
#include "skinlab/experiments/pictures.hpp"

namespace skinlab {

RenderScene skeleton_scene(const SegmentedModel& model, const Skeleton& s) {
  RenderScene scene;
  RenderMesh skin{&model.mesh().positions, &model.mesh().triangles, {}, 0.35f};
  for (int label : model.labels()) skin.triangle_colors.push_back(palette_color(label));
  scene.meshes.push_back(std::move(skin));
  for (const Bone& b : s.bones)
    scene.lines.push_back({s.joints[b.from].position, s.joints[b.to].position, {0.1f, 0.1f, 0.15f}, 2.5f});
  static const Rgb kind_colors[] = {
      {0, 0, 0}, {0.85f, 0.1f, 0.1f}, {0.1f, 0.3f, 0.9f}, {0.1f, 0.6f, 0.2f}, {0.95f, 0.55f, 0.05f}};
  for (const SkeletonJoint& j : s.joints)
    scene.dots.push_back({j.position, kind_colors[static_cast<int>(j.kind)], 4.0f});
  return scene;
}

RenderView model_view(const ModelFiles& files, int width, int height) {
  // Three-quarters from the front and a little above: limbs, head and tail all show.
  const Vec3 side = files.up.cross(files.forward).normalized();
  RenderView view;
  view.direction = (-files.forward + 0.9 * side - 0.35 * files.up).normalized();
  view.up = files.up;
  view.width = width;
  view.height = height;
  return view;
}

std::vector<RenderView> labelled_model_views(const ModelFiles& files, int width, int height,
                                             const std::vector<std::string>& labels) {
  std::vector<RenderView> views(labels.size(), model_view(files, width, height));
  for (std::size_t i = 0; i < labels.size(); ++i) views[i].label = labels[i];
  return views;
}

}  // namespace skinlab
