// SPDX-License-Identifier: GPL-3.0-or-later
// `skinlab check FILE... [--mesh MODEL] [--skel FILE]`: a linter for the files authors write
// (hierarchies, clips, labels, experiment definitions, meshes).
#include <iostream>

#include "skinlab/app/commands.hpp"
#include "skinlab/core/clip_io.hpp"
#include "skinlab/core/error.hpp"
#include "skinlab/core/lexer.hpp"
#include "skinlab/experiments/experiment.hpp"
#include "skinlab/io/mesh_formats.hpp"
#include "skinlab/io/model_library.hpp"
#include "skinlab/io/read_mesh.hpp"

namespace skinlab {

namespace {

struct CheckOptions {
  std::vector<std::string> files;
  std::string mesh;
  std::string skel;
};

std::string describe_model(const SegmentedModel& model) {
  return std::to_string(model.mesh().num_vertices()) + " vertices, " + std::to_string(model.mesh().num_triangles()) +
         " triangles, " + std::to_string(model.num_components()) + " components, " +
         std::to_string(model.openings().size()) + " openings";
}

// One line on success; throws InputError with the file's first problem otherwise.
std::string check_file(const std::filesystem::path& file, const CheckOptions& options) {
  const std::string ext = file.extension().string();
  if (iequals(ext, ".skel")) {
    const SkelFile skel = read_skel(file);
    std::string line =
        "hierarchy, " + std::to_string(skel.joints.size()) + " joints, root '" + skel.joints[0].name + "'";
    if (!options.mesh.empty()) {
      // A .seg's label i names this hierarchy's i-th segment (docs/formats.md).
      const ModelFiles files = resolve_model(options.mesh);
      std::vector<std::string> names;
      for (const SkelJoint& j : skel.joints) names.push_back(j.name);
      SegmentedModel model = SegmentedModel::build(read_labeled_mesh(files.mesh, files.labels, names),
                                                   (files.labels.empty() ? files.mesh : files.labels).string());
      model.attach_hierarchy(skel);
      line += ", matches " + options.mesh;
    }
    return line;
  }
  if (iequals(ext, ".clip")) {
    const ClipFile clip = read_clip(file);
    std::size_t keys = 0;
    for (const ClipChannel& c : clip.channels) keys += c.keys.size();
    std::string line = "clip, " + std::to_string(clip.channels.size()) + " channels, " + std::to_string(keys) +
                       " keys, range " + format_double(clip.range_begin) + ".." + format_double(clip.range_end) + " s";
    std::filesystem::path skel_path = options.skel;
    if (skel_path.empty() && !options.mesh.empty()) skel_path = resolve_model(options.mesh).hierarchy;
    if (!skel_path.empty()) {
      resolve_clip_dofs(clip, read_skel(skel_path));
      line += ", every DOF in " + skel_path.string();
    }
    return line;
  }
  if (iequals(ext, ".seg")) {
    if (options.mesh.empty()) throw InputError(file.string() + ": checking a .seg needs the mesh: --mesh MESH");
    ModelFiles files = resolve_model(options.mesh);
    files.labels = file;
    const SegmentedModel model = load_model(files);
    return "labels for " + options.mesh + ", " + describe_model(model);
  }
  if (iequals(ext, ".json")) {
    const ExperimentDefinition def = read_experiment(file);
    return "experiment definition '" + def.name + "', " + std::to_string(def.tables.size()) + " tables, " +
           std::to_string(experiment_tasks(def).size()) + " tasks";
  }
  if (find_mesh_format(file) != nullptr) {
    if (!std::filesystem::exists(file)) throw InputError(file.string() + ": no such file");
    return "mesh, " + describe_model(SegmentedModel::build(read_labeled_mesh(file), file.string()));
  }
  throw InputError(file.string() + ": unknown file type '" + ext + "' (expected .skel, .clip, .seg, an experiment definition (.json) or a mesh: " +
                   mesh_extensions_text() + ")");
}

}  // namespace

void add_check_command(CLI::App& app, int& exit_code) {
  auto options = std::make_shared<CheckOptions>();
  CLI::App* sub =
      app.add_subcommand("check", "Validate .skel, .clip, .seg, experiment definition (.json) and mesh files (exit 2 if any is bad)");
  sub->add_option("files", options->files, "Files to check")->required();
  sub->add_option("--mesh", options->mesh,
                  "Mesh or standard model: required for .seg; .skel names and .clip DOFs are checked against it");
  sub->add_option("--skel", options->skel, "Hierarchy whose joints a .clip's DOFs must name");
  sub->callback([options, &exit_code] {
    for (const std::string& file : options->files) {
      try {
        const std::string summary = check_file(file, *options);
        std::cout << file << ": ok, " << summary << '\n';
      } catch (const InputError& e) {
        std::cerr << e.what() << '\n';
        exit_code = 2;
      }
    }
  });
}

}  // namespace skinlab
