// SPDX-License-Identifier: GPL-3.0-or-later
// Blending arcs of the gap patch ([VF08 §2.1.3], §4.4.2): the rational quadratic Bézier through a
// point by the Fudos–Hoffmann construction, and the circular arc it falls back to.
#pragma once

#include <Eigen/Core>
#include <optional>

namespace skinlab {

using Vec2 = Eigen::Vector2d;

/// c(t) = ((1-t)² C + 2t(1-t) W + t² D) / ((1-t)² + 2w t(1-t) + t²), t in [0, 1]. W is the
/// weighted middle control point w·X (X: where the end tangents meet); when the tangents are
/// parallel, w = 0 and W is a finite vector (X lies at infinity).
struct ConicArc {
  Vec2 start = Vec2::Zero();  ///< C
  Vec2 weighted_control = Vec2::Zero();
  Vec2 end = Vec2::Zero();  ///< D
  double weight = 1.0;      ///< w
  Vec2 at(double t) const;
};

/// Fudos & Hoffmann (1996), as [VF08 §2.1.3] prints it with one correction: the conic from C to D
/// with tangent direction v at C and u at D (both the direction of travel, C towards D) that
/// passes through P. With M1 = C_x v_y − C_y v_x and M2 = D_x u_y − D_y u_x (the thesis prints
/// D_y u_y − D_x u_x, which misses P), U = (v_x M2 − u_x M1, v_y M2 − u_y M1),
/// s = sqrt(d(D,v,C) d(P,v,C) d(C,u,D) d(P,u,D)), W = Area(C,P,D) U / s and
/// w = Area(C,P,D) (v × u) / s, where d(S,r,R) = (S_y − R_y) r_x − (S_x − R_x) r_y.
/// None when no acceptable arc exists: a determinant product is not positive, or w <= −1.
std::optional<ConicArc> fudos_hoffmann_arc(const Vec2& c, const Vec2& v, const Vec2& d, const Vec2& u, const Vec2& p);

/// The parameter t at which `arc` comes nearest to `p` (dense sampling, then golden-section).
double nearest_parameter(const ConicArc& arc, const Vec2& p);

}  // namespace skinlab
