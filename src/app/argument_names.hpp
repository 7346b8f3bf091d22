// SPDX-License-Identifier: GPL-3.0-or-later
// Names a misspelt subcommand or option before CLI11 parses the command line. CLI11 reports a
// missing required option or "A subcommand is required" first and suggests nothing: `skinlab
// animat` and `animate --clp` both left the user guessing.
#pragma once

#include <CLI/CLI.hpp>
#include <string>
#include <vector>

namespace skinlab {

/// The candidate nearest `word` by edit distance, or "" when none is near enough to be a slip
/// (more than a third of the word's length, at least 2, away).
std::string closest_name(const std::string& word, const std::vector<std::string>& candidates);

/// Walks argv as CLI11 will: the first word names a subcommand of `app`, a later word may name a
/// subcommand of the one chosen, and every `-x`/`--name` (up to `--`) must be an option of the
/// subcommand it follows. A negative number is a value, not an option. Throws InputError naming
/// the first unknown one, with the closest valid name ("skinlab: unknown subcommand 'animat'; did
/// you mean 'animate'?").
void check_argument_names(CLI::App& app, int argc, const char* const* argv);

}  // namespace skinlab
