// SPDX-License-Identifier: GPL-3.0-or-later
#include "skinlab/segmentation/plane_cuts.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <numbers>
#include <numeric>
#include <unordered_map>

#include "skinlab/core/disjoint_sets.hpp"
#include "skinlab/geometry/geodesic_distance.hpp"
#include "skinlab/geometry/loop_metrics.hpp"
#include "skinlab/geometry/obb.hpp"
#include "skinlab/segmentation/border_loop.hpp"

namespace skinlab {

namespace {

// What a vertex touches, from the labels of its triangles, seen from one joint.
enum Touch : unsigned char { kChild = 1, kParent = 2, kDescendant = 4, kOther = 8 };

std::uint64_t edge_key(int a, int b) {
  return (static_cast<std::uint64_t>(std::min(a, b)) << 32) | static_cast<std::uint32_t>(std::max(a, b));
}

// How a vertex's side of the plane is decided: by its distance (free), or pinned to lie on the
// cut or off it (to avoid slivers).
enum Pin : unsigned char { kFree, kOnCut, kOffCut };

// A candidate plane and its score (loop length x outline ratio); valid when its cut is clean.
struct Evaluation {
  bool valid = false;
  double score = std::numeric_limits<double>::infinity();
  Vec3 point, normal;
};

// Everything about one joint that does not depend on the candidate plane.
class JointCut {
 public:
  JointCut(const TriMesh& mesh, const std::vector<int>& face_label, const std::vector<int>& parent, int child,
           const PlaneCutParams& params)
      : mesh_(mesh), face_label_(face_label), child_(child), parent_(parent[child]), params_(params) {
    const int nv = mesh.num_vertices();
    std::vector<char> in_subtree(parent.size(), 0);
    for (std::size_t p = 0; p < parent.size(); ++p)
      for (int a = static_cast<int>(p); a >= 0; a = parent[a])
        if (a == child) in_subtree[p] = 1;
    touch_.assign(nv, 0);
    for (std::size_t f = 0; f < mesh.triangles.size(); ++f) {
      const int l = face_label[f];
      const unsigned char bit = l == child ? kChild : l == parent_ ? kParent : in_subtree[l] ? kDescendant : kOther;
      for (int v : mesh.triangles[f]) touch_[v] |= bit;
    }
    rings_ = vertex_one_rings(mesh);
    incident_.assign(nv, {});
    for (std::size_t f = 0; f < mesh.triangles.size(); ++f)
      for (int v : mesh.triangles[f]) incident_[v].push_back(static_cast<int>(f));
    shortest_edge_.assign(nv, std::numeric_limits<double>::infinity());
    for (int v = 0; v < nv; ++v)
      for (int w : rings_[v])
        shortest_edge_[v] = std::min(shortest_edge_[v], (mesh.positions[v] - mesh.positions[w]).norm());
  }

