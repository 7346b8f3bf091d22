// SPDX-License-Identifier: GPL-3.0-or-later
#include "skinlab/segmentation/orientation.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "skinlab/geometry/convex_hull.hpp"
#include "skinlab/geometry/obb.hpp"

namespace skinlab {

namespace {

using Vec2 = Eigen::Vector2d;

double cross(const Vec2& o, const Vec2& a, const Vec2& b) {
  return (a - o).x() * (b - o).y() - (a - o).y() * (b - o).x();
}

double distance_to_segment(const Vec2& q, const Vec2& a, const Vec2& b) {
  const Vec2 e = b - a;
  const double t = e.squaredNorm() > 0 ? std::clamp((q - a).dot(e) / e.squaredNorm(), 0.0, 1.0) : 0.0;
  return (q - (a + t * e)).norm();
}

// Distance from q to the convex hull of `points` (0 inside): Andrew's monotone chain, then the
// nearest edge when q lies outside one.
double distance_to_hull(std::vector<Vec2> points, const Vec2& q) {
  std::sort(points.begin(), points.end(),
            [](const Vec2& a, const Vec2& b) { return a.x() < b.x() || (a.x() == b.x() && a.y() < b.y()); });
  std::vector<Vec2> hull;
  for (int pass = 0; pass < 2; ++pass) {
    const std::size_t start = hull.size();
    for (const Vec2& p : points) {
      while (hull.size() >= start + 2 && cross(hull[hull.size() - 2], hull.back(), p) <= 0) hull.pop_back();
      hull.push_back(p);
    }
    hull.pop_back();
    std::reverse(points.begin(), points.end());
  }
  if (hull.size() < 3) return hull.size() == 2 ? distance_to_segment(q, hull[0], hull[1]) : (q - points[0]).norm();
  bool inside = true;
  double nearest = std::numeric_limits<double>::infinity();
  for (std::size_t i = 0; i < hull.size(); ++i) {
    const Vec2 &a = hull[i], &b = hull[(i + 1) % hull.size()];
    inside = inside && cross(a, b, q) >= 0;
    nearest = std::min(nearest, distance_to_segment(q, a, b));
  }
  return inside ? 0.0 : nearest;
}

// A unit vector orthogonal to d, and the third completing a right-handed frame.
std::pair<Vec3, Vec3> plane_basis(const Vec3& d) {
  const Vec3 a = d.cross(std::abs(d.x()) < 0.9 ? Vec3::UnitX() : Vec3::UnitY()).normalized();
  return {a, d.cross(a)};
}

// The coordinate axis (either way) orthogonal to `up` nearest to `v` when within `degrees`;
// otherwise `v`.
Vec3 snap_to_axis(const Vec3& v, double degrees, const Vec3& up) {
  for (int axis = 0; axis < 3; ++axis)
    for (double sign : {1.0, -1.0}) {
      const Vec3 c = sign * Vec3::Unit(axis);
      if (std::abs(c.dot(up)) < 1e-9 && v.dot(c) >= std::cos(degrees * M_PI / 180)) return c;
    }
  return v;
}

// Of the planes through `centre` that contain `up`, the one mirroring `samples` best onto
// themselves: its unit normal, and the mean distance from a mirrored sample to the nearest
// sample. A creature standing upright is left-right symmetric about such a plane; lying on its
// side, it is not.
std::pair<Vec3, double> best_upright_mirror(const std::vector<Vec3>& samples, const Vec3& centre, const Vec3& up) {
  const auto [e1, e2] = plane_basis(up);
  std::pair<Vec3, double> best{Vec3::Zero(), std::numeric_limits<double>::infinity()};
  for (int step = 0; step < 45; ++step) {
    const double angle = M_PI * step / 45;
    const Vec3 normal = std::cos(angle) * e1 + std::sin(angle) * e2;
    double sum = 0;
    for (const Vec3& p : samples) {
      const Vec3 mirrored = p - 2 * (p - centre).dot(normal) * normal;
      double nearest = std::numeric_limits<double>::infinity();
      for (const Vec3& q : samples) nearest = std::min(nearest, (mirrored - q).squaredNorm());
      sum += std::sqrt(nearest);
    }
    const double mean = sum / static_cast<double>(samples.size());
    if (mean < best.second) best = {normal, mean};
  }
  return best;
}

struct Stance {
  Vec3 up;
  std::vector<int> legs;
  double clearance;
  double height;            ///< the model's extent along up
  Vec3 left;                ///< on two legs: the normal of the mirror plane between them
  std::vector<Vec3> soles;  ///< the standing limbs' vertices near the ground
};

}  // namespace

std::vector<Vec3> limb_attachments(const TriMesh& mesh, const std::vector<int>& face_limb, int num_limbs) {
  std::vector<char> on_trunk(mesh.positions.size(), 0);
  for (std::size_t f = 0; f < mesh.triangles.size(); ++f)
    if (face_limb[f] < 0)
      for (int v : mesh.triangles[f]) on_trunk[v] = 1;
  std::vector<Vec3> sum(num_limbs, Vec3::Zero()), area_sum(num_limbs, Vec3::Zero());
  std::vector<int> count(num_limbs, 0);
  std::vector<double> area(num_limbs, 0.0);
  for (std::size_t f = 0; f < mesh.triangles.size(); ++f) {
    const int b = face_limb[f];
    if (b < 0) continue;
    const Tri& t = mesh.triangles[f];
    const Vec3 &p = mesh.positions[t[0]], &q = mesh.positions[t[1]], &r = mesh.positions[t[2]];
    const double w = 0.5 * (q - p).cross(r - p).norm();
    area_sum[b] += w * (p + q + r) / 3.0;
    area[b] += w;
    for (int v : t)
      if (on_trunk[v]) {
        sum[b] += mesh.positions[v];
        ++count[b];
      }
  }
  std::vector<Vec3> out(num_limbs, Vec3::Constant(std::numeric_limits<double>::quiet_NaN()));
  for (int b = 0; b < num_limbs; ++b)
    if (count[b] > 0)
      out[b] = sum[b] / count[b];
    else if (area[b] > 0)
      out[b] = area_sum[b] / area[b];
  return out;
}

namespace {

// The search for the direction a creature stands along: what every candidate up reads of the
// mesh, computed once.
class StanceSearch {
 public:
  StanceSearch(const TriMesh& mesh, const std::vector<int>& face_limb, const std::vector<int>& tips)
      : mesh_(mesh),
        tips_(tips),
        num_limbs_(static_cast<int>(tips.size())),
        attach_(limb_attachments(mesh, face_limb, num_limbs_)),
        trunk_vertex_(mesh.positions.size(), 0),
        vertex_limb_(mesh.positions.size(), -1),
        centroid_(surface_centroid(mesh.positions, mesh.triangles)) {
    for (std::size_t f = 0; f < mesh.triangles.size(); ++f)
      for (int v : mesh.triangles[f]) {
        if (face_limb[f] < 0)
          trunk_vertex_[v] = 1;
        else
          vertex_limb_[v] = face_limb[f];
      }
    // About 400 vertices, for the mirror test.
    const std::size_t stride = mesh.positions.size() / 400 + 1;
    for (std::size_t v = 0; v < mesh.positions.size(); v += stride) samples_.push_back(mesh.positions[v]);
  }

