// SPDX-License-Identifier: GPL-3.0-or-later
// Automatic segmentation of a closed genus-0 mesh into animation-ready body parts and their
// hierarchy (docs/models.md, "Method"). Each step has its own file: merge_tree (which branches
// are limbs), limbs (where they leave the trunk), joint_splits (ends and joints along a limb),
// part_cleanup, plane_cuts (clean cut loops), orientation (which way up, when not given),
// part_names (names and default limits).
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "skinlab/core/skel_io.hpp"
#include "skinlab/core/tri_mesh.hpp"
#include "skinlab/segmentation/joint_splits.hpp"
#include "skinlab/segmentation/plane_cuts.hpp"
#include "skinlab/segmentation/segment_params.hpp"
#include "skinlab/segmentation/sliver_repair.hpp"

namespace skinlab {

struct Segmentation {
  LabeledMesh parts;       ///< the input mesh with a part label per triangle and part names
  SkelFile hierarchy;      ///< root = the trunk; documented default limits per kind of part
  double seconds = 0;      ///< time of the whole segmentation
  double cut_seconds = 0;  ///< of which the clean cuts (plane search and mesh refinement)
  /// Per joint, the plane cut (PlaneCut::child is the part's label in `parts`).
  std::vector<PlaneCut> cuts;
  /// Per limb (that is not a bump): its parts from the trunk outwards, its tip (for writing
  /// guidance) and its diameter profile with the distances where it was split.
  struct Limb {
    std::vector<std::string> parts;
    Vec3 tip = Vec3::Zero();
    LimbProfile profile;
  };
  std::vector<Limb> limbs;
  /// Joints inside a limb dropped because no plane cut their border cleanly ("LIMB piece I",
  /// I counted from the trunk): the piece joined its parent.
  std::vector<std::string> dropped_joints;
  /// The thin triangles the cuts left, and what remeshing a band around them did.
  SliverRepair slivers;
  /// The up and forward directions the names used: given (SegmentParams), estimated from the
  /// limbs (estimate_orientation) when not given, or zero when neither (generic names).
  Vec3 up = Vec3::Zero();
  Vec3 forward = Vec3::Zero();
  bool orientation_estimated = false;
};

/// Segments `mesh` (checked with check_closed_genus0 first; InputError otherwise). The same
/// input and parameters give the same labels, run after run.
Segmentation segment_body_parts(const TriMesh& mesh, const std::string& source, const SegmentParams& params = {});

/// The segmentation with the most limbs whose part count (after splits and merges) is at most
/// `max_parts`: tries 1, 2, ... limbs (SegmentParams::limbs) and keeps the last that fits.
Segmentation segment_into_at_most(const TriMesh& mesh, const std::string& source, SegmentParams params, int max_parts);

}  // namespace skinlab