  // The candidate planes' common data; false when the joint has no border to move.
  bool prepare() {
    std::vector<int> loop;
    std::vector<Vec3> loop_points;
    for (int v = 0; v < mesh_.num_vertices(); ++v)
      if ((touch_[v] & kChild) && (touch_[v] & kParent)) {
        loop.push_back(v);
        loop_points.push_back(mesh_.positions[v]);
      }
    if (loop.size() < 3) return false;
    const Plane fit = fit_plane(loop_points);
    center_ = fit.point;
    radius_ = 0.0;
    for (const Vec3& p : loop_points) radius_ += (p - center_).norm();
    radius_ /= static_cast<double>(loop_points.size());
    dist_ = geodesic_distances(mesh_, rings_, loop);
    const auto subtree_only = [&](int v) { return (touch_[v] & (kParent | kOther)) == 0; };
    double depth = 0.0;
    for (int v = 0; v < mesh_.num_vertices(); ++v)
      if (subtree_only(v) && std::isfinite(dist_[v])) depth = std::max(depth, dist_[v]);
    const double child_band = std::min(params_.band * radius_, 0.8 * depth);
    const double parent_band = params_.band * radius_;
    // Seeds: the child subtree beyond the band, always on the child side. Region: the vertices
    // whose side each candidate decides. Axis: from the border towards the child.
    Vec3 child_sum = Vec3::Zero();
    int child_count = 0;
    local_.assign(mesh_.num_vertices(), -1);
    pin_.assign(mesh_.num_vertices(), kFree);
    is_seed_.assign(mesh_.num_vertices(), 0);
    for (int v = 0; v < mesh_.num_vertices(); ++v) {
      if (subtree_only(v) && dist_[v] > child_band) {
        is_seed_[v] = 1;
        seeds_.push_back(v);
      } else if (subtree_only(v) || dist_[v] <= parent_band) {
        local_[v] = static_cast<int>(region_.size());
        region_.push_back(v);
      }
      if ((touch_[v] & kChild) && !(touch_[v] & kParent) && dist_[v] > 0.5 * radius_ && dist_[v] <= 1.5 * radius_) {
        child_sum += mesh_.positions[v];
        ++child_count;
      }
    }
    if (seeds_.empty()) return false;
    for (int v : seeds_)
      if (std::any_of(rings_[v].begin(), rings_[v].end(), [&](int w) { return !is_seed_[w]; })) frontier_.push_back(v);
    std::vector<char> near(mesh_.num_vertices(), 0);
    for (int v : region_) near[v] = 1;
    for (std::size_t f = 0; f < mesh_.triangles.size(); ++f) {
      const Tri& t = mesh_.triangles[f];
      if (near[t[0]] || near[t[1]] || near[t[2]]) triangles_.push_back(static_cast<int>(f));
    }
    Vec3 fit_normal = fit.normal;
    Vec3 toward_child = child_count > 0 ? Vec3(child_sum / child_count - center_) : fit_normal;
    if (fit_normal.dot(toward_child) < 0) fit_normal = -fit_normal;
    axes_ = {fit_normal};
    if (toward_child.norm() > 0 && toward_child.normalized().dot(fit_normal) < 0.999)
      axes_.push_back(toward_child.normalized());
    return true;
  }

  // Every candidate plane, evaluated; the valid ones best first.
  std::vector<Evaluation> candidates() {
    std::vector<Evaluation> out;
    for (const Vec3& axis : axes_) {
      const Vec3 e1 = axis.unitOrthogonal(), e2 = axis.cross(e1);
      for (double tilt : params_.tilts) {
        const int directions = tilt == 0.0 ? 1 : 8;
        for (int k = 0; k < directions; ++k) {
          const double a = tilt * std::numbers::pi / 180.0, b = 2.0 * std::numbers::pi * k / directions;
          const Vec3 normal = std::cos(a) * axis + std::sin(a) * (std::cos(b) * e1 + std::sin(b) * e2);
          // The seeds next to the region must lie strictly on the child side, off the snapping
          // distance (farther ones may not: a limb may curve back across the plane).
          double lowest_seed = std::numeric_limits<double>::infinity();
          for (int v : frontier_)
            lowest_seed = std::min(lowest_seed, normal.dot(mesh_.positions[v]) - params_.snap * shortest_edge_[v]);
          for (double offset : params_.offsets) {
            const Vec3 point = center_ + offset * radius_ * normal;
            if (lowest_seed <= normal.dot(point)) continue;
            Evaluation e = evaluate(point, normal);
            if (e.valid) out.push_back(e);
          }
        }
      }
    }
    std::stable_sort(out.begin(), out.end(),
                     [](const Evaluation& a, const Evaluation& b) { return a.score < b.score; });
    return out;
  }

