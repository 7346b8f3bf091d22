// SPDX-License-Identifier: GPL-3.0-or-later
// A researcher's own models: exercise clips for any rig, experiment definitions naming meshes by
// path, glob or raw mesh with segmentation parameters, and `bench` on a path (docs/experiments.md,
// "Models"; docs/animation.md, "Exercise clips").
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>

#include "run_command.hpp"
#include "scratch_test.hpp"
#include "skinlab/animation/clip_sampler.hpp"
#include "skinlab/core/error.hpp"
#include "skinlab/experiments/experiment.hpp"
#include "skinlab/experiments/experiment_definition.hpp"
#include "skinlab/experiments/table_writers.hpp"
#include "skinlab/io/model_library.hpp"
#include "skinlab/rigging/exercise_clip.hpp"

namespace skinlab {
namespace {

namespace fs = std::filesystem;
const fs::path kData = SKINLAB_TEST_DATA;

class ModelSets : public test::ScratchTest {
 protected:
  // Copies tests/data/STEM.* into the test's folder.
  void copy_model(const std::string& stem) {
    for (const auto& entry : fs::directory_iterator(kData))
      if (entry.path().stem() == stem) fs::copy_file(entry.path(), dir_ / entry.path().filename());
  }
  // CGAL's teddy (data/meshes/bear.off, not a standard model) as `name`.off in the test's folder.
  void extract_teddy(const std::string& name) {
    const Manifest manifest = read_manifest(skinlab_root() / "models" / "manifest.json");
    std::string out;
    ASSERT_EQ(test::run_command(
                  "tar xzf '" + manifest.archive.string() + "' -C " + dir_.string() + " data/meshes/bear.off", out),
              0)
        << out;
    fs::rename(dir_ / "data/meshes/bear.off", dir_ / (name + ".off"));
  }
  ExperimentDefinition parse(const nlohmann::json& source) {
    return parse_experiment(source, (dir_ / "own.json").string());
  }
};

// Every DOF of the exercise clip stays within its joint's limits at every sampled time; one joint
// axis moves at a time until the final window, where every x axis moves together; each axis
// reaches both its limits (capped at max_degrees).
TEST(ExerciseClip, MovesEachAxisAloneThroughItsLimitsThenAllTogether) {
  const SkelFile skel = read_skel(skinlab_root() / "skeletons" / "homer.skel");
  ExerciseParams params;
  params.max_degrees = 100;
  const ClipFile clip = exercise_clip(skel, params);
  const std::vector<int> dofs = resolve_clip_dofs(clip, skel);
  const int joints = static_cast<int>(skel.joints.size());
  std::size_t axes = 0;
  for (int j = 1; j < joints; ++j)
    for (int a = 0; a < 3; ++a) axes += skel.joints[j].limits[2 * a] != 0 || skel.joints[j].limits[2 * a + 1] != 0;
  ASSERT_EQ(clip.channels.size(), axes);
  // Four moves per axis, then three for all together.
  EXPECT_DOUBLE_EQ(clip.range_end, params.move_seconds * (4.0 * static_cast<double>(axes) + 3.0));
  ClipSampler sampler(clip, dofs, joints);
  Pose pose;
  std::vector<double> lowest(3 * joints, 0.0), highest(3 * joints, 0.0);
  const double together = params.move_seconds * 4.0 * static_cast<double>(axes);
  for (double t = 0; t <= clip.range_end + 1e-9; t += 0.01) {
    sampler.sample(t, pose);
    int moving = 0, moving_x = 0;
    for (int j = 0; j < joints; ++j)
      for (int a = 0; a < 3; ++a) {
        const double v = pose.angles[3 * j + a] * 180.0 / M_PI;  // the sampler gives radians
        const double low = std::max(skel.joints[j].limits[2 * a], -params.max_degrees);
        const double high = std::min(skel.joints[j].limits[2 * a + 1], params.max_degrees);
        EXPECT_GE(v, low - 1e-7) << skel.joints[j].name << " axis " << a << " t " << t;
        EXPECT_LE(v, high + 1e-7) << skel.joints[j].name << " axis " << a << " t " << t;
        lowest[3 * j + a] = std::min(lowest[3 * j + a], v);
        highest[3 * j + a] = std::max(highest[3 * j + a], v);
        moving += std::abs(v) > 1e-9;
        moving_x += a == 0 && std::abs(v) > 1e-9;
      }
    if (t < together - 1e-9)
      EXPECT_LE(moving, 1) << "t " << t;
    else
      EXPECT_EQ(moving, moving_x) << "t " << t;
  }
  EXPECT_EQ(pose.angles[0], 0.0);  // the root never moves
  for (int j = 1; j < joints; ++j)
    for (int a = 0; a < 3; ++a) {
      EXPECT_NEAR(highest[3 * j + a], std::min(skel.joints[j].limits[2 * a + 1], params.max_degrees), 1e-7);
      EXPECT_NEAR(lowest[3 * j + a], std::max(skel.joints[j].limits[2 * a], -params.max_degrees), 1e-7);
    }
}

TEST(ExerciseClip, ARootAloneHasNothingToExercise) {
  const SkelFile skel = parse_skel("one.skel", "ROOT body -10 10 -10 10 -10 10 { End Site }");
  EXPECT_THROW(exercise_clip(skel), InputError);
}

// The issue's set: one raw mesh segmented on the fly, one OFF + .seg + .skel, one OBJ with
// groups, none of them in the manifest, with generated clips; skeletonization, quality and sweep
// tables, every cell filled or its blank explained, every model with rows or a note saying why.
TEST_F(ModelSets, ThreeMeshesOutsideTheManifestFillOrExplainEveryCell) {
  extract_teddy("teddy");
  copy_model("octahedron");
  copy_model("cylinder3");
  const nlohmann::json source = {
      {"name", "own"},
      {"models", {{{"path", "teddy.off"}, {"segment", nlohmann::json::object()}}, "octahedron.off", "*.obj"}},
      {"repeats", 1},
      {"tables",
       {{{"id", "skeletons"}, {"kind", "skeletonization"}},
        {{"id", "quality"}, {"kind", "quality"}, {"deformers", {"rigid", "gap", "dqs"}}, {"frames", 3}},
        {{"id", "sweeps"},
         {"kind", "joint_sweep"},
         {"deformers", {"gap", "dqs"}},
         {"motions", {{{"name", "bend"}, {"x", {0, 90}}, {"steps", 3}}}}}}}};
  const ExperimentDefinition def = parse(source);
  ASSERT_EQ(def.tables[0].models, (std::vector<std::string>{"teddy", "octahedron", "cylinder3"}));
  // The raw mesh was segmented into the cache, with a hierarchy; the others are the files named.
  const ModelSource& teddy = def.model("teddy");
  EXPECT_NE(teddy.files.mesh.string().find((model_cache_dir() / "segmented").string()), std::string::npos);
  EXPECT_FALSE(teddy.files.hierarchy.empty());
  EXPECT_EQ(def.model("octahedron").files.labels, dir_ / "octahedron.seg");
  EXPECT_EQ(def.model("cylinder3").files.hierarchy, dir_ / "cylinder3.skel");
  for (const auto& [name, model] : def.sources) {
    EXPECT_EQ(model.clips_origin, "generated") << name;
    ASSERT_EQ(model.clips.size(), 1u) << name;
    EXPECT_EQ(model.clips[0].filename(), name + "_exercise.clip");
  }
  nlohmann::json tasks = nlohmann::json::object();
  for (const ExperimentTask& task : experiment_tasks(def))
    tasks[task.id] = {{"rows", run_task(def, task)}, {"seconds", 0.0}};
  const std::vector<Table> tables = experiment_tables(def, experiment_results(def, "1/1", tasks));
  ASSERT_GE(tables.size(), 3u);
  for (const Table& table : tables) {
    EXPECT_EQ(unexplained_blanks(table), std::vector<std::string>{}) << table.id;
    // A model of the definition either has rows in the table or a note saying why not.
    for (const std::string model : {"teddy", "octahedron", "cylinder3"}) {
      const bool has_row =
          std::any_of(table.rows.begin(), table.rows.end(), [&](const auto& r) { return r[0] == model; });
      const bool noted = std::any_of(table.notes.begin(), table.notes.end(),
                                     [&](const std::string& n) { return n.rfind("No rows for " + model, 0) == 0; });
      EXPECT_TRUE(has_row || noted) << table.id << " " << model;
    }
  }
  // Each model's quality rows play its exercise clip, and the sweeps cover every joint but the
  // root of each hierarchy.
  for (const auto& [name, model] : def.sources) {
    const SkelFile skel = read_skel(model.files.hierarchy);
    std::set<std::string> swept;
    for (const auto& row : tasks["sweeps/" + name]["rows"]) swept.insert(row.at("joint").get<std::string>());
    EXPECT_EQ(swept.size(), skel.joints.size() - 1) << name;
    for (const auto& row : tasks["quality/" + name]["rows"]) EXPECT_EQ(row.at("clip"), name + "_exercise.clip");
  }
  // A second reading reuses the cached segmentation and clips.
  const ExperimentDefinition again = parse(source);
  EXPECT_EQ(again.model("teddy").files.mesh, teddy.files.mesh);
  EXPECT_EQ(again.model("teddy").clips, teddy.clips);
}

// `skinlab experiment own.json` from the definition's own folder: a bare file name, whose folder
// is the working directory, finds the models beside it (merge then finds them too).
TEST_F(ModelSets, ADefinitionNamedWithoutAFolderFindsItsModels) {
  copy_model("cylinder3");
  std::ofstream(dir_ / "own.json") << R"({"name": "own", "repeats": 1, "figures": false, "models": ["cylinder3.obj"],
    "tables": [{"id": "models", "kind": "models"}]})";
  std::string out;
  ASSERT_EQ(
      test::run_command("cd '" + dir_.string() + "' && '" SKINLAB_EXE "' experiment own.json -o run --quiet", out), 0)
      << out;
  ASSERT_EQ(test::run_command("cd '" + dir_.string() + "' && '" SKINLAB_EXE "' experiment merge run -o merged", out), 0)
      << out;
  EXPECT_NE(read_whole_file(dir_ / "merged" / "tables" / "models.csv").find("cylinder3,3,34,64"), std::string::npos);
}

