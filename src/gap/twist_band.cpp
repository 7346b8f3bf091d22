// SPDX-License-Identifier: GPL-3.0-or-later
#include "skinlab/gap/twist_band.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace skinlab {

namespace {

// The largest angle between a parent's bone and its child's for the parent to lend a band.
constexpr double kMaxLimbTurn = 45.0 * 3.141592653589793 / 180.0;
// A child's band runs past a joint of the child whose centre lies at most kCrossFully opening
// radii off the band's axis, and stops short of one from kCrossNot. Measured on the standard
// models: homer's and man's wrists and ankles lie 0.03–1.08 radii off; the bull's knees and hocks
// 1.40–2.13, the diplodocus' 1.75–2.71, the cow's tail 8.8 (it curves).
constexpr double kCrossFully = 1.2, kCrossNot = 1.4;
// A child's band stops short of the child's own joints once one of them bends kStopBeforeBent
// (the swing of its rotation about the band's axis), runs past them up to kBentFrom, and between
// the two its end moves smoothly. A band that ends partway into the part it runs into turns that
// part's skin more steeply: over 5-15° of the whole rotation, homer's wave, whose forearm rolls
// 25° about the bone, went from 10 to 12 standard frames over DQS + 2 pairs (of the swing: 15),
// and over 0-10° the triceratops' walk, whose fore knee bends 2°, from 2 to 4.
constexpr double kBentFrom = 20.0 * 3.141592653589793 / 180.0, kStopBeforeBent = 30.0 * 3.141592653589793 / 180.0;
// The most twist the bands take per opening radius of their length; the rest stays with gap. A
// band much shorter than its twist shears the part's own skin: homer's wave raises his shoulder
// 70° about the rig's x, which holds a 74° twist about the upper arm's bone, and the band left in
// the short upper arm (0.4–0.5 radii) folded the sleeve, 31 of its own triangle pairs per frame.
// Standard-clip frames over DQS + 2 pairs when the cap came (docs/gap.md, second generation, 1):
// 423 uncapped, 416 at 120°, 410 at 90°, 404 at 75°, 411 at 60°, 415 at 45°. Measured again
// after item 18 (item 19), clip frames and sweep poses over: 90° 75 and 7, 75° 63 and 6, 70° 57
// and 8, 67.5° 57 and 7, 65° 55 and 8, 62.5° 57 and 7, 60° 65 and 6, 50° 75 and 9.
constexpr double kMostTwistPerRadius = 65.0 * 3.141592653589793 / 180.0;
// A child's band whose room short of its own joints is under kRootLendsBelow opening radii
// borrows the root's room behind its opening once one of those joints bends (TwistBand::root_room):
// homer's shoulders, whose upper arms leave 1.0 radius short of the elbow. From 1.2 to 3 radii
// the standard clips and sweeps change alike (docs/gap.md, second generation, item 21).
constexpr double kRootLendsBelow = 2.0;

double smoothstep(double x) {
  x = std::clamp(x, 0.0, 1.0);
  return x * x * (3 - 2 * x);
}

// TwistBand::fit with the child's band ending before s = room.
TwistBand::Fit fit_with_room(const TwistBand& band, double room, double twist, double child_begin, double parent_begin,
                             double parent_room) {
  TwistBand::Fit f;
  f.child_begin = child_begin;
  f.parent_begin = parent_begin;
  if (band.length == 0) return f;
  f.child_length = std::clamp(room - child_begin, 0.0, band.length);
  f.parent_length = std::clamp(parent_room - parent_begin, 0.0, band.length);
  const double total = f.child_length + f.parent_length;
  if (total < 0.25 * band.radius) return f;
  const double most = kMostTwistPerRadius * total / band.radius;
  f.twist = std::clamp(twist, -most, most);
  f.share_at_opening = f.parent_length / total;
  return f;
}

}  // namespace

TwistBand::Fit TwistBand::fit(double twist, double child_begin, double parent_begin, double bent_below) const {
  const double stop = smoothstep((bent_below - kBentFrom) / (kStopBeforeBent - kBentFrom));
  const Fit run_on = fit_with_room(*this, child_room, twist, child_begin, parent_begin, parent_room + stop * root_room);
  if (stop == 0) return run_on;
  // Stopped short only where it still takes the whole twist: the gap would bridge what it leaves,
  // and a patch bridging a shoulder's twist costs more than the wrung elbow (docs/gap.md, second
  // generation, items 1 and 16).
  const Fit stopped = fit_with_room(*this, child_room + stop * (child_room_short - child_room), twist, child_begin,
                                    parent_begin, parent_room + stop * root_room);
  return std::abs(stopped.twist) < std::abs(run_on.twist) ? run_on : stopped;
}

double TwistBand::child_share(double s, const Fit& f) const {
  if (s <= f.child_begin) return f.share_at_opening;
  if (s >= f.child_begin + f.child_length) return 1.0;
  return f.share_at_opening + (1 - f.share_at_opening) * smoothstep((s - f.child_begin) / f.child_length);
}

double TwistBand::parent_share(double s, const Fit& f) const {
  if (-s <= f.parent_begin) return f.share_at_opening;
  if (-s >= f.parent_begin + f.parent_length) return 0.0;
  return f.share_at_opening * (1 - smoothstep((-s - f.parent_begin) / f.parent_length));
}

bool in_child_band_parts(const GapModel& gap, const GapJoint& joint, int part) {
  if (part == joint.child) return true;
  const int j = part >= 0 ? gap.joint_of_part[part] : -1;
  return j >= 0 && gap.joints[j].parent == joint.child;
}

