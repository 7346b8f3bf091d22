// SPDX-License-Identifier: GPL-3.0-or-later
// Add [VF08 §4.4.2]: the new points that fill the gap at a moving joint, as arcs from the
// parent's boundary loop to the child's. A kept opening point sweeps a QLERP arc about the joint
// from where it rests to where the child took it (eq. 4.1–4.3); any other pair is bridged by a
// rational quadratic Bézier through a Middle point (Fudos–Hoffmann, §2.1.3).
#pragma once

#include <vector>

#include "skinlab/core/qt_transform.hpp"
#include "skinlab/gap/arc_curves.hpp"
#include "skinlab/gap/gap_model.hpp"
#include "skinlab/gap/remove_overlap.hpp"

namespace skinlab {

/// circle: a kept opening point's QLERP arc; merged: an opening point left in place (or moved by
/// less than a quarter of the opening's edge there), shared by parent and child; edge: beside a
/// merged point, along a boundary edge, no new points; bezier: the Fudos–Hoffmann blend;
/// fallback: where the blend has no acceptable conic, the circular arc about the joint's rotation
/// axis (axial offset, radius and angle interpolated); axis: that arc about the rotation axis by
/// choice (blend_arcs without the blend), not for want of a conic.
enum class ArcKind { circle, merged, edge, bezier, fallback, axis };

/// One arc of the patch, in the parent's rest frame: from a parent boundary vertex to a child
/// boundary vertex; its new points lie in between.
struct BlendArc {
  int parent_vertex = 0;  ///< welded id
  int child_vertex = 0;   ///< welded id (on the opening: the child's copy, or the parent's when merged)
  int first_point = 0;    ///< its new points: ArcSet::points[first_point, first_point + count)
  int count = 0;
  ArcKind kind = ArcKind::circle;
};

struct ArcSet {
  std::vector<BlendArc> arcs;  ///< in order of increasing angle; consecutive arcs bound one cell
  std::vector<Vec3> points;    ///< new points, parent's rest frame
  int circle = 0, merged = 0, bezier = 0, fallback = 0, axis = 0;
  void clear() {
    arcs.clear();
    points.clear();
    circle = merged = bezier = fallback = axis = 0;
  }
};

/// Pairs the two boundary loops by angle about the opening (a monotone, cyclic matching: each
/// step advances one loop or, where angles tie, both) and builds one arc per pair, its new points
/// about `spacing` apart. `relative` is the child's motion relative to its parent (a rotation
/// about the joint). Any other pair is joined by the Fudos–Hoffmann blend through the Middle point
/// of the chord from the opening point O to R·O ([VF08 §4.4.2]), eased into the arc about the
/// rotation axis beside the bend; or, with `with_blend` false, by the arc about the rotation axis
/// alone (`gap`'s second generation: each blend lies in its own triplet's plane, and neighbouring
/// ones cross where the inside of a bend is cramped; docs/gap.md). With `point_past_spacing`,
/// every arc longer than `spacing` gets at least one new point (arc_point_count). Appends to `out`.
void blend_arcs(const GapModel& gap, int joint, const QT& relative, const SideBoundary& parent,
                const SideBoundary& child, double spacing, bool with_blend, bool point_past_spacing, ArcSet& out);

}  // namespace skinlab