  int num_limbs() const { return num_limbs_; }
  const Vec3& attachment(int b) const { return attach_[b]; }
  const Vec3& centroid() const { return centroid_; }
  Vec3 reach(int b) const { return mesh_.positions[tips_[b]] - attach_[b]; }

  // The stance along one candidate up direction, if the creature can stand that way.
  std::optional<Stance> stance_along(const Vec3& up) const {
    const Vec3 down = -up;
    // Depths along down: the ground is the deepest point.
    double ground = -std::numeric_limits<double>::infinity(), top = -ground, trunk_bottom = ground;
    for (std::size_t v = 0; v < mesh_.positions.size(); ++v) {
      const double depth = mesh_.positions[v].dot(down);
      ground = std::max(ground, depth);
      top = std::min(top, depth);
      if (trunk_vertex_[v]) trunk_bottom = std::max(trunk_bottom, depth);
    }
    const double height = ground - top;
    Stance stance{up, {}, (ground - trunk_bottom) / height, height, Vec3::Zero(), {}};
    if (stance.clearance <= 0) return std::nullopt;
    for (int b = 0; b < num_limbs_; ++b)
      if (attach_[b].allFinite() && ground - mesh_.positions[tips_[b]].dot(down) <= 0.1 * height &&
          reach(b).dot(down) >= 0.5 * reach(b).norm())
        stance.legs.push_back(b);
    if (stance.legs.size() < 2) return std::nullopt;
    // The soles: the legs' vertices near the ground, seen from above.
    const auto [e1, e2] = plane_basis(down);
    std::vector<Vec2> feet;
    for (std::size_t v = 0; v < mesh_.positions.size(); ++v)
      if (vertex_limb_[v] >= 0 && ground - mesh_.positions[v].dot(down) <= 0.1 * height &&
          std::find(stance.legs.begin(), stance.legs.end(), vertex_limb_[v]) != stance.legs.end()) {
        feet.emplace_back(mesh_.positions[v].dot(e1), mesh_.positions[v].dot(e2));
        stance.soles.push_back(mesh_.positions[v]);
      }
    if (distance_to_hull(feet, Vec2(centroid_.dot(e1), centroid_.dot(e2))) > 0.25 * (ground - centroid_.dot(down)))
      return std::nullopt;
    return stance;
  }

