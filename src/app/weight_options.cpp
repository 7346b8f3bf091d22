// SPDX-License-Identifier: GPL-3.0-or-later
#include "skinlab/app/weight_options.hpp"

#include <thread>

#include "skinlab/app/number_option.hpp"
#include "skinlab/core/error.hpp"
#include "skinlab/rigging/deformer_registry.hpp"

namespace skinlab {

void add_weight_options(CLI::App& command, WeightsSpec& weights, int& threads) {
  threads = std::max(1, static_cast<int>(std::thread::hardware_concurrency()));
  command.add_option("--weights", weights.file, "Skinning weights file for lbs, sbs, dqs (.weights, docs/formats.md)")
      ->check(CLI::ExistingFile);
  command
      .add_option("--weight-method", weights.method,
                  "Weights when no --weights file is given: opening (blend across each opening) or heat (bone heat)")
      ->check(CLI::IsMember({"opening", "heat"}))
      ->capture_default_str();
  command
      .add_option("--threads", threads,
                  "Threads a deformer splits its vertex loop over (default: every hardware thread; a mesh under "
                  "32,768 vertices is skinned on one, which is faster there)")
      ->check(finite_range(1, 256))
      ->capture_default_str();
}

void refuse_unused_weight_options(const CLI::App& command, const std::vector<std::string>& deformers) {
  for (const std::string& name : deformers)
    if (find_deformer(name).uses_weights) return;
  for (const char* option : {"--weights", "--weight-method"})
    if (command.count(option) > 0) {
      std::string weighted;
      for (const DeformerEntry& entry : deformer_registry())
        if (entry.uses_weights) weighted += (weighted.empty() ? "" : ", ") + entry.name;
      const std::string chosen =
          deformers.size() == 1 ? "the '" + deformers[0] + "' deformer uses" : "these deformers use";
      throw InputError(std::string(option) + ": " + chosen + " no skinning weights (only " + weighted +
                       " do); leave it out or choose one of those with --skinning");
    }
}

}  // namespace skinlab
