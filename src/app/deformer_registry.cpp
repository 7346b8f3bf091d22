#include "app/deformer_registry.hpp"

#include "core/error.hpp"
#include "skinning/rigid_deformer.hpp"

namespace skinlab {

const std::vector<DeformerEntry>& deformer_registry() {
  static const std::vector<DeformerEntry> entries{
      {"rigid", "every part follows its joint; the parts' border vertices are not welded (thesis §4.3)",
       [](const SegmentedModel& model, std::shared_ptr<const Rig>) { return std::make_unique<RigidDeformer>(model); }},
  };
  return entries;
}

const DeformerEntry& find_deformer(const std::string& name) {
  for (const DeformerEntry& entry : deformer_registry())
    if (entry.name == name) return entry;
  std::string known;
  for (const std::string& n : deformer_names()) known += (known.empty() ? "" : ", ") + n;
  throw InputError("--skinning: unknown deformer '" + name + "' (expected one of: " + known + ")");
}

std::vector<std::string> deformer_names() {
  std::vector<std::string> names;
  for (const DeformerEntry& entry : deformer_registry()) names.push_back(entry.name);
  return names;
}

std::string deformer_option_help() {
  std::string help = "Deformer:";
  for (const DeformerEntry& entry : deformer_registry()) help += "\n  " + entry.name + ": " + entry.summary;
  return help;
}

}  // namespace skinlab