// A raw mesh is loaded from the segmentation cache, and plays the clips beside the file named.
TEST_F(ModelSets, ARawMeshPlaysTheClipsBesideIt) {
  extract_teddy("teddy");
  std::ofstream(dir_ / "teddy_nod.clip")
      << "animation { range 0 1 numChannels 1 channel limb_2.rx { "
         "extrapolate constant constant keys 2 { 0 0 flat flat 1 30 flat flat } } }\n";
  const ExperimentDefinition def = parse({{"name", "raw"},
                                          {"models", {{{"path", "teddy.off"}, {"segment", nlohmann::json::object()}}}},
                                          {"tables", {{{"id", "m"}, {"kind", "models"}}}}});
  EXPECT_EQ(def.model("teddy").clips, std::vector<fs::path>{dir_ / "teddy_nod.clip"});
  EXPECT_NE(def.model("teddy").files.mesh.parent_path(), dir_);
}

// Bad model entries are refused before anything runs, naming the file and the JSON path.
TEST_F(ModelSets, BadModelEntriesNameTheJsonPath) {
  copy_model("octahedron");
  copy_model("cylinder3");
  const auto refusal = [&](const nlohmann::json& models) -> std::string {
    SCOPED_TRACE(models.dump());
    try {
      parse({{"name", "bad"}, {"models", models}, {"tables", {{{"id", "m"}, {"kind", "models"}}}}});
    } catch (const InputError& e) {
      return e.what();
    }
    return "accepted";
  };
  const std::string file = (dir_ / "own.json").string() + ": ";
  EXPECT_EQ(refusal({"octahedron.off", "missing.off"}).rfind(file + "/models/1: expected a model set", 0), 0u);
  EXPECT_EQ(refusal({"nothing*.off"}).rfind(file + "/models/0: expected a glob that matches", 0), 0u);
  EXPECT_EQ(refusal({{{"path", "octahedron.off"}, {"segment", {{"parts", 0}}}}})
                .rfind(file + "/models/0/segment/parts: expected a finite number in [1, 200]", 0),
            0u);
  EXPECT_EQ(refusal({{{"path", "octahedron.off"}, {"segment", {{"speed", 1}}}}})
                .rfind(file + "/models/0/segment/speed: unknown parameter", 0),
            0u);
  EXPECT_EQ(refusal({{{"path", "octahedron.off"}, {"name", "homer"}}})
                .rfind(file + "/models/0/path: expected a model not named as a standard one", 0),
            0u);
  EXPECT_EQ(refusal({"octahedron.off", {{"path", "cylinder3.obj"}, {"name", "octahedron"}}})
                .rfind(file + "/models/1/path: expected a model named other than octahedron", 0),
            0u);
  EXPECT_EQ(refusal({{{"path", "octahedron.off"}, {"clips", {"none.clip"}}}})
                .rfind(file + "/models/0/clips/0: expected a .clip file", 0),
            0u);
  EXPECT_EQ(refusal({{{"path", "octahedron.off"}, {"colour", "red"}}}).rfind(file + "/models/0/colour: unknown key", 0),
            0u);
  // A mesh that cannot be segmented (a torus: genus 1): the entry's path, then why.
  fs::copy_file(kData / "bad" / "torus.obj", dir_ / "torus.obj");
  EXPECT_EQ(refusal({{{"path", "torus.obj"}, {"segment", nlohmann::json::object()}}})
                .rfind(file + "/models/0/segment: cannot segment", 0),
            0u);
}

