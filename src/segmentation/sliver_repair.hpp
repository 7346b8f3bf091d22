// SPDX-License-Identifier: GPL-3.0-or-later
// Removing the thin triangles the clean cuts leave where the input's triangles near a cut are
// long and thin (segmentation step 8, docs/models.md).
#pragma once

#include <vector>

#include "skinlab/core/tri_mesh.hpp"

namespace skinlab {

struct SliverRepair {
  int slivers_before = 0;      ///< triangles made by the cuts with an angle under min_angle
  int slivers_after = 0;       ///< of those, still under it after the repair (in the remeshed band)
  int remeshed_triangles = 0;  ///< triangles in the band that was remeshed
  double volume_change = 0.0;  ///< relative change of the enclosed volume
};

/// Remeshes a small band around every sliver of `mesh` (a triangle with an angle under `min_angle`
/// degrees whose vertices all belong to the cuts: `made_by_cut` marks the triangles the cuts made;
/// the input's own triangles are left alone) with CGAL's isotropic remeshing: the band (the
/// triangles within one ring of a sliver's vertices) at its mean edge length, long edges split,
/// short ones collapsed, edges flipped, vertices relaxed and projected back onto the surface; up to
/// eight rounds while slivers remain, stopping after three in a row that remove none; what is
/// left then (against a crease or a border) goes to CGAL's needle and cap removal, part borders
/// kept. Creases
/// (normals 80–150° apart: a box's edges, not a fin's fold) and part borders (where `face_label`
/// changes) are constrained: their vertices stay on their polylines (a planar loop stays planar),
/// though a border edge may be split or collapsed along it. `face_label` follows the new triangles.
/// The mesh stays closed and manifold; vertices and triangles are renumbered where a band was
/// remeshed (CGAL compacts its arrays).
SliverRepair repair_slivers(TriMesh& mesh, std::vector<int>& face_label, const std::vector<char>& made_by_cut,
                            double min_angle);

}  // namespace skinlab
