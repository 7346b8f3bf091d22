// SPDX-License-Identifier: GPL-3.0-or-later
#include "skinlab/geometry/kernel_centroid.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "skinlab/core/stopwatch.hpp"

namespace skinlab {

namespace {

// Inner half-spaces of the triangles as unit normal and offset, coplanar duplicates removed
// (tessellated flat regions would otherwise repeat one constraint many times).
std::vector<Halfspace> inner_halfspaces(const std::vector<Vec3>& positions, const std::vector<Tri>& triangles,
                                        const Vec3& origin, double scale) {
  std::vector<Halfspace> out;
  out.reserve(triangles.size() + 6);
  for (const Tri& t : triangles) {
    const Vec3 n = (positions[t[1]] - positions[t[0]]).cross(positions[t[2]] - positions[t[0]]);
    const double len = n.norm();
    if (len <= 0.0) continue;
    const Vec3 unit = n / len;
    out.push_back({unit, unit.dot(positions[t[0]] - origin)});
  }
  const double tol = 1e-12;
  const auto key_less = [](const Halfspace& a, const Halfspace& b) {
    for (int k = 0; k < 3; ++k)
      if (a.normal[k] != b.normal[k]) return a.normal[k] < b.normal[k];
    return a.offset < b.offset;
  };
  std::sort(out.begin(), out.end(), key_less);
  const auto same = [&](const Halfspace& a, const Halfspace& b) {
    return (a.normal - b.normal).norm() < tol && std::abs(a.offset - b.offset) < tol * scale;
  };
  out.erase(std::unique(out.begin(), out.end(), same), out.end());
  return out;
}

// A point well inside the half-spaces, for Qhull to intersect them from. The Chebyshev centre
// is the best-conditioned one, but its exact linear program costs milliseconds per part; the
// hull's centroid lies deep inside the kernel of most parts (limbs are nearly convex), and
// checking it costs one pass. `guess` and the result are relative to the half-spaces' origin.
ChebyshevCenter interior_point(const std::vector<Halfspace>& halfspaces, const Vec3& guess, double diagonal,
                               const std::vector<int>& always) {
  constexpr double kDeepEnough = 0.01;  // of the diagonal: Qhull's dual points stay well scaled
  double slack = std::numeric_limits<double>::infinity();
  for (const Halfspace& h : halfspaces) slack = std::min(slack, h.offset - h.normal.dot(guess));
  if (slack >= kDeepEnough * diagonal) return {guess, slack};
  return chebyshev_center(halfspaces, diagonal, always);
}

}  // namespace

KernelCentroid kernel_centroid(const std::vector<Vec3>& positions, const std::vector<Tri>& triangles,
                               const std::vector<Halfspace>& extra, const ConvexHull& hull,
                               const KernelParams& params) {
  KernelCentroid result;
  Stopwatch stopwatch;
  result.centroid = surface_centroid(hull.points, hull.triangles);
  const Box3 box = bounding_box(positions);
  const double diagonal = box.diagonal();
  if (diagonal <= 0.0) return result;
  // Work about the box centre: the LP and the dual points are better conditioned there.
  const Vec3 origin = 0.5 * (box.min + box.max);
  std::vector<Halfspace> halfspaces = inner_halfspaces(positions, triangles, origin, diagonal);
  for (const Halfspace& h : extra) {
    const double len = h.normal.norm();
    if (len > 0.0) halfspaces.push_back({h.normal / len, (h.offset - h.normal.dot(origin)) / len});
  }
  // The surface's box keeps the intersection bounded even if the surface is not quite closed.
  const Vec3 half = 0.5 * (box.max - box.min) + Vec3::Constant(0.01 * diagonal);
  for (int k = 0; k < 3; ++k) {
    halfspaces.push_back({Vec3::Unit(k), half[k]});
    halfspaces.push_back({-Vec3::Unit(k), half[k]});
  }
  std::vector<int> box_rows;
  for (int k = 0; k < 6; ++k) box_rows.push_back(static_cast<int>(halfspaces.size()) - 1 - k);
  result.timings.halfspaces = stopwatch.lap();
  const ChebyshevCenter deepest = interior_point(halfspaces, result.centroid - origin, diagonal, box_rows);
  result.timings.interior_point = stopwatch.lap();
  result.inner_radius = deepest.radius;
  if (deepest.radius < params.min_radius_ratio * diagonal) return result;
  std::optional<ConvexHull> kernel = halfspace_intersection(halfspaces, deepest.center);
  if (kernel) {
    result.kernel = std::move(*kernel);
    for (Vec3& p : result.kernel.points) p += origin;
    result.centroid = surface_centroid(result.kernel.points, result.kernel.triangles);
    result.kernel_empty = false;
  }
  result.timings.intersection = stopwatch.lap();
  return result;
}

}  // namespace skinlab
