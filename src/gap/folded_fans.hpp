// SPDX-License-Identifier: GPL-3.0-or-later
// Folded fans: a vertex where a part's surface folds back onto itself, two of its triangles round
// the vertex facing more than 120° apart across the edge they share. Where Remove's boundary runs
// through such a vertex, the patch leaves it between the two sheets of the fold and crosses one of
// them (man's crotch in his kick: a sliver of the torso folded back against its neighbours, 147°
// and 155°, beside the hip's opening). Remove takes such a vertex, as it takes one its boundary
// pinches at (docs/gap.md, "Second generation", item 25).
#pragma once

#include <functional>
#include <vector>

#include "skinlab/gap/gap_model.hpp"

namespace skinlab {

/// Per vertex of `gap`'s welded mesh, bit 1: the triangles of the part that owns it
/// (GapModel::vertex_part) fold at it; bit 2: those of another part do (an opening's child). A fold
/// counts only where none of the folding part's triangles round the vertex crosses another triangle
/// of the rest mesh: a fold inside the rest mesh's own crossing at a seam (the cow's tail in its
/// rump) is the two parts' overlap, not one surface doubling back, and taking its vertex opens the
/// parent's hole into the child (the cow's tail bent 40°: 6 extra pairs, 30 with such folds taken;
/// DQS 9). Shape: size rest_positions.size().
std::vector<unsigned char> find_folded_fans(const GapModel& gap);

/// Whether, among the triangles round vertex `v` that belong to `part` and that `kept` accepts, two
/// that share an edge at `v` face more than 120° apart (rest positions).
bool fan_folds(const GapModel& gap, int v, int part, const std::function<bool(int)>& kept);

/// The bit of find_folded_fans' mask that holds for vertex `v` seen from `part`.
inline unsigned char folded_fan_bit(const GapModel& gap, int v, int part) { return gap.vertex_part[v] == part ? 1 : 2; }

}  // namespace skinlab