// `clip exercise` and `bench` from the command line, on a mesh path.
TEST_F(ModelSets, ExerciseClipAndBenchRunOnAMeshPath) {
  copy_model("cylinder3");
  const std::string exe = SKINLAB_EXE;
  const std::string mesh = (dir_ / "cylinder3.obj").string(), clip = (dir_ / "cylinder3_moves.clip").string();
  std::string out;
  ASSERT_EQ(test::run_command(exe + " clip exercise " + mesh + " -o " + clip, out), 0) << out;
  EXPECT_NE(out.find("cylinder3: 6 channels over 13.5 s"), std::string::npos) << out;
  ASSERT_EQ(test::run_command(exe + " animate " + mesh + " --clip " + clip + " --skinning gap -o " +
                                  (dir_ / "frames").string() + " --json",
                              out),
            0)
      << out;
  EXPECT_EQ(nlohmann::json::parse(out).at("open_frames"), 0);
  // The clip beside the mesh (STEM_*.clip) is the one bench plays; --clip names another.
  ASSERT_EQ(test::run_command(exe + " bench --model " + mesh + " --skinning rigid --repeat 1 --crowd 0", out), 0)
      << out;
  EXPECT_NE(out.find("cylinder3_moves.clip"), std::string::npos) << out;
  fs::remove(clip);
  ASSERT_EQ(test::run_command(exe + " bench --model " + mesh + " --skinning rigid,gap --repeat 1 --crowd 0", out), 0)
      << out;
  EXPECT_NE(out.find("cylinder3_exercise.clip"), std::string::npos) << out;
  EXPECT_NE(out.find("Gap reconstruction per frame: nothing to time for cylinder3: no clips/cylinder3_thesis_gap.clip"),
            std::string::npos)
      << out;
  // Without a hierarchy there is nothing to exercise; parts without one cannot be skeletonized.
  fs::remove(dir_ / "cylinder3.skel");
  EXPECT_EQ(test::run_command(exe + " clip exercise " + mesh + " -o " + clip, out), 2) << out;
  EXPECT_NE(out.find("no hierarchy"), std::string::npos) << out;
  EXPECT_EQ(test::run_command(exe + " bench --model " + mesh + " --skinning rigid --repeat 1 --crowd 0", out), 2)
      << out;
  EXPECT_NE(out.find("3 components but no hierarchy (.skel); skeleton extraction needs one"), std::string::npos) << out;
  // A mesh of one part is skeletonized; the animation table says why it has nothing to time.
  fs::copy_file(kData / "octahedron.off", dir_ / "blob.off");
  ASSERT_EQ(test::run_command(
                exe + " bench --model " + (dir_ / "blob.off").string() + " --skinning rigid --repeat 1 --crowd 0", out),
            0)
      << out;
  EXPECT_NE(out.find("Animation per frame: nothing to time for blob: no hierarchy"), std::string::npos) << out;
  EXPECT_EQ(test::run_command(exe + " bench --model homer --model cow --clip " + (kData / "wave.clip").string(), out),
            2);
  EXPECT_NE(out.find("give exactly one --model"), std::string::npos) << out;
  EXPECT_FALSE(fs::exists(clip));
}

