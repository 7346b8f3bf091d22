// SPDX-License-Identifier: GPL-3.0-or-later
// Rigid skinning [VF08 §4.3]: each part follows its joint alone.
#include "skinlab/rigging/deformer_registry.hpp"
#include "skinlab/skinning/blend_deformer.hpp"

namespace skinlab {

DeformerEntry rigid_deformer_entry() {
  return {"rigid", "every part follows its joint; the parts' border vertices are not welded (thesis §4.3)", false,
          [](DeformerContext& c) { return make_rigid_deformer(c.model(), c.rig(), c.threads()); }};
}

}  // namespace skinlab
