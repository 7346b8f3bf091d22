// SPDX-License-Identifier: GPL-3.0-or-later
#include "skinlab/geometry/halfspace_intersection.hpp"

#include "skinlab/geometry/qhull_run.hpp"

namespace skinlab {

namespace {

// The facets around dual vertex v in cyclic order: each shares an edge through v with the
// next. Empty when Qhull's merged facets do not close a cycle (a degenerate neighbourhood).
std::vector<facetT*> facets_around(qhT* qh, vertexT* v) {
  std::vector<facetT*> cycle;
  const int degree = qh_setsize(qh, v->neighbors);
  facetT* previous = nullptr;
  facetT* current = static_cast<facetT*>(SETfirst_(v->neighbors));
  while (static_cast<int>(cycle.size()) < degree) {
    cycle.push_back(current);
    facetT* next = nullptr;
    facetT *neighbor, **neighborp;
    FOREACHneighbor_(current) {
      if (neighbor != previous && qh_setin(neighbor->vertices, v)) {
        next = neighbor;
        break;
      }
    }
    if (next == nullptr) return {};
    previous = current;
    current = next;
    if (current == cycle.front()) break;
  }
  if (static_cast<int>(cycle.size()) != degree || current != cycle.front()) return {};
  return cycle;
}

}  // namespace

std::optional<ConvexHull> halfspace_intersection(const std::vector<Halfspace>& halfspaces, const Vec3& interior) {
  std::vector<coordT> dual;
  dual.reserve(halfspaces.size() * 3);
  for (const Halfspace& h : halfspaces) {
    const double slack = h.offset - h.normal.dot(interior);
    if (!(slack > 0.0)) return std::nullopt;  // the point is not strictly inside
    for (int k = 0; k < 3; ++k) dual.push_back(h.normal[k] / slack);
  }
  // Merged (not triangulated) dual facets: one facet per polytope vertex, even where more
  // than three planes meet, so the polytope has no repeated vertices.
  QhullRun run(dual, false);
  if (!run.ok()) return std::nullopt;
  qhT* qh = run.qh();
  ConvexHull polytope;
  std::vector<int> vertex_of(qh->facet_id, -1);  // dual facet id -> polytope vertex
  facetT* facet;
  FORALLfacets {
    // Facet plane normal·y + offset = 0; the origin (p) inside the dual hull gives offset < 0,
    // and a facet through or past it means the intersection is unbounded.
    if (!(facet->offset < 0.0)) return std::nullopt;
    vertex_of[facet->id] = static_cast<int>(polytope.points.size());
    polytope.points.push_back(interior - Vec3(facet->normal[0], facet->normal[1], facet->normal[2]) / facet->offset);
  }
  // Each dual vertex is a half-space whose plane carries a polytope face; the facets around
  // it are that face's corners in order, fanned into triangles facing along its normal.
  qh_vertexneighbors(qh);
  vertexT* vertex;
  FORALLvertices {
    const std::vector<facetT*> corners = facets_around(qh, vertex);
    if (corners.size() < 3) return std::nullopt;
    const Vec3& outward = halfspaces[qh_pointid(qh, vertex->point)].normal;
    const int first = vertex_of[corners[0]->id];
    for (std::size_t k = 1; k + 1 < corners.size(); ++k) {
      Tri t{first, vertex_of[corners[k]->id], vertex_of[corners[k + 1]->id]};
      const Vec3& a = polytope.points[t[0]];
      if ((polytope.points[t[1]] - a).cross(polytope.points[t[2]] - a).dot(outward) < 0) std::swap(t[1], t[2]);
      polytope.triangles.push_back(t);
    }
  }
  return polytope;
}

}  // namespace skinlab
