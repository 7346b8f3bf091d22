// SPDX-License-Identifier: GPL-3.0-or-later
// `skinlab experiment` end to end on a tiny definition: the three formats agree, shards merge
// into the unsharded tables, bad definitions are refused with the file and the JSON path.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <limits>
#include <map>
#include <nlohmann/json.hpp>
#include <numeric>
#include <set>
#include <sstream>
#include <tuple>

#include "fuzz/fuzz_readers.hpp"
#include "json_mutations.hpp"
#include "run_command.hpp"
#include "scratch_test.hpp"
#include "skinlab/core/clip_io.hpp"
#include "skinlab/core/error.hpp"
#include "skinlab/core/version.hpp"
#include "skinlab/experiments/experiment.hpp"
#include "skinlab/experiments/experiment_definition.hpp"
#include "skinlab/experiments/measurements.hpp"
#include "skinlab/experiments/model_source.hpp"
#include "skinlab/experiments/table_cells.hpp"
#include "skinlab/experiments/table_kind.hpp"
#include "skinlab/experiments/table_writers.hpp"
#include "skinlab/io/model_library.hpp"
#include "skinlab/metrics/self_intersections.hpp"
#include "skinlab/rigging/deformer_registry.hpp"
#include "skinlab/rigging/session.hpp"

namespace skinlab {
namespace {

namespace fs = std::filesystem;

const std::string kExe = SKINLAB_EXE;

std::string read_text(const fs::path& path) {
  std::ifstream in(path);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

class Experiment : public test::ScratchTest {
 protected:
  fs::path write_definition(const std::string& text, const std::string& name = "tiny.json") {
    std::ofstream(dir_ / name) << text;
    return dir_ / name;
  }
  /// Runs `skinlab experiment ARGS`.
  int run(const std::string& args, std::string& output) {
    return test::run_command(kExe + " experiment " + args, output);
  }
};

// Two models, one method, two repeats; plus the models table, whose cells hold no timing.
const char* const kTiny = R"({
  "name": "tiny", "models": ["cactus", "cow"], "repeats": 2, "figures": false,
  "tables": [
    {"id": "models", "kind": "models", "title": "Models"},
    {"id": "skeletons", "kind": "skeletonization", "methods": ["centroid"], "title": "Skeletons"}
  ]})";

std::vector<std::vector<std::string>> csv_rows(const std::string& text) {
  std::vector<std::vector<std::string>> rows;
  std::stringstream in(text);
  for (std::string line; std::getline(in, line);) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    std::vector<std::string> cells;
    std::stringstream cells_in(line);
    for (std::string cell; std::getline(cells_in, cell, ',');) cells.push_back(cell);
    if (!line.empty() && line.back() == ',') cells.push_back("");
    rows.push_back(cells);
  }
  return rows;
}

std::vector<std::vector<std::string>> markdown_rows(const std::string& text) {
  std::vector<std::vector<std::string>> rows;
  std::stringstream in(text);
  for (std::string line; std::getline(in, line);) {
    if (line.rfind("| ---", 0) == 0 || line.empty() || line[0] != '|') continue;
    std::vector<std::string> cells;
    std::size_t at = 1;
    while (at < line.size()) {
      const std::size_t end = line.find(" |", at);
      std::string cell = line.substr(at, end - at);
      cells.push_back(cell.empty() ? cell : cell.substr(1));
      at = end + 2;
    }
    rows.push_back(cells);
  }
  return rows;
}

// The Markdown, CSV and LaTeX of table `id` hold the same cells, the CSV followed by its own
// spread columns; returns the CSV's rows.
std::vector<std::vector<std::string>> expect_formats_agree(const fs::path& tables, const std::string& id) {
  const auto csv = csv_rows(read_text(tables / (id + ".csv")));
  const auto md = markdown_rows(read_text(tables / (id + ".md")));
  EXPECT_EQ(csv.size(), md.size()) << id;
  for (std::size_t r = 0; r < std::min(csv.size(), md.size()); ++r) {
    EXPECT_GE(csv[r].size(), md[r].size()) << id;
    if (csv[r].size() < md[r].size()) continue;
    EXPECT_EQ(std::vector<std::string>(csv[r].begin(), csv[r].begin() + static_cast<std::ptrdiff_t>(md[r].size())),
              md[r])
        << id << " row " << r;
    EXPECT_EQ(csv[r].size(), csv[0].size()) << id << " row " << r;
  }
  for (std::size_t c = md.empty() ? 0 : md[0].size(); c < csv[0].size(); ++c)
    EXPECT_TRUE(csv[0][c].ends_with(" spread (ms)")) << csv[0][c];
  // The LaTeX body holds the same cells, '&'-separated.
  const std::string tex = read_text(tables / (id + ".tex"));
  EXPECT_NE(tex.find("\\toprule"), std::string::npos);
  for (const auto& row : md) {
    std::string line;
    for (std::size_t c = 0; c < row.size(); ++c) line += (c ? " & " : "") + row[c];
    EXPECT_NE(tex.find(line + " \\\\"), std::string::npos) << line;
  }
  return csv;
}

