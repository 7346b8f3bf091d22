// SPDX-License-Identifier: GPL-3.0-or-later
#include "skinlab/metrics/surface_distance.hpp"

#include <CGAL/AABB_traits.h>
#include <CGAL/AABB_tree.h>
#include <CGAL/AABB_triangle_primitive.h>
#include <CGAL/Exact_predicates_inexact_constructions_kernel.h>

#include <cmath>
#include <limits>

namespace skinlab {

std::vector<double> distances_to_triangles(const std::vector<float>& positions, const std::vector<Tri>& triangles,
                                           const std::vector<Vec3>& points) {
  using Kernel = CGAL::Exact_predicates_inexact_constructions_kernel;
  using Triangles = std::vector<Kernel::Triangle_3>;
  using Primitive = CGAL::AABB_triangle_primitive<Kernel, Triangles::const_iterator>;
  using Tree = CGAL::AABB_tree<CGAL::AABB_traits<Kernel, Primitive>>;
  const auto at = [&](int v) { return Kernel::Point_3(positions[3 * v], positions[3 * v + 1], positions[3 * v + 2]); };
  Triangles soup;
  soup.reserve(triangles.size());
  for (const Tri& t : triangles) {
    Kernel::Triangle_3 triangle(at(t[0]), at(t[1]), at(t[2]));
    if (!triangle.is_degenerate()) soup.push_back(triangle);
  }
  std::vector<double> out(points.size(), std::numeric_limits<double>::infinity());
  if (soup.empty()) return out;
  Tree tree(soup.begin(), soup.end());
  tree.accelerate_distance_queries();
  for (std::size_t i = 0; i < points.size(); ++i)
    out[i] = std::sqrt(tree.squared_distance(Kernel::Point_3(points[i].x(), points[i].y(), points[i].z())));
  return out;
}

}  // namespace skinlab
