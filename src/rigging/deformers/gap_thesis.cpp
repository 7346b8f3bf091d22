// SPDX-License-Identifier: GPL-3.0-or-later
// The gap reconstruction as the thesis prints it (§4.4, Algorithm 5): its Add (triplets, the
// Bézier blend with the corrected M2 only, a fallback only where the conic test fails) and a
// triangulation of the patch points (CGAL, offline) restricted to the band between the two loops.
#include "skinlab/gap/gap_deformer.hpp"
#include "skinlab/gap/reconstruct_patch.hpp"
#include "skinlab/gap/triangulate_band.hpp"
#include "skinlab/rigging/deformer_registry.hpp"

namespace skinlab {

DeformerEntry gap_thesis_deformer_entry() {
  return {"gap-thesis",
          "gap reconstruction as the thesis prints it (§4.4, Algorithm 5): Circle arcs and a Bézier blend per Middle "
          "point's triplet, the patch points triangulated within the band between the two loops (a constrained "
          "Delaunay triangulation laid flat), or reconstructed from the points alone where the band cannot be laid "
          "flat (CGAL advancing front in place of Tight Cocone; may leave holes)",
          false, [](DeformerContext& c) {
            GapOptions options;
            options.thesis_add = true;
            options.band_triangulator = triangulate_band;
            return make_gap_deformer(c, reconstruct_patch, options);
          }};
}

}  // namespace skinlab
