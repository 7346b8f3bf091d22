// SPDX-License-Identifier: GPL-3.0-or-later
#include "skinlab/render/software_render.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>

#include "skinlab/core/atomic_file.hpp"

#define STB_IMAGE_WRITE_IMPLEMENTATION
#define STBI_WRITE_NO_STDIO
#include <stb/stb_image_write.h>
// stb_easy_font: a public-domain bitmap font as quads, enough for panel labels without a font
// file (its static helpers that go unused here are not ours to trim).
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-function"
#pragma GCC diagnostic ignored "-Wconversion"
#pragma GCC diagnostic ignored "-Wsign-conversion"
#pragma GCC diagnostic ignored "-Wold-style-cast"
#include <stb/stb_easy_font.h>
#pragma GCC diagnostic pop

namespace skinlab {

namespace {

constexpr int kSupersample = 2;

struct Projector {
  Vec3 right, up, forward;
  Vec3 center;
  double scale = 1.0;
  int width = 0, height = 0;

  // Pixel x, y (supersampled) and depth (larger is farther).
  Vec3 operator()(const Vec3& p) const {
    const Vec3 d = p - center;
    return {0.5 * width + scale * d.dot(right), 0.5 * height - scale * d.dot(up), d.dot(forward)};
  }
};

struct Canvas {
  int width, height;
  std::vector<float> color;  // rgb
  std::vector<float> depth;  // opaque depth
  std::vector<float> glass_depth;
  std::vector<float> glass;  // rgba of the nearest translucent fragment

