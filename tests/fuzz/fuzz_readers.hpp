// SPDX-License-Identifier: GPL-3.0-or-later
// What each libFuzzer harness does with its input, shared with the FuzzRegressions test that
// replays saved findings in the ordinary test build. A reader may reject input with InputError
// (that is its job); anything else — a crash, a hang, a sanitizer report, another exception — is
// a finding.
#pragma once

#include <sstream>
#include <string>
#include <string_view>

#include "skinlab/core/clip_io.hpp"
#include "skinlab/core/segmented_model.hpp"
#include "skinlab/core/skel_io.hpp"
#include "skinlab/core/weights_io.hpp"
#include "skinlab/experiments/experiment.hpp"
#include "skinlab/io/json_file.hpp"
#include "skinlab/io/mesh_formats.hpp"
#include "skinlab/io/model_library.hpp"
#include "skinlab/io/read_mesh.hpp"

namespace skinlab::fuzz {

inline constexpr std::string_view kTargets[] = {"skel", "clip", "seg", "off", "obj", "assimp", "weights", "assimp_sandbox",
                                             "experiment", "merge"};

/// The extension, which picks Assimp's importer, for fuzz input `text`: a 3DS file (its main
/// chunk id 0x4D4D first) goes to the .3ds importer; other input cycles by its size through every
/// format of the mesh-format table (OBJ and OFF check that Assimp's own importers are never
/// reached: they are refused).
inline std::string assimp_extension(const std::string& text) {
  if (text.size() >= 2 && text[0] == 0x4D && text[1] == 0x4D) return "3ds";
  const std::vector<MeshFormat>& formats = mesh_formats();
  return formats[text.size() % formats.size()].extension;
}

/// What `experiment merge` does with one slice, short of writing: check and merge it, read its
/// definition, build and print every table. Throws InputError where merge refuses the slice.
inline void merge_one_slice(const nlohmann::json& slice) {
  const nlohmann::json merged = merge_results({slice}, {"fuzz"});
  const ExperimentDefinition def = parse_experiment(merged["definition"], "fuzz/results.json");
  std::ostringstream out;
  for (const Table& table : experiment_tables(def, merged)) {
    write_markdown(table, out);
    write_csv(table, out);
    write_latex(table, out);
  }
}

/// merge_one_slice on `text`, a slice's results.json. When the first byte is even, the
/// definition's SHA-256 is set to match first: a mutation hardly ever keeps the two in step, and
/// the row checks and the tables behind the digest check need fuzzing too.
inline void merge_slice_text(const std::string& text) {
  nlohmann::json slice = parse_json_text("fuzz/results.json", text);
  if (!text.empty() && text[0] % 2 == 0 && slice.is_object() && slice.contains("definition"))
    slice["definition_sha256"] = sha256_hex(slice["definition"].dump());
  merge_one_slice(slice);
}

/// Reads `text` as format kTargets[target], building a model from a mesh that parses.
inline void read_as(int target, const std::string& text) {
  switch (target) {
    case 0:
      parse_skel("fuzz.skel", text);
      return;
    case 1:
      parse_clip("fuzz.clip", text);
      return;
    case 2: {
      // The label count is the first byte, so matching and mismatching counts both occur.
      const int faces = text.empty() ? 0 : static_cast<unsigned char>(text[0]);
      parse_seg("fuzz.seg", text.empty() ? text : text.substr(1), faces, {"a", "b", "c"});
      return;
    }
    case 3: {
      LabeledMesh labeled;
      labeled.mesh = parse_off("fuzz.off", text, &labeled.face_lines);
      labeled.labels.assign(labeled.mesh.triangles.size(), 0);
      labeled.part_names = {"part0"};
      SegmentedModel::build(std::move(labeled), "fuzz.off");
      return;
    }
    case 4:
      SegmentedModel::build(parse_obj("fuzz.obj", text), "fuzz.obj");
      return;
    case 5:
      // In process, so that libFuzzer sees Assimp's coverage; seeded with OBJ and OFF only, since
      // from the other formats' seeds it soon finds allocations inside Assimp without bound,
      // which only a process boundary contains (the next target).
      SegmentedModel::build(parse_assimp("fuzz", text, assimp_extension(text)), "fuzz");
      return;
    case 6: {
      // As for .seg, the first byte is the mesh's vertex count.
      const int vertices = text.empty() ? 0 : static_cast<unsigned char>(text[0]);
      parse_weights("fuzz.weights", text.empty() ? text : text.substr(1), vertices, {"a", "b", "c"});
      return;
    }
    case 7:
      // The command line's path: the import in a bounded child, seeded with one file per format.
      // The child's coverage does not reach libFuzzer, so this is mutation without guidance; what
      // it checks is the contract: the parent never crashes, whatever Assimp does.
      SegmentedModel::build(parse_assimp_sandboxed("fuzz", text, assimp_extension(text), {2.0, 512}), "fuzz");
      return;
    case 8:
      // An experiment definition, as `skinlab check` and `experiment` read it, and its tasks.
      experiment_tasks(parse_experiment(parse_json_text("fuzz.json", text), "fuzz.json"));
      return;
    case 9:
      merge_slice_text(text);
      return;
  }
}

}  // namespace skinlab::fuzz
