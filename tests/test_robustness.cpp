// SPDX-License-Identifier: GPL-3.0-or-later
// Hostile input, end to end: every numeric option's range, bounded importers, finite frames,
// bounded algorithms and outputs that fail cleanly (issue: reliability, third round).
#include <gtest/gtest.h>

#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>
#include <chrono>
#include <csignal>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <cstdio>
#include <functional>
#include <sstream>
#include <string>
#include <vector>

#include "skinlab/app/commands.hpp"
#include "skinlab/app/number_option.hpp"
#include "skinlab/core/error.hpp"
#include "skinlab/io/model_library.hpp"
#include "skinlab/io/sandbox.hpp"
#include "run_command.hpp"
#include "skinlab/skeleton/grouping.hpp"

namespace {

// Every option of `app` and its subcommands, with the path of subcommand names that reaches it.
void for_each_option(CLI::App& app, std::vector<std::string> path,
                     const std::function<void(const std::vector<std::string>&, CLI::Option&)>& visit) {
  for (CLI::Option* option : app.get_options()) visit(path, *option);
  for (CLI::App* sub : app.get_subcommands([](CLI::App*) { return true; })) {
    std::vector<std::string> deeper = path;
    deeper.push_back(sub->get_name());
    for_each_option(*sub, deeper, visit);
  }
}

bool is_numeric(const CLI::Option& option) {
  const std::string type = option.get_type_name();
  return type.find("FLOAT") != std::string::npos || type.find("INT") != std::string::npos;
}

std::string number_text(double value) {
  char text[64];
  std::snprintf(text, sizeof text, "%.17g", value);
  return text;
}

// Parses `skinlab PATH... NAME VALUE...` in a fresh app; returns the parse error's text, or
// "accepted" when no error was raised.
std::string parse_error(const std::vector<std::string>& path, const CLI::Option& option, const std::string& value) {
  CLI::App app;
  int exit_code = 0;
  char program[] = "skinlab";
  char* argv[] = {program, nullptr};
  skinlab::add_commands(app, exit_code, 1, argv);
  std::vector<std::string> args = path;
  args.push_back(option.get_name());
  for (int k = 0; k < std::max(1, option.get_expected_min()); ++k) args.push_back(value);
  std::reverse(args.begin(), args.end());  // CLI11 takes them last to first
  try {
    app.parse(args);
  } catch (const CLI::ValidationError& e) {
    return e.what();
  } catch (const CLI::ConversionError& e) {
    return e.what();
  } catch (const CLI::ParseError& e) {
    return std::string("another error: ") + e.what();
  }
  return "accepted";
}

}  // namespace

TEST(OptionRanges, EveryNumericOptionOfEverySubcommandRejectsNanInfAndOutOfRange) {
  CLI::App app;
  int exit_code = 0;
  char program[] = "skinlab";
  char* argv[] = {program, nullptr};
  skinlab::add_commands(app, exit_code, 1, argv);
  int checked = 0;
  for_each_option(app, {}, [&](const std::vector<std::string>& path, CLI::Option& option) {
    if (!is_numeric(option) || option.get_expected_min() == 0) return;  // flags count, they take no value
    const std::string where = (path.empty() ? std::string("skinlab") : path.back()) + " " + option.get_name();
    const CLI::Validator* range = nullptr;
    try {
      range = option.get_validator(skinlab::kFiniteRangeValidator);
    } catch (const CLI::OptionNotFound&) {
    }
    ASSERT_NE(range, nullptr) << where << " has no finite_range validator";
    double lo = 0, hi = 0;
    ASSERT_EQ(std::sscanf(range->get_description().c_str(), "in [%lf, %lf]", &lo, &hi), 2) << where;
    const std::vector<std::string> bad = {"nan", "inf", "-inf", number_text(lo - std::max(1.0, std::abs(lo))),
                                          number_text(hi + std::max(1.0, std::abs(hi)))};
    for (const std::string& value : bad) {
      const std::string error = parse_error(path, option, value);
      EXPECT_EQ(error.find("another error"), std::string::npos) << where << " " << value << ": " << error;
      EXPECT_NE(error, "accepted") << where << " " << value;
      EXPECT_NE(error.find(option.get_name()), std::string::npos) << where << " " << value << ": " << error;
    }
    // The range's ends themselves are accepted by the validator.
    for (const double end : {lo, hi}) {
      std::string text = number_text(end);
      EXPECT_EQ((*range)(text), "") << where << " " << text;
    }
    ++checked;
  });
  EXPECT_GE(checked, 25);  // the subcommands have about thirty numeric options
}

