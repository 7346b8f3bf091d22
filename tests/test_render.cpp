// SPDX-License-Identifier: GPL-3.0-or-later
#include <gtest/gtest.h>
#include <stb/stb_image.h>  // implemented in test_viewer.cpp

#include <cmath>
#include <filesystem>
#include <memory>

#include "skinlab/render/software_render.hpp"
#include "test_meshes.hpp"

using namespace skinlab;

TEST(SoftwareRender, DrawsTheMeshWhereItProjectsAndTheSkeletonOverIt) {
  const LabeledMesh cube = test::voxel_model({{0, 0, 0, 0}}, {"cube"});
  RenderScene scene;
  scene.meshes.push_back({&cube.mesh.positions, &cube.mesh.triangles,
                          std::vector<Rgb>(cube.mesh.triangles.size(), Rgb{1.0f, 0.0f, 0.0f}), 1.0f});
  scene.lines.push_back({Vec3(0.5, 0.5, 1), Vec3(0.5, 0.9, 1), {0, 0, 1}, 3.0f});
  RenderView view;
  view.width = 100;
  view.height = 100;
  const std::vector<unsigned char> image = render_image(scene, view);
  const auto pixel = [&](int x, int y) {
    const std::size_t i = 3 * (static_cast<std::size_t>(y) * view.width + x);
    return std::array<int, 3>{image[i], image[i + 1], image[i + 2]};
  };
  // Framed with a 4% margin each side: the corners are background, the centre is the red face.
  EXPECT_EQ(pixel(1, 1), (std::array<int, 3>{255, 255, 255}));
  EXPECT_GT(pixel(30, 60)[0], 150);
  EXPECT_LT(pixel(30, 60)[1], 20);
  // The blue line runs up from the centre, over the face.
  EXPECT_GT(pixel(50, 35)[2], 200);
  EXPECT_LT(pixel(50, 35)[0], 20);
}

// A strip's panels carry their views' labels, printed dark in each panel's top-left corner and
// clipped to the panel; a panel without a label stays background there.
TEST(SoftwareRender, StripPanelsCarryTheirLabels) {
  const RenderScene empty;
  RenderView labelled, plain;
  labelled.width = plain.width = 200;
  labelled.height = plain.height = 60;
  labelled.label = "pa-refined, frame 30 and much more text than the panel holds";
  const std::filesystem::path path = std::filesystem::temp_directory_path() / "skinlab_strip_labels.png";
  render_strip_png({&empty, &empty}, {labelled, plain}, path);
  int width = 0, height = 0, channels = 0;
  const std::unique_ptr<unsigned char, void (*)(void*)> image(stbi_load(path.c_str(), &width, &height, &channels, 3),
                                                              stbi_image_free);
  std::filesystem::remove(path);
  ASSERT_NE(image, nullptr);
  ASSERT_EQ(width, 400);
  ASSERT_EQ(height, 60);
  int dark_first = 0, dark_second = 0;
  for (int y = 0; y < 30; ++y)
    for (int x = 0; x < width; ++x) {
      const bool dark = image.get()[3 * (y * width + x)] < 100;
      (x < 200 ? dark_first : dark_second) += dark;
    }
  // Letters 2 pixels per font pixel: hundreds of dark pixels in the first panel, none spilling
  // into the second.
  EXPECT_GT(dark_first, 300);
  EXPECT_EQ(dark_second, 0);
  EXPECT_EQ(image.get()[3 * (2 * width + 2)], 255);  // the margin above and left of the text
}