TwistBands build_twist_bands(const GapModel& gap, double radii, double clearance) {
  TwistBands bands;
  const int num_vertices = static_cast<int>(gap.rest_positions.size());
  const int num_joints = static_cast<int>(gap.joints.size());
  bands.axial.assign(num_vertices, 0.0);
  bands.axial_up.assign(num_vertices, 0.0);
  bands.parent_joint.assign(num_vertices, -1);
  bands.parent_axial.assign(num_vertices, 0.0);
  bands.parent_weight.assign(num_vertices, 0.0);
  bands.joints.resize(num_joints);
  constexpr double kInf = std::numeric_limits<double>::infinity();
  for (int k = 0; k < num_joints; ++k) {
    const GapJoint& joint = gap.joints[k];
    TwistBand& band = bands.joints[k];
    const Vec3 bone = gap.kernel_centroid[joint.child] - joint.joint;
    if (bone.norm() == 0) continue;
    band.axis = bone.normalized();
    const auto axial = [&](int v) { return band.axis.dot(gap.rest_positions[v] - joint.joint); };
    const auto lateral = [&](int v) {
      const Vec3 d = gap.rest_positions[v] - joint.joint;
      return (d - d.dot(band.axis) * band.axis).norm();
    };
    double radius = 0, widest = 0;
    for (int v : joint.loop) {
      radius += (gap.rest_positions[v] - joint.plane.point).norm();
      widest = std::max(widest, lateral(v));
    }
    radius /= static_cast<double>(joint.loop.size());
    // Room on each side: to the part's far end or its nearest other opening, whichever is nearer
    // (on the parent's side only what lies within reach across the bone counts).
    const double reach = 2 * widest;
    double child_end = 0, parent_end = 0, child_other = kInf, parent_other = kInf, crossed_other = kInf;
    double crossing = 1;  // how far the band may run past the child's own joints (1: all the way)
    const auto below = [&](int part) { return in_child_band_parts(gap, joint, part); };
    for (int v = 0; v < num_vertices; ++v) {
      const int part = gap.vertex_part[v];
      if (below(part)) child_end = std::max(child_end, axial(v));
      if (part == joint.parent && lateral(v) <= reach) parent_end = std::max(parent_end, -axial(v));
    }
    for (int o = 0; o < num_joints; ++o) {
      if (o == k) continue;
      const GapJoint& other = gap.joints[o];
      if (other.parent == joint.child) {
        const Vec3 d = other.plane.point - joint.joint;
        const double off_axis = (d - d.dot(band.axis) * band.axis).norm();
        crossing = std::min(crossing, 1 - smoothstep((off_axis / radius - kCrossFully) / (kCrossNot - kCrossFully)));
        band.passed.push_back(o);
      }
      for (int v : other.loop) {
        if (other.parent == joint.child) crossed_other = std::min(crossed_other, axial(v));
        if (other.parent != joint.child && below(other.parent)) child_other = std::min(child_other, axial(v));
        if ((other.child == joint.parent || other.parent == joint.parent) && lateral(v) <= reach)
          parent_other = std::min(parent_other, -axial(v));
      }
    }
    const double past = std::min(child_end, child_other), short_of = std::min(past, crossed_other);
    band.child_room = std::max(0.0, clearance * (short_of + crossing * (past - short_of)));
    band.child_room_short = std::max(0.0, clearance * short_of);
    // The parent lends a band only where it is a limb that carries on along the child's bone; a
    // trunk (the root, or a part the bone leaves sideways) would turn about an axis across it.
    // The root lends one all the same to a child too short to hold a band short of its own bent
    // joint (TwistBand::root_room).
    const int above = gap.joint_of_part[joint.parent];
    const Vec3 parent_bone = above >= 0 ? Vec3(joint.joint - gap.joints[above].joint) : Vec3::Zero();
    const bool limb = parent_bone.norm() > 0 && parent_bone.normalized().dot(band.axis) >= std::cos(kMaxLimbTurn);
    const double parent_room = std::max(0.0, clearance * std::min(parent_end, parent_other));
    band.parent_room = limb ? parent_room : 0.0;
    band.root_room = above < 0 && band.child_room_short < kRootLendsBelow * radius ? parent_room : 0.0;
    band.radius = radius;
    if (band.child_room + band.parent_room < 0.5 * radius) continue;
    band.length = radii * radius;
    for (int v = 0; v < num_vertices; ++v) {
      if (gap.vertex_part[v] == joint.child) bands.axial[v] = axial(v);
      if (gap.vertex_part[v] != joint.child && below(gap.vertex_part[v])) bands.axial_up[v] = axial(v);
      if (gap.vertex_part[v] != joint.parent) continue;
      const double s = axial(v), d = lateral(v);
      if (s > radius || -s > std::max(band.parent_room, band.root_room) || d > reach) continue;
      const double weight = 1 - smoothstep((d - 1.1 * widest) / (0.9 * widest));
      if (bands.parent_joint[v] < 0 || weight > bands.parent_weight[v]) {
        bands.parent_joint[v] = k;
        bands.parent_axial[v] = s;
        bands.parent_weight[v] = weight;
      }
    }
  }
  bands.meshes.resize(num_joints);
  for (int k = 0; k < num_joints; ++k)
    if (bands.joints[k].length > 0) bands.meshes[k] = build_band_mesh(gap, bands, k);
  return bands;
}

}  // namespace skinlab
