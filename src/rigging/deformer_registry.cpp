// SPDX-License-Identifier: GPL-3.0-or-later
#include "skinlab/rigging/deformer_registry.hpp"

#include "skinlab/core/error.hpp"
#include "skinlab/core/registry.hpp"

namespace skinlab {

// Each entry function is defined in its deformer's file (deformers/); declared here, from the list.
#define SKINLAB_DEFORMER(name) DeformerEntry name##_deformer_entry();
#include "skinlab/rigging/deformers/deformer_list.hpp"
#undef SKINLAB_DEFORMER

const std::vector<DeformerEntry>& deformer_registry() {
  static const std::vector<DeformerEntry> entries{
#define SKINLAB_DEFORMER(name) name##_deformer_entry(),
#include "skinlab/rigging/deformers/deformer_list.hpp"
#undef SKINLAB_DEFORMER
  };
  return entries;
}

const DeformerEntry& find_deformer(const std::string& name) {
  if (const DeformerEntry* entry = find_named(deformer_registry(), name)) return *entry;
  throw InputError("--skinning: unknown deformer '" + name + "' (expected one of: " + names_text(deformer_registry()) +
                   ")");
}

std::vector<std::string> deformer_names() { return names_of(deformer_registry()); }

std::string deformer_option_help() {
  std::string help = "Deformer:";
  for (const DeformerEntry& entry : deformer_registry()) help += "\n  " + entry.name + ": " + entry.summary;
  return help;
}

}  // namespace skinlab