TEST_F(Experiment, TinyRunWritesThreeFormatsWithTheSameNumbers) {
  std::string out;
  ASSERT_EQ(run(write_definition(kTiny).string() + " -o " + (dir_ / "run").string() + " --quiet", out), 0) << out;
  const fs::path tables = dir_ / "run" / "tables";
  for (const char* id : {"models", "skeletons"}) expect_formats_agree(tables, id);
  const auto models = csv_rows(read_text(tables / "models.csv"));
  ASSERT_EQ(models.size(), 3u);  // header, cactus, cow
  EXPECT_EQ(models[1][0], "cactus");
  EXPECT_EQ(models[2][0], "cow");
  EXPECT_EQ(models[2][4], "Cow");  // the thesis' mesh beside ours
  EXPECT_EQ(models[2][6], "3825");
  // The skeleton times are the medians the results hold.
  const nlohmann::json results = nlohmann::json::parse(read_text(dir_ / "run" / "results.json"));
  const auto skeletons = csv_rows(read_text(tables / "skeletons.csv"));
  ASSERT_EQ(skeletons.size(), 3u);
  const double cow_ms = results["tasks"]["skeletons/cow"]["rows"][0]["total_ms"];
  const auto cow = [&](const std::string& header) {
    const auto column = std::find(skeletons[0].begin(), skeletons[0].end(), header);
    EXPECT_NE(column, skeletons[0].end()) << header;
    return column == skeletons[0].end() ? std::string() : skeletons[2][column - skeletons[0].begin()];
  };
  EXPECT_NEAR(std::stod(cow("Total (ms)")), cow_ms, 0.01 * cow_ms + 1e-3);
  EXPECT_EQ(cow("Thesis (ms)"), "4865.0");  // Table 5.2, centroid, cow: 4.86503 s
  // Every phase's spread is in the CSV (docs/experiments.md), from the same runs.
  for (const char* phase : {"hull", "kernel", "kernel_interior_point", "covariance", "refinement", "axes"})
    EXPECT_EQ(cow(std::string(phase) + " spread (ms)"),
              ms(results["tasks"]["skeletons/cow"]["rows"][0][std::string(phase) + "_ms_spread"]))
        << phase;
  EXPECT_EQ(cow("Thesis vertices"), "3825");
  EXPECT_EQ(cow("Speed-up"), "");  // not the thesis' own mesh
  const nlohmann::json meta = nlohmann::json::parse(read_text(dir_ / "run" / "meta.json"));
  for (const char* key : {"date", "skinlab_version", "commit", "machine", "compiler", "libraries"})
    EXPECT_TRUE(meta.contains(key)) << key;
  EXPECT_EQ(meta["skinlab_version"], skinlab::version());
  EXPECT_EQ(meta["libraries"]["CGAL"].get<std::string>().empty(), false);
}

// Tables 5.2-5.7 also come in the thesis' layout: Table 5.2 with a column pair per method (ours
// in ms, the thesis' seconds), Tables 5.3-5.7 with the thesis' phases beside ours and a Mean row
// per model, the same cells in all three formats.
TEST_F(Experiment, ThesisTablesComeInTheThesisLayoutWithMeanRows) {
  std::string out;
  const char* definition = R"({"name": "thesis_shape", "models": ["cow"], "repeats": 1, "figures": false,
    "tables": [{"id": "t52", "kind": "skeletonization", "methods": ["opening", "pa-refined"]},
               {"id": "t53", "kind": "gap_preprocess"}, {"id": "t54", "kind": "gap_frames", "deformers": ["gap"]}]})";
  ASSERT_EQ(run(write_definition(definition).string() + " -o " + (dir_ / "run").string() + " --quiet", out), 0) << out;
  const fs::path tables = dir_ / "run" / "tables";
  const nlohmann::json results = nlohmann::json::parse(read_text(dir_ / "run" / "results.json"));
  const auto t52 = expect_formats_agree(tables, "t52_thesis_shape");
  ASSERT_EQ(t52.size(), 2u);  // header, cow
  EXPECT_EQ(t52[0], (std::vector<std::string>{"Model", "Parts", "opening (ms)", "opening thesis (s)", "centroid (ms)",
                                              "centroid thesis (s)", "pa (ms)", "pa thesis (s)", "pa-refined (ms)",
                                              "pa-refined thesis (s)"}));
  EXPECT_EQ(t52[1][0], "cow");
  EXPECT_EQ(t52[1][3], "0.002");  // the thesis' 0.00223 s
  EXPECT_EQ(t52[1][4], "");       // centroid was not measured
  EXPECT_EQ(t52[1][9], "5.083");  // the thesis' 5.0826 s
  EXPECT_EQ(t52[1][8], ms(results["tasks"]["t52/cow"]["rows"][1]["total_ms"]));
  const auto t53 = expect_formats_agree(tables, "t53_thesis_shape");
  ASSERT_EQ(t53.size(), 3u);  // header, cow, Mean
  EXPECT_EQ(t53[2][0], "Mean");
  EXPECT_EQ(t53[1][6], "1.545");  // the thesis' neighbourhoods for the cow, 1.54492 s
  EXPECT_EQ(t53[2][6], t53[1][6]);
  const auto t54 = expect_formats_agree(tables, "t54_thesis_shape");
  ASSERT_EQ(t54.size(), 6u);  // header, four frames, Mean
  EXPECT_EQ(t54[5][2], "Mean");
  EXPECT_EQ(t54[1][12], "1.921");  // the thesis' total of the cow's first frame
  EXPECT_EQ(t54[5][12], "1.852");  // the mean of its four totals: 7.40656 / 4
  double total = 0.0;
  for (const auto& row : results["tasks"]["t54/cow"]["rows"]) total += row["total_ms"].get<double>();
  EXPECT_EQ(t54[5][11], ms(total / 4));
}

