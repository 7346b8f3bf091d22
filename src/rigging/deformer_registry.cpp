#include "rigging/deformer_registry.hpp"

#include "core/error.hpp"
#include "gap/gap_deformer.hpp"
#include "gap/reconstruct_patch.hpp"
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
       [](DeformerContext& c) { return make_gap_deformer(c); }},
      {"gap-thesis",
       "gap reconstruction as the thesis triangulates it (§4.4.3): a surface reconstructed from the patch points "
       "(CGAL advancing front in place of Tight Cocone), oriented and filtered; frames may have holes", false,
       [](DeformerContext& c) { return make_gap_deformer(c, reconstruct_patch); }},
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

}  // namespace skinlab