// ---------------------------------------------------------------------------------------------
// The sandbox: a crash, an endless loop, an allocation without bound and a read that blocks in
// the child each become an InputError, and the parent's own peak memory does not move.

namespace {

long peak_resident_kb() {
  std::ifstream status("/proc/self/status");
  std::string line;
  while (std::getline(status, line))
    if (line.rfind("VmHWM:", 0) == 0) return std::stol(line.substr(6));
  return -1;
}

std::string sandbox_error(const std::function<std::string()>& work, double seconds = 2.0, long megabytes = 256) {
  try {
    skinlab::run_sandboxed("hostile.ply: cannot read mesh", {seconds, megabytes}, work);
  } catch (const skinlab::InputError& e) {
    return e.what();
  }
  return "no error";
}

}  // namespace

TEST(Sandbox, CrashLoopAllocationAndBlockingReadBecomeInputErrors) {
  const long peak_before = peak_resident_kb();
  const auto started = std::chrono::steady_clock::now();
  EXPECT_NE(sandbox_error([]() -> std::string {
              std::raise(SIGSEGV);
              return {};
            }).find("the importer crashed"),  // a signal, or a sanitizer's exit after its report
            std::string::npos);
  EXPECT_NE(sandbox_error([]() -> std::string {
              volatile unsigned long spin = 0;
              for (;;) spin = spin + 1;
            }).find("timed out"),
            std::string::npos);
  EXPECT_NE(sandbox_error([]() -> std::string {
              std::vector<std::vector<char>> hoard;
              for (;;) hoard.emplace_back(std::size_t{16} << 20, 'x');  // touched, so resident
            }).find("needed more than 256 MB"),
            std::string::npos);
  EXPECT_NE(sandbox_error([]() -> std::string {
              ::pause();  // a FIFO nobody writes to blocks the same way
              return {};
            }).find("timed out after 2 s"),
            std::string::npos);
  EXPECT_EQ(sandbox_error([]() -> std::string { throw skinlab::InputError("x.ply:3: expected a count"); }),
            "x.ply:3: expected a count");
  EXPECT_EQ(skinlab::run_sandboxed("ok", {2.0, 256}, [] { return std::string("mesh bytes"); }), "mesh bytes");
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  EXPECT_LT(seconds, 15.0);  // two 2-second limits, not the children's own pace
  // The children allocated 256 MB; the parent's high-water mark stays where it was.
  EXPECT_LT(peak_resident_kb() - peak_before, 20'000);
}

// ---------------------------------------------------------------------------------------------
// Through the command line: hostile files give exit 2 with a message naming the file, no signal,
// within the time limit, and leave nothing behind.

namespace {

namespace fs = std::filesystem;

struct CliRun {
  int code = -1;
  std::string out;
  double seconds = 0;
};

CliRun skinlab_run(const std::string& args) {
  CliRun run;
  const auto start = std::chrono::steady_clock::now();
  run.code = skinlab::test::run_command("SKINLAB_IMPORT_SECONDS=10 '" SKINLAB_EXE "' " + args, run.out);
  run.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return run;
}

// A fresh folder under the system's temporary folder, removed with its contents at the end.
struct ScratchDir {
  fs::path path;
  ScratchDir() : path(fs::temp_directory_path() / ("skinlab-robustness-" + std::to_string(::getpid()))) {
    fs::remove_all(path);
    fs::create_directories(path);
  }
  ~ScratchDir() { fs::remove_all(path); }
  fs::path write(const std::string& name, const std::string& text) const {
    std::ofstream(path / name, std::ios::binary) << text;
    return path / name;
  }
  std::vector<std::string> listing() const {
    std::vector<std::string> names;
    for (const auto& entry : fs::recursive_directory_iterator(path)) names.push_back(entry.path().string());
    std::sort(names.begin(), names.end());
    return names;
  }
};

void expect_refused(const CliRun& run, const std::string& what, const std::string& message) {
  EXPECT_EQ(run.code, 2) << what << ":\n" << run.out;
  EXPECT_NE(run.out.find(message), std::string::npos) << what << ":\n" << run.out;
  EXPECT_EQ(run.out.find("internal error"), std::string::npos) << what;
  EXPECT_LT(run.seconds, 30.0) << what;
}

const char* const kTriangleGltf = R"({"asset":{"version":"2.0"},"scenes":[{"nodes":[0]}],"nodes":[{"mesh":0}],
"meshes":[{"primitives":[{"attributes":{"POSITION":0}}]}],
"accessors":[{"bufferView":0,"componentType":5126,"count":3,"type":"VEC3","min":[0,0,0],"max":[1,1,0]}],
"bufferViews":[{"buffer":0,"byteLength":36}],"buffers":[{"uri":"URI","byteLength":36}]})";

