// SPDX-License-Identifier: GPL-3.0-or-later
// A small offscreen rasterizer for pictures in docs and tests (orthographic, z-buffered, flat
// shaded, translucent skin, skeleton overlay), writing PNG with stb. A stop-gap until the GLUT
// viewer's headless screenshots replace it.
#pragma once

#include <array>
#include <filesystem>
#include <string>
#include <vector>

#include "skinlab/core/tri_mesh.hpp"

namespace skinlab {

using Rgb = std::array<float, 3>;  ///< 0..1

struct RenderMesh {
  const std::vector<Vec3>* positions = nullptr;
  const std::vector<Tri>* triangles = nullptr;
  std::vector<Rgb> triangle_colors;  ///< one per triangle
  float opacity = 1.0f;              ///< < 1: blended over what lies behind (nearest layer only)
};

struct RenderLine {
  Vec3 a, b;
  Rgb color;
  float width = 2.0f;  ///< pixels
};

struct RenderDot {
  Vec3 p;
  Rgb color;
  float radius = 3.0f;  ///< pixels
};

struct RenderScene {
  std::vector<RenderMesh> meshes;
  std::vector<RenderLine> lines;  ///< drawn over the meshes (a skeleton stays visible)
  std::vector<RenderDot> dots;
};

struct RenderView {
  Vec3 direction = Vec3(0, 0, -1);  ///< from the eye towards the scene
  Vec3 up = Vec3(0, 1, 0);
  int width = 640;
  int height = 480;
  /// Printed in the panel's top-left corner (which method, which frame); printable ASCII.
  std::string label;
};

/// Renders the scene, framed to fit, into an RGB image (row-major, top row first).
std::vector<unsigned char> render_image(const RenderScene& scene, const RenderView& view);

/// render_image written as PNG (atomically). Throws std::runtime_error when writing fails.
void render_png(const RenderScene& scene, const RenderView& view, const std::filesystem::path& path);

/// Several views of one scene side by side in one PNG (written atomically).
void render_views_png(const RenderScene& scene, const std::vector<RenderView>& views,
                      const std::filesystem::path& path);

/// A colour key: each entry's swatch and name, one per line.
using Legend = std::vector<std::pair<std::string, Rgb>>;

/// Scene i in view i, side by side in one PNG (written atomically): a filmstrip. Each panel
/// carries its view's label; a non-empty `legend` is drawn in a column to the right.
void render_strip_png(const std::vector<const RenderScene*>& scenes, const std::vector<RenderView>& views,
                      const std::filesystem::path& path, const Legend& legend = {});

/// A view of a model standing along `up` and facing `forward`: "front" looks at its front
/// (along -forward), "back" along forward, "side" at its left side (along -(up x forward)),
/// "top" down along -up with forward at the bottom of the picture; `up` is up otherwise. With
/// the defaults, front looks along -z, side along -x, top along -y.
RenderView named_view(const std::string& name, int width, int height, const Vec3& up = Vec3::UnitY(),
                      const Vec3& forward = Vec3::UnitZ());

/// The parts of a labelled mesh in distinct colours, in the named views side by side, the mesh
/// standing along `up` and facing `forward`, with a legend of the parts' names and colours.
void render_parts_png(const LabeledMesh& parts, const std::vector<std::string>& views,
                      const std::filesystem::path& path, const Vec3& up = Vec3::UnitY(),
                      const Vec3& forward = Vec3::UnitZ(), int width = 480, int height = 400);

/// Writes an RGB image (row-major, top row first) as PNG, atomically.
void write_png(const std::filesystem::path& path, int width, int height, const std::vector<unsigned char>& rgb);

/// A distinct colour per index (golden-ratio hues), for parts.
Rgb palette_color(int index);

}  // namespace skinlab
