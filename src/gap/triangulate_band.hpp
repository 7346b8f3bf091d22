// SPDX-License-Identifier: GPL-3.0-or-later
// Triangulate for `gap-thesis`, restricted to the band (offline, CGAL): a constrained Delaunay
// triangulation of a patch's points laid flat (band_domain.hpp), kept between its two rims. The
// thesis' Tight Cocone reconstructs a surface from the same points without knowing the rims and
// then filters facets; restricted to the annulus, the reconstruction is closed against both loops
// by construction wherever the rims are nested simple curves.
#pragma once

#include <Eigen/Core>
#include <optional>
#include <vector>

#include "skinlab/core/tri_mesh.hpp"

namespace skinlab {

/// Triangles (indices into `points`, counter-clockwise in the plane) covering the annulus between
/// the closed polygons `inner` and `outer` (indices into `points`, each at least 3), with every
/// other point inside it as a vertex and those outside it unused. Each rim edge is the edge of
/// exactly one triangle. Nothing when that cannot hold: a rim point repeats another point, a rim
/// crosses itself or the other, `inner` does not lie inside `outer`, or a point lies on a rim edge.
std::optional<std::vector<Tri>> triangulate_band(const std::vector<Eigen::Vector2d>& points,
                                                 const std::vector<int>& inner, const std::vector<int>& outer);

}  // namespace skinlab
