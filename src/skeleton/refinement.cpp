// SPDX-License-Identifier: GPL-3.0-or-later
#include "skinlab/skeleton/refinement.hpp"

#include <algorithm>
#include <cmath>

#include "skinlab/core/registry.hpp"

namespace skinlab {

namespace {

double line_angle(const Vec3& a, const Vec3& b) {
  const double c = std::abs(a.normalized().dot(b.normalized()));
  return std::acos(std::clamp(c, 0.0, 1.0));
}

// The direction (column index) closest to v as a line, and that direction signed towards v.
int closest_direction(const Mat3& directions, const Vec3& v, Vec3& signed_axis) {
  int best = 0;
  for (int k = 1; k < 3; ++k)
    if (line_angle(directions.col(k), v) < line_angle(directions.col(best), v)) best = k;
  signed_axis = directions.col(best).dot(v) < 0 ? Vec3(-directions.col(best)) : Vec3(directions.col(best));
  return best;
}

// Rotation by `fraction` of the turn that takes unit direction `from` onto `to`.
Mat3 partial_turn(const Vec3& from, const Vec3& to, double fraction) {
  const Vec3 axis = from.cross(to);
  const double sine = axis.norm();
  if (sine < 1e-15) return Mat3::Identity();
  const double angle = std::atan2(sine, from.dot(to));
  return Eigen::AngleAxisd(fraction * angle, axis / sine).toRotationMatrix();
}

}  // namespace

double rotation_angle_between(const Mat3& a, const Mat3& b) {
  const double c = ((b * a.transpose()).trace() - 1.0) / 2.0;
  return std::acos(std::clamp(c, -1.0, 1.0));
}

const std::vector<std::string>& local_refinement_names() {
  static const std::vector<std::string> names{"thesis", "blend"};
  return names;
}

LocalRefinement find_local_refinement(const std::string& name) {
  return enum_named<LocalRefinement>(local_refinement_names(), name, "local refinement");
}

namespace {

// [VF08 Alg. 3, function align]: turns the direction closest to v by `weight` of its angle to v
// and makes it the principal axis, unless the turn exceeds max_angle.
void align(PrincipalFrame& frame, const Vec3& v, double weight, double max_angle) {
  if (v.norm() < 1e-12) return;
  Vec3 closest;
  const int k = closest_direction(frame.directions, v, closest);
  const double angle = std::acos(std::clamp(closest.dot(v.normalized()), -1.0, 1.0));
  if (angle * weight > max_angle) return;  // line 4: rejected, the axis stays too
  frame.directions = partial_turn(closest, v.normalized(), weight) * frame.directions;
  frame.principal_axis = k;  // line 6
}

PrincipalFrame blend_refine(const PrincipalFrame& frame, const std::vector<std::pair<Vec3, double>>& vectors, double max_angle) {
  // Each vector asks for the turn of its closest direction onto itself, scaled by its weight;
  // the requests are blended as a weighted quaternion sum, so the order of the openings does
  // not matter and symmetric requests cancel.
  PrincipalFrame out = frame;
  Eigen::Vector4d blend = Eigen::Vector4d::Zero();
  double total_weight = 0.0;
  int last_closest = frame.principal_axis;
  for (const auto& [v, weight] : vectors) {
    if (v.norm() < 1e-12) continue;
    Vec3 axis;
    last_closest = closest_direction(frame.directions, v, axis);
    const Quat turn(partial_turn(axis, v.normalized(), 1.0));
    if (2.0 * std::acos(std::clamp(std::abs(turn.w()), 0.0, 1.0)) * weight > max_angle) continue;  // rejected
    blend += weight * turn.coeffs();
    total_weight += weight;
  }
  if (total_weight == 0.0) return out;
  // Scale the blend back to the full weight: a rejected request takes its share with it.
  const Quat mean = Quat(blend / total_weight).normalized();
  const Quat partial = Quat::Identity().slerp(total_weight, mean);
  const Mat3 turned = partial.toRotationMatrix() * frame.directions;
  if (rotation_angle_between(frame.directions, turned) > max_angle) return out;
  out.directions = turned;
  if (vectors.size() == 1) out.principal_axis = last_closest;
  return out;
}

}  // namespace

PrincipalFrame local_refine(const PrincipalFrame& frame, const Vec3* root_vector, const std::vector<Vec3>& child_vectors,
                   double max_angle, LocalRefinement mode) {
  const double children = static_cast<double>(child_vectors.size());
  if (mode == LocalRefinement::blend) {
    // The earlier weights: 1/N over a root part's children.
    const double unit = root_vector != nullptr ? 1.0 / (children + 2.0) : (children > 0 ? 1.0 / children : 0.0);
    std::vector<std::pair<Vec3, double>> vectors;
    if (root_vector != nullptr) vectors.push_back({*root_vector, 2.0 * unit});
    for (const Vec3& v : child_vectors) vectors.push_back({v, unit});
    return blend_refine(frame, vectors, max_angle);
  }
  // Line 1: w = N_OC + 1, N_OC counting the opening centroids that line 3 visits (the
  // children's); align divides the angle by its Weight argument (line 3 of align).
  const double w = children + 1.0;
  PrincipalFrame out = frame;
  if (root_vector != nullptr) align(out, *root_vector, 1.0 / (2.0 * w), max_angle);  // line 2
  for (const Vec3& v : child_vectors) align(out, v, 1.0 / w, max_angle);             // line 3
  return out;
}

PrincipalFrame parent_refine(const PrincipalFrame& child, const PrincipalFrame& parent, const Mat3& original, double max_angle) {
  PrincipalFrame out = child;
  const Vec3 principal = child.directions.col(child.principal_axis);
  Vec3 target;
  const int k = closest_direction(parent.directions, principal, target);
  const Mat3 aligned = partial_turn(principal, target, 1.0) * child.directions;
  if (rotation_angle_between(original, aligned) > max_angle) return out;
  out.directions = aligned;

  // The closest pair among the remaining directions, turned about the (now shared) axis.
  double best = 10.0;
  int best_child = -1, best_parent = -1;
  for (int i = 0; i < 3; ++i) {
    if (i == child.principal_axis) continue;
    for (int m = 0; m < 3; ++m) {
      if (m == k) continue;
      const double angle = line_angle(out.directions.col(i), parent.directions.col(m));
      if (angle < best) {
        best = angle;
        best_child = i;
        best_parent = m;
      }
    }
  }
  const Vec3 from = out.directions.col(best_child);
  Vec3 to = parent.directions.col(best_parent);
  if (to.dot(from) < 0) to = -to;
  const Mat3 twisted = partial_turn(from, to, 1.0) * out.directions;
  if (rotation_angle_between(original, twisted) <= max_angle) out.directions = twisted;
  return out;
}

}  // namespace skinlab
