// Automatic segmentation of a closed genus-0 mesh into animation-ready body parts and their
// hierarchy: limbs are the significant branches of the geodesic merge tree seen from the
// trunk, cut along geodesic rings from their tips, long limbs split at their narrowest ring.
#pragma once

#include <limits>
#include <string>
#include <utility>
#include <vector>

#include "core/skel_io.hpp"
#include "core/tri_mesh.hpp"
#include "segmentation/plane_cuts.hpp"

namespace skinlab {

/// A limb the user adds (see SegmentParams::add_tips).
struct AddedTip {
  Vec3 point = Vec3::Zero();  ///< its tip: the vertex nearest to this point
  double radius = 0.0;        ///< > 0: the limb is the geodesic disc of this radius around the tip;
                              ///< 0: it ends where its ring spreads (ring_slope), as found limbs do
};

struct SegmentParams {
  /// A branch of the merge tree is a limb when it rises this fraction of the largest geodesic
  /// distance from the trunk centre above the level where it meets another branch
  /// (persistence); smaller bumps stay with what they grow from.
  double min_persistence = 0.12;
  /// When > 0, choose the persistence threshold that yields this many limbs (before splits)
  /// instead of min_persistence: the `parts` most persistent branches.
  int limbs = 0;
  /// A limb ends where its geodesic ring (distance from the tip) lengthens faster than this per
  /// unit of distance: where it spreads onto the trunk (2 pi on a flat wall; 0 along a tube).
  double ring_slope = 2.5;
  /// A limb shorter than this multiple of its mean diameter is a bump (a hump, a belly), not a
  /// limb: it stays with the trunk.
  double min_limb_aspect = 0.8;
  /// A limb whose length exceeds this multiple of its mean diameter is split in two at its
  /// narrowest ring between 35% and 70% of its length from the tip (knee, elbow).
  double split_aspect = 3.2;
  /// Parts with fewer triangles than this fraction of the mesh are merged into a neighbour.
  double min_part_fraction = 0.002;
  /// When finite, the trunk centre is the vertex nearest to this point instead of the vertex
  /// nearest to the centroid of the enclosed volume (for a trunk that is itself long, such as a
  /// cactus stem: put it at the base).
  Vec3 root = Vec3::Constant(std::numeric_limits<double>::quiet_NaN());
  /// User guidance (seed points, model coordinates): a limb grows from each of `add_tips`, as if
  /// the merge tree had found it; the limb whose tip is nearest to each of `ignore_tips` is not a
  /// limb. For branches the geometry does not show (a head sunk between the shoulders) and
  /// branches that are not body parts (ears, horns).
  std::vector<AddedTip> add_tips;
  std::vector<Vec3> ignore_tips;
  /// Unit vectors of the model's up and forward directions, for body-part names; zero
  /// vectors: generic names (trunk, limb_0, limb_0_lower, ...).
  Vec3 up = Vec3::Zero();
  Vec3 forward = Vec3::Zero();
  /// How the borders are moved onto planes (clean cuts).
  PlaneCutParams cuts;
};

struct Segmentation {
  LabeledMesh parts;   ///< the input mesh with a part label per triangle and part names
  SkelFile hierarchy;  ///< root = the trunk; documented default limits per kind of part
  double seconds = 0;  ///< time of the whole segmentation
  double cut_seconds = 0;  ///< of which the clean cuts (plane search and mesh refinement)
  /// Per joint, the plane cut (PlaneCut::child is the part's label in `parts`).
  std::vector<PlaneCut> cuts;
  /// Per limb: the name of its (upper) part and its tip, for writing guidance.
  std::vector<std::pair<std::string, Vec3>> limb_tips;
};

/// Segments `mesh` (checked with check_closed_genus0 first; InputError otherwise). The same
/// input and parameters give the same labels, run after run.
Segmentation segment_body_parts(const TriMesh& mesh, const std::string& source, const SegmentParams& params = {});

/// The segmentation with the most limbs whose part count (after splits and merges) is at most
/// `max_parts`: tries 1, 2, ... limbs (SegmentParams::limbs) and keeps the last that fits.
Segmentation segment_into_at_most(const TriMesh& mesh, const std::string& source, SegmentParams params, int max_parts);

}  // namespace skinlab