TEST_F(Experiment, ShardsMergeIntoTheUnshardedTables) {
  const fs::path def = write_definition(kTiny);
  std::string out;
  ASSERT_EQ(run(def.string() + " -o " + (dir_ / "all").string() + " --quiet", out), 0) << out;
  ASSERT_EQ(run(def.string() + " -o " + (dir_ / "s1").string() + " --shard 1/2 --quiet", out), 0) << out;
  ASSERT_EQ(run(def.string() + " -o " + (dir_ / "s2").string() + " --shard 2/2 --jobs 2 --quiet", out), 0) << out;
  ASSERT_EQ(
      run("merge " + (dir_ / "s1").string() + " " + (dir_ / "s2").string() + " -o " + (dir_ / "merged").string(), out),
      0)
      << out;
  // Equal apart from timings: every column but the times.
  const auto all = csv_rows(read_text(dir_ / "all" / "tables" / "skeletons.csv"));
  const auto merged = csv_rows(read_text(dir_ / "merged" / "tables" / "skeletons.csv"));
  ASSERT_EQ(all.size(), merged.size());
  ASSERT_EQ(all[0], merged[0]);
  for (std::size_t r = 1; r < all.size(); ++r) {
    ASSERT_EQ(all[r].size(), all[0].size());
    ASSERT_EQ(merged[r].size(), all[0].size());
    for (std::size_t c = 0; c < all[0].size(); ++c) {
      if (!all[0][c].ends_with("(ms)")) {
        EXPECT_EQ(all[r][c], merged[r][c]) << all[0][c] << " of row " << r;
      }
    }
  }
  EXPECT_EQ(read_text(dir_ / "all" / "tables" / "models.csv"), read_text(dir_ / "merged" / "tables" / "models.csv"));
  // A slice merged with itself, or with another definition's slice, is refused.
  EXPECT_EQ(
      run("merge " + (dir_ / "s1").string() + " " + (dir_ / "s1").string() + " -o " + (dir_ / "twice").string(), out),
      2);
  EXPECT_NE(out.find("also in an earlier slice"), std::string::npos) << out;
  std::string other = kTiny;
  other.replace(other.find("\"repeats\": 2"), 12, "\"repeats\": 1");
  ASSERT_EQ(
      run(write_definition(other, "other.json").string() + " -o " + (dir_ / "o2").string() + " --shard 2/2 --quiet",
          out),
      0)
      << out;
  EXPECT_EQ(
      run("merge " + (dir_ / "s1").string() + " " + (dir_ / "o2").string() + " -o " + (dir_ / "mixed").string(), out),
      2);
  EXPECT_NE(out.find("different experiment definition"), std::string::npos) << out;
  EXPECT_FALSE(fs::exists(dir_ / "mixed"));
}

TEST_F(Experiment, QualityTableSeparatesRigidCracksFromSmoothCollapse) {
  const char* const quality = R"({"name": "q", "models": ["cactus"], "repeats": 1, "figures": false,
    "tables": [{"id": "quality", "kind": "quality", "deformers": ["rigid", "lbs", "dqs"], "frames": 6}]})";
  std::string out;
  ASSERT_EQ(run(write_definition(quality).string() + " -o " + (dir_ / "q").string() + " --quiet", out), 0) << out;
  const auto rows = csv_rows(read_text(dir_ / "q" / "tables" / "quality.csv"));
  ASSERT_EQ(rows.size(), 1u + 2 * 3);  // header; two cactus clips per deformer
  std::map<std::string, double> lbs_section, dqs_section;
  for (std::size_t r = 1; r < rows.size(); ++r) {
    const auto& row = rows[r];
    SCOPED_TRACE(row[1] + " " + row[2]);
    EXPECT_EQ(row[3], "6");
    EXPECT_GE(std::stod(row[4]), std::stod(row[5]));  // volume: max over the frames >= mean
    EXPECT_EQ(row[9], "0");                           // no non-manifold edge
    if (row[2] == "rigid") {
      // Rigid skinning's parts are split at their openings: open seams that part as the joints turn.
      EXPECT_GT(std::stoi(row[8]), 0);
      EXPECT_GT(std::stod(row[10]), 0.5);
      EXPECT_EQ(row[6], "");       // no section through an open seam
      EXPECT_EQ(row[11], "0.00");  // each part moves rigidly: its facets keep their normals
    } else {
      EXPECT_EQ(row[8], "0");  // the welded mesh stays closed
      EXPECT_EQ(row[10], "0.00");
      (row[2] == "lbs" ? lbs_section : dqs_section)[row[1]] = std::stod(row[6]);
    }
  }
  // Cut in each joint's opening plane, bisected in the pose (six frames catch the deepest fold):
  // linear blending shrinks a turning joint's section by a visible fraction, dual quaternions
  // keep it within a few percent.
  for (const auto& [clip, lbs] : lbs_section) {
    EXPECT_GT(lbs, 0.5) << clip;
    EXPECT_LT(lbs, 0.95) << clip;
    EXPECT_GT(dqs_section[clip], 0.97) << clip;
    EXPECT_LE(dqs_section[clip], 1.01) << clip;
  }
}

