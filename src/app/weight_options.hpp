// SPDX-License-Identifier: GPL-3.0-or-later
// The skinning options every command that takes --skinning shares.
#pragma once

#include <CLI/CLI.hpp>
#include <string>
#include <vector>

#include "skinlab/rigging/weights.hpp"

namespace skinlab {

/// The options every command that takes --skinning shares: --weights FILE, --weight-method
/// opening|heat, --threads N (default: the hardware's threads).
void add_weight_options(CLI::App& command, WeightsSpec& weights, int& threads);
/// Throws InputError when `command` was given --weights or --weight-method although none of
/// `deformers` reads weights: an option that would silently do nothing is a mistake.
void refuse_unused_weight_options(const CLI::App& command, const std::vector<std::string>& deformers);

}  // namespace skinlab
