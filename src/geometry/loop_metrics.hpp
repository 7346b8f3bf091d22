// SPDX-License-Identifier: GPL-3.0-or-later
// How clean an opening loop is: the measures the second-generation segmentation is held to
// (docs/models.md) and that gap reconstruction [VF08 §4.4] relies on — a nearly planar,
// convex closed curve.
#pragma once

#include <vector>

#include "skinlab/core/loop_winding.hpp"
#include "skinlab/core/tri_mesh.hpp"

namespace skinlab {

struct LoopMetrics {
  double length = 0.0;       ///< sum of the closed polyline's edge lengths
  double mean_radius = 0.0;  ///< mean distance of the loop points from their mean
  /// RMS distance of the points to their least-squares plane divided by mean_radius (0: planar).
  double planarity = 0.0;
  /// length divided by the perimeter of the 2-D convex hull of the points projected onto that
  /// plane (1: a convex planar loop; a sawtooth or a dent makes it larger).
  double outline_ratio = 0.0;
  /// How the points' angle about the centroid, in that plane, winds: it turns back where the loop
  /// is not star-shaped about the centroid (gap's requirement, docs/gap.md).
  LoopWinding winding;
  Vec3 centroid = Vec3::Zero();
  Vec3 normal = Vec3::UnitZ();  ///< of the least-squares plane
};

/// Metrics of the closed loop through `points` (in order; the closing edge is implied). Fewer
/// than 3 points give zeros.
LoopMetrics loop_metrics(const std::vector<Vec3>& points);

/// Perimeter of the convex hull (CGAL, exact predicates) of the points projected onto the plane
/// through `origin` with unit `normal`.
double projected_hull_perimeter(const std::vector<Vec3>& points, const Vec3& origin, const Vec3& normal);

/// Smallest interior angle, in degrees, of the triangles with a vertex in `vertices` (the
/// loop's one-ring); 180 when there is none.
double smallest_angle_around(const TriMesh& mesh, const std::vector<int>& vertices);

/// Smallest interior angle of triangle (a, b, c), in degrees; 0 for a degenerate one.
double smallest_angle(const Vec3& a, const Vec3& b, const Vec3& c);

}  // namespace skinlab
