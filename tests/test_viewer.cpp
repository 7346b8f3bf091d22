// The GLUT viewer's headless mode under Xvfb: screenshots and a synthetic click.
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <array>
#include <cstdio>
#include <filesystem>
#include <nlohmann/json.hpp>

#include "run_command.hpp"

#define STB_IMAGE_IMPLEMENTATION
#include <stb/stb_image.h>

namespace fs = std::filesystem;

namespace {

struct Image {
  int width = 0, height = 0;
  std::vector<unsigned char> rgb;
  std::array<int, 3> at(int x, int y) const {
    const std::size_t i = 3 * (static_cast<std::size_t>(y) * width + x);
    return {rgb[i], rgb[i + 1], rgb[i + 2]};
  }
};

Image load_png(const fs::path& path) {
  Image image;
  int channels = 0;
  unsigned char* data = stbi_load(path.c_str(), &image.width, &image.height, &channels, 3);
  if (data == nullptr) return image;
  image.rgb.assign(data, data + 3 * static_cast<std::size_t>(image.width) * image.height);
  stbi_image_free(data);
  return image;
}

// Runs `skinlab view ... --json` under Xvfb; returns the exit code and fills the JSON.
int view(const std::string& args, nlohmann::json& out) {
  std::string text;
  const int code = skinlab::test::run_command(
      "xvfb-run -a -s '-screen 0 1024x768x24' '" SKINLAB_EXE "' view " + args + " --json", text);
  const auto brace = text.find('{');
  out = brace == std::string::npos ? nlohmann::json(text) : nlohmann::json::parse(text.substr(brace), nullptr, false);
  return code;
}

const std::string kClip = std::string(SKINLAB_SOURCE_DIR) + "/clips/homer_wave.clip";
const std::array<int, 3> kBackground{237, 240, 245};  // the clear colour 0.93, 0.94, 0.96

}  // namespace

class Viewer : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("skinlab_view_" + std::to_string(::getpid()));
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }
  fs::path dir_;
};

TEST_F(Viewer, RestPoseScreenshotShowsTheModelWhereItProjects) {
  nlohmann::json out;
  const fs::path png = dir_ / "rest.png";
  ASSERT_EQ(view("homer --clip " + kClip + " --screenshot " + png.string() + " --frame 0 --size 320x240", out), 0)
      << out;
  const Image image = load_png(png);
  ASSERT_EQ(image.width, 320);
  ASSERT_EQ(image.height, 240);
  // Every part's projected centroid lies on the model, not on the background.
  ASSERT_EQ(out["centroids"].size(), 10u);
  for (const auto& [name, xy] : out["centroids"].items()) {
    const int x = static_cast<int>(xy[0].get<double>()), y = static_cast<int>(xy[1].get<double>());
    ASSERT_TRUE(x >= 0 && x < 320 && y >= 0 && y < 240) << name;
    EXPECT_NE(image.at(x, y), kBackground) << name;
  }
  int model_pixels = 0;
  for (int y = 0; y < 240; ++y)
    for (int x = 0; x < 320; ++x) {
      const auto p = image.at(x, y);
      model_pixels += std::abs(p[0] - p[2]) > 40;  // part colours are saturated; grid and background are not
    }
  EXPECT_GT(model_pixels, 2000);
}

TEST_F(Viewer, MidClipFrameDiffersFromTheRestPose) {
  nlohmann::json out;
  const fs::path rest = dir_ / "rest.png", mid = dir_ / "mid.png";
  ASSERT_EQ(view("homer --clip " + kClip + " --screenshot " + rest.string() + " --frame 0 --size 320x240", out), 0);
  const auto head_rest = out["centroids"]["head"];
  ASSERT_EQ(view("homer --clip " + kClip + " --screenshot " + mid.string() + " --frame 45 --size 320x240", out), 0);
  const Image a = load_png(rest), b = load_png(mid);
  int differing = 0;
  for (std::size_t i = 0; i < a.rgb.size(); i += 3)
    differing += a.rgb[i] != b.rgb[i] || a.rgb[i + 1] != b.rgb[i + 1] || a.rgb[i + 2] != b.rgb[i + 2];
  EXPECT_GT(differing, 500);
  EXPECT_NE(out["centroids"]["head"], head_rest);  // the nod moved the head
}

TEST_F(Viewer, ClickAtAPartsProjectedCentroidSelectsIt) {
  nlohmann::json out;
  const fs::path png = dir_ / "pick.png";
  ASSERT_EQ(view("homer --screenshot " + png.string() + " --size 320x240", out), 0);
  for (const std::string part : {"head", "torso", "leg_l_lower"}) {
    const auto xy = out["centroids"][part];
    nlohmann::json picked;
    ASSERT_EQ(view("homer --screenshot " + png.string() + " --size 320x240 --click " +
                       std::to_string(static_cast<int>(xy[0].get<double>())) + " " +
                       std::to_string(static_cast<int>(xy[1].get<double>())),
                   picked),
              0);
    EXPECT_EQ(picked["selected"], part);
  }
  nlohmann::json nothing;
  ASSERT_EQ(view("homer --screenshot " + png.string() + " --size 320x240 --click 2 2", nothing), 0);
  EXPECT_TRUE(nothing["selected"].is_null());
}

TEST_F(Viewer, BadInputExitsWithTwoAndWritesNothing) {
  nlohmann::json out;
  EXPECT_EQ(view("homer --screenshot " + (dir_ / "x.png").string() + " --size 12by3", out), 2);
  EXPECT_EQ(view("no_such_model --screenshot " + (dir_ / "x.png").string(), out), 2);
  std::string text;
  EXPECT_EQ(skinlab::test::run_command(
                "env -u DISPLAY '" SKINLAB_EXE "' view homer --screenshot " + (dir_ / "x.png").string(), text),
            2);
  EXPECT_NE(text.find("no X display"), std::string::npos) << text;
  EXPECT_FALSE(fs::exists(dir_ / "x.png"));
}
