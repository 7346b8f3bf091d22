// SPDX-License-Identifier: GPL-3.0-or-later
#include "skinlab/app/commands.hpp"

namespace skinlab {

void add_commands(CLI::App& app, int& exit_code, int argc, char** argv) {
  app.require_subcommand(1);
  add_check_command(app, exit_code);
  add_info_command(app, exit_code);
  add_skeletonize_command(app, exit_code);
  add_segment_command(app, exit_code);
  add_rename_command(app, exit_code);
  add_animate_command(app, exit_code);
  add_clip_command(app, exit_code);
  add_view_command(app, exit_code, argc, argv);
  add_weights_command(app, exit_code);
  add_bench_command(app, exit_code);
  add_experiment_command(app, exit_code);
}

}  // namespace skinlab
