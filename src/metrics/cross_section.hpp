// SPDX-License-Identifier: GPL-3.0-or-later
// The cross-section of a limb through its joint: where linear blend skinning collapses a
// twisted or bent joint ("candy wrapper"), this area shrinks towards zero (docs/quality.md).
#pragma once

#include <limits>
#include <optional>
#include <vector>

#include "skinlab/core/tri_mesh.hpp"

namespace skinlab {

/// Area enclosed by the closed loop in which the plane through `point` with normal `normal`
/// cuts the triangles: among all the loops of that cut, the smallest that surrounds `point`, or,
/// when none does, the one whose centroid lies nearest to `point`, if within `nearest_within`;
/// none when the plane cuts no such closed loop (a collapsed section is a closed loop of area
/// near 0 beside the point, not none; a small loop elsewhere, where the plane grazes a bump, is
/// not the section). Loops are chained through the
/// crossed edges; a vertex on the plane counts as lying on its positive side, so a cut through
/// a ring of vertices returns that ring's polygon exactly. Open chains (through a crack) are
/// skipped.
std::optional<double> cross_section_area(const std::vector<Vec3>& positions, const std::vector<Tri>& triangles,
                                         const Vec3& point, const Vec3& normal,
                                         double nearest_within = std::numeric_limits<double>::infinity());

}  // namespace skinlab
