#include <gtest/gtest.h>

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
