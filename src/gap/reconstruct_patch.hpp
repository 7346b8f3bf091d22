// SPDX-License-Identifier: GPL-3.0-or-later
// Triangulate, the `gap-thesis` back end [VF08 §4.4.3]: a surface interpolating the patch
// points, reconstructed without knowing how they connect. The thesis ran Tight Cocone, which
// Debian does not package; CGAL's advancing-front reconstruction (Cohen-Steiner and Da) is the
// closest relative there: it too interpolates the points and adds none.
#pragma once

#include <vector>

#include "skinlab/core/math.hpp"
#include "skinlab/core/tri_mesh.hpp"

namespace skinlab {

/// Triangles over `points` (indices into it) from CGAL's advancing-front surface
/// reconstruction; none for fewer than four points or points CGAL cannot triangulate (all
/// coplanar). Orientation is not settled here: each facet lists its indices in increasing
/// order, and the facets are sorted (CGAL's own order is not repeatable). The same points give
/// the same facets in a repeated run; see docs/gap.md for the history dependence that remains.
std::vector<Tri> reconstruct_patch(const std::vector<Vec3>& points);

}  // namespace skinlab
