// SPDX-License-Identifier: GPL-3.0-or-later
#include "skinlab/skeleton/component_surface.hpp"

#include <stdexcept>

#include "skinlab/geometry/obb.hpp"

namespace skinlab {

ComponentSurface component_surface(const SegmentedModel& model, int c) {
  const Component& component = model.components()[c];
  ComponentSurface out{component.mesh.positions, component.mesh.triangles, {}};
  for (const Opening& opening : model.openings()) {
    if (opening.a != c && opening.b != c) continue;
    for (const OpeningLoop& loop : opening.loops) {
      if (!loop.closed || loop.original.size() < 3) continue;
      const std::vector<int>& ids = opening.a == c ? loop.in_a : loop.in_b;
      // Loops run along a's triangles: a's cap runs against them, b's with them.
      const bool reverse = opening.a == c;
      const int center = static_cast<int>(out.positions.size());
      out.positions.push_back(loop.centroid);
      Vec3 area = Vec3::Zero();
      std::vector<Vec3> points;
      for (std::size_t i = 0; i < ids.size(); ++i) {
        int u = ids[i], v = ids[(i + 1) % ids.size()];
        if (reverse) std::swap(u, v);
        out.triangles.push_back({u, v, center});
        area += (out.positions[v] - out.positions[u]).cross(loop.centroid - out.positions[u]);
        points.push_back(out.positions[ids[i]]);
      }
      Plane plane = fit_plane(points);
      if (plane.normal.dot(area) < 0) plane.normal = -plane.normal;
      out.opening_planes.push_back({plane.normal, plane.normal.dot(plane.point)});
    }
  }
  return out;
}

Vec3 opening_centroid(const SegmentedModel& model, int a, int b) {
  const Opening* opening = model.opening_between(a, b);
  if (opening == nullptr || opening->loops.empty()) throw std::logic_error("components are not adjacent");
  const OpeningLoop* longest = &opening->loops.front();
  for (const OpeningLoop& loop : opening->loops)
    if (loop.length > longest->length) longest = &loop;
  return longest->centroid;
}

}  // namespace skinlab
