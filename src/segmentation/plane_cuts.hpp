// SPDX-License-Identifier: GPL-3.0-or-later
// Clean cuts: the border between a part and its parent becomes the curve where a plane through
// the joint region meets the surface, with vertices inserted where the plane crosses edges.
// Gap reconstruction [VF08 §4.4] and the opening-based skeleton methods (§3) assume such
// openings: closed, nearly planar, nearly convex loops.
#pragma once

#include <vector>

#include "skinlab/core/tri_mesh.hpp"

namespace skinlab {

struct PlaneCutParams {
  /// Planes are searched where the border may move: within this many loop radii (geodesic
  /// distance from the old border) on the parent's side, and on the child's side up to 80% of
  /// the child subtree's depth when that is less.
  double band = 2.0;
  /// A vertex closer to the plane than this fraction of its shortest edge lies on the cut, so
  /// the cut never splits an edge next to its end (no sliver); the loop then passes through
  /// the vertex, off the plane by at most this much.
  double snap = 0.3;
  /// The cut makes no triangle with an angle (degrees) under this, nor under the smallest angle
  /// of the input triangle it splits when that is smaller: it passes through a vertex instead.
  double min_angle = 5.0;
  /// ... provided that vertex is within this fraction of the triangle's longest edge from the
  /// plane and the move makes no sliver around it; otherwise the sliver stays and is counted.
  double largest_move = 0.5;
  /// ... and within this fraction of the loop's mean radius (the limb keeps its shape).
  double largest_move_radius = 0.1;
  /// Candidate normals: the old loop's least-squares normal and the child's axis at the border,
  /// each tilted by these angles (degrees) in 8 directions; candidate points: the loop centroid
  /// moved along the normal by these multiples of the loop radius.
  std::vector<double> tilts{0.0, 10.0, 20.0, 30.0};
  std::vector<double> offsets{-0.3, -0.15, 0.0, 0.15, 0.3};
  /// Of the candidates scoring within this factor of the best, the one leaving the fewest
  /// slivers wins.
  double score_slack = 1.15;
};

/// The cut made at one joint.
struct PlaneCut {
  int child = -1;      ///< part id; its parent is the other side
  bool cut = false;    ///< false: no candidate plane separated the parts cleanly; border kept
  Vec3 point = Vec3::Zero();
  Vec3 normal = Vec3::Zero();  ///< unit, towards the child
  int new_vertices = 0;
  int slivers = 0;  ///< triangles left with an angle under min_angle (and under their input's)
  double largest_move = 0.0;  ///< farthest an existing vertex moved onto the plane (model units)
  int new_triangles = 0;                ///< triangles that replace or add to split ones
  double smallest_new_angle = 180.0;    ///< degrees, over the triangles the cut created
  double smallest_split_angle = 180.0;  ///< degrees, over the input triangles it split
};

/// Moves the border between each part and its parent onto a plane, refining `mesh` in place:
/// triangles the plane crosses are split at the crossings (new vertices are appended) and
/// relabelled by side; existing vertices within the snapping distance of the plane, or next to
/// a crossing that would make a sliver, move onto it (a small move: the volume changes by far
/// less than 0.1%; the surface stays closed and manifold). For each joint, of the candidate planes (PlaneCutParams) whose cut is one closed
/// loop that separates the child's subtree from the rest and touches no third part, the one with
/// the shortest loop times its outline ratio wins: the narrowest, roundest section near the old
/// border. Joints are processed in part order.
/// `face_label`: #F part per triangle (grows with the mesh); `parent`: per part, -1 at the root.
std::vector<PlaneCut> cut_borders_along_planes(TriMesh& mesh, std::vector<int>& face_label,
                                               const std::vector<int>& parent, const PlaneCutParams& params = {});

}  // namespace skinlab
