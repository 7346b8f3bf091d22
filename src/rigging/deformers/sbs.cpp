// SPDX-License-Identifier: GPL-3.0-or-later
// Spherical blend skinning [KZ05].
#include "skinlab/rigging/deformer_registry.hpp"
#include "skinlab/skinning/blend_deformer.hpp"

namespace skinlab {

DeformerEntry sbs_deformer_entry() {
  return {"sbs", "spherical blend skinning (Kavan & Zara 2005): QLERP about each joint set's centre of rotation", true,
          [](DeformerContext& c) { return make_smooth_deformer(c, BlendKind::sbs); }};
}

}  // namespace skinlab
