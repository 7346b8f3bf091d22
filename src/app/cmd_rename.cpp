// SPDX-License-Identifier: GPL-3.0-or-later
// `skinlab rename MESH OLD=NEW...`: renames parts in the model's .skel, OBJ groups and the clips
// beside it (io/rename_parts.hpp).
#include <filesystem>
#include <iostream>
#include <map>

#include "skinlab/app/commands.hpp"
#include "skinlab/core/error.hpp"
#include "skinlab/io/model_library.hpp"
#include "skinlab/io/rename_parts.hpp"

namespace skinlab {

namespace {

struct RenameOptions {
  std::string model;
  std::vector<std::string> pairs;
};

void run_rename(const RenameOptions& o) {
  std::error_code error;
  if (!std::filesystem::is_regular_file(o.model, error))
    throw InputError(o.model +
                     ": not a mesh file; standard models keep their names (the clips and experiments name "
                     "them): copy its files and rename the copy");
  std::map<std::string, std::string> names;
  for (const std::string& pair : o.pairs) {
    const std::size_t equals = pair.find('=');
    if (equals == std::string::npos || equals == 0 || equals + 1 == pair.size())
      throw InputError("'" + pair + "': expected OLD=NEW");
    if (!names.emplace(pair.substr(0, equals), pair.substr(equals + 1)).second)
      throw InputError("'" + pair.substr(0, equals) + "' is renamed twice");
  }
  const ModelFiles files = resolve_model(o.model);
  const std::vector<std::filesystem::path> written = rename_parts(files, names);
  std::cout << files.name << ": renamed " << names.size() << " part" << (names.size() == 1 ? "" : "s") << " in";
  for (const std::filesystem::path& file : written) std::cout << ' ' << file.string();
  std::cout << '\n';
}

}  // namespace

void add_rename_command(CLI::App& app, int& exit_code) {
  auto o = std::make_shared<RenameOptions>();
  CLI::App* sub = app.add_subcommand(
      "rename", "Rename parts in a model's .skel, OBJ groups and STEM_*.clip beside it, all at once");
  sub->add_option("model", o->model, "Mesh path of the model (with its .skel beside it)")->required();
  sub->add_option("names", o->pairs, "OLD=NEW, one per part")->required();
  sub->callback([o, &exit_code] {
    run_rename(*o);
    exit_code = 0;
  });
}

}  // namespace skinlab
