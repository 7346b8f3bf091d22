// The gap reconstruction triangulated as the thesis does it (§4.4.3): a surface reconstructed
// from each patch's points (CGAL, offline).
#include "skinlab/gap/gap_deformer.hpp"
#include "skinlab/gap/reconstruct_patch.hpp"
#include "skinlab/rigging/deformer_registry.hpp"

namespace skinlab {

DeformerEntry gap_thesis_deformer_entry() {
  return {"gap-thesis",
          "gap reconstruction as the thesis triangulates it (§4.4.3): a surface reconstructed from the patch points "
          "(CGAL advancing front in place of Tight Cocone), oriented and filtered; frames may have holes",
          false, [](DeformerContext& c) { return make_gap_deformer(c, reconstruct_patch); }};
}

}  // namespace skinlab
