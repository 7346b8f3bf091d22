// SPDX-License-Identifier: GPL-3.0-or-later
#include "skinlab/segmentation/sliver_repair.hpp"

#include <CGAL/Exact_predicates_inexact_constructions_kernel.h>
#include <CGAL/Polygon_mesh_processing/compute_normal.h>
#include <CGAL/Polygon_mesh_processing/remesh.h>
#include <CGAL/Polygon_mesh_processing/repair_degeneracies.h>
#include <CGAL/Surface_mesh.h>

#include <algorithm>
#include <cmath>
#include <numbers>

#include "skinlab/geometry/loop_metrics.hpp"

namespace skinlab {

namespace {

using Kernel = CGAL::Exact_predicates_inexact_constructions_kernel;
using Mesh = CGAL::Surface_mesh<Kernel::Point_3>;

double smallest_face_angle(const Mesh& sm, Mesh::Face_index f) {
  Vec3 p[3];
  int i = 0;
  for (Mesh::Vertex_index v : CGAL::vertices_around_face(sm.halfedge(f), sm)) {
    const Kernel::Point_3& q = sm.point(v);
    p[i++] = Vec3(q.x(), q.y(), q.z());
  }
  return smallest_angle(p[0], p[1], p[2]);
}

using LabelMap = Mesh::Property_map<Mesh::Face_index, int>;
using MadeMap = Mesh::Property_map<Mesh::Vertex_index, bool>;
using ConstraintMap = Mesh::Property_map<Mesh::Edge_index, bool>;

double edge_length(const Mesh& sm, Mesh::Halfedge_index h) {
  return std::sqrt(CGAL::squared_distance(sm.point(sm.source(h)), sm.point(sm.target(h))));
}

// The slivers: faces with an angle under `min_angle` whose vertices were all made by the cuts
// or the remeshing.
std::vector<Mesh::Face_index> find_slivers(const Mesh& sm, const MadeMap& made, double min_angle) {
  std::vector<Mesh::Face_index> out;
  for (Mesh::Face_index f : sm.faces()) {
    bool all_made = true;
    for (Mesh::Vertex_index v : CGAL::vertices_around_face(sm.halfedge(f), sm)) all_made = all_made && made[v];
    if (all_made && smallest_face_angle(sm, f) < min_angle) out.push_back(f);
  }
  return out;
}

// The band to remesh: faces whose vertices lie within one ring of a sliver's (marked made, as
// the remeshing will move them). `length`: the sum of the band's edge lengths.
std::vector<Mesh::Face_index> band_around(Mesh& sm, const std::vector<Mesh::Face_index>& thin, MadeMap& made,
                                          double& length) {
  auto near = sm.add_property_map<Mesh::Vertex_index, int>("v:near", -1).first;
  for (Mesh::Vertex_index v : sm.vertices()) near[v] = -1;
  std::vector<Mesh::Vertex_index> frontier;
  for (Mesh::Face_index f : thin)
    for (Mesh::Vertex_index v : CGAL::vertices_around_face(sm.halfedge(f), sm))
      if (near[v] < 0) {
        near[v] = 0;
        frontier.push_back(v);
      }
  for (Mesh::Vertex_index v : frontier)
    for (Mesh::Vertex_index w : CGAL::vertices_around_target(sm.halfedge(v), sm))
      if (near[w] < 0) near[w] = 1;
  std::vector<Mesh::Face_index> band;
  length = 0.0;
  for (Mesh::Face_index f : sm.faces()) {
    bool inside = true;
    for (Mesh::Vertex_index v : CGAL::vertices_around_face(sm.halfedge(f), sm)) inside = inside && near[v] >= 0;
    if (!inside) continue;
    band.push_back(f);
    for (Mesh::Halfedge_index h : CGAL::halfedges_around_face(sm.halfedge(f), sm)) {
      made[sm.target(h)] = true;
      length += edge_length(sm, h);
    }
  }
  return band;
}

// Part borders and creases stay where they are: edges whose faces' normals are 80–150 degrees
// apart (a box's edges; not a limb's soft folds, nor the fold of a thin sheet such as an ear's
// rim, whose slivers the remeshing must be free to remove).
void constrain_borders_and_creases(const Mesh& sm, const LabelMap& label, ConstraintMap& constrained) {
  for (Mesh::Edge_index e : sm.edges()) {
    const Mesh::Face_index f = sm.face(sm.halfedge(e, 0)), g = sm.face(sm.halfedge(e, 1));
    const double turn = std::acos(std::clamp(CGAL::Polygon_mesh_processing::compute_face_normal(f, sm) *
                                                 CGAL::Polygon_mesh_processing::compute_face_normal(g, sm),
                                             -1.0, 1.0)) *
                        180.0 / std::numbers::pi;
    constrained[e] = label[f] != label[g] || (turn > 80.0 && turn < 150.0);
  }
}

// What the remeshing left against a border or a crease: CGAL's needle and cap removal (edge
// collapses and flips). Part borders stay; a crease edge may flip here, which moves the surface
// by at most the sliver's own height. A triangle with an angle under min_angle is a cap (an
// angle over 180 - 4 min_angle) or a needle (edges at least 3.9 times apart).
void remove_needles_and_caps(Mesh& sm, const std::vector<Mesh::Face_index>& thin, const LabelMap& label,
                             ConstraintMap& constrained, double min_angle) {
  for (Mesh::Edge_index e : sm.edges())
    constrained[e] = label[sm.face(sm.halfedge(e, 0))] != label[sm.face(sm.halfedge(e, 1))];
  double longest = 0.0;
  for (Mesh::Face_index f : thin)
    for (Mesh::Halfedge_index h : CGAL::halfedges_around_face(sm.halfedge(f), sm))
      longest = std::max(longest, edge_length(sm, h));
  CGAL::Polygon_mesh_processing::experimental::remove_almost_degenerate_faces(
      thin, sm, std::cos((180.0 - 4.0 * min_angle) * std::numbers::pi / 180.0), 3.9, longest,
      CGAL::parameters::edge_is_constrained_map(constrained));
}

// The repaired surface back into `mesh` and `face_label`.
void write_back(Mesh& sm, const LabelMap& label, TriMesh& mesh, std::vector<int>& face_label) {
  sm.collect_garbage();
  mesh.positions.clear();
  for (Mesh::Vertex_index v : sm.vertices()) {
    const Kernel::Point_3& q = sm.point(v);
    mesh.positions.emplace_back(q.x(), q.y(), q.z());
  }
  mesh.triangles.clear();
  face_label.clear();
  for (Mesh::Face_index f : sm.faces()) {
    Tri t{};
    int i = 0;
    for (Mesh::Vertex_index v : CGAL::vertices_around_face(sm.halfedge(f), sm)) t[i++] = static_cast<int>(v.idx());
    mesh.triangles.push_back(t);
    face_label.push_back(label[f]);
  }
}

}  // namespace

SliverRepair repair_slivers(TriMesh& mesh, std::vector<int>& face_label, const std::vector<char>& made_by_cut,
                            double min_angle) {
  SliverRepair report;
  const double volume_before = enclosed_volume(mesh);
  Mesh sm;
  for (const Vec3& p : mesh.positions) sm.add_vertex(Kernel::Point_3(p.x(), p.y(), p.z()));
  for (const Tri& t : mesh.triangles)
    sm.add_face(Mesh::Vertex_index(t[0]), Mesh::Vertex_index(t[1]), Mesh::Vertex_index(t[2]));
  LabelMap label = sm.add_property_map<Mesh::Face_index, int>("f:label", 0).first;
  // Vertices of the cuts and of the remeshed bands; vertices the remeshing creates are too.
  MadeMap made = sm.add_property_map<Mesh::Vertex_index, bool>("v:made", true).first;
  for (Mesh::Vertex_index v : sm.vertices()) made[v] = false;
  for (Mesh::Face_index f : sm.faces()) {
    label[f] = face_label[f.idx()];
    if (made_by_cut[f.idx()])
      for (Mesh::Vertex_index v : CGAL::vertices_around_face(sm.halfedge(f), sm)) made[v] = true;
  }
  std::vector<Mesh::Face_index> thin = find_slivers(sm, made, min_angle);
  report.slivers_before = static_cast<int>(thin.size());
  ConstraintMap constrained = sm.add_property_map<Mesh::Edge_index, bool>("e:constrained", false).first;
  // Rounds, until three in a row do not help: a band's remeshing may leave a sliver at its edge.
  int stalled = 0;
  for (int round = 0; round < 8 && !thin.empty(); ++round) {
    double length = 0.0;
    const std::vector<Mesh::Face_index> band = band_around(sm, thin, made, length);
    constrain_borders_and_creases(sm, label, constrained);
    report.remeshed_triangles += static_cast<int>(band.size());
    CGAL::Polygon_mesh_processing::isotropic_remeshing(band, length / (3.0 * static_cast<double>(band.size())), sm,
                                                       CGAL::parameters::number_of_iterations(5)
                                                           .edge_is_constrained_map(constrained)
                                                           .face_patch_map(label)
                                                           .collapse_constraints(true));
    const std::size_t left = thin.size();
    thin = find_slivers(sm, made, min_angle);
    stalled = thin.size() >= left ? stalled + 1 : 0;
    if (stalled == 3) break;  // what is left sits against a crease or a border
  }
  if (!thin.empty()) {
    remove_needles_and_caps(sm, thin, label, constrained, min_angle);
    thin = find_slivers(sm, made, min_angle);
  }
  report.slivers_after = static_cast<int>(thin.size());
  write_back(sm, label, mesh, face_label);
  report.volume_change = (enclosed_volume(mesh) - volume_before) / volume_before;
  return report;
}

}  // namespace skinlab