// The joint-pairs table against a count made here frame by frame: each deformer's pairs at the
// joints beyond its own rest frame's, minus DQS's in the same frame. With issue 24's margin of 2
// every frame where LBS or gap has more than DQS's pairs + 2 is listed. The cow's walk pulls some
// of its rest pose's pairs (the tail in the body) apart: negative counts, which are counts all the
// same. Its gap frames include some over DQS + 2 only by two triangles round a vertex that cross
// beyond it, so the count sharing no vertex differs from the other there.
TEST(JointPairs, ListsTheFramesWhereADeformerHasMorePairsThanTheBaseline) {
  const SegmentedModel model = load_model(resolve_model("cow"));
  const std::vector<int>& parent = model.hierarchy()->parent;
  std::vector<fs::path> clips = model_clips("cow");
  std::erase_if(clips, [](const fs::path& clip) { return clip.filename() != "cow_walk.clip"; });
  ASSERT_EQ(clips.size(), 1u);
  // Per part: the pairs in it and those between it and its parent; [parts]: those of them whose
  // triangles share no vertex (issue 24's count).
  const auto joint_pairs = [&](const Frame& frame, const SkinMesh& rest) {
    const FrameTopology topology = skinlab::topology(frame, rest);
    std::vector<int> per_part(parent.size() + 1, 0);
    const auto pairs = self_intersections(frame.positions, topology.triangles);
    for (const auto& [a, b] : pairs.value()) {
      const int pa = topology.triangle_component[a], pb = topology.triangle_component[b];
      const bool at_joint = pa == pb || parent[pa] == pb || parent[pb] == pa;
      if (pa == pb || parent[pa] == pb) ++per_part[pa];
      if (parent[pb] == pa) ++per_part[pb];
      int shared = 0;
      for (int u : topology.triangles[a])
        for (int v : topology.triangles[b]) shared += u == v;
      if (at_joint && shared == 0) ++per_part.back();
    }
    return per_part;
  };
  std::map<std::string, std::vector<int>> extra, extra_apart;  // per deformer and frame
  std::map<std::string, std::vector<std::vector<int>>> extra_per_part;
  for (const std::string deformer : {"gap", "lbs", "dqs"}) {
    Frame frame;
    AnimationSession rest_session(model, std::nullopt, SessionParams{}, find_deformer(deformer));
    rest_session.play(0, frame);
    const std::vector<int> rest = joint_pairs(frame, rest_session.deformer().rest_mesh());
    AnimationSession session(model, read_clip(clips[0]), SessionParams{}, find_deformer(deformer));
    for (int f = 0; f <= session.animator().grid().last(); ++f) {
      session.play(f, frame);
      std::vector<int> posed = joint_pairs(frame, session.deformer().rest_mesh());
      for (std::size_t c = 0; c < posed.size(); ++c) posed[c] -= rest[c];
      extra_apart[deformer].push_back(posed.back());
      posed.pop_back();
      extra[deformer].push_back(std::accumulate(posed.begin(), posed.end(), 0));
      extra_per_part[deformer].push_back(posed);
    }
  }
  constexpr int kMargin = 2;
  const nlohmann::json rows = measure_joint_pairs("cow", model, clips, {"gap", "lbs"}, "dqs", kMargin, 1000);
  ASSERT_EQ(rows.size(), 2u);
  int listed = 0, named = 0, counts_differ = 0;
  for (const nlohmann::json& row : rows) {
    const std::string deformer = row.at("skinning");
    SCOPED_TRACE(deformer);
    const std::vector<int>& mine = extra[deformer];
    const std::vector<int>& dqs = extra["dqs"];
    EXPECT_EQ(row.at("frames"), static_cast<int>(mine.size()));
    EXPECT_EQ(row.at("frames_unmeasured"), 0);
    std::vector<int> over;
    int worst = std::numeric_limits<int>::min(), worst_frame = -1, over_at_rest = 0, over_apart = 0;
    for (std::size_t f = 0; f < mine.size(); ++f) {
      if (mine[f] - dqs[f] > kMargin) over.push_back(static_cast<int>(f));
      over_apart += extra_apart[deformer][f] - extra_apart["dqs"][f] > kMargin;
      over_at_rest += mine[f] - dqs[f] > kMargin && mine[f] <= 0;
      if (mine[f] - dqs[f] > worst) {
        worst = mine[f] - dqs[f];
        worst_frame = static_cast<int>(f);
      }
    }
    std::string runs;  // "3-7 12": each run of consecutive frames
    for (std::size_t i = 0; i < over.size(); ++i) {
      const bool starts = i == 0 || over[i - 1] != over[i] - 1,
                 ends = i + 1 == over.size() || over[i + 1] != over[i] + 1;
      if (starts) runs += (runs.empty() ? "" : " ") + std::to_string(over[i]);
      if (ends && !starts) runs += "-" + std::to_string(over[i]);
    }
    EXPECT_EQ(row.at("frames_over_list"), runs);
    EXPECT_EQ(row.at("frames_over"), static_cast<int>(over.size()));
    EXPECT_EQ(row.at("frames_over_at_rest"), over_at_rest);
    EXPECT_EQ(row.at("frames_over_apart"), over_apart);
    counts_differ += over_apart != static_cast<int>(over.size());
    EXPECT_EQ(row.at("excess_max"), worst);
    EXPECT_EQ(row.at("excess_max_frame"), worst_frame);
    // The joint with the most of the worst frame's excess, by name; none where no frame has any.
    if (worst > 0) {
      std::vector<int> excess(parent.size());
      for (std::size_t c = 0; c < excess.size(); ++c)
        excess[c] = extra_per_part[deformer][worst_frame][c] - extra_per_part["dqs"][worst_frame][c];
      const auto most = std::max_element(excess.begin(), excess.end()) - excess.begin();
      EXPECT_EQ(row.at("excess_max_joint"), model.components()[most].name);
      ++named;
    } else {
      EXPECT_TRUE(row.at("excess_max_joint").is_null());
    }
    EXPECT_EQ(row.at("extra_pairs_max"), std::max(0, *std::max_element(mine.begin(), mine.end())));
    listed += static_cast<int>(over.size());
  }
  EXPECT_GT(listed, 0);  // the comparison has frames to list: LBS folds where DQS does not
  EXPECT_GT(named, 0);
  EXPECT_GT(counts_differ, 0);  // the two counts are told apart
  EXPECT_LT(*std::min_element(extra["dqs"].begin(), extra["dqs"].end()), 0);
}

