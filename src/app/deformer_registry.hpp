// The one place deformers are registered by name. Commands, the viewer (handed this list) and
// the experiment runner choose them with `--skinning NAME`; a new deformer is one new file in
// src/skinning (or src/gap) plus one line here.
#pragma once

#include <CLI/CLI.hpp>
#include <string>
#include <vector>

#include "skinning/deformer.hpp"

namespace skinlab {

const std::vector<DeformerEntry>& deformer_registry();
/// Throws InputError naming the registered deformers when `name` is not one.
const DeformerEntry& find_deformer(const std::string& name);
std::vector<std::string> deformer_names();
/// "Deformer: rigid (rigid skinning of the parts, ...)" for --help.
std::string deformer_option_help();

/// The options every command that takes --skinning shares: --weights FILE, --weight-method
/// opening|heat, --threads N (default: the hardware's threads).
void add_weight_options(CLI::App& command, WeightsSpec& weights, int& threads);
/// Throws InputError when `command` was given --weights or --weight-method although none of
/// `deformers` reads weights: an option that would silently do nothing is a mistake.
void refuse_unused_weight_options(const CLI::App& command, const std::vector<std::string>& deformers);

}  // namespace skinlab