  // Splits and relabels along the plane; false (mesh untouched) when the result's border
  // between child and parent is not one simple closed loop. A split that would make a triangle
  // with an angle under params.min_angle (or under its input triangle's smallest, if less)
  // instead routes the cut through that triangle's vertex nearest to the plane, and starts over.
  // `mesh` and `face_label` must be copies of the ones this joint was prepared on.
  bool apply(const Evaluation& e, TriMesh& mesh, std::vector<int>& face_label, PlaneCut& report) {
    std::fill(pin_.begin(), pin_.end(), kFree);
    for (int round = 0; round < 64; ++round) {
      if (!evaluate(e.point, e.normal).valid) break;
      PlaneCut attempt = report;
      const std::vector<std::pair<int, Pin>> pins = split(mesh, face_label, attempt);
      if (pins.empty() && border_is_one_simple_loop(mesh, face_label, child_, parent_)) {
        report = attempt;
        report.cut = true;
        report.point = e.point;
        report.normal = e.normal;
        return true;
      }
      // `mesh` is the caller's copy of the mesh this joint was prepared on: start over from it.
      mesh = mesh_;
      face_label = face_label_;
      if (pins.empty()) break;
      for (const auto& [v, pin] : pins) pin_[v] = pin;
    }
    return false;
  }

 private:
  double angle_of(const TriMesh& mesh, const Tri& t) const {
    return smallest_angle(mesh.positions[t[0]], mesh.positions[t[1]], mesh.positions[t[2]]);
  }

  // The vertices the cut passes through move onto the plane (by at most the snapping distance,
  // or to avoid a sliver), so every loop vertex lies on it. `angle_before` receives the
  // smallest angle of each triangle a move touches, before it. Returns the vertices a move
  // would make a sliver around: pinned off the cut.
  std::vector<std::pair<int, Pin>> snap_to_plane(TriMesh& mesh, std::unordered_map<int, double>& angle_before,
                                                 PlaneCut& report) const {
    std::vector<char> moved(mesh.positions.size(), 0);
    for (int f : triangles_) {
      const Tri& t = mesh.triangles[f];
      if (in_s_[t[0]] + in_s_[t[1]] + in_s_[t[2]] > 0)
        for (int v : t) moved[v] = !in_s_[v] && side(v) == 0;
    }
    for (int f : triangles_) {
      const Tri& t = mesh.triangles[f];
      if (moved[t[0]] || moved[t[1]] || moved[t[2]]) angle_before[f] = angle_of(mesh, t);
    }
    std::vector<std::pair<int, Pin>> pins;
    for (std::size_t v = 0; v < moved.size(); ++v)
      if (moved[v]) {
        const Vec3 rest = mesh.positions[v];
        const double d = signed_distance(static_cast<int>(v));
        mesh.positions[v] -= d * normal_;
        for (int f : incident_[v]) {
          const auto before = angle_before.find(f);
          if (before != angle_before.end() &&
              angle_of(mesh, mesh.triangles[f]) < std::min(params_.min_angle, before->second)) {
            mesh.positions[v] = rest;
            pins.push_back({static_cast<int>(v), kOffCut});
            break;
          }
        }
        if (mesh.positions[v] != rest) report.largest_move = std::max(report.largest_move, std::abs(d));
      }
    return pins;
  }

