// SPDX-License-Identifier: GPL-3.0-or-later
// The one place deformers are registered by name. Commands, the viewer (handed this list) and
// the experiment runner choose them with `--skinning NAME`. A new deformer is one file in
// src/rigging/deformers/ (its entry, and its class where it has no home in the runtime) plus one
// line in deformers/deformer_list.hpp. Offline: the list includes gap-thesis, which reconstructs
// its patches with CGAL.
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "skinlab/skinning/deformer.hpp"
#include "skinlab/skinning/deformer_context.hpp"

namespace skinlab {

/// A deformer as the application registers it: by name, with a one-line summary for --help,
/// and whether it reads skinning weights (so that --weights given to one that does not is
/// refused rather than silently ignored).
struct DeformerEntry {
  std::string name;
  std::string summary;
  bool uses_weights;
  std::function<std::unique_ptr<Deformer>(DeformerContext&)> create;
};

const std::vector<DeformerEntry>& deformer_registry();
/// Throws InputError naming the registered deformers when `name` is not one.
const DeformerEntry& find_deformer(const std::string& name);
std::vector<std::string> deformer_names();
/// "Deformer: rigid (rigid skinning of the parts, ...)" for --help.
std::string deformer_option_help();

}  // namespace skinlab
