#include "geometry/halfspace_intersection.hpp"

extern "C" {
#include <libqhull_r/qhull_ra.h>
}

#include <cstdio>

namespace skinlab {

std::vector<Vec3> halfspace_intersection(const std::vector<Halfspace>& halfspaces, const Vec3& interior) {
  std::vector<coordT> dual;
  dual.reserve(halfspaces.size() * 3);
  for (const Halfspace& h : halfspaces) {
    const double slack = h.offset - h.normal.dot(interior);
    if (!(slack > 0.0)) return {};  // the point is not strictly inside
    for (int k = 0; k < 3; ++k) dual.push_back(h.normal[k] / slack);
  }
  qhT qh_storage;
  qhT* qh = &qh_storage;
  QHULL_LIB_CHECK
  qh_zero(qh, nullptr);
  char options[] = "qhull Qt";
  static FILE* const quiet = std::fopen("/dev/null", "w");
  const int exitcode =
      qh_new_qhull(qh, 3, static_cast<int>(halfspaces.size()), dual.data(), False, options, nullptr, quiet);
  std::vector<Vec3> vertices;
  bool bounded = exitcode == 0;
  if (bounded) {
    facetT* facet;
    FORALLfacets {
      // Facet plane normal·y + offset = 0; the origin (p) inside the dual hull gives offset < 0.
      if (!(facet->offset < 0.0)) {
        bounded = false;
        break;
      }
      vertices.push_back(interior - Vec3(facet->normal[0], facet->normal[1], facet->normal[2]) / facet->offset);
    }
  }
  qh_freeqhull(qh, !qh_ALL);
  int curlong = 0, totlong = 0;
  qh_memfreeshort(qh, &curlong, &totlong);
  if (!bounded) return {};
  return vertices;
}

}  // namespace skinlab
