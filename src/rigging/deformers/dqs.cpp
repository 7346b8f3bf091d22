// SPDX-License-Identifier: GPL-3.0-or-later
// Dual quaternion skinning [KCZO08].
#include "skinlab/rigging/deformer_registry.hpp"
#include "skinlab/skinning/blend_deformer.hpp"

namespace skinlab {

DeformerEntry dqs_deformer_entry() {
  return {"dqs", "dual quaternion skinning (Kavan et al. 2008)", true,
          [](DeformerContext& c) { return make_smooth_deformer(c, BlendKind::dqs); }};
}

}  // namespace skinlab