  Canvas(int w, int h)
      : width(w),
        height(h),
        color(static_cast<std::size_t>(w) * h * 3, 1.0f),
        depth(static_cast<std::size_t>(w) * h, std::numeric_limits<float>::infinity()),
        glass_depth(static_cast<std::size_t>(w) * h, std::numeric_limits<float>::infinity()),
        glass(static_cast<std::size_t>(w) * h * 4, 0.0f) {}
};

void fill_triangle(Canvas& canvas, const Vec3& a, const Vec3& b, const Vec3& c, const Rgb& rgb, float opacity) {
  const int x0 = std::max(0, static_cast<int>(std::floor(std::min({a.x(), b.x(), c.x()}))));
  const int x1 = std::min(canvas.width - 1, static_cast<int>(std::ceil(std::max({a.x(), b.x(), c.x()}))));
  const int y0 = std::max(0, static_cast<int>(std::floor(std::min({a.y(), b.y(), c.y()}))));
  const int y1 = std::min(canvas.height - 1, static_cast<int>(std::ceil(std::max({a.y(), b.y(), c.y()}))));
  const double area = (b.x() - a.x()) * (c.y() - a.y()) - (b.y() - a.y()) * (c.x() - a.x());
  if (std::abs(area) < 1e-12) return;
  for (int y = y0; y <= y1; ++y)
    for (int x = x0; x <= x1; ++x) {
      const double px = x + 0.5, py = y + 0.5;
      const double w0 = ((b.x() - px) * (c.y() - py) - (b.y() - py) * (c.x() - px)) / area;
      const double w1 = ((c.x() - px) * (a.y() - py) - (c.y() - py) * (a.x() - px)) / area;
      const double w2 = 1.0 - w0 - w1;
      if (w0 < 0 || w1 < 0 || w2 < 0) continue;
      const float z = static_cast<float>(w0 * a.z() + w1 * b.z() + w2 * c.z());
      const std::size_t i = static_cast<std::size_t>(y) * canvas.width + x;
      if (opacity >= 1.0f) {
        if (z >= canvas.depth[i]) continue;
        canvas.depth[i] = z;
        for (int k = 0; k < 3; ++k) canvas.color[3 * i + k] = rgb[k];
      } else {
        if (z >= canvas.glass_depth[i]) continue;
        canvas.glass_depth[i] = z;
        for (int k = 0; k < 3; ++k) canvas.glass[4 * i + k] = rgb[k];
        canvas.glass[4 * i + 3] = opacity;
      }
    }
}

void plot_disc(Canvas& canvas, double cx, double cy, double radius, const Rgb& rgb) {
  const int x0 = std::max(0, static_cast<int>(cx - radius)),
            x1 = std::min(canvas.width - 1, static_cast<int>(cx + radius) + 1);
  const int y0 = std::max(0, static_cast<int>(cy - radius)),
            y1 = std::min(canvas.height - 1, static_cast<int>(cy + radius) + 1);
  for (int y = y0; y <= y1; ++y)
    for (int x = x0; x <= x1; ++x)
      if ((x + 0.5 - cx) * (x + 0.5 - cx) + (y + 0.5 - cy) * (y + 0.5 - cy) <= radius * radius)
        for (int k = 0; k < 3; ++k) canvas.color[3 * (static_cast<std::size_t>(y) * canvas.width + x) + k] = rgb[k];
}

}  // namespace

RenderView named_view(const std::string& name, int width, int height, const Vec3& up, const Vec3& forward) {
  RenderView view;
  view.width = width;
  view.height = height;
  view.up = up;
  view.direction = -forward;
  if (name == "side") view.direction = -up.cross(forward);
  if (name == "back") view.direction = forward;
  if (name == "top") {
    view.direction = -up;
    view.up = -forward;
  }
  return view;
}

void render_parts_png(const LabeledMesh& parts, const std::vector<std::string>& views,
                      const std::filesystem::path& path, const Vec3& up, const Vec3& forward, int width, int height) {
  RenderScene scene;
  RenderMesh mesh{&parts.mesh.positions, &parts.mesh.triangles, {}, 1.0f};
  for (int label : parts.labels) mesh.triangle_colors.push_back(palette_color(label));
  scene.meshes.push_back(std::move(mesh));
  std::vector<RenderView> named;
  for (const std::string& v : views) named.push_back(named_view(v, width, height, up, forward));
  Legend legend;
  for (std::size_t p = 0; p < parts.part_names.size(); ++p)
    legend.emplace_back(parts.part_names[p], palette_color(static_cast<int>(p)));
  render_strip_png(std::vector<const RenderScene*>(named.size(), &scene), named, path, legend);
}

Rgb palette_color(int index) {
  // Golden-ratio hues; a part whose hue would come near the root's (index 0) takes the opposite
  // one, so no part reads as the trunk.
  double turns = std::fmod(0.13 + 0.618033988749895 * index, 1.0);
  if (index > 0 && std::abs(turns - 0.13) < 0.07) turns = std::fmod(turns + 0.5, 1.0);
  const double hue = turns * 6.0;
  const double f = hue - std::floor(hue);
  const float v = 0.9f, s = 0.55f;
  const float p = v * (1 - s), q = static_cast<float>(v * (1 - s * f)), t = static_cast<float>(v * (1 - s * (1 - f)));
  switch (static_cast<int>(hue)) {
    case 0:
      return {v, t, p};
    case 1:
      return {q, v, p};
    case 2:
      return {p, v, t};
    case 3:
      return {p, q, v};
    case 4:
      return {t, p, v};
    default:
      return {v, p, q};
  }
}

std::vector<unsigned char> render_image(const RenderScene& scene, const RenderView& view) {
  Projector project;
  project.forward = view.direction.normalized();
  project.right = project.forward.cross(view.up).normalized();
  project.up = project.right.cross(project.forward);
  project.width = view.width * kSupersample;
  project.height = view.height * kSupersample;

  // Frame everything: the extent of all points in the view plane, with a margin.
  std::vector<Vec3> all;
  for (const RenderMesh& m : scene.meshes) all.insert(all.end(), m.positions->begin(), m.positions->end());
  for (const RenderLine& l : scene.lines) all.insert(all.end(), {l.a, l.b});
  for (const RenderDot& d : scene.dots) all.push_back(d.p);
  const Box3 box = bounding_box(all);
  project.center = 0.5 * (box.min + box.max);
  double half_w = 1e-9, half_h = 1e-9;
  for (const Vec3& p : all) {
    half_w = std::max(half_w, std::abs((p - project.center).dot(project.right)));
    half_h = std::max(half_h, std::abs((p - project.center).dot(project.up)));
  }
  project.scale = 0.92 * std::min(0.5 * project.width / half_w, 0.5 * project.height / half_h);

  Canvas canvas(project.width, project.height);
  const Vec3 light = (-project.forward + 0.5 * project.up + 0.3 * project.right).normalized();
  for (const RenderMesh& m : scene.meshes)
    for (std::size_t f = 0; f < m.triangles->size(); ++f) {
      const Tri& t = (*m.triangles)[f];
      const Vec3 &a = (*m.positions)[t[0]], &b = (*m.positions)[t[1]], &c = (*m.positions)[t[2]];
      const Vec3 n = (b - a).cross(c - a).normalized();
      const float shade = static_cast<float>(0.35 + 0.65 * std::abs(n.dot(light)));
      Rgb rgb = m.triangle_colors[f];
      for (float& channel : rgb) channel *= shade;
      fill_triangle(canvas, project(a), project(b), project(c), rgb, m.opacity);
    }
  for (std::size_t i = 0; i < canvas.depth.size(); ++i) {
    const float alpha = canvas.glass[4 * i + 3];
    if (alpha > 0 && canvas.glass_depth[i] < canvas.depth[i])
      for (int k = 0; k < 3; ++k)
        canvas.color[3 * i + k] = alpha * canvas.glass[4 * i + k] + (1 - alpha) * canvas.color[3 * i + k];
  }
  for (const RenderLine& l : scene.lines) {
    const Vec3 a = project(l.a), b = project(l.b);
    const double length = std::hypot(b.x() - a.x(), b.y() - a.y());
    const int steps = std::max(1, static_cast<int>(length));
    for (int s = 0; s <= steps; ++s) {
      const double t = static_cast<double>(s) / steps;
      plot_disc(canvas, a.x() + t * (b.x() - a.x()), a.y() + t * (b.y() - a.y()), 0.5 * l.width * kSupersample,
                l.color);
    }
  }
  for (const RenderDot& d : scene.dots) {
    const Vec3 p = project(d.p);
    plot_disc(canvas, p.x(), p.y(), d.radius * kSupersample, d.color);
  }

  std::vector<unsigned char> image(static_cast<std::size_t>(view.width) * view.height * 3);
  for (int y = 0; y < view.height; ++y)
    for (int x = 0; x < view.width; ++x)
      for (int k = 0; k < 3; ++k) {
        float sum = 0;
        for (int sy = 0; sy < kSupersample; ++sy)
          for (int sx = 0; sx < kSupersample; ++sx)
            sum += canvas.color[3 * ((static_cast<std::size_t>(y) * kSupersample + sy) * canvas.width +
                                     x * kSupersample + sx) +
                                k];
        const float v = sum / (kSupersample * kSupersample);
        image[3 * (static_cast<std::size_t>(y) * view.width + x) + k] =
            static_cast<unsigned char>(std::clamp(v, 0.0f, 1.0f) * 255.0f + 0.5f);
      }
  return image;
}

void render_png(const RenderScene& scene, const RenderView& view, const std::filesystem::path& path) {
  render_views_png(scene, {view}, path);
}

void render_views_png(const RenderScene& scene, const std::vector<RenderView>& views,
                      const std::filesystem::path& path) {
  render_strip_png(std::vector<const RenderScene*>(views.size(), &scene), views, path);
}

namespace {

// Prints `text` in dark grey at (x0, y0) of the RGB image, each font pixel `scale` image pixels
// wide, clipped to the columns [x0, x_end). The font has printable ASCII only (it indexes its
// glyph table by the character): any other byte prints as '?'.
void draw_label(std::vector<unsigned char>& image, int width, int height, int x0, int x_end, int y0,
                const std::string& text, int scale) {
  std::string ascii = text;
  for (char& c : ascii)
    if (c != '\n' && (c < ' ' || c > '~')) c = '?';
  // stb_easy_font needs about 270 bytes per character; a float each is ample.
  std::vector<float> quads(270 * ascii.size());
  const int count =
      stb_easy_font_print(0, 0, ascii.data(), nullptr, quads.data(), static_cast<int>(quads.size() * sizeof(float)));
  // Each quad: four vertices of (x, y, z, colour) floats; corners 0 and 2 span it.
  for (int q = 0; q < count; ++q) {
    const float* v = &quads[static_cast<std::size_t>(q) * 16];
    const int xa = x0 + scale * static_cast<int>(v[0]), ya = y0 + scale * static_cast<int>(v[1]);
    const int xb = x0 + scale * static_cast<int>(v[8]), yb = y0 + scale * static_cast<int>(v[9]);
    for (int y = std::max(0, ya); y < std::min(height, yb); ++y)
      for (int x = std::max(x0, xa); x < std::min(x_end, xb); ++x)
        std::fill_n(image.begin() + 3 * (static_cast<std::ptrdiff_t>(y) * width + x), 3,
                    static_cast<unsigned char>(40));
  }
}

}  // namespace

void render_strip_png(const std::vector<const RenderScene*>& scenes, const std::vector<RenderView>& views,
                      const std::filesystem::path& path, const Legend& legend) {
  // The legend's lines: a swatch, then the name at scale 2 (stb_easy_font: 6 pixels a
  // character, 12 a line).
  constexpr int kLine = 28, kSwatch = 18, kMargin = 10;
  std::size_t longest = 0;
  for (const auto& [name, colour] : legend) longest = std::max(longest, name.size());
  const int legend_width = legend.empty() ? 0 : 2 * kMargin + kSwatch + 8 + 12 * static_cast<int>(longest);
  int width = legend_width, height = legend.empty() ? 0 : 2 * kMargin + kLine * static_cast<int>(legend.size());
  for (const RenderView& v : views) {
    width += v.width;
    height = std::max(height, v.height);
  }
  std::vector<unsigned char> image(static_cast<std::size_t>(width) * height * 3, 255);
  int x0 = 0;
  for (std::size_t i = 0; i < views.size(); ++i) {
    const RenderView& v = views[i];
    const std::vector<unsigned char> part = render_image(*scenes[i], v);
    for (int y = 0; y < v.height; ++y)
      std::copy_n(part.begin() + static_cast<std::ptrdiff_t>(3 * y * v.width), 3 * v.width,
                  image.begin() + static_cast<std::ptrdiff_t>(3 * (static_cast<std::size_t>(y) * width + x0)));
    if (!v.label.empty()) draw_label(image, width, height, x0 + 6, x0 + v.width, 6, v.label, 2);
    x0 += v.width;
  }
  for (std::size_t i = 0; i < legend.size(); ++i) {
    const int y0 = kMargin + kLine * static_cast<int>(i), sx = x0 + kMargin;
    for (int y = y0; y < y0 + kSwatch; ++y)
      for (int x = sx; x < sx + kSwatch; ++x)
        for (int k = 0; k < 3; ++k)
          image[3 * (static_cast<std::size_t>(y) * width + x) + k] =
              static_cast<unsigned char>(std::lround(255.0f * legend[i].second[k]));
    draw_label(image, width, height, sx + kSwatch + 8, width, y0 + 2, legend[i].first, 2);
  }
  write_png(path, width, height, image);
}

void write_png(const std::filesystem::path& path, int width, int height, const std::vector<unsigned char>& rgb) {
  int size = 0;
  unsigned char* png = stbi_write_png_to_mem(rgb.data(), width * 3, width, height, 3, &size);
  if (png == nullptr) throw std::runtime_error(path.string() + ": PNG encoding failed");
  try {
    write_file_atomically(path, [&](std::ostream& out) { out.write(reinterpret_cast<const char*>(png), size); });
  } catch (...) {
    STBIW_FREE(png);
    throw;
  }
  STBIW_FREE(png);
}

}  // namespace skinlab
