// SPDX-License-Identifier: GPL-3.0-or-later
#include "skinlab/geometry/loop_metrics.hpp"

#include <CGAL/Exact_predicates_inexact_constructions_kernel.h>
#include <CGAL/convex_hull_2.h>

#include <algorithm>
#include <cmath>
#include <numbers>

#include "skinlab/geometry/obb.hpp"

namespace skinlab {

double projected_hull_perimeter(const std::vector<Vec3>& points, const Vec3& origin, const Vec3& normal) {
  using Kernel = CGAL::Exact_predicates_inexact_constructions_kernel;
  const Vec3 e1 = normal.unitOrthogonal(), e2 = normal.cross(e1);
  std::vector<Kernel::Point_2> projected, hull;
  projected.reserve(points.size());
  for (const Vec3& p : points) projected.emplace_back((p - origin).dot(e1), (p - origin).dot(e2));
  CGAL::convex_hull_2(projected.begin(), projected.end(), std::back_inserter(hull));
  double perimeter = 0.0;
  for (std::size_t i = 0; i < hull.size(); ++i)
    perimeter += std::sqrt(CGAL::squared_distance(hull[i], hull[(i + 1) % hull.size()]));
  return perimeter;
}

LoopMetrics loop_metrics(const std::vector<Vec3>& points) {
  LoopMetrics m;
  const std::size_t n = points.size();
  if (n < 3) return m;
  const Plane plane = fit_plane(points);
  m.centroid = plane.point;
  m.normal = plane.normal;
  double squared = 0.0;
  for (std::size_t i = 0; i < n; ++i) {
    m.length += (points[(i + 1) % n] - points[i]).norm();
    m.mean_radius += (points[i] - plane.point).norm();
    squared += std::pow((points[i] - plane.point).dot(plane.normal), 2);
  }
  m.mean_radius /= static_cast<double>(n);
  if (m.mean_radius > 0) m.planarity = std::sqrt(squared / static_cast<double>(n)) / m.mean_radius;
  const double hull = projected_hull_perimeter(points, plane.point, plane.normal);
  if (hull > 0) m.outline_ratio = m.length / hull;
  const Vec3 u = plane.normal.unitOrthogonal(), v = plane.normal.cross(u);
  std::vector<double> angles;
  for (const Vec3& p : points) angles.push_back(std::atan2((p - plane.point).dot(v), (p - plane.point).dot(u)));
  m.winding = loop_winding(angles);
  return m;
}

double smallest_angle(const Vec3& a, const Vec3& b, const Vec3& c) {
  const auto angle = [](const Vec3& p, const Vec3& q, const Vec3& r) {
    const Vec3 u = q - p, v = r - p;
    const double nu = u.norm(), nv = v.norm();
    if (nu == 0 || nv == 0) return 0.0;
    return std::acos(std::clamp(u.dot(v) / (nu * nv), -1.0, 1.0)) * 180.0 / std::numbers::pi;
  };
  return std::min({angle(a, b, c), angle(b, c, a), angle(c, a, b)});
}

double smallest_angle_around(const TriMesh& mesh, const std::vector<int>& vertices) {
  std::vector<char> marked(mesh.positions.size(), 0);
  for (int v : vertices) marked[v] = 1;
  double smallest = 180.0;
  for (const Tri& t : mesh.triangles)
    if (marked[t[0]] || marked[t[1]] || marked[t[2]])
      smallest = std::min(smallest, smallest_angle(mesh.positions[t[0]], mesh.positions[t[1]], mesh.positions[t[2]]));
  return smallest;
}

}  // namespace skinlab
