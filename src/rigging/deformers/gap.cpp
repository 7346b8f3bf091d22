// SPDX-License-Identifier: GPL-3.0-or-later
// Rigid skinning with the gap reconstruction at the joints [VF08 §4.4], the band back end.
#include "skinlab/gap/gap_deformer.hpp"
#include "skinlab/rigging/deformer_registry.hpp"

namespace skinlab {

DeformerEntry gap_deformer_entry() {
  return {"gap",
          "rigid skinning with gap reconstruction at every moved joint (thesis §4.4): overlaps removed, QLERP "
          "arcs and arcs about the rotation axis added, the band between parent and child triangulated; closed "
          "frames. Each joint's twist about the child's bone is spread over bands of the parent and the child, the "
          "patch keeps out of the joint's ball, is relaxed once and unfolded; a cap (a child without children whose "
          "opening is not star-shaped about its centre) is blended across its opening instead (docs/gap.md, "
          "\"Second generation\")",
          false, [](DeformerContext& c) { return make_gap_deformer(c, {}, GapOptions::second_generation()); }};
}

}  // namespace skinlab