  // A creature standing is left-right symmetric about an upright plane, and two legs stand
  // either side of it (an arm and a leg of a creature lying on its side do not). Along a
  // coordinate axis, where models are mostly modelled upright, more legs pass as they are. Sets
  // the stance's left on two legs.
  bool upright(Stance& stance) const {
    const bool axis = stance.up.cwiseAbs().maxCoeff() == 1;
    if (stance.legs.size() != 2 && axis) return true;
    const auto [normal, error] = best_upright_mirror(samples_, centroid_, stance.up);
    if (error > 0.06 * stance.height) return false;
    if (stance.legs.size() != 2) return true;
    const Vec3 apart = (attach_[stance.legs[0]] - attach_[stance.legs[1]]).normalized();
    stance.left = normal.dot(apart) > 0 ? normal : Vec3(-normal);
    return std::abs(normal.dot(apart)) >= std::cos(M_PI / 6);
  }

  // Coordinate axes first (meshes are mostly modelled upright along one); 400 directions spread
  // over the sphere when no coordinate axis gives a stance. Most legs first, then most clearance.
  std::vector<Stance> candidates() const {
    std::vector<Stance> stances;
    for (int axis = 0; axis < 3; ++axis)
      for (double sign : {1.0, -1.0})
        if (std::optional<Stance> stance = stance_along(sign * Vec3::Unit(axis))) stances.push_back(std::move(*stance));
    if (stances.empty())
      for (int i = 0; i < 400; ++i) {
        // The Fibonacci lattice: even spacing, no favoured axis.
        const double z = 1 - (2 * i + 1) / 400.0, turn = M_PI * (3 - std::sqrt(5.0)) * i;
        const double r = std::sqrt(1 - z * z);
        if (std::optional<Stance> stance = stance_along(Vec3(r * std::cos(turn), r * std::sin(turn), z)))
          stances.push_back(std::move(*stance));
      }
    std::sort(stances.begin(), stances.end(), [](const Stance& a, const Stance& b) {
      return a.legs.size() != b.legs.size() ? a.legs.size() > b.legs.size() : a.clearance > b.clearance;
    });
    return stances;
  }

