// SPDX-License-Identifier: GPL-3.0-or-later
// Steps 1–2 of the segmentation (docs/models.md, "Method"): which branches are limbs, and where
// each limb is cut from the trunk along a geodesic ring around its tip.
#pragma once

#include <vector>

#include "skinlab/core/tri_mesh.hpp"
#include "skinlab/segmentation/segment_params.hpp"

namespace skinlab {

struct Limbs {
  std::vector<int> tips;                      ///< per limb: its tip vertex
  std::vector<std::vector<double>> distance;  ///< per limb: geodesic distance from its tip, per vertex
  std::vector<double> length;                 ///< per limb: the distance from its tip where it is cut
  std::vector<int> face_limb;                 ///< per triangle: its limb, or -1 (the trunk)
};

/// The limbs of `mesh` (closed, genus 0; `rings` its vertex 1-rings): the merge tree's
/// significant branches seen from the trunk centre, less `params.ignore_tips`, plus
/// `params.add_tips`; each is the region around its tip inside the geodesic ring where the ring
/// starts to spread onto the trunk (SegmentParams::ring_slope). A vertex claimed by two limbs
/// goes to the one it is relatively nearer the tip of; a triangle to the limb of two of its
/// vertices.
Limbs find_limbs(const TriMesh& mesh, const std::vector<std::vector<int>>& rings, const SegmentParams& params);

/// Length of the level-c curve of the per-vertex function g over the triangles `faces`.
double ring_length(const TriMesh& mesh, const std::vector<int>& faces, const std::vector<double>& g, double c);

}  // namespace skinlab
