// SPDX-License-Identifier: GPL-3.0-or-later
// The `skinlab` subcommands. Each adds itself to the CLI11 app; its callback stores the exit
// code (0 ok, 2 bad input) in `exit_code` and throws InputError for bad input it cannot go on from.
#pragma once

#include <CLI/CLI.hpp>

namespace skinlab {

/// `--limits`' help, shared by animate and view.
inline constexpr const char* kLimitsHelp =
    "What a violated joint limit cancels: joint (the joint's whole motion for the frame, thesis 4.3) or dof (only "
    "the angle outside its range)";

/// Every subcommand, in the order `--help` lists them (the tests walk the same app).
void add_commands(CLI::App& app, int& exit_code, int argc, char** argv);

void add_check_command(CLI::App& app, int& exit_code);
void add_info_command(CLI::App& app, int& exit_code);
void add_skeletonize_command(CLI::App& app, int& exit_code);
void add_bench_command(CLI::App& app, int& exit_code);
void add_experiment_command(CLI::App& app, int& exit_code);
void add_weights_command(CLI::App& app, int& exit_code);
void add_segment_command(CLI::App& app, int& exit_code);
void add_animate_command(CLI::App& app, int& exit_code);
void add_clip_command(CLI::App& app, int& exit_code);
void add_rename_command(CLI::App& app, int& exit_code);
/// `argc`/`argv` go to glutInit (X display options).
void add_view_command(CLI::App& app, int& exit_code, int argc, char** argv);

}  // namespace skinlab
