// SPDX-License-Identifier: GPL-3.0-or-later
// The GLUT viewer's headless mode under Xvfb: screenshots and a synthetic click.
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <set>

#include "run_command.hpp"
#include "skinlab/viewer/input.hpp"
#include "skinlab/viewer/viewer_state.hpp"

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

// Every OpenGL process runs under Xvfb. In a sanitizer build its leak check is off: Mesa's driver
// is unloaded before the check runs, so what it keeps cannot even be attributed, let alone
// suppressed (tests/lsan.supp covers the libraries that stay loaded).
#define XVFB "env ASAN_OPTIONS=detect_leaks=0 xvfb-run -a -s '-screen 0 1024x768x24' "

// Runs `skinlab view ... --json` under Xvfb; returns the exit code and fills the JSON.
int view(const std::string& args, nlohmann::json& out) {
  std::string text;
  const int code = skinlab::test::run_command(XVFB "'" SKINLAB_EXE "' view " + args + " --json", text);
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
  ASSERT_EQ(out["centroids"].size(), 14u);
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

// Models whose up is not +Y (man and dino stand along +z in their files) are shown upright: the
// head projects well above the feet.
TEST_F(Viewer, ModelsStandUprightWhateverTheirFilesUp) {
  for (const char* model : {"man", "dino", "homer"}) {
    SCOPED_TRACE(model);
    nlohmann::json out;
    const fs::path png = dir_ / (std::string(model) + ".png");
    ASSERT_EQ(view(std::string(model) + " --screenshot " + png.string() + " --size 320x240", out), 0) << out;
    const auto& c = out["centroids"];
    ASSERT_TRUE(c.contains("head") && c.contains("foot_l") && c.contains("foot_r")) << c;
    // Pixel rows grow downwards.
    EXPECT_LT(c["head"][1].get<double>() + 40, c["foot_l"][1].get<double>());
    EXPECT_LT(c["head"][1].get<double>() + 40, c["foot_r"][1].get<double>());
  }
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

TEST_F(Viewer, FramesWhoseTrianglesChangeAreDrawnAsTheyAre) {
  // The test deformer draws homer's even parts on even frames and the odd ones on odd frames.
  nlohmann::json frames[2];
  Image images[2];
  for (int f : {0, 1}) {
    const fs::path png = dir_ / ("parity" + std::to_string(f) + ".png");
    std::string text;
    ASSERT_EQ(
        skinlab::test::run_command(
            XVFB "'" VIEW_TEST_DEFORMER_EXE "' homer " + kClip + " " + std::to_string(f) + " " + png.string(), text),
        0)
        << text;
    frames[f] = nlohmann::json::parse(text.substr(text.find('{')));
    images[f] = load_png(png);
    ASSERT_EQ(images[f].width, 480);
    EXPECT_EQ(frames[f]["skinning"], "parity");
  }
  // Each frame draws part of the model (its own triangles, not the rest mesh's), and the two
  // together draw what the rigid deformer draws.
  nlohmann::json rigid;
  const fs::path png = dir_ / "rigid.png";
  ASSERT_EQ(view("homer --clip " + kClip + " --screenshot " + png.string() + " --frame 0 --size 480x360", rigid), 0);
  const Image whole = load_png(png);
  const auto on_model = [](const Image& image, int x, int y) {
    const auto p = image.at(x, y);
    return std::abs(p[0] - p[2]) > 40;  // part colours are saturated; grid and background are not
  };
  int counts[2] = {0, 0}, either = 0, all = 0;
  for (int y = 0; y < 360; ++y)
    for (int x = 0; x < 480; ++x) {
      const bool a = on_model(images[0], x, y), b = on_model(images[1], x, y);
      counts[0] += a;
      counts[1] += b;
      either += a || b;
      all += on_model(whole, x, y);
    }
  EXPECT_GT(counts[0], all / 5);
  EXPECT_GT(counts[1], all / 5);
  EXPECT_LT(counts[0], all * 9 / 10);
  EXPECT_LT(counts[1], all * 9 / 10);
  EXPECT_NEAR(either, all, all / 50);
}

TEST_F(Viewer, FrameNIsThePoseAnimateWritesAsFrameN) {
  // At 24 fps the nod passes the head's 45-degree limit and the head holds its last accepted
  // angle, which depends on the frames before: both commands must play the same grid.
  std::vector<double> held;
  for (int frame : {30, 41}) {
    nlohmann::json shown;
    ASSERT_EQ(view("homer --clip " + kClip + " --fps 24 --screenshot " + (dir_ / "f.png").string() + " --frame " +
                       std::to_string(frame) + " --size 64x64",
                   shown),
              0);
    std::string text;
    ASSERT_EQ(skinlab::test::run_command("'" SKINLAB_EXE "' animate homer --clip " + kClip + " --fps 24 --frames " +
                                             std::to_string(frame) + ":" + std::to_string(frame) + " -o " +
                                             (dir_ / "frames").string() + " --json",
                                         text),
              0)
        << text;
    const auto written = nlohmann::json::parse(text);
    EXPECT_EQ(shown["frame"], frame);
    EXPECT_EQ(shown["pose_degrees"], written["last_pose_degrees"]);
    EXPECT_FALSE(written["rejections"].empty());
    held.push_back(shown["pose_degrees"]["head"][0].get<double>());
  }
  EXPECT_EQ(held[0], held[1]);
  EXPECT_GT(held[0], 40.0);
  EXPECT_LT(held[0], 45.0);
}

TEST_F(Viewer, GlslDeformersMatchTheCpuThroughTransformFeedback) {
  std::string text;
  ASSERT_EQ(skinlab::test::run_command(XVFB "'" GLSL_SKINNING_CHECK_EXE "' 2>/dev/null", text), 0) << text;
  const auto results = nlohmann::json::parse(text.substr(text.find('[')));
  std::set<std::string> checked;
  for (const auto& r : results) {
    SCOPED_TRACE(r.dump());
    EXPECT_LT(r["position_error"].get<double>(), 1e-5);  // of the bounding-box diagonal
    EXPECT_LT(r["normal_error"].get<double>(), 1e-4);
    checked.insert(r["skinning"].get<std::string>());
  }
  EXPECT_EQ(checked, (std::set<std::string>{"rigid", "lbs", "sbs", "dqs"}));
}

TEST_F(Viewer, GpuSkinnedScreenshotLooksLikeTheCpuOne) {
  nlohmann::json cpu, gpu;
  const fs::path a = dir_ / "cpu.png", b = dir_ / "gpu.png";
  const std::string args = "homer --clip " + kClip + " --skinning dqs --frame 40 --size 320x240 --screenshot ";
  ASSERT_EQ(view(args + a.string(), cpu), 0);
  ASSERT_EQ(view(args + b.string() + " --gpu", gpu), 0);
  EXPECT_FALSE(cpu["gpu"].get<bool>());
  EXPECT_TRUE(gpu["gpu"].get<bool>());
  EXPECT_EQ(cpu["centroids"], gpu["centroids"]);
  const Image x = load_png(a), y = load_png(b);
  int differing = 0;
  for (int yy = 30; yy < 240; ++yy)  // below the status text, which names the path
    for (int xx = 0; xx < 320; ++xx) differing += x.at(xx, yy) != y.at(xx, yy);
  EXPECT_LT(differing, 320 * 210 / 100);  // rounding may flip a few edge pixels
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

TEST(ViewerInputs, OneTableDispatchesTheKeysAndIsTheDocsList) {
  std::ifstream docs(std::string(SKINLAB_SOURCE_DIR) + "/docs/viewer.md");
  const std::string page((std::istreambuf_iterator<char>(docs)), std::istreambuf_iterator<char>());
  EXPECT_NE(page.find(skinlab::input_markdown_table()), std::string::npos)
      << "docs/viewer.md must hold `skinlab view --keys` verbatim:\n"
      << skinlab::input_markdown_table();
  std::set<int> codes;
  for (const skinlab::ViewerInput& input : skinlab::viewer_inputs()) {
    EXPECT_EQ(input.codes.empty(), input.run == nullptr) << input.label;
    for (int code : input.codes) EXPECT_TRUE(codes.insert(code).second) << input.label << " reuses a key";
  }
  EXPECT_EQ(skinlab::input_help_lines().size(), skinlab::viewer_inputs().size());
  // One key per registered skeleton method.
  for (std::size_t i = 0; i < skinlab::skeleton_methods().size(); ++i) EXPECT_TRUE(codes.count('1' + int(i)));

  // The table drives a viewer's state without a window.
  skinlab::ViewerOptions options;
  options.model = "homer";
  options.deformers = skinlab::deformer_registry();
  skinlab::ViewerState viewer(options);
  EXPECT_TRUE(skinlab::handle_key(viewer, 'c'));
  EXPECT_FALSE(viewer.colors);
  for (int k = 0; k < 5; ++k) skinlab::handle_key(viewer, 'm');
  EXPECT_EQ(viewer.mode, skinlab::RenderMode::shaded) << "m cycles through the five modes";
  EXPECT_TRUE(skinlab::handle_key(viewer, 'm'));
  EXPECT_EQ(viewer.mode, skinlab::RenderMode::wireframe);
  skinlab::handle_key(viewer, '\t');
  EXPECT_EQ(viewer.selected, 0);
  EXPECT_FALSE(skinlab::handle_key(viewer, 'z'));

  // A deformer's warning (gap's and gap-thesis', on the notched blocks, whose opening is not
  // star-shaped) is printed once, though each is made again at every pass through the deformers
  // (d).
  {
    skinlab::ViewerOptions notched = options;
    notched.model = std::string(SKINLAB_SOURCE_DIR) + "/tests/data/notched.obj";
    notched.skinning = "gap";
    testing::internal::CaptureStderr();
    skinlab::ViewerState blocks(notched);
    for (std::size_t k = 0; k < 2 * notched.deformers.size(); ++k) skinlab::handle_key(blocks, 'd');
    const std::string printed = testing::internal::GetCapturedStderr();
    // gap's (blended) and gap-thesis' (bridged) warnings differ; each comes once.
    for (const std::string warning : {"gap does not bridge it but blends 'notched'", "the patch may cross itself"}) {
      const std::size_t first = printed.find(warning);
      EXPECT_NE(first, std::string::npos) << warning << " in\n" << printed;
      EXPECT_EQ(printed.find(warning, first + 1), std::string::npos) << warning << " twice in\n" << printed;
    }
  }

  // r shows the rest pose (as a viewer without a clip does), 0 the clip's first frame.
  const nlohmann::json rest = viewer.projected_centroids();
  options.clip = kClip;
  skinlab::ViewerState playing(options);
  for (int k = 0; k < 30; ++k) skinlab::handle_key(playing, 'n');
  EXPECT_EQ(playing.shown(), 30);
  EXPECT_NE(playing.projected_centroids(), rest);
  EXPECT_TRUE(skinlab::handle_key(playing, 'r'));
  EXPECT_TRUE(playing.at_rest());
  EXPECT_FALSE(playing.playing);
  EXPECT_EQ(playing.projected_centroids(), rest);
  EXPECT_TRUE(skinlab::handle_key(playing, '0'));
  EXPECT_FALSE(playing.at_rest());
  EXPECT_EQ(playing.shown(), 0);
  skinlab::handle_key(playing, 'n');
  EXPECT_EQ(playing.shown(), 1);
}
