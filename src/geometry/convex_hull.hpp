// SPDX-License-Identifier: GPL-3.0-or-later
// Convex hull of a point set (Qhull, reentrant C API), as outward-oriented triangles.
#pragma once

#include <stdexcept>
#include <vector>

#include "skinlab/core/tri_mesh.hpp"

namespace skinlab {

/// The input cannot give a solid: fewer than four points, or all of them (nearly) coplanar.
class GeometryError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

struct ConvexHull {
  std::vector<Vec3> points;    ///< the hull's vertices
  std::vector<Tri> triangles;  ///< indices into points, counter-clockwise seen from outside
};

/// Hull of `points` (Qhull options `Qt`: triangulated output). Throws GeometryError for
/// degenerate input.
ConvexHull convex_hull(const std::vector<Vec3>& points);

/// The Qhull library's version string (experiments record it).
const char* qhull_version();

/// Area-weighted centroid of a triangle set, sum(a_k m_k) / sum(a_k) ([VF08 §2.3.1],
/// [GLM96]'s hull centroid m_H); the vertex mean when the total area is zero.
Vec3 surface_centroid(const std::vector<Vec3>& points, const std::vector<Tri>& triangles);

}  // namespace skinlab
