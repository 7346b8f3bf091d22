// SPDX-License-Identifier: GPL-3.0-or-later
// The zip's one remedy for cells it cannot move: a cell between two arcs that have no new point
// has the parts' boundary vertices alone for corners, and the unfolding (untangle_patch.hpp) moves
// only new points. Where the parent's and the child's loops pass within a fraction of an edge of
// each other, two such cells side by side can face opposite ways, laid one on the other (man's
// kick, the right knee's patch; the dino's wave, its head's). Their shared edge turned to the
// quad's other diagonal lays them side by side again.
#pragma once

#include <vector>

#include "skinlab/core/tri_mesh.hpp"

namespace skinlab {

/// Turns the shared edge of each pair of cells that have no new point, share an edge and face
/// opposite ways (the dot product of their area normals is negative), where the quad's other
/// diagonal gives two cells that face the same way and is not an edge of any triangle before
/// `end_triangle` already (the patch's, or the parts': two vertices of one loop, or a merged
/// opening point and a child's vertex). A cell turns once at most.
/// - `positions`: the frame's vertices; the new points are [first_point, end_point).
/// - `triangles` [first_triangle, end_triangle): the patch's cells, changed in place; each turned
///   pair keeps the orientation of the quad it covers.
/// Returns how many pairs turned.
int flip_folded_fixed_cells(const std::vector<Vec3>& positions, int first_point, int end_point,
                            std::vector<Tri>& triangles, int first_triangle, int end_triangle);

/// Scratch space of turn_crossing_fixed_cells, kept between calls.
struct FixedCellScratch {
  struct Box {
    Vec3 low, high;
    int triangle;
  };
  std::vector<Box> boxes;  ///< the triangles a turned cell must not cross
};

/// Turns an edge of each patch cell of the parts' vertices alone (a fixed cell, which the unfolding
/// cannot move) that crosses a neighbour (cells_cross, untangle_patch.hpp): the edge it shares with
/// another patch cell, turned to the quad's other diagonal where the two cells then cross fewer
/// triangles than before and face the same way (turn rules as flip_folded_fixed_cells). Where two
/// loops pass within a fraction of an edge, such a cell can lie across the parts' own triangles
/// at the loop (the camel's walk, the tail's patch: a skin triangle of the tail and two fixed cells
/// fanned across it). Each fixed cell is tried once, in order, and turns one edge at most.
/// - `positions`, `first_point`, `end_point`, `triangles`, [first_triangle, end_triangle): as in
///   flip_folded_fixed_cells.
/// - `parts_end`: triangles [0, parts_end) are the parts' kept triangles. Every patch cell counts
///   as a neighbour; the parts' triangles count in the box of the fixed cells that cross a patch
///   cell, and only where one does.
/// Returns how many edges turned.
int turn_crossing_fixed_cells(const std::vector<Vec3>& positions, int first_point, int end_point,
                              std::vector<Tri>& triangles, int first_triangle, int end_triangle, int parts_end,
                              FixedCellScratch& scratch);

/// The same over every patch cell that crosses a neighbour, new points or not: after the unfolding,
/// where its moves of the new points cannot part two cells because the cells' shape is wrong, not
/// their points' places (two arcs fanned from neighbouring vertices of a sharp loop, as at the
/// ridge of the triceratops' back under its tail's swing). Arguments and return as in
/// turn_crossing_fixed_cells.
int turn_crossing_cells(const std::vector<Vec3>& positions, int first_point, int end_point, std::vector<Tri>& triangles,
                        int first_triangle, int end_triangle, int parts_end, FixedCellScratch& scratch);

}  // namespace skinlab
