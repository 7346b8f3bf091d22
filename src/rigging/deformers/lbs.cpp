// SPDX-License-Identifier: GPL-3.0-or-later
// Linear blend skinning of the welded mesh.
#include "skinlab/rigging/deformer_registry.hpp"
#include "skinlab/skinning/blend_deformer.hpp"

namespace skinlab {

DeformerEntry lbs_deformer_entry() {
  return {"lbs", "linear blend skinning of the welded mesh (weights: --weights or --weight-method)", true,
          [](DeformerContext& c) { return make_smooth_deformer(c, BlendKind::lbs); }};
}

}  // namespace skinlab
