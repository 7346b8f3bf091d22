// SPDX-License-Identifier: GPL-3.0-or-later
// Folds in a joint's patch, smoothed out: where the inside of a bend is cramped, neighbouring arcs
// of the patch cross and its cells turn over. Such a cell shows itself locally: its normal turns
// against the patch's normal at one of its new points, or towards the joint's centre. A cell can
// also pass through another without turning over (a sheet beside a bend laid across its
// neighbour, or cells fanned about one vertex overlapping in one plane); that one shows itself
// only by the crossing. Umbrella steps over the new points around such cells, the patch's
// boundary fixed, unfold them.
#pragma once

#include <vector>

#include "skinlab/core/tri_mesh.hpp"

namespace skinlab {

/// What one crossing test of a patch found, and where its new points then were: a later test of
/// the same cells tests again only the pairs with a cell whose points have moved since, and takes
/// the others' result from here (the same result: their corners are where they were).
struct CrossingRecord {
  struct Pair {
    int first, second;  ///< the two cells, counted from the patch's first
    bool apart;         ///< they share no vertex
  };
  std::vector<Pair> pairs;   ///< the pairs that cross
  std::vector<Vec3> points;  ///< the patch's new points at the test
};

/// Whether two triangles of a frame cross as the unfolding's test sees it: with no vertex in
/// common, whether they meet; fanned about one shared vertex, whether they meet beyond it. Two that
/// share an edge never count.
bool cells_cross(const std::vector<Vec3>& positions, const Tri& t, const Tri& u);

/// Scratch space of untangle_patch, kept between frames.
struct UntangleScratch {
  struct Box {
    Vec3 low, high;
    int triangle;
    bool active;  ///< tested against every box; the others only against the active ones
  };
  std::vector<Vec3> fan_normal, cell_normal, sum;
  std::vector<int> count;
  std::vector<char> folded, grown, crossed, movable, moved;
  std::vector<Box> boxes;
  std::vector<const Box*> active_boxes, other_boxes;  ///< the boxes, each kind in the sweep's order
  std::vector<CrossingRecord::Pair> pairs;
  CrossingRecord last;          ///< the last crossing test of a patch's own cells
  bool crossing_apart = false;  ///< the last crossing test found cells that cross sharing no vertex
  int crossed_left = 0;         ///< after untangle_patch: the patch's cells with a new point that still cross
};

/// Up to `max_steps` full umbrella steps, each over the new points of the folded triangles of
/// one patch and the new points one triangle beyond them; stops at the first step with no folded
/// triangle, or once `patience` steps in a row have not lowered the number of folded triangles.
/// The centre test also flags cells that no step turns: past a bend of about 120°, the valley on
/// the inside of the bend faces the joint's centre, and there the steps would run to the limit.
/// - `positions`: the frame's vertices; the new points are [first_point, end_point), the only
///   ones that move (the rest, the parts' boundary vertices, hold the patch in place).
/// - `triangles` [first_triangle, end_triangle): the patch's triangles.
/// - `center`: the joint's centre in the frame; a patch triangle whose normal points towards it
///   (the patch wraps the joint, its normals point out) is folded, as is one whose normal makes
///   more than 90° with the summed normals of the triangles round one of its new points. Once
///   none is left that the steps can turn, the patch triangles that meet another patch triangle
///   with which they share no vertex, or beyond the one vertex they share, count as folded, with
///   steps of their own (where only the latter are left, one step that does not lower them ends
///   the phase).
/// Returns the steps taken; `scratch.crossed_left` is then the number of cells with a new point
/// that still meet another patch cell as the crossing test sees it (0: none), and `scratch.last`
/// that test's record.
int untangle_patch(std::vector<Vec3>& positions, int first_point, int end_point, const std::vector<Tri>& triangles,
                   int first_triangle, int end_triangle, const Vec3& center, int max_steps, int patience,
                   UntangleScratch& scratch);

/// untangle_patch's first phase alone: the steps over the cells the normal tests find turned over
/// (folded, or facing the centre), without the crossing test, which costs most of the unfolding
/// (after the retwist on homer's thesis clip, 0.17–0.27 ms a frame with it, 0.03–0.05 without).
/// Arguments as untangle_patch's; returns the steps taken, and leaves `scratch.crossed_left` the
/// turned-over cells left, not the crossed ones.
int unfold_turned_cells(std::vector<Vec3>& positions, int first_point, int end_point, const std::vector<Tri>& triangles,
                        int first_triangle, int end_triangle, const Vec3& center, int max_steps, int patience,
                        UntangleScratch& scratch);

/// The patch's cells with a new point that cross (as untangle_patch's crossing test sees it) a
/// triangle no step moves: one of `obstacles` (not empty; triangles outside the patch, the parts'
/// round it) or a patch cell of the parts' vertices alone.
int cells_crossing_fixed_triangles(const std::vector<Vec3>& positions, int first_point, int end_point,
                                   const std::vector<Tri>& triangles, int first_triangle, int end_triangle,
                                   const std::vector<int>& obstacles, UntangleScratch& scratch);

/// The patch's cells with a new point that cross another of its cells, as untangle_patch's crossing
/// test sees it (what it leaves in `scratch.crossed_left`). `since`: a record of the same cells
/// (untangle_patch's `scratch.last`), the pairs of cells whose points have not moved since it
/// taken from there.
int crossed_patch_cells(const std::vector<Vec3>& positions, int first_point, int end_point,
                        const std::vector<Tri>& triangles, int first_triangle, int end_triangle,
                        const CrossingRecord& since, UntangleScratch& scratch);

/// The cells of `triangles` that cross another of them, as untangle_patch's crossing test sees it
/// (sharing no vertex, or beyond the one they share), every vertex taken as one that may move.
int count_crossed_cells(const std::vector<Vec3>& positions, const std::vector<Tri>& triangles,
                        UntangleScratch& scratch);

}  // namespace skinlab
