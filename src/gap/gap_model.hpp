// SPDX-License-Identifier: GPL-3.0-or-later
// What gap reconstruction [VF08 §4.4] needs of a model, computed once: the pre-processing of
// Table 5.3 (median edge length per part, the parts outside each part's subtree, vertex
// neighbourhoods) plus the opening planes and the mesh adjacency the per-frame phases walk.
#pragma once

#include <vector>

#include "skinlab/core/loop_winding.hpp"
#include "skinlab/core/segmented_model.hpp"
#include "skinlab/geometry/obb.hpp"
#include "skinlab/kinematics/rig.hpp"
#include "skinlab/skeleton/skeleton.hpp"

namespace skinlab {

/// One moving joint: the opening between a part and its parent.
struct GapJoint {
  int child = 0;
  int parent = 0;
  std::vector<int> loop;           ///< welded vertex ids of the opening, in loop order
  std::vector<double> loop_angle;  ///< per loop vertex: its angle about the opening centroid
  Plane plane;                     ///< least-squares plane of the opening; normal into the child
  Vec3 plane_u = Vec3::UnitX();    ///< orthonormal basis of the plane the angles are measured in
  Vec3 plane_v = Vec3::UnitY();
  Vec3 joint = Vec3::Zero();  ///< J, the point the child rotates about (the rig's)
  /// Per loop edge (loop[i], loop[i+1]): the child's and the parent's triangle holding it.
  std::vector<int> child_edge_triangle;
  std::vector<int> parent_edge_triangle;
  /// How the opening winds about its centroid in its plane (loop_angle's winding): it turns back
  /// where it is not star-shaped about the centroid, which no cut of `skinlab segment` is and
  /// where Remove's loops, ordered by that angle, are flattened (GapDeformer::warnings).
  LoopWinding winding;

  /// Angle of a rest position about the opening centroid, in (-pi, pi].
  double angle_of(const Vec3& p) const;
};

/// Seconds per pre-processing column (thesis Table 5.3) and for the rest of the set-up.
struct GapPreprocessTimings {
  double median_edges = 0;     ///< median edge length per part
  double outside_subtree = 0;  ///< parts outside each part's subtree
  double neighbourhoods = 0;   ///< vertex 1-rings and triangle adjacency
  double opening_planes = 0;   ///< opening planes, loop angles and loop edges' triangles
  double folded_fans = 0;      ///< where a part's surface folds back onto itself (folded_fans.hpp)
  double total() const { return median_edges + outside_subtree + neighbourhoods + opening_planes + folded_fans; }
};

struct GapModel {
  // The welded mesh in its rest pose.
  std::vector<Vec3> rest_positions;
  std::vector<Vec3> rest_normals;
  std::vector<Tri> triangles;
  std::vector<int> triangle_part;
  /// Per vertex: the part that moves it; an opening vertex belongs to the joint's parent, and the
  /// child gets its own copy when the joint moves.
  std::vector<int> vertex_part;
  /// Per vertex: the joint (index into joints) whose opening it lies on; -1 for other vertices.
  std::vector<int> opening_joint;
  /// Per vertex: the joint whose opening it lies on or next to; -1 for none, -2 for several.
  std::vector<int> opening_collar;
  /// Per vertex: where a part's surface folds back onto itself at it (folded_fans.hpp's bits).
  std::vector<unsigned char> folded_fans;
  std::vector<int> ring_offset, ring;                        ///< 1-rings (CSR) in the welded mesh
  std::vector<int> vertex_triangle_offset, vertex_triangle;  ///< triangles around each vertex (CSR)
  std::vector<int> across;                                   ///< 3F: the triangle across edge (t[k], t[k+1]); -1 none
  std::vector<double> median_edge;                           ///< per part
  std::vector<std::vector<int>> outside_subtree;             ///< per part: the parts not in its subtree
  std::vector<int> part_vertex_count;
  std::vector<GapJoint> joints;       ///< one per non-root part
  std::vector<int> joint_of_part;     ///< index into joints; -1 for the root
  std::vector<Vec3> kernel_centroid;  ///< per part (skeleton extraction's)
  std::vector<OBB> obb;               ///< per part, rest pose (the rig's)
  GapPreprocessTimings timings;

  /// True when vertex v belongs to part `part` (its own vertices and, for a child, the opening
  /// it shares with its parent).
  bool in_part(int v, int part) const {
    return vertex_part[v] == part || (opening_joint[v] >= 0 && joints[opening_joint[v]].child == part);
  }
};

/// Builds the pre-processed model. Throws InputError when an opening is not one closed loop
/// between a part and its parent (gap reconstruction bridges parent and child only).
GapModel build_gap_model(const SegmentedModel& model, const Skeleton& skeleton, const Rig& rig);

}  // namespace skinlab