// The sweeps' worst-pose table counts, per sweep, the poses where a deformer has more than DQS's
// extra pairs + 2 at the same angle: here gap at 10° (5 against 2) but not at 20° (3 against 1,
// exactly the margin); a pose without a count (an open frame) is left out. Counting only the pairs
// that share no vertex, gap is over at 20° (4 against 1) and 50° (5 against 0), not at 10°.
TEST(JointSweepTable, CountsThePosesOverDqsPlusTwoAtTheSameAngle) {
  const TableKindEntry* kind = find_table_kind("joint_sweep");
  ASSERT_NE(kind, nullptr);
  TableSpec spec{"sweeps", kind, "Sweeps", {"arm"}, {"gap", "dqs"}, 6, nlohmann::json::object()};
  std::vector<nlohmann::json> rows;
  const auto pose = [&](const char* deformer, double angle, const nlohmann::json& pairs, const nlohmann::json& apart) {
    rows.push_back({{"model", "arm"},
                    {"joint", "forearm"},
                    {"motion", "bend"},
                    {"angle", angle},
                    {"skinning", deformer},
                    {"extra_pairs", pairs},
                    {"extra_pairs_apart", apart},
                    {"inscribed_ratio", 1.0},
                    {"section_ratio", 1.0},
                    {"volume_change_pct", 0.0},
                    {"normal_deviation_deg", 0.0},
                    {"open_edges", 0}});
  };
  using Counts = std::vector<std::tuple<double, nlohmann::json, nlohmann::json, nlohmann::json, nlohmann::json>>;
  // angle, gap's pairs and DQS's, gap's pairs sharing no vertex and DQS's
  for (const auto& [angle, gap, dqs, gap_apart, dqs_apart] : Counts{{0, 0, 0, 0, 0},
                                                                    {10, 5, 2, 2, 2},
                                                                    {20, 3, 1, 4, 1},
                                                                    {30, nullptr, 0, nullptr, 0},
                                                                    {40, 9, nullptr, 9, nullptr},
                                                                    {50, 2, 2, 5, 0}})
    pose("gap", angle, gap, gap_apart), pose("dqs", angle, dqs, dqs_apart);
  const std::vector<Table> tables = kind->more_tables(spec, rows);
  ASSERT_EQ(tables.size(), 1u);
  const Table& worst = tables[0];
  const auto column = std::find(worst.columns.begin(), worst.columns.end(), "Over DQS + 2") - worst.columns.begin();
  ASSERT_LT(column, static_cast<long>(worst.columns.size()));
  ASSERT_EQ(worst.rows.size(), 2u);
  EXPECT_EQ(worst.rows[0][3], "gap");
  EXPECT_EQ(worst.rows[0][column], "1");
  EXPECT_EQ(worst.rows[1][column], "");  // DQS against itself
  const auto apart =
      std::find(worst.columns.begin(), worst.columns.end(), "Over DQS + 2, sharing no vertex") - worst.columns.begin();
  ASSERT_LT(apart, static_cast<long>(worst.columns.size()));
  EXPECT_EQ(worst.rows[0][apart], "2");
  EXPECT_EQ(worst.rows[1][apart], "");
}

