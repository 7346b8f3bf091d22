// SPDX-License-Identifier: GPL-3.0-or-later
// The curves both Add phases build their arcs from ([VF08 §4.4.2]): QLERP circles about the
// joint (eq. 4.1–4.3), the Fudos–Hoffmann Bézier blend through a point (§2.1.3), the arc about
// the rotation axis it falls back to, and even sampling by arc length. `blend_arcs` (our pairing,
// for `gap`) and `thesis_arcs` (Algorithm 5's triplets, for `gap-thesis`) differ only in which
// ends they join.
#pragma once

#include <functional>
#include <optional>
#include <vector>

#include "skinlab/core/qt_transform.hpp"
#include "skinlab/gap/gap_model.hpp"

namespace skinlab {

/// An arc from its parent end (t = 0) to its child end (t = 1).
using ArcCurve = std::function<Vec3(double)>;

/// How many new points an arc of `length` gets, about `spacing` apart, its ends excluded; with
/// `point_past_spacing`, at least one on an arc longer than `spacing` (gap: a cell between two
/// arcs without points cannot be moved by the unfolding).
int arc_point_count(double length, double spacing, bool point_past_spacing = false);

/// Appends the arc's new points: about `spacing` apart and equally spaced along it (a dense
/// polyline's lengths, interpolated in the parameter), its two ends excluded; arc_point_count's
/// `point_past_spacing`.
void sample_evenly(const ArcCurve& curve, double spacing, std::vector<Vec3>& points, bool point_past_spacing = false);

/// The arc reparametrised by the fraction of its length walked, so that two arcs can be blended
/// point for point.
ArcCurve by_length(ArcCurve curve);

/// The arc's length (a 16-segment polyline).
double curve_length(const ArcCurve& curve);

/// The rotation of `relative` applied about `center` at fraction t of the way from the identity,
/// by QLERP with the matrix of the unnormalised quaternion divided by q·q (thesis eq. 4.1–4.3).
Vec3 qlerp_arc_point(const Quat& relative, const Vec3& center, const Vec3& point, double t);

/// Appends the new points of the QLERP arc a kept opening point `from` sweeps about `center`
/// under `relative`, whose whole turn is `turn` radians, about `spacing` apart (arc_point_count's
/// `point_past_spacing`).
void sample_qlerp_arc(const Quat& relative, double turn, const Vec3& center, const Vec3& from, double spacing,
                      std::vector<Vec3>& points, bool point_past_spacing = false);

/// The opening's rest curve at angle `angle` about its centroid (GapJoint::angle_of): between
/// the two loop vertices around it.
Vec3 opening_point_at(const GapModel& gap, const GapJoint& joint, double angle);

/// From `from` to `to` about the unit `axis` through `center`, interpolating the axial offset, the
/// distance from the axis and the angle about it (the short way): where `to` is `from` rotated
/// about that axis, the circle the rotation sweeps; between other points, a pipe elbow's arc.
ArcCurve axis_arc(const Vec3& axis, const Vec3& center, const Vec3& from, const Vec3& to);

/// Which Bézier blends count, beyond the Fudos–Hoffmann conditions, and where they are drawn.
struct BlendRules {
  /// Drawn in PL, as [VF08 §4.4.2] does; otherwise in the plane of its own three points (PL
  /// where they are collinear).
  bool in_pl = false;
  /// The arc leaves its ends along the tangent vectors §4.4.2 gives, towards the Middle point
  /// (w > 0). The printed test (w > −1) also accepts −1 < w <= 0, the conic's complementary arc,
  /// which leaves them backwards and loops around the far side (homer's thesis clip: an arc 3,700
  /// times its chord).
  bool forward_tangents = false;
  /// No arc longer than twice its chord (a loop, not a blend).
  bool no_loops = false;
};

/// The Bézier blend of [VF08 §4.4.2], Algorithm 5 lines 8–11, from the parent's point `from` to
/// the child's point `to` around the Middle point `middle`: the tangent lines of the parent axis
/// through `from` and of the child axis through `to` (both projected into the blend's plane) meet
/// at I; the arc passes through V_m = (I + middle)/2 with its end tangents towards `middle`. Built
/// in 2-D and lifted out of the plane by a height of the same rational form. Nothing when the
/// Fudos–Hoffmann construction has no acceptable arc, or one that `rules` refuse.
std::optional<ArcCurve> bezier_blend(const Vec3& joint, const Vec3& pl_normal, const Vec3& parent_axis,
                                     const Vec3& child_axis, const Vec3& from, const Vec3& middle, const Vec3& to,
                                     const BlendRules& rules);

}  // namespace skinlab
