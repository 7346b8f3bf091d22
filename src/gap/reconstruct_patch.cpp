#include "gap/reconstruct_patch.hpp"

#include <CGAL/Advancing_front_surface_reconstruction.h>
#include <CGAL/Exact_predicates_inexact_constructions_kernel.h>

#include <algorithm>
#include <array>
#include <iterator>

namespace skinlab {

std::vector<Tri> reconstruct_patch(const std::vector<Vec3>& points) {
  std::vector<Tri> triangles;
  if (points.size() < 4) return triangles;
  using Point = CGAL::Exact_predicates_inexact_constructions_kernel::Point_3;
  std::vector<Point> input;
  input.reserve(points.size());
  for (const Vec3& p : points) input.emplace_back(p.x(), p.y(), p.z());
  std::vector<std::array<std::size_t, 3>> facets;
  CGAL::advancing_front_surface_reconstruction(input.begin(), input.end(), std::back_inserter(facets));
  // The advancing front lists its facets, and orients them, in a way that depends on where
  // CGAL's handles lie in memory: the same points can give the same facets in another order.
  // Each facet's indices sorted (the caller orients them), then the facets: a pose always gives
  // one frame.
  for (auto& f : facets) std::sort(f.begin(), f.end());
  std::sort(facets.begin(), facets.end());
  triangles.reserve(facets.size());
  for (const auto& f : facets)
    triangles.push_back({static_cast<int>(f[0]), static_cast<int>(f[1]), static_cast<int>(f[2])});
  return triangles;
}

}  // namespace skinlab