std::string gltf_with_buffer(const std::string& uri) {
  std::string text = kTriangleGltf;
  text.replace(text.find("URI"), 3, uri);
  return text;
}

}  // namespace

TEST(HostileModels, EveryImporterFailureIsExitTwoWithTheFileNamed) {
  const ScratchDir dir;
  // A COLLADA node that instances itself: Assimp recurses until its stack overflows.
  const fs::path self_instancing = dir.write("self.dae", R"(<?xml version="1.0"?>
<COLLADA xmlns="http://www.collada.org/2005/11/COLLADASchema" version="1.4.1">
<library_nodes><node id="n" name="n"><instance_node url="#n"/></node></library_nodes>
<library_visual_scenes><visual_scene id="s"><node id="r" name="r"><instance_node url="#n"/></node></visual_scene>
</library_visual_scenes><scene><instance_visual_scene url="#s"/></scene></COLLADA>)");
  expect_refused(skinlab_run("info " + self_instancing.string()), "self-instancing COLLADA",
                 self_instancing.string() + ": cannot read mesh");
  // Header counts that promise two billion vertices.
  const fs::path lying = dir.write("lying.ply",
                                   "ply\nformat binary_little_endian 1.0\nelement vertex 2000000000\nproperty float x\n"
                                   "property float y\nproperty float z\nend_header\n");
  expect_refused(skinlab_run("info " + lying.string()), "lying PLY", lying.string() + ": cannot read mesh");
  // A PLY named .gltf is read by the glTF importer only, which refuses it.
  const fs::path disguised = dir.write("disguised.gltf", "ply\nformat ascii 1.0\nelement vertex 3\nproperty float x\n"
                                                         "property float y\nproperty float z\nelement face 1\n"
                                                         "property list uchar int vertex_indices\nend_header\n"
                                                         "0 0 0\n1 0 0\n0 1 0\n3 0 1 2\n");
  expect_refused(skinlab_run("info " + disguised.string()), "PLY named .gltf", disguised.string());
  // A model that is a FIFO, and a glTF whose buffer is a FIFO or lies outside its folder.
  ASSERT_EQ(::mkfifo((dir.path / "fifo.ply").c_str(), 0600), 0);
  expect_refused(skinlab_run("info " + (dir.path / "fifo.ply").string()), "FIFO model", "fifo.ply");
  ASSERT_EQ(::mkfifo((dir.path / "buffer.bin").c_str(), 0600), 0);
  const fs::path fifo_buffer = dir.write("fifo_buffer.gltf", gltf_with_buffer("buffer.bin"));
  expect_refused(skinlab_run("info " + fifo_buffer.string()), "glTF buffer FIFO", fifo_buffer.string());
  fs::create_directories(dir.path / "inner");
  dir.write("outside.bin", std::string(36, '\0'));
  const fs::path outside = dir.write("inner/outside.gltf", gltf_with_buffer("../outside.bin"));
  expect_refused(skinlab_run("info " + outside.string()), "glTF buffer outside its folder", outside.string());
  // The same triangle with its buffer beside it is read.
  dir.write("inner/beside.bin", std::string(36, '\0'));
  const fs::path beside = dir.write("inner/beside.gltf", gltf_with_buffer("beside.bin"));
  const CliRun good = skinlab_run("info " + beside.string());
  EXPECT_EQ(good.out.find("cannot read mesh"), std::string::npos) << good.out;
}

