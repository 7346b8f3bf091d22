// SPDX-License-Identifier: GPL-3.0-or-later
// Remove ([VF08 §4.4.1], [VF08 Alg. 5] function remove): on one side of a moving joint, the
// vertices that overlap the other part go, breadth-first from the opening; what stays ends in
// one closed boundary loop, which the Add phase bridges.
#pragma once

#include <vector>

#include "skinlab/core/qt_transform.hpp"
#include "skinlab/gap/gap_model.hpp"

namespace skinlab {

/// Per-frame marks, stamped instead of cleared: a mark is set when it equals the frame's stamp.
struct RemovalMarks {
  unsigned frame = 0;                ///< this frame's stamp
  unsigned visit = 0;                ///< stamp of the current breadth-first search
  std::vector<unsigned> owner;       ///< vertex removed from the part that owns it
  std::vector<unsigned> child_copy;  ///< opening vertex removed from the joint's child
  std::vector<unsigned> visited;
  std::vector<unsigned> gone;  ///< triangle removed
  std::vector<int> next;       ///< boundary tracing: the half-edge leaving a vertex
  std::vector<unsigned> next_set;
  std::vector<int> queue, depth;  ///< scratch
  std::vector<unsigned> flooded;  ///< triangle reached by remove_islands' flood (stamped with `visit`)
  std::vector<int> flood;         ///< remove_islands: the triangles flooded, piece after piece
  void resize(const GapModel& gap);
  bool removed_in(const GapModel& gap, int v, int part) const {
    const int j = gap.opening_joint[v];
    return (j >= 0 && gap.joints[j].child == part) ? child_copy[v] == frame : owner[v] == frame;
  }
};

/// What one side keeps at a joint: its boundary loop in order of increasing angle about the
/// opening (unwrapped, starting from the loop's smallest angle).
struct SideBoundary {
  std::vector<int> loop;      ///< welded ids; on the child side an opening vertex means the child's copy
  std::vector<double> angle;  ///< increasing, angle.front() + 2 pi > angle.back()
  /// True when the part's own triangles run along the loop (a half-edge loop[i] -> loop[i+1]).
  bool along_triangles = true;
  std::vector<int> removed;  ///< vertices removed on this side
  std::vector<int> gone;     ///< triangles removed on this side
  bool clamped = false;      ///< removal undone: it ate too much of the part or left no single loop
};

/// How far Remove goes beyond the thesis' test (GapOptions::box_reach and take_folded_fans).
struct RemoveReach {
  /// Besides what lies inside the other part's box, what lies within this many of the other part's
  /// median edges outside it, while the joint turns by 115° at most; 0: on its faces only.
  double box_reach = 0;
  /// A vertex of the boundary where the part's kept triangles fold back onto each other
  /// (GapModel::folded_fans) is removed too, as a pinch is (folded_fans.hpp).
  bool take_folded_fans = false;
};

/// Runs Remove on the child (`child_side`) or the parent side of joint `joint`, whose child
/// stands at `relative` to its parent (a rotation about the joint, in the parent's rest frame).
/// A vertex goes when it lies inside the other part's box (or, while the joint turns by 115° at
/// most, within `reach_past.box_reach` times the other part's median edge outside it) and beyond
/// the opening plane, both where the relative motion puts them; its neighbours in the same part are
/// then tested. The search never removes another opening's vertices or the ring around them. A
/// removal that would take more than half the part, or leave a boundary that is not one simple
/// loop, is retried one ring shallower, down to none (`clamped`). Before that, pieces of the part
/// that the removal cuts off from the rest of it (an island it rings, a strip between it and the
/// opening) go with it, and failing that the removal stops one edge short of another opening it
/// reaches.
///
/// With `reach_past.take_folded_fans`, a boundary vertex where the part folds back onto itself goes
/// too.
///
/// The loop is ordered by angle about the opening. On the child side, `parent_side` (this frame's
/// boundary of the parent) fixes the loop's direction instead: a child cut back past the opening's
/// axis (a bend past 140°, a thin tail bent 90°) leaves a loop that does not wind about it, and
/// its angles' sign then says nothing; the band zipped between loops that ran the same way was
/// misoriented along the child (man's elbow at 150°: 65 edges).
void remove_overlap(const GapModel& gap, int joint, bool child_side, const QT& relative, const RemoveReach& reach_past,
                    RemovalMarks& marks, SideBoundary& out, const SideBoundary* parent_side = nullptr);

}  // namespace skinlab
