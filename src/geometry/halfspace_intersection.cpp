#include "geometry/halfspace_intersection.hpp"

#include "geometry/qhull_run.hpp"

namespace skinlab {

std::vector<Vec3> halfspace_intersection(const std::vector<Halfspace>& halfspaces, const Vec3& interior) {
  std::vector<coordT> dual;
  dual.reserve(halfspaces.size() * 3);
  for (const Halfspace& h : halfspaces) {
    const double slack = h.offset - h.normal.dot(interior);
    if (!(slack > 0.0)) return {};  // the point is not strictly inside
    for (int k = 0; k < 3; ++k) dual.push_back(h.normal[k] / slack);
  }
  QhullRun run(dual);
  if (!run.ok()) return {};
  qhT* qh = run.qh();
  std::vector<Vec3> vertices;
  facetT* facet;
  FORALLfacets {
    // Facet plane normal·y + offset = 0; the origin (p) inside the dual hull gives offset < 0,
    // and a facet through or past it means the intersection is unbounded.
    if (!(facet->offset < 0.0)) return {};
    vertices.push_back(interior - Vec3(facet->normal[0], facet->normal[1], facet->normal[2]) / facet->offset);
  }
  return vertices;
}

}  // namespace skinlab
