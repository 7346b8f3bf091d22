// SPDX-License-Identifier: GPL-3.0-or-later
#include "skinlab/geometry/convex_hull.hpp"

#include <string>
#include <unordered_map>

#include "skinlab/geometry/qhull_run.hpp"

namespace skinlab {

ConvexHull convex_hull(const std::vector<Vec3>& points) {
  if (points.size() < 4)
    throw GeometryError("convex hull needs at least 4 points, got " + std::to_string(points.size()));
  std::vector<coordT> coords;
  coords.reserve(points.size() * 3);
  for (const Vec3& p : points) coords.insert(coords.end(), {p.x(), p.y(), p.z()});

  QhullRun run(coords, true);
  if (!run.ok()) throw GeometryError("convex hull failed: the points are (nearly) coplanar or degenerate");
  qhT* qh = run.qh();
  ConvexHull hull;
  std::unordered_map<int, int> index;  // qhull point id -> hull vertex id
  vertexT* vertex;
  FORALLvertices {
    index[qh_pointid(qh, vertex->point)] = static_cast<int>(hull.points.size());
    hull.points.push_back(points[qh_pointid(qh, vertex->point)]);
  }
  facetT* facet;
  FORALLfacets {
    vertexT** vertexp;
    Tri t{};
    int k = 0;
    FOREACHvertex_(facet->vertices) if (k < 3) t[k++] = index[qh_pointid(qh, vertex->point)];
    const Vec3& a = hull.points[t[0]];
    const Vec3 n = (hull.points[t[1]] - a).cross(hull.points[t[2]] - a);
    // Qhull's vertex order says nothing about orientation; its facet normal does.
    if (n.dot(Vec3(facet->normal[0], facet->normal[1], facet->normal[2])) < 0) std::swap(t[1], t[2]);
    hull.triangles.push_back(t);
  }
  return hull;
}

const char* qhull_version() { return qh_version; }

Vec3 surface_centroid(const std::vector<Vec3>& points, const std::vector<Tri>& triangles) {
  Vec3 weighted = Vec3::Zero();
  double area = 0.0;
  for (const Tri& t : triangles) {
    const Vec3 &p = points[t[0]], &q = points[t[1]], &r = points[t[2]];
    const double a = 0.5 * (q - p).cross(r - p).norm();
    weighted += a * (p + q + r) / 3.0;
    area += a;
  }
  if (area > 0.0) return weighted / area;
  Vec3 mean = Vec3::Zero();
  for (const Vec3& p : points) mean += p;
  return points.empty() ? mean : Vec3(mean / static_cast<double>(points.size()));
}

}  // namespace skinlab
