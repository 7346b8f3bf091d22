// SPDX-License-Identifier: GPL-3.0-or-later
// `skinlab clip exercise MODEL -o FILE.clip [--move-seconds S] [--max-degrees D]`: a clip that
// moves every joint of the model's hierarchy through its limits (rigging/exercise_clip.hpp).
#include <iostream>
#include <nlohmann/json.hpp>

#include "skinlab/app/commands.hpp"
#include "skinlab/app/number_option.hpp"
#include "skinlab/core/atomic_file.hpp"
#include "skinlab/core/error.hpp"
#include "skinlab/io/json_text.hpp"
#include "skinlab/io/model_library.hpp"
#include "skinlab/rigging/exercise_clip.hpp"

namespace skinlab {

namespace {

struct ExerciseOptions {
  std::string model;
  std::string output;
  ExerciseParams params;
  bool json = false;
};

void run_exercise(const ExerciseOptions& o) {
  const ModelFiles files = resolve_model(o.model);
  if (files.hierarchy.empty())
    throw InputError(o.model + ": no hierarchy (.skel beside the mesh) to exercise; `skinlab segment` writes one");
  const SkelFile skel = read_skel(files.hierarchy);
  const ClipFile clip = exercise_clip(skel, o.params);
  write_file_atomically(o.output, [&](std::ostream& out) {
    out << "# Exercise clip for " << files.name << " (" << files.hierarchy.filename().string()
        << "), written by `skinlab clip exercise`: each joint alone through its limits, one axis at a time, "
        << o.params.move_seconds << " s a move, then every joint together.\n";
    write_clip(out, clip);
  });
  if (o.json) {
    std::cout << json_text({{"model", files.name},
                            {"channels", clip.channels.size()},
                            {"seconds", clip.range_end},
                            {"output", o.output}})
              << '\n';
  } else {
    std::cout << files.name << ": " << clip.channels.size() << " channels over " << clip.range_end << " s, written to "
              << o.output << '\n';
  }
}

}  // namespace

void add_clip_command(CLI::App& app, int& exit_code) {
  CLI::App* clip = app.add_subcommand("clip", "Write clips for a model's rig");
  clip->require_subcommand(1);
  auto o = std::make_shared<ExerciseOptions>();
  CLI::App* sub = clip->add_subcommand(
      "exercise", "A clip moving every joint through its limits, one axis at a time, then all together");
  sub->add_option("model", o->model, "Standard model name or mesh path with a hierarchy")->required();
  sub->add_option("-o,--output", o->output, "The .clip file to write")->required();
  sub->add_option("--move-seconds", o->params.move_seconds, "Seconds from rest to a limit, or back")
      ->check(finite_range(0.01, 60.0))
      ->capture_default_str();
  sub->add_option("--max-degrees", o->params.max_degrees,
                  "Largest angle a move reaches (a wider limit is exercised to this angle)")
      ->check(finite_range(1.0, 360.0))
      ->capture_default_str();
  sub->add_flag("--json", o->json, "Print the channel count and the length as JSON");
  sub->callback([o, &exit_code] {
    run_exercise(*o);
    exit_code = 0;
  });
}

}  // namespace skinlab