TEST_F(Experiment, MalformedDefinitionsNameTheFileAndThePath) {
  const struct {
    const char* text;
    const char* message;
  } cases[] = {
      {R"({"name": "x", "models": ["cow"], "tables": [{"id": "a", "kind": "timing"}]})",
       "/tables/0/kind: expected one of"},
      {R"({"name": "x", "models": ["cow", "unicorn"], "tables": [{"id": "a", "kind": "models"}]})",
       "/models/1: expected a model set, a model of the manifest (homer, cow,"},
      {R"({"name": "x", "models": ["cow"], "repeats": 0, "tables": [{"id": "a", "kind": "models"}]})",
       "/repeats: expected an integer"},
      {R"({"name": "x", "models": ["cow"], "tables": [{"id": "a", "kind": "models", "frames": 3}]})",
       "/tables/0/frames: not an option"},
      {R"({"name": "x", "models": ["cow"], "tables": [{"id": "a", "kind": "skeletonization", "methods": ["magic"]}]})",
       "/tables/0/methods/0"},
      {R"({"name": "x", "models": ["cow"], "tables": [{"id": "a", "kind": "models"}, {"id": "a", "kind": "sbs"}]})",
       "/tables/1/id"},
      {R"({"name": "x", "models": ["cow"], "tabels": []})", "/tabels: unknown key"},
      {R"({"name": "x", "models": "thesis", "tables": [{"id": "a", "kind": "models"}]})",
       "/models: expected a model set (standard, thesis-parts) or a list of models"},
      {"{\"name\": \"x\",\n \"models\": [\"cow\"\n}", "bad.json:3:1:"},
  };
  for (const auto& c : cases) {
    const fs::path def = write_definition(c.text, "bad.json");
    std::string out;
    EXPECT_EQ(run(def.string() + " -o " + (dir_ / "out").string() + " --quiet", out), 2) << c.text;
    EXPECT_NE(out.find("bad.json"), std::string::npos) << out;
    EXPECT_NE(out.find(c.message), std::string::npos) << out;
    EXPECT_FALSE(fs::exists(dir_ / "out")) << c.text;
  }
}

// The manifest's second segmentation of the thesis' models (docs/models.md, "Thesis
// granularity"): a set of its own, outside "standard", each entry read against its thesis
// model's published numbers.
TEST_F(Experiment, ThesisPartsSetStandsForTheThesisModels) {
  const ExperimentDefinition def = read_experiment(skinlab_root() / "experiments" / "thesis_parts.json");
  const std::vector<std::string> expected{"homer-thesis", "cow-thesis", "camel-thesis", "dino-thesis",
                                          "diplodocus-thesis"};
  EXPECT_EQ(def.tables[0].models, expected);
  EXPECT_EQ(def.refinement_angles.at("diplodocus-thesis"), 10.0);
  const Manifest manifest = read_manifest(skinlab_root() / "models" / "manifest.json");
  for (const std::string& name : model_names_in_set(manifest, "standard"))
    EXPECT_EQ(name.find("-thesis"), std::string::npos) << name;
  EXPECT_EQ(model_sets(manifest), (std::vector<std::string>{"standard", "thesis-parts"}));
  // Table 5.1's Homer: 9 parts, 4930 vertices; the dino's Table 5.2 PA time 9.274 s.
  EXPECT_EQ(thesis_number("/models/homer-thesis/parts"), 9);
  EXPECT_EQ(thesis_number("/models/homer-thesis/vertices"), thesis_number("/models/homer/vertices"));
  EXPECT_EQ(thesis_number("/skeletonization_s/dino-thesis/pa"), thesis_number("/skeletonization_s/dino/pa"));
  EXPECT_TRUE(thesis_number("/models/man/parts").is_null());
  // Each segmentation's part count, against the thesis' (Table 5.1): the mesh allows these.
  const std::map<std::string, int> parts{
      {"homer-thesis", 10}, {"cow-thesis", 9}, {"camel-thesis", 25}, {"dino-thesis", 22}, {"diplodocus-thesis", 16}};
  for (const auto& [name, count] : parts) EXPECT_EQ(load_model(resolve_model(name)).num_components(), count) << name;
}

