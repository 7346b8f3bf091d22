// SPDX-License-Identifier: GPL-3.0-or-later
#include "skinlab/gap/triangulate_band.hpp"

#include <CGAL/Constrained_Delaunay_triangulation_2.h>
#include <CGAL/Exact_predicates_inexact_constructions_kernel.h>
#include <CGAL/Triangulation_face_base_with_info_2.h>
#include <CGAL/Triangulation_vertex_base_with_info_2.h>

#include <queue>

namespace skinlab {

namespace {

using Kernel = CGAL::Exact_predicates_inexact_constructions_kernel;
using VertexBase = CGAL::Triangulation_vertex_base_with_info_2<int, Kernel>;
using FaceBase =
    CGAL::Constrained_triangulation_face_base_2<Kernel, CGAL::Triangulation_face_base_with_info_2<int, Kernel>>;
using Cdt =
    CGAL::Constrained_Delaunay_triangulation_2<Kernel, CGAL::Triangulation_data_structure_2<VertexBase, FaceBase>,
                                               CGAL::No_constraint_intersection_tag>;

// Each face's nesting: 0 outside every rim, one more across each constrained edge (breadth-first
// from the infinite face, each region flooded before the one inside it).
void mark_nesting(Cdt& cdt) {
  for (auto f = cdt.all_faces_begin(); f != cdt.all_faces_end(); ++f) f->info() = -1;
  std::queue<Cdt::Face_handle> next_region;
  next_region.push(cdt.infinite_face());
  int level = 0;
  while (!next_region.empty()) {
    std::queue<Cdt::Face_handle> inner;
    while (!next_region.empty()) {
      std::queue<Cdt::Face_handle> flood;
      const Cdt::Face_handle seed = next_region.front();
      next_region.pop();
      if (seed->info() != -1) continue;
      seed->info() = level;
      flood.push(seed);
      while (!flood.empty()) {
        const Cdt::Face_handle f = flood.front();
        flood.pop();
        for (int i = 0; i < 3; ++i) {
          const Cdt::Face_handle n = f->neighbor(i);
          if (n->info() != -1) continue;
          if (cdt.is_constrained({f, i})) {
            inner.push(n);
          } else {
            n->info() = level;
            flood.push(n);
          }
        }
      }
    }
    next_region = std::move(inner);
    ++level;
  }
}

}  // namespace

std::optional<std::vector<Tri>> triangulate_band(const std::vector<Eigen::Vector2d>& points,
                                                 const std::vector<int>& inner, const std::vector<int>& outer) {
  if (inner.size() < 3 || outer.size() < 3) return std::nullopt;
  Cdt cdt;
  std::vector<Cdt::Vertex_handle> handle(points.size());
  std::vector<char> on_rim(points.size(), 0);
  const auto insert = [&](int i) {
    const std::size_t before = cdt.number_of_vertices();
    const Cdt::Vertex_handle v = cdt.insert(Cdt::Point(points[i].x(), points[i].y()));
    if (cdt.number_of_vertices() == before) return false;  // the same place as an earlier point
    v->info() = i;
    handle[i] = v;
    return true;
  };
  for (const std::vector<int>* rim : {&inner, &outer})
    for (int i : *rim)
      if (!on_rim[i]) {
        on_rim[i] = 1;
        if (!insert(i)) return std::nullopt;
      }
  // A rim that crosses a rim, or a point on a rim edge, is an intersection of constraints.
  try {
    for (const std::vector<int>* rim : {&inner, &outer})
      for (std::size_t k = 0; k < rim->size(); ++k)
        cdt.insert_constraint(handle[(*rim)[k]], handle[(*rim)[(k + 1) % rim->size()]]);
    for (std::size_t i = 0; i < points.size(); ++i)
      if (!on_rim[i]) insert(static_cast<int>(i));  // a point where another lies is left out
  } catch (const Cdt::Intersection_of_constraints_exception&) {
    return std::nullopt;
  }
  mark_nesting(cdt);
  // The band is level 1; every inner rim edge must part it from level 2, every outer one from
  // level 0.
  for (int level = 1; level <= 2; ++level) {
    const std::vector<int>& rim = level == 2 ? inner : outer;
    for (std::size_t k = 0; k < rim.size(); ++k) {
      Cdt::Face_handle f;
      int i = 0;
      if (!cdt.is_edge(handle[rim[k]], handle[rim[(k + 1) % rim.size()]], f, i)) return std::nullopt;
      const int a = f->info(), b = f->neighbor(i)->info();
      if (std::min(a, b) != level - 1 || std::max(a, b) != level) return std::nullopt;
    }
  }
  std::vector<Tri> triangles;
  for (auto f = cdt.finite_faces_begin(); f != cdt.finite_faces_end(); ++f)
    if (f->info() == 1) triangles.push_back({f->vertex(0)->info(), f->vertex(1)->info(), f->vertex(2)->info()});
  return triangles;
}

}  // namespace skinlab
