// SPDX-License-Identifier: GPL-3.0-or-later
// Add as [VF08 Alg. 5] lines 4–11 print it, for `gap-thesis`: circle arcs from the child's
// Circle points (S1), and a Bézier blend per Middle point through the triplet it picks (S2). It
// shares no pairing or easing with `gap`'s Add (blend_arcs.hpp): its arcs need not pair the two
// loops in order, nor use every end point, and the triangulation after it does not rely on them.
#pragma once

#include "skinlab/gap/blend_arcs.hpp"

namespace skinlab {

/// The arcs of joint `joint`, whose child stands at `relative` to its parent (a rotation about
/// the joint, parent's rest frame), between the boundaries Remove left (`parent`, `child`):
/// - S1 (lines 4–5): each opening point the child kept (a Circle point) sweeps its QLERP arc
///   from its rest position to where the child took it (eq. 4.1–4.3); one the motion left in
///   place and the parent kept too is merged.
/// - S2 (lines 6–11): each opening point the child lost gives a Middle point InB = (O + R·O)/2;
///   the triplet (line 7) is the pair of Bézier points, one of the child's and one of the
///   parent's (end points off the opening), whose triangle with InB is nearest parallel to PL
///   (the plane through the joint and the two kernel centroids); its arc is the Fudos–Hoffmann
///   blend in PL with the corrected M2 (arc_curves.hpp), or, only where that construction has no
///   acceptable conic, the arc about the rotation axis between the same ends (a fallback). An
///   arc counts as acceptable when it leaves its ends along the stated tangents, towards the
///   Middle point (BlendRules::forward_tangents; the printed test alone admits arcs that loop
///   the other way round: volume changes up to 3,900% on the standard clips, 2.7% at most now).
/// Arcs are listed S1 first, then S2 in the opening's order; `spacing` apart as in blend_arcs.
/// The thesis' triplet search is O(n_Middle · n_C · n_P), as it reports (§5).
void thesis_arcs(const GapModel& gap, int joint, const QT& relative, const SideBoundary& parent,
                 const SideBoundary& child, double spacing, ArcSet& out);

}  // namespace skinlab