TEST(TableWriters, EscapeEachFormatsSpecialCharacters) {
  const Table t{"t", "A & B", {"50% of x_1"}, {"name", "value"}, {{"a,b \"q\"", "1.5"}, {"c|d", ""}}};
  std::ostringstream md, csv, tex;
  write_markdown(t, md);
  write_csv(t, csv);
  write_latex(t, tex);
  EXPECT_NE(md.str().find("| c\\|d |"), std::string::npos) << md.str();
  EXPECT_NE(md.str().find("| --- | ---: |"), std::string::npos) << md.str();  // numbers right-aligned
  EXPECT_NE(csv.str().find("\"a,b \"\"q\"\"\",1.5\r\n"), std::string::npos) << csv.str();
  EXPECT_NE(tex.str().find("\\caption{A \\& B}"), std::string::npos) << tex.str();
  EXPECT_NE(tex.str().find("50\\% of x\\_1"), std::string::npos) << tex.str();
  EXPECT_NE(tex.str().find("{lr}"), std::string::npos) << tex.str();
  // Scaled to the line width when wider than it, never enlarged: the tabular is the box's body.
  EXPECT_NE(
      tex.str().find("\\resizebox{\\ifdim\\width>\\linewidth\\linewidth\\else\\width\\fi}{!}{%\n\\begin{tabular}"),
      std::string::npos)
      << tex.str();
  EXPECT_NE(tex.str().find("\\end{tabular}}\n"), std::string::npos) << tex.str();
}

}  // namespace
}  // namespace skinlab

namespace skinlab {
namespace {

// Every table kind on one small model: the slice the mutation test starts from.
const char* const kEveryKind = R"({"name": "every_kind", "models": ["cactus"], "repeats": 1, "figures": false,
 "tables": [{"id": "models", "kind": "models"},
  {"id": "skeletons", "kind": "skeletonization", "methods": ["centroid", "opening"]},
  {"id": "pre", "kind": "gap_preprocess"},
  {"id": "frames", "kind": "gap_frames", "deformers": ["gap"], "models": ["cow"]},
  {"id": "sbs", "kind": "sbs", "weights": ["opening"]},
  {"id": "quality", "kind": "quality", "deformers": ["rigid", "dqs"], "frames": 2},
  {"id": "pairs", "kind": "joint_pairs", "deformers": ["lbs"], "baseline": "sbs", "margin": 1, "frames": 2},
  {"id": "sweep", "kind": "joint_sweep", "deformers": ["gap"], "joints": {"cactus": ["limb_0_upper"]},
   "motions": [{"name": "bend", "x": [0, 30], "steps": 2}]}]})";

// What `skinlab experiment merge` does with one slice before it writes (the merge fuzz
// harness's step). Returns "" when the slice is accepted, else the refusal. A JSON type error
// from a table builder is not a refusal: the slice check must have caught it.
std::string merge_refusal(const nlohmann::json& slice) {
  try {
    fuzz::merge_one_slice(slice);
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}

}  // namespace

// Structured fuzzing: thousands of seeded mutations of the standard definitions and of a real
// results slice are each accepted or refused with InputError; any other exception fails here, a
// crash or undefined behaviour fails the sanitizer build.
TEST_F(Experiment, MutatedDefinitionsAndSlicesAreReadOrRefused) {
  std::mt19937 random(29);
  int definitions_refused = 0, definitions = 0;
  for (const fs::path& file : {skinlab_root() / "experiments" / "thesis.json", write_definition(kEveryKind)}) {
    const nlohmann::json valid = nlohmann::json::parse(read_text(file));
    ASSERT_NO_THROW(parse_experiment(valid, file.string()));
    for (int i = 0; i < 1500; ++i) {
      nlohmann::json doc = valid;
      const int mutations = 1 + static_cast<int>(random() % 3);
      for (int m = 0; m < mutations; ++m) test::mutate_json(doc, random);
      try {
        parse_experiment(doc, "mutant.json");
      } catch (const InputError&) {
        ++definitions_refused;
      } catch (const std::exception& e) {
        ADD_FAILURE() << "not an input error: " << e.what() << "\n" << doc.dump().substr(0, 2000);
      }
      ++definitions;
    }
  }
  EXPECT_GT(definitions_refused, definitions / 2);  // most mutations break a definition

  std::string out;
  ASSERT_EQ(run(write_definition(kEveryKind).string() + " -o " + (dir_ / "slice").string() + " --quiet", out), 0)
      << out;
  const nlohmann::json valid = nlohmann::json::parse(read_text(dir_ / "slice" / "results.json"));
  ASSERT_EQ(merge_refusal(valid), "");
  for (const auto& [id, task] : valid["tasks"].items()) EXPECT_FALSE(task["rows"].empty()) << id;
  int slices_refused = 0;
  const int slices = 3000;
  for (int i = 0; i < slices; ++i) {
    nlohmann::json doc = valid;
    bool definition_changed = false;
    const int mutations = 1 + static_cast<int>(random() % 3);
    for (int m = 0; m < mutations; ++m)
      definition_changed |= test::mutate_json(doc, random).to_string().rfind("/definition/", 0) == 0;
    // Half the edited definitions carry a matching digest, so that the checks behind it are reached.
    if (definition_changed && random() % 2 == 0 && doc.is_object() && doc.contains("definition"))
      doc["definition_sha256"] = sha256_hex(doc["definition"].dump());
    try {
      if (!merge_refusal(doc).empty()) ++slices_refused;
    } catch (const std::exception& e) {
      ADD_FAILURE() << "not an input error: " << e.what() << "\n" << doc.dump().substr(0, 2000);
    }
  }
  EXPECT_GT(slices_refused, slices / 4);
}

}  // namespace skinlab