// A legend column right of the panels: per entry a swatch of its colour and its name, in order.
TEST(SoftwareRender, LegendShowsEachColourBesideItsName) {
  const RenderScene empty;
  RenderView view;
  view.width = 100;
  view.height = 40;
  const Legend legend = {{"torso", palette_color(0)}, {"arm_l_upper", palette_color(1)}, {"x", palette_color(2)}};
  const std::filesystem::path path = std::filesystem::temp_directory_path() / "skinlab_legend.png";
  render_strip_png({&empty}, {view}, path, legend);
  int width = 0, height = 0, channels = 0;
  const std::unique_ptr<unsigned char, void (*)(void*)> image(stbi_load(path.c_str(), &width, &height, &channels, 3),
                                                              stbi_image_free);
  std::filesystem::remove(path);
  ASSERT_NE(image, nullptr);
  // 10 + 18 + 8 + 12 per character of the longest name (11) + 10 wide, 3 lines of 28 + 20 high.
  EXPECT_EQ(width, 100 + 10 + 18 + 8 + 12 * 11 + 10);
  EXPECT_EQ(height, 2 * 10 + 3 * 28);
  for (int i = 0; i < 3; ++i) {
    const unsigned char* swatch = image.get() + 3 * ((10 + 28 * i + 9) * width + 100 + 10 + 9);
    for (int k = 0; k < 3; ++k) EXPECT_EQ(swatch[k], std::lround(255.0f * legend[i].second[k])) << i;
    int dark = 0;  // the name's letters, right of the swatch
    for (int y = 10 + 28 * i; y < 10 + 28 * i + 24; ++y)
      for (int x = 100 + 36; x < width; ++x) dark += image.get()[3 * (y * width + x)] < 100;
    EXPECT_GT(dark, 20) << i;
  }
}

// The font has glyphs for printable ASCII only: other bytes (a part name in UTF-8, a control
// character) print as '?', never as a read past the glyph table.
TEST(SoftwareRender, LabelBytesOutsidePrintableAsciiPrintAsQuestionMarks) {
  const RenderScene empty;
  const auto strip = [&](const std::string& label) {
    RenderView view;
    view.width = 80;
    view.height = 30;
    view.label = label;
    const std::filesystem::path path = std::filesystem::temp_directory_path() / "skinlab_strip_ascii.png";
    render_strip_png({&empty}, {view}, path);
    int width = 0, height = 0, channels = 0;
    unsigned char* data = stbi_load(path.c_str(), &width, &height, &channels, 3);
    std::filesystem::remove(path);
    EXPECT_NE(data, nullptr);
    std::vector<unsigned char> pixels(data, data + (data ? 3 * width * height : 0));
    stbi_image_free(data);
    return pixels;
  };
  const std::vector<unsigned char> question_marks = strip("a??b");
  EXPECT_EQ(strip("a\xc3\xa9"
                  "b"),
            question_marks);
  EXPECT_EQ(strip("a\x01\x7f"
                  "b"),
            question_marks);
  EXPECT_NE(strip("a!!b"), question_marks);
}

// Named views follow the model's up and forward; the defaults are +y and +z.
TEST(SoftwareRender, NamedViewsLookAtTheModelsFrontSideAndTop) {
  const RenderView front = named_view("front", 10, 10);
  EXPECT_EQ(front.direction, Vec3(0, 0, -1));
  EXPECT_EQ(front.up, Vec3(0, 1, 0));
  EXPECT_EQ(named_view("side", 10, 10).direction, Vec3(-1, 0, 0));
  // Dino's file: up +z, forward -y. Its front is seen looking along +y, its left side (+x) along
  // -x, and from the top forward is at the bottom of the picture.
  const Vec3 up(0, 0, 1), forward(0, -1, 0);
  EXPECT_EQ(named_view("front", 10, 10, up, forward).direction, Vec3(0, 1, 0));
  EXPECT_EQ(named_view("front", 10, 10, up, forward).up, up);
  EXPECT_EQ(named_view("back", 10, 10, up, forward).direction, forward);
  EXPECT_EQ(named_view("side", 10, 10, up, forward).direction, Vec3(-1, 0, 0));
  const RenderView top = named_view("top", 10, 10, up, forward);
  EXPECT_EQ(top.direction, -up);
  EXPECT_EQ(top.up, -forward);
}
