#include "app/deformer_registry.hpp"
#include "app/number_option.hpp"

#include <thread>

#include "core/error.hpp"
#include "gap/gap_deformer.hpp"
#include "skinning/blend_deformer.hpp"

namespace skinlab {

const std::vector<DeformerEntry>& deformer_registry() {
  const auto blend = [](BlendKind kind) {
    return [kind](DeformerContext& c) -> std::unique_ptr<Deformer> { return make_smooth_deformer(c, kind); };
  };
  static const std::vector<DeformerEntry> entries{
      {"rigid", "every part follows its joint; the parts' border vertices are not welded (thesis §4.3)", false,
       [](DeformerContext& c) { return make_rigid_deformer(c.model(), c.rig(), c.threads()); }},
      {"gap",
       "rigid skinning with gap reconstruction at every moved joint (thesis §4.4): overlaps removed, QLERP and "
       "Bézier arcs added, the band between parent and child triangulated; closed frames", false,
       [](DeformerContext& c) { return make_gap_deformer(c, GapBackEnd::band); }},
      {"gap-thesis",
       "gap reconstruction as the thesis triangulates it (§4.4.3): a surface reconstructed from the patch points "
       "(CGAL advancing front in place of Tight Cocone), oriented and filtered; frames may have holes", false,
       [](DeformerContext& c) { return make_gap_deformer(c, GapBackEnd::thesis); }},
      {"lbs", "linear blend skinning of the welded mesh (weights: --weights or --weight-method)", true,
       blend(BlendKind::lbs)},
      {"sbs", "spherical blend skinning (Kavan & Zara 2005): QLERP about each joint set's centre of rotation", true,
       blend(BlendKind::sbs)},
      {"dqs", "dual quaternion skinning (Kavan et al. 2008)", true, blend(BlendKind::dqs)},
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

void add_weight_options(CLI::App& command, WeightsSpec& weights, int& threads) {
  threads = std::max(1, static_cast<int>(std::thread::hardware_concurrency()));
  command.add_option("--weights", weights.file, "Skinning weights file for lbs, sbs, dqs (.weights, docs/formats.md)")
      ->check(CLI::ExistingFile);
  command
      .add_option("--weight-method", weights.method,
                  "Weights when no --weights file is given: opening (blend across each opening) or heat (bone heat)")
      ->check(CLI::IsMember({"opening", "heat"}))
      ->capture_default_str();
  command.add_option("--threads", threads, "Threads a deformer splits its vertex loop over")
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
      const std::string chosen = deformers.size() == 1 ? "the '" + deformers[0] + "' deformer uses" : "these deformers use";
      throw InputError(std::string(option) + ": " + chosen + " no skinning weights (only " + weighted +
                       " do); leave it out or choose one of those with --skinning");
    }
}

}  // namespace skinlab