  // Splits triangle f (t, crossed by the cut) at its two crossings into a child piece and a
  // parent piece, each triangulated; `crossing_vertex` makes (once per edge) the vertex where
  // the cut crosses an edge. True when a piece is a sliver (an angle under params.min_angle, or
  // under the input triangle's smallest, `input_angle`, if less).
  template <class CrossingVertex>
  bool split_triangle(int f, const Tri& t, double input_angle, TriMesh& mesh, std::vector<int>& face_label,
                      CrossingVertex& crossing_vertex, PlaneCut& report) const {
    // The polygon around the triangle with the crossings inserted; sides +1 (S), 0 (on the
    // cut), -1. It is a run of +1, a 0, a run of -1, a 0: split it at the two zeros.
    std::vector<std::pair<int, int>> ring;
    for (int i = 0; i < 3; ++i) {
      const int a = t[i], b = t[(i + 1) % 3];
      ring.push_back({a, in_s_[a] ? 1 : side(a)});
      if (in_s_[a] != in_s_[b] && (in_s_[a] ? side(b) : side(a)) < 0) ring.push_back({crossing_vertex(a, b), 0});
    }
    const int n = static_cast<int>(ring.size());
    int start = 0;
    while (!(ring[start].second == 0 && ring[(start + 1) % n].second > 0)) ++start;
    std::vector<int> child_piece{ring[start].first}, parent_piece;
    int i = (start + 1) % n;
    for (; ring[i].second != 0; i = (i + 1) % n) child_piece.push_back(ring[i].first);
    child_piece.push_back(ring[i].first);
    for (; i != start; i = (i + 1) % n) parent_piece.push_back(ring[i].first);
    parent_piece.push_back(ring[start].first);
    report.smallest_split_angle = std::min(report.smallest_split_angle, input_angle);
    bool first = true, sliver = false;
    for (const auto& [piece, label] : {std::pair{child_piece, child_}, std::pair{parent_piece, parent_}})
      for (const Tri& piece_triangle : triangulate(mesh, piece)) {
        if (first) {
          mesh.triangles[f] = piece_triangle;
          face_label[f] = label;
          first = false;
        } else {
          mesh.triangles.push_back(piece_triangle);
          face_label.push_back(label);
        }
        ++report.new_triangles;
        const double angle = angle_of(mesh, piece_triangle);
        report.smallest_new_angle = std::min(report.smallest_new_angle, angle);
        sliver = sliver || angle < std::min(params_.min_angle, input_angle);
      }
    return sliver;
  }

  // A split of t made a sliver: the vertex of t nearest to the plane, when moving it there is
  // short enough, to route the cut through; -1 to keep the split.
  int vertex_to_route_through(const TriMesh& mesh, const Tri& t) const {
    const auto& x = mesh.positions;
    const double longest = std::max({(x[t[0]] - x[t[1]]).norm(), (x[t[1]] - x[t[2]]).norm(), (x[t[2]] - x[t[0]]).norm()});
    int nearest = -1;
    double best = std::min(params_.largest_move * longest, params_.largest_move_radius * radius_);
    for (int v : t)
      if (side(v) != 0 && pin_[v] == kFree && std::abs(signed_distance(v)) <= best) {
        best = std::abs(signed_distance(v));
        nearest = v;
      }
    return nearest;
  }

  // Splits the triangles the cut crosses (classify() has run) and relabels by side. Returns
  // the vertices to pin before trying again, to avoid slivers (none: the split stands): on the
  // cut, or off it when moving the vertex onto the plane would make a sliver of its own.
  std::vector<std::pair<int, Pin>> split(TriMesh& mesh, std::vector<int>& face_label, PlaneCut& report) const {
    std::unordered_map<std::uint64_t, int> crossing;
    const auto crossing_vertex = [&](int a, int b) {
      const auto [it, added] = crossing.emplace(edge_key(a, b), mesh.num_vertices());
      if (added) {
        const double sa = signed_distance(a), sb = signed_distance(b);
        const Vec3 at = mesh.positions[a] + sa / (sa - sb) * (mesh.positions[b] - mesh.positions[a]);
        mesh.positions.push_back(at);
      }
      return it->second;
    };
    std::unordered_map<int, double> angle_before;
    std::vector<std::pair<int, Pin>> pins = snap_to_plane(mesh, angle_before, report);
    if (!pins.empty()) return pins;
    for (int f : triangles_) {
      const Tri t = mesh.triangles[f];
      int in_s = 0, below = 0;
      for (int v : t) {
        in_s += in_s_[v];
        below += !in_s_[v] && side(v) < 0;
      }
      const auto before = angle_before.find(f);
      if (in_s == 0) {
        if (face_label[f] == child_) face_label[f] = parent_;
        if (before != angle_before.end() && angle_of(mesh, t) < std::min(params_.min_angle, before->second))
          ++report.slivers;
        continue;
      }
      if (face_label[f] == parent_) face_label[f] = child_;
      const double input_angle = before != angle_before.end() ? before->second : angle_of(mesh, t);
      if (below == 0) {
        if (angle_of(mesh, t) < std::min(params_.min_angle, input_angle)) ++report.slivers;
        continue;
      }
      if (!split_triangle(f, t, input_angle, mesh, face_label, crossing_vertex, report)) continue;
      // Route the cut through the nearest vertex when the move is short enough; else keep it.
      const int nearest = vertex_to_route_through(mesh, t);
      if (nearest >= 0)
        pins.push_back({nearest, kOnCut});
      else
        ++report.slivers;
    }
    report.new_vertices = static_cast<int>(crossing.size());
    return pins;
  }