namespace skinlab {

// The documented scale-out run for real: a private single-node Slurm runs the definition as a
// three-task job array and the merge job after it (experiments/slurm/single_node.sh), and the
// merged tables equal a single run's, cell for cell. Skipped without slurm-wlm and munge or
// root (.ci/run installs them and runs as root).
TEST_F(Experiment, SlurmJobArrayMergesIntoTheSingleRunsTables) {
  std::string out;
  const int status =
      test::run_command("SKINLAB='" + kExe + "' '" SKINLAB_SOURCE_DIR "/experiments/slurm/single_node.sh' '" +
                            std::string(SKINLAB_TEST_DATA) + "/slurm_small.json' 3 '" + (dir_ / "slurm").string() + "'",
                        out);
  if (status == 77) GTEST_SKIP() << out;
  ASSERT_EQ(status, 0) << out;
  EXPECT_NE(out.find("4 tables, merged from 3 Slurm slices, equal to the single run's"), std::string::npos) << out;
  for (const char* table : {"models", "quality", "sweeps", "sweeps_worst"})
    EXPECT_EQ(read_text(dir_ / "slurm" / "merged" / "tables" / (std::string(table) + ".csv")),
              read_text(dir_ / "slurm" / "single" / "tables" / (std::string(table) + ".csv")))
        << table;
  EXPECT_GE(csv_rows(read_text(dir_ / "slurm" / "merged" / "tables" / "quality.csv")).size(), 7u);
}

// Every registered table kind, on one model, through the runner's steps: its tasks measured,
// the rows accepted by merge's schema check, a table with a row per result and as many cells as
// columns, and its figures written. A new kind is checked by being registered.
TEST_F(Experiment, EveryRegisteredTableKindMeasuresBuildsAndDraws) {
  const bool gnuplot = std::system("command -v gnuplot > /dev/null 2>&1") == 0;
  for (const TableKindEntry& kind : table_kinds()) {
    SCOPED_TRACE(kind.name);
    nlohmann::json table = {{"id", "t"}, {"kind", kind.name}};
    // One variant and two frames: the check is of the kind's plumbing, not of its numbers.
    if (kind.variants) table[kind.variants->key] = {kind.variants->defaults.front()};
    if (kind.takes_frames) table["frames"] = 2;
    table.update(kind.small_options);
    const nlohmann::json source = {
        {"name", "kind_" + kind.name}, {"models", {"cow"}}, {"repeats", 1}, {"tables", {table}}};
    const ExperimentDefinition def = parse_experiment(source, "kind.json");
    ASSERT_EQ(def.tables.front().kind, &kind);
    nlohmann::json tasks = nlohmann::json::object();
    for (const ExperimentTask& task : experiment_tasks(def))
      tasks[task.id] = {{"rows", run_task(def, task)}, {"seconds", 0.0}};
    const nlohmann::json results = merge_results({experiment_results(def, "1/1", tasks)}, {"kind"});
    const std::vector<Table> tables = experiment_tables(def, results);
    // The kind's table, one row per result row; then any further tables (the thesis' layout),
    // each with rows as wide as its columns and an id of its own.
    ASSERT_EQ(tables.size(), kind.more_tables ? 2u : 1u);
    ASSERT_FALSE(tables[0].rows.empty());
    EXPECT_EQ(tables[0].rows.size(), results["tasks"]["t/cow"]["rows"].size());
    std::set<std::string> ids;
    for (const Table& built : tables) {
      EXPECT_TRUE(ids.insert(built.id).second) << built.id;
      EXPECT_FALSE(built.rows.empty()) << built.id;
      for (const auto& row : built.rows) EXPECT_EQ(row.size(), built.columns.size()) << built.id;
      EXPECT_EQ(unexplained_blanks(built), std::vector<std::string>{}) << built.id;
      EXPECT_TRUE(built.csv_cells.empty() || built.csv_cells.size() == built.rows.size()) << built.id;
      for (const auto& cells : built.csv_cells) EXPECT_EQ(cells.size(), built.csv_columns.size()) << built.id;
    }
    if (!kind.figures) continue;
    const fs::path figures = dir_ / ("figures-" + kind.name);
    fs::create_directories(figures);
    std::vector<nlohmann::json> rows(results["tasks"]["t/cow"]["rows"].begin(),
                                     results["tasks"]["t/cow"]["rows"].end());
    kind.figures(def, def.tables.front(), rows, figures, [](const std::string&) {});
    int pictures = 0;
    for (const auto& entry : fs::directory_iterator(figures)) pictures += entry.path().extension() == ".png";
    if (gnuplot || kind.name != "gap_frames") {
      EXPECT_GE(pictures, 1);
    }
  }
}

}  // namespace skinlab