  // The best candidate that passes, unless another at least 30° away passes with as many legs
  // and a clearance within 20% (then the stance is ambiguous). A direction off the axes is only
  // near the body's up: the plane through the soles gives the ground, and its normal the up, a
  // few rounds until it settles.
  std::optional<Stance> best() const {
    std::vector<Stance> stances = candidates();
    auto found = std::find_if(stances.begin(), stances.end(), [&](Stance& s) { return upright(s); });
    if (found == stances.end()) return std::nullopt;
    Stance best = *found;
    for (auto other = std::next(found); other != stances.end() && other->legs.size() == best.legs.size() &&
                                        other->clearance >= 0.8 * best.clearance;
         ++other)
      if (other->up.dot(best.up) < std::cos(M_PI / 6) && upright(*other)) return std::nullopt;
    if (best.up.cwiseAbs().maxCoeff() < 1 - 1e-12)
      for (int round = 0; round < 5; ++round) {
        Vec3 normal = fit_plane(best.soles).normal;
        if (normal.dot(best.up) < 0) normal = -normal;
        if (normal.dot(best.up) > std::cos(0.5 * M_PI / 180)) break;
        std::optional<Stance> settled = stance_along(normal);
        if (!settled || settled->legs.size() < best.legs.size() || !upright(*settled)) break;
        best = std::move(*settled);
      }
    return best;
  }

 private:
  const TriMesh& mesh_;
  const std::vector<int>& tips_;
  int num_limbs_;
  std::vector<Vec3> attach_;
  std::vector<char> trunk_vertex_;
  std::vector<int> vertex_limb_;  // a limb it belongs to, if any
  Vec3 centroid_;
  std::vector<Vec3> samples_;
};

// Across a biped's mirror plane, or along the longest horizontal axis of anything with more
// legs; pointing where the feet reach (toes forward). More legs: a vote of the toes, and of the
// thickest other limb and the one rising most, each taken for the head.
Vec3 forward_direction(const TriMesh& mesh, const StanceSearch& search, const Stance& best,
                       const std::vector<LimbProfile>& profiles) {
  const Vec3& up = best.up;
  const auto horizontal = [&](const Vec3& v) -> Vec3 { return v - v.dot(up) * up; };
  const auto is_leg = [&](int b) { return std::find(best.legs.begin(), best.legs.end(), b) != best.legs.end(); };
  Vec3 axis;
  if (best.legs.size() == 2) {
    axis = best.left.cross(up);
  } else {
    std::vector<Vec3> flat;
    for (const Vec3& p : mesh.positions) flat.push_back(horizontal(p));
    axis = covariance_axes(flat).col(2);
  }
  double toes = 0;
  for (int b : best.legs) toes += search.reach(b).dot(axis);
  double pointing = toes;
  if (best.legs.size() > 2) {
    int thickest = -1, rising = -1;
    for (int b = 0; b < search.num_limbs(); ++b) {
      if (is_leg(b) || !search.attachment(b).allFinite()) continue;
      if (thickest < 0 || profiles[b].mean_diameter > profiles[thickest].mean_diameter) thickest = b;
      if (rising < 0 || search.reach(b).normalized().dot(up) > search.reach(rising).normalized().dot(up)) rising = b;
    }
    int votes = toes >= 0 ? 1 : -1;
    for (int head : {thickest, rising})
      if (head >= 0) votes += (search.attachment(head) - search.centroid()).dot(axis) >= 0 ? 1 : -1;
    pointing = votes;
  }
  const Vec3 forward = snap_to_axis(pointing >= 0 ? axis : Vec3(-axis), 30, up);
  return horizontal(forward).normalized();
}

}  // namespace

std::optional<Orientation> estimate_orientation(const TriMesh& mesh, const std::vector<int>& face_limb,
                                                const std::vector<int>& tips,
                                                const std::vector<LimbProfile>& profiles) {
  const StanceSearch search(mesh, face_limb, tips);
  const std::optional<Stance> best = search.best();
  if (!best) return std::nullopt;
  return Orientation{best->up, forward_direction(mesh, search, *best, profiles)};
}

}  // namespace skinlab