  double signed_distance(int v) const { return normal_.dot(mesh_.positions[v] - point_); }
  // +1, -1, or 0 within the snapping distance.
  int side(int v) const {
    if (pin_[v] == kOnCut) return 0;
    const double s = signed_distance(v), eps = pin_[v] == kOffCut ? 0.0 : params_.snap * shortest_edge_[v];
    return s > eps ? 1 : s < -eps ? -1 : 0;
  }

  // Grows the child side S from the seeds through region vertices above the plane; false when
  // S would take a vertex of a third part or one beyond the parent's band, or leave a
  // descendant's vertex behind.
  bool classify(const Vec3& point, const Vec3& normal) {
    point_ = point;
    normal_ = normal;
    in_s_.assign(mesh_.num_vertices(), 0);
    std::vector<int> stack;
    for (int v : seeds_) in_s_[v] = 1;
    for (int v : frontier_)
      for (int w : rings_[v])
        if (!in_s_[w] && local_[w] >= 0 && side(w) > 0) {
          in_s_[w] = 1;
          stack.push_back(w);
        }
    while (!stack.empty()) {
      const int v = stack.back();
      stack.pop_back();
      if (touch_[v] & kOther) return false;
      for (int w : rings_[v]) {
        if (in_s_[w] || side(w) <= 0) continue;
        if (local_[w] < 0) return false;  // a parent vertex beyond the band: the plane leaks
        in_s_[w] = 1;
        stack.push_back(w);
      }
    }
    for (int v : region_)
      if ((touch_[v] & kDescendant) && !in_s_[v]) return false;
    return true;
  }

  Evaluation evaluate(const Vec3& point, const Vec3& normal) {
    Evaluation e;
    e.point = point;
    e.normal = normal;
    if (!classify(point, normal)) return e;
    // Cut points: a crossing on an edge from S to a vertex below, or a vertex on the plane next
    // to S. Points of one triangle belong to one loop.
    std::unordered_map<std::uint64_t, int> id;
    std::vector<int> up;
    std::vector<Vec3> points;
    const auto point_id = [&](std::uint64_t key, const Vec3& p) {
      const auto [it, added] = id.emplace(key, static_cast<int>(points.size()));
      if (added) {
        points.push_back(p);
        up.push_back(it->second);
      }
      return it->second;
    };
    double length = 0.0;
    for (int f : triangles_) {
      const Tri& t = mesh_.triangles[f];
      const int in_s = in_s_[t[0]] + in_s_[t[1]] + in_s_[t[2]];
      if (in_s == 0 || in_s == 3) continue;
      const int label = face_label_[f];
      if (label != child_ && label != parent_) return e;  // the cut would cross a third part
      int ids[3], n = 0;
      Vec3 at[3];
      for (int i = 0; i < 3; ++i) {
        const int a = t[i], b = t[(i + 1) % 3];
        if (!in_s_[a] && side(a) > 0) return e;
        if (!in_s_[a] && side(a) == 0) {
          if (touch_[a] & (kOther | kDescendant)) return e;  // the loop would touch a third part
          at[n] = mesh_.positions[a];
          ids[n] = point_id(0xFFFFFFFF00000000ull | static_cast<std::uint32_t>(a), at[n]);
          ++n;
        }
        if (in_s_[a] != in_s_[b] && (in_s_[a] ? side(b) : side(a)) < 0) {
          const double sa = signed_distance(a), sb = signed_distance(b);
          at[n] = mesh_.positions[a] + sa / (sa - sb) * (mesh_.positions[b] - mesh_.positions[a]);
          ids[n] = point_id(edge_key(a, b), at[n]);
          ++n;
        }
      }
      if (n == 2) {
        length += (at[1] - at[0]).norm();
        up[find_root(up, ids[0])] = find_root(up, ids[1]);
      }
    }
    if (points.size() < 3) return e;
    int loops = 0;
    for (std::size_t i = 0; i < up.size(); ++i) loops += find_root(up, static_cast<int>(i)) == static_cast<int>(i);
    if (loops != 1) return e;
    const double hull = projected_hull_perimeter(points, point, normal);
    if (hull <= 0) return e;
    e.valid = true;
    e.score = length * (length / hull);
    return e;
  }

