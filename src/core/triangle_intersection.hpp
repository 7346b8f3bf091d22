// SPDX-License-Identifier: GPL-3.0-or-later
// Whether two triangles meet, for the runtime (gap's unfolding looks for patch cells that pass
// through their neighbours); the metrics count such pairs with CGAL's exact predicates instead,
// offline.
#pragma once

#include "skinlab/core/math.hpp"

namespace skinlab {

/// Whether triangles (a0, a1, a2) and (b0, b1, b2) share a point, by the separating axis theorem:
/// two convex sets are apart exactly when their projections onto some axis are, and for two
/// triangles it suffices to try the two normals, the nine cross products of an edge of each, and
/// the six in-plane edge normals that settle coplanar pairs (Ericson, Real-Time Collision
/// Detection, §4.4.1 and §5.2.1). Floating point: triangles that only touch may count either way.
/// A triangle of zero area lacks the axes its normal gives, so against one, a pair that passes
/// close by may count as meeting.
bool triangles_intersect(const Vec3& a0, const Vec3& a1, const Vec3& a2, const Vec3& b0, const Vec3& b1,
                         const Vec3& b2);

}  // namespace skinlab