TEST(HostileInputs, DeepJsonPlainNamesAndUnwritableOutputs) {
  const ScratchDir dir;
  const fs::path deep = dir.write("deep.json", std::string(100'000, '[') + std::string(100'000, ']'));
  expect_refused(skinlab_run("experiment " + deep.string()), "deep JSON", deep.string() + ":1:65: expected JSON nested");
  const fs::path escaping =
      dir.write("escape.json", R"({"name": "../../x", "models": ["homer"], "tables": [{"kind": "models"}]})");
  expect_refused(skinlab_run("experiment " + escaping.string()), "escaping name", "/name: expected a plain folder name");
  // Frames into a folder that is a file.
  const fs::path blocker = dir.write("blocker", "a file");
  const std::string model = std::string(SKINLAB_TEST_DATA) + "/octahedron.off";
  const std::string clip = std::string(SKINLAB_TEST_DATA) + "/wave.clip";
  expect_refused(skinlab_run("animate " + model + " --clip " + clip + " -o " + blocker.string()), "output is a file",
                 blocker.string());
  expect_refused(skinlab_run("animate " + model + " --clip " + clip + " -o " + (blocker / "frames").string()),
                 "output under a file", blocker.string());
  EXPECT_EQ(dir.listing(), (std::vector<std::string>{blocker.string(), deep.string(), escaping.string()}));
}

// Every extrapolation mode with periods down to 1e-6 s and key values up to 1e30: finite frames
// or a refusal (exit 2) that names the file; never NaN or inf in a frame.
TEST(HostileInputs, ExtrapolatedClipsWriteFiniteFramesOrRefuse) {
  const ScratchDir dir;
  const std::string model = std::string(SKINLAB_TEST_DATA) + "/octahedron.off";
  int written = 0, refused = 0;
  for (const char* mode : {"constant", "linear", "cycle", "cycle_offset", "bounce"})
    for (const double period : {1e-6, 1e-3, 1.0})
      for (const double value : {1.0, 1e6, 1e9, 1e30}) {
        char clip[1024];
        std::snprintf(clip, sizeof clip,
                      "animation {\n range 0 3\n numChannels 2\n channel part1.ry {\n extrapolate %s %s\n keys 2 {\n"
                      " 0 0 linear linear\n %.17g %.17g linear linear\n }\n }\n channel mover.tx {\n extrapolate %s %s\n"
                      " keys 2 {\n 0 0 smooth smooth\n %.17g %.17g smooth smooth\n }\n }\n}\n",
                      mode, mode, period, value, mode, mode, period, value);
        const fs::path file = dir.write("x.clip", clip);
        const fs::path out = dir.path / "frames";
        const CliRun run = skinlab_run("animate " + model + " --clip " + file.string() + " --no-collisions -o " + out.string());
        const std::string what = std::string(mode) + " period " + std::to_string(period) + " value " + std::to_string(value);
        if (run.code == 0) {
          ++written;
          for (const auto& entry : fs::directory_iterator(out)) {
            std::ifstream in(entry.path());
            const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
            EXPECT_EQ(text.find("nan"), std::string::npos) << what;
            EXPECT_EQ(text.find("inf"), std::string::npos) << what;
          }
        } else {
          ++refused;
          expect_refused(run, what, file.string());
          EXPECT_FALSE(fs::exists(out)) << what << ": a refused run left its frames";
        }
        fs::remove_all(out);
      }
  EXPECT_GT(written, 0);
  EXPECT_GT(refused, 0);  // 1e30 is past the key bound
}

// Algorithm 2 over a root with 300 children: the dynamic programme is O(N³) (it was O(N⁵): 200
// children took 91 s). Its groups are consecutive, cover every centroid once and are in order.
TEST(BoundedAlgorithms, GroupingThreeHundredOpeningCentroids) {
  skinlab::GroupingInput in;
  for (int k = 0; k < 300; ++k) {
    const double along = k / 10.0, off = 1.0 + 0.5 * std::sin(k * 0.7);
    in.projections.emplace_back(along, 0.0, 0.0);
    in.centroids.emplace_back(along, off * std::cos(k * 2.4), off * std::sin(k * 2.4));
  }
  const skinlab::Groups groups = skinlab::group_opening_centroids(in);
  ASSERT_FALSE(groups.empty());
  EXPECT_EQ(groups.front().first, 0);
  EXPECT_EQ(groups.back().second, 299);
  for (std::size_t g = 1; g < groups.size(); ++g) EXPECT_EQ(groups[g].first, groups[g - 1].second + 1);
  // Against Algorithm 2 as written (every split scored from its groups, O(N⁵)) on 14 centroids.
  skinlab::GroupingInput small;
  small.centroids.assign(in.centroids.begin(), in.centroids.begin() + 14);
  small.projections.assign(in.projections.begin(), in.projections.begin() + 14);
  const int n = 14;
  std::vector<std::vector<skinlab::Groups>> best(n, std::vector<skinlab::Groups>(n));
  for (int i = 0; i < n; ++i) best[i][i] = {{i, i}};
  for (int length = 2; length <= n; ++length)
    for (int i = 0; i + length - 1 < n; ++i) {
      const int j = i + length - 1;
      best[i][j] = {{i, j}};
      double score = skinlab::merging_score(small, i, j);
      for (int k = i; k < j; ++k) {
        const double split = skinlab::separating_score(small, best[i][k], best[k + 1][j]);
        if (split < score) {
          score = split;
          best[i][j] = best[i][k];
          best[i][j].insert(best[i][j].end(), best[k + 1][j].begin(), best[k + 1][j].end());
        }
      }
    }
  EXPECT_EQ(skinlab::group_opening_centroids(small), best[0][n - 1]);
}

// Options that would do nothing are refused, and every command that writes a file fails with
// exit 2, naming the path, when that path lies under a file; nothing is left behind.
TEST(HostileInputs, UnusedWeightOptionsAndBlockedOutputs) {
  const ScratchDir dir;
  const std::string model = std::string(SKINLAB_TEST_DATA) + "/octahedron.off";
  const std::string clip = std::string(SKINLAB_TEST_DATA) + "/wave.clip";
  const fs::path weights = dir.path / "octahedron.weights";
  ASSERT_EQ(skinlab_run("weights " + model + " -o " + weights.string()).code, 0);
  const fs::path frames = dir.path / "frames";
  for (const char* deformer : {"rigid", "gap", "gap-thesis"}) {
    expect_refused(skinlab_run("animate " + model + " --clip " + clip + " --skinning " + deformer + " --weights " +
                               weights.string() + " -o " + frames.string()),
                   deformer, std::string("--weights: the '") + deformer + "' deformer uses no skinning weights");
    expect_refused(skinlab_run("animate " + model + " --clip " + clip + " --skinning " + deformer +
                               " --weight-method heat -o " + frames.string()),
                   deformer, "--weight-method: the '" + std::string(deformer) + "' deformer uses no skinning weights");
  }
  expect_refused(skinlab_run("bench --model " + model + " --skinning rigid,gap --weights " + weights.string()),
                 "bench without a weighted deformer", "--weights: these deformers use no skinning weights");
  // The same weights are read by a deformer that uses them.
  EXPECT_EQ(skinlab_run("animate " + model + " --clip " + clip + " --skinning dqs --weights " + weights.string() +
                        " --frames 0:1 -o " + frames.string())
                .code,
            0);
  fs::remove_all(frames);

  const fs::path blocker = dir.write("blocker", "a file");
  const std::string under = (blocker / "x").string();
  expect_refused(skinlab_run("weights " + model + " -o " + under + ".weights"), "weights -o", blocker.string());
  expect_refused(skinlab_run("skeletonize " + model + " -o " + under + ".json"), "skeletonize -o", blocker.string());
  expect_refused(skinlab_run("skeletonize " + model + " --png " + under + ".png"), "skeletonize --png",
                 blocker.string());
  expect_refused(skinlab_run("segment " + model + " -o " + under + ".obj"), "segment -o", blocker.string());
  expect_refused(skinlab_run("experiment merge " + weights.string() + " -o " + under), "merge -o", "");
  EXPECT_EQ(dir.listing(), (std::vector<std::string>{blocker.string(), weights.string()}));
}

// A segmentation parameters file gets the checks of the options it stands for: every value out of
// its option's range, of the wrong type, or under an unknown key is refused with exit 2, naming
// the file, the model and the key.
TEST(HostileInputs, SegmentationParametersAreRangeChecked) {
  const ScratchDir dir;
  const std::string mesh = std::string(SKINLAB_TEST_DATA) + "/octahedron.off";
  const std::vector<std::pair<std::string, std::string>> cases = {
      {R"("persistence": 1e300)", "octahedron.persistence: expected a finite number in [0, 1]"},
      {R"("persistence": -0.5)", "octahedron.persistence: expected a finite number in [0, 1]"},
      {R"("persistence": "0.1")", "octahedron.persistence: expected a number"},
      {R"("limbs": 2.5)", "octahedron.limbs: expected an integer"},
      {R"("max_pieces": 100)", "octahedron.max_pieces: expected a finite number in [1, 16]"},
      {R"("up": [0, 1])", "octahedron.up: expected [x, y, z]"},
      {R"("up": [0, 1e300, 0])", "octahedron.up: expected a finite number"},
      {R"("add_tips": [[0, 0, 0, -1]])", "octahedron.add_tips: expected a radius >= 0"},
      {R"("ignore_tips": 3)", "octahedron.ignore_tips: expected a list of points"},
      {R"("generic_names": 1)", "octahedron.generic_names: expected true or false"},
      {R"("persistance": 0.1)", "octahedron.persistance: unknown parameter"},
  };
  for (const auto& [entry, message] : cases) {
    const fs::path params = dir.write("params.json", R"({"octahedron": {)" + entry + "}}");
    expect_refused(skinlab_run("segment " + mesh + " --params " + params.string() + " -o " +
                               (dir.path / "out.obj").string()),
                   entry, params.string() + ": " + message);
  }
  EXPECT_FALSE(fs::exists(dir.path / "out.obj"));
}

// SIGINT or SIGTERM in the middle of writing frames: the process ends as the signal says, and
// neither the output folder it created, nor its frames, nor a temporary are left behind.
TEST(HostileInputs, InterruptedAnimateLeavesNothing) {
  const ScratchDir dir;
  const std::string clip = (skinlab::skinlab_root() / "clips" / "homer_wave.clip").string();
  for (const int sig : {SIGINT, SIGTERM}) {
    const fs::path out = dir.path / "new" / "frames";
    const pid_t pid = ::fork();
    ASSERT_GE(pid, 0);
    if (pid == 0) {
      ::execl(SKINLAB_EXE, "skinlab", "animate", "homer", "--clip", clip.c_str(), "--skinning", "gap", "--fps", "1000",
              "--max-frames", "100000", "-o", out.c_str(), static_cast<char*>(nullptr));
      ::_exit(127);
    }
    // Wait until a few frames are written, then interrupt.
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
    std::size_t frames = 0;
    while (frames < 3 && std::chrono::steady_clock::now() < deadline) {
      std::error_code ignored;
      frames = 0;
      for (auto it = fs::directory_iterator(out, ignored); !ignored && it != fs::directory_iterator(); ++it) ++frames;
      ::usleep(20'000);
    }
    EXPECT_GE(frames, 3u) << "no frames appeared";
    ::kill(pid, sig);
    int status = 0;
    ASSERT_EQ(::waitpid(pid, &status, 0), pid);
    EXPECT_TRUE(WIFSIGNALED(status) && WTERMSIG(status) == sig) << "status " << status;
    EXPECT_FALSE(fs::exists(dir.path / "new")) << "signal " << sig << " left the output folder";
    EXPECT_EQ(dir.listing(), std::vector<std::string>{}) << "signal " << sig;
  }
}

// A comb: a bar (the root) with `teeth` boxes standing on its top, each a child part meeting the
// bar along one square loop. Closed, manifold, genus 0. Writes NAME.obj (one group per part)
// and NAME.skel (every tooth a child of the bar) into `dir`.
fs::path write_comb(const fs::path& dir, const std::string& name, int teeth) {
  std::ostringstream obj, skel;
  int count = 0;
  const auto vertex = [&](double x, double y, double z) {
    obj << "v " << x << ' ' << y << ' ' << z << '\n';
    return ++count;
  };
  const auto quad = [&](int a, int b, int c, int d) { obj << "f " << a << ' ' << b << ' ' << c << ' ' << d << '\n'; };
  // Columns x_0 .. x_2N; cell i spans [x_i, x_i+1]; odd cells carry teeth.
  const int columns = 2 * teeth + 2;
  std::vector<int> top0, top1, bottom0, bottom1;  // y = 0 and y = 1 at z = 1 and z = 0
  for (int i = 0; i < columns; ++i) {
    top0.push_back(vertex(i, 0, 1));
    top1.push_back(vertex(i, 1, 1));
    bottom0.push_back(vertex(i, 0, 0));
    bottom1.push_back(vertex(i, 1, 0));
  }
  obj << "g bar\n";
  for (int i = 0; i + 1 < columns; ++i) {
    if (i % 2 == 0) quad(top0[i], top0[i + 1], top1[i + 1], top1[i]);
    quad(bottom0[i], bottom1[i], bottom1[i + 1], bottom0[i + 1]);
    quad(bottom0[i], bottom0[i + 1], top0[i + 1], top0[i]);
    quad(bottom1[i + 1], bottom1[i], top1[i], top1[i + 1]);
  }
  quad(bottom0[0], top0[0], top1[0], bottom1[0]);
  quad(bottom0[columns - 1], bottom1[columns - 1], top1[columns - 1], top0[columns - 1]);
  skel << "ROOT bar  -180 180  -180 180  -180 180\n{\n";
  for (int k = 0; k < teeth; ++k) {
    const int i = 2 * k + 1;
    const double height = 1.0 + 0.5 * std::sin(k);
    const int a = vertex(i, 0, 1 + height), b = vertex(i + 1, 0, 1 + height), c = vertex(i + 1, 1, 1 + height),
              d = vertex(i, 1, 1 + height);
    obj << "g tooth" << k << '\n';
    quad(top0[i], top0[i + 1], b, a);
    quad(top0[i + 1], top1[i + 1], c, b);
    quad(top1[i + 1], top1[i], d, c);
    quad(top1[i], top0[i], a, d);
    quad(a, b, c, d);
    skel << "  JOINT tooth" << k << "  -45 45  -45 45  -90 90\n  {\n    End Site\n  }\n";
  }
  skel << "}\n";
  std::ofstream(dir / (name + ".obj")) << obj.str();
  std::ofstream(dir / (name + ".skel")) << skel.str();
  return dir / (name + ".obj");
}

// Principal-axis extraction end to end on a root with 300 children (it took minutes when its
// grouping was O(N^5)). A return to that fails by ctest's per-test timeout; the time itself is
// measured outside the tests.
TEST(BoundedAlgorithms, PrincipalAxisSkeletonOfThreeHundredChildren) {
  const ScratchDir dir;
  const fs::path comb = write_comb(dir.path, "comb", 300);
  const CliRun info = skinlab_run("info " + comb.string());
  ASSERT_EQ(info.code, 0) << info.out;
  EXPECT_NE(info.out.find("components 301"), std::string::npos) << info.out.substr(0, 500);
  EXPECT_NE(info.out.find("openings 300"), std::string::npos) << info.out.substr(0, 500);
  const CliRun pa = skinlab_run("skeletonize " + comb.string() + " --method pa --json");
  ASSERT_EQ(pa.code, 0) << pa.out.substr(0, 2000);
  const nlohmann::json skeleton = nlohmann::json::parse(pa.out.substr(pa.out.find('{')));
  ASSERT_TRUE(skeleton.contains("joints")) << pa.out.substr(0, 500);
  // One joint per opening, at the centre of the tooth's square foot.
  int openings = 0;
  for (const nlohmann::json& joint : skeleton["joints"]) {
    if (joint["kind"] != "opening") continue;
    const int k = std::stoi(joint["component"].get<std::string>().substr(5));
    EXPECT_NEAR(joint["position"][0].get<double>(), 2 * k + 1.5, 1e-9) << joint.dump();
    EXPECT_NEAR(joint["position"][1].get<double>(), 0.5, 1e-9) << joint.dump();
    EXPECT_NEAR(joint["position"][2].get<double>(), 1.0, 1e-9) << joint.dump();
    ++openings;
  }
  EXPECT_EQ(openings, 300);
}