  // A triangle or a convex quadrilateral (a triangle cut by a line) in triangles, the quad along
  // the diagonal that keeps the larger smallest angle.
  static std::vector<Tri> triangulate(const TriMesh& mesh, const std::vector<int>& p) {
    if (p.size() == 3) return {Tri{p[0], p[1], p[2]}};
    const auto& x = mesh.positions;
    const double via02 = std::min(smallest_angle(x[p[0]], x[p[1]], x[p[2]]), smallest_angle(x[p[0]], x[p[2]], x[p[3]]));
    const double via13 = std::min(smallest_angle(x[p[1]], x[p[2]], x[p[3]]), smallest_angle(x[p[1]], x[p[3]], x[p[0]]));
    if (via02 >= via13) return {Tri{p[0], p[1], p[2]}, Tri{p[0], p[2], p[3]}};
    return {Tri{p[1], p[2], p[3]}, Tri{p[1], p[3], p[0]}};
  }

  const TriMesh& mesh_;
  const std::vector<int>& face_label_;
  int child_, parent_;
  const PlaneCutParams& params_;
  std::vector<unsigned char> touch_;
  std::vector<std::vector<int>> rings_;
  std::vector<double> shortest_edge_, dist_;
  Vec3 center_ = Vec3::Zero();
  double radius_ = 0.0;
  std::vector<int> seeds_, frontier_, region_, local_, triangles_;
  std::vector<char> is_seed_, in_s_;
  std::vector<Pin> pin_;
  std::vector<std::vector<int>> incident_;  // triangles around each vertex
  std::vector<Vec3> axes_;
  Vec3 point_ = Vec3::Zero(), normal_ = Vec3::UnitZ();
};

}  // namespace

std::vector<PlaneCut> cut_borders_along_planes(TriMesh& mesh, std::vector<int>& face_label,
                                               const std::vector<int>& parent, const PlaneCutParams& params) {
  std::vector<PlaneCut> cuts;
  for (int child = 0; child < static_cast<int>(parent.size()); ++child) {
    if (parent[child] < 0) continue;
    PlaneCut report;
    report.child = child;
    JointCut joint(mesh, face_label, parent, child, params);
    if (joint.prepare()) {
      const std::vector<Evaluation> ranked = joint.candidates();
      // Of the planes nearly as good as the best (a candidate whose loop the split would pinch
      // drops out), the one leaving the fewest slivers.
      TriMesh best_mesh;
      std::vector<int> best_labels;
      for (std::size_t i = 0; i < ranked.size() && i < 8 && ranked[i].score <= params.score_slack * ranked[0].score;
           ++i) {
        TriMesh trial_mesh = mesh;
        std::vector<int> trial_labels = face_label;
        PlaneCut attempt = report;
        if (!joint.apply(ranked[i], trial_mesh, trial_labels, attempt)) continue;
        if (!report.cut || attempt.slivers < report.slivers) {
          report = attempt;
          best_mesh = std::move(trial_mesh);
          best_labels = std::move(trial_labels);
        }
        if (report.slivers == 0) break;
      }
      if (report.cut) {
        mesh = std::move(best_mesh);
        face_label = std::move(best_labels);
      }
    }
    cuts.push_back(report);
  }
  return cuts;
}

}  // namespace skinlab