// `skinlab rename`: one command renames a part in the .skel, the OBJ's groups and the clips beside
// the mesh, so the model loads and plays under the new names; a refused rename changes no file.
TEST_F(ModelSets, RenameRewritesTheHierarchyGroupsAndClipsTogether) {
  copy_model("cylinder3");
  copy_model("octahedron");
  const std::string exe = SKINLAB_EXE;
  const fs::path obj = dir_ / "cylinder3.obj", clip = dir_ / "cylinder3_exercise.clip";
  std::string out;
  ASSERT_EQ(test::run_command(exe + " clip exercise " + obj.string() + " -o " + clip.string(), out), 0) << out;
  const std::string before_skel = read_whole_file(dir_ / "cylinder3.skel"), before_obj = read_whole_file(obj);
  // Refused: an unknown part, a name another part keeps, a bad name, a standard model.
  for (const std::string args : {"nope=lid", "top=bottom", "top=a/b", "top=mover"}) {
    EXPECT_EQ(test::run_command(exe + " rename " + obj.string() + " " + args, out), 2) << args << out;
    EXPECT_EQ(read_whole_file(dir_ / "cylinder3.skel"), before_skel) << args;
    EXPECT_EQ(read_whole_file(obj), before_obj) << args;
  }
  EXPECT_EQ(test::run_command(exe + " rename homer head=hd", out), 2) << out;
  // Two names swapped at once, a third renamed.
  ASSERT_EQ(test::run_command(exe + " rename " + obj.string() + " top=bottom bottom=top middle=body", out), 0) << out;
  const SegmentedModel renamed = load_model(resolve_model(obj.string()));
  const SegmentedModel original = load_model(resolve_model((kData / "cylinder3.obj").string()));
  ASSERT_EQ(renamed.num_components(), original.num_components());
  const std::map<std::string, std::string> expected = {{"top", "bottom"}, {"bottom", "top"}, {"middle", "body"}};
  for (int c = 0; c < original.num_components(); ++c) {
    const int r = renamed.find_component(expected.at(original.components()[c].name));
    ASSERT_GE(r, 0) << original.components()[c].name;
    EXPECT_EQ(renamed.components()[r].original_triangle, original.components()[c].original_triangle);
  }
  const ClipFile played = read_clip(clip);
  for (const ClipChannel& channel : played.channels) EXPECT_NE(channel.dof.joint, "middle");
  EXPECT_NO_THROW(resolve_clip_dofs(played, read_skel(dir_ / "cylinder3.skel")));
  ASSERT_EQ(test::run_command(exe + " animate " + obj.string() + " --clip " + clip.string() + " -o " +
                                  (dir_ / "frames").string() + " --frames 0:3",
                              out),
            0)
      << out;
  // OFF + .seg + .skel: the labels index the hierarchy, so renaming the .skel renames the part.
  ASSERT_EQ(test::run_command(exe + " rename " + (dir_ / "octahedron.off").string() + " part1=cap", out), 0) << out;
  EXPECT_GE(load_model(resolve_model((dir_ / "octahedron.off").string())).find_component("cap"), 0);
}

}  // namespace
}  // namespace skinlab
