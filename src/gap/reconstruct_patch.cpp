#include "skinlab/gap/reconstruct_patch.hpp"

#include <CGAL/Advancing_front_surface_reconstruction.h>
#include <CGAL/Exact_predicates_inexact_constructions_kernel.h>

#include <algorithm>
#include <array>
#include <iterator>
#include <random>

namespace skinlab {

std::vector<Tri> reconstruct_patch(const std::vector<Vec3>& points) {
  std::vector<Tri> triangles;
  if (points.size() < 4) return triangles;
  using Point = CGAL::Exact_predicates_inexact_constructions_kernel::Point_3;
  std::vector<Point> input;
  input.reserve(points.size());
  // The patch points lie on arcs, often on one circle or sphere, so many candidate facets tie in
  // the advancing front's priority, and CGAL breaks ties by where its handles lie in memory: the
  // same command gave other surfaces from run to run. A perturbation far below the points'
  // precision (1e-9 of the patch's size), fixed by each point's index, breaks the ties the same
  // way each run; the triangles index the points as given. (Containers CGAL orders by address
  // still make a frame depend on the process's history: docs/gap.md.)
  Eigen::AlignedBox3d box;
  for (const Vec3& p : points) box.extend(p);
  const double scale = 1e-9 * std::max(box.diagonal().norm(), 1e-300);
  std::minstd_rand jitter(1);
  std::uniform_real_distribution<double> unit(-1.0, 1.0);
  for (const Vec3& p : points) {
    const Vec3 q = p + scale * Vec3(unit(jitter), unit(jitter), unit(jitter));
    input.emplace_back(q.x(), q.y(), q.z());
  }
  std::vector<std::array<std::size_t, 3>> facets;
  CGAL::advancing_front_surface_reconstruction(input.begin(), input.end(), std::back_inserter(facets));
  // The facets in a fixed order: each one's indices sorted (the caller orients them), then the
  // list.
  for (auto& f : facets) std::sort(f.begin(), f.end());
  std::sort(facets.begin(), facets.end());
  triangles.reserve(facets.size());
  for (const auto& f : facets)
    triangles.push_back({static_cast<int>(f[0]), static_cast<int>(f[1]), static_cast<int>(f[2])});
  return triangles;
}

}  // namespace skinlab
