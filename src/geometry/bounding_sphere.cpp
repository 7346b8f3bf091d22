// SPDX-License-Identifier: GPL-3.0-or-later
// The one translation unit that includes CGAL's minimal enclosing sphere.
#include <CGAL/Cartesian.h>
#include <CGAL/Min_sphere_of_points_d_traits_3.h>
#include <CGAL/Min_sphere_of_spheres_d.h>

#include "skinlab/geometry/obb.hpp"

namespace skinlab {

Sphere bounding_sphere(const std::vector<Vec3>& points) {
  using Kernel = CGAL::Cartesian<double>;
  using Traits = CGAL::Min_sphere_of_points_d_traits_3<Kernel, double, CGAL::Tag_true>;
  std::vector<Kernel::Point_3> input;
  input.reserve(points.size());
  for (const Vec3& p : points) input.emplace_back(p.x(), p.y(), p.z());
  CGAL::Min_sphere_of_spheres_d<Traits> sphere(input.begin(), input.end());
  Sphere out;
  if (sphere.is_empty()) return out;
  auto c = sphere.center_cartesian_begin();
  for (int k = 0; k < 3; ++k, ++c) out.center[k] = *c;
  out.radius = sphere.radius();
  return out;
}

}  // namespace skinlab
