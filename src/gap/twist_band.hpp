// SPDX-License-Identifier: GPL-3.0-or-later
// Twist bands: the part of a child's rotation about its own bone (the twist, in the swing–twist
// decomposition) is spread along the bone, over a band of the parent behind the opening and a
// band of the child beyond it, ring by ring, as skinning spreads a rotation over its weights; gap
// reconstruction then bridges the swing alone, between two loops that carry the same share of
// the twist. A twist leaves no room between two loops that lie in one plane (docs/gap.md,
// "Second generation"); the bands give it a length to turn in.
#pragma once

#include <vector>

#include "skinlab/core/qt_transform.hpp"
#include "skinlab/gap/gap_model.hpp"
#include "skinlab/gap/untangle_patch.hpp"

namespace skinlab {

/// One joint's bands in the rest pose, along the child's bone b (from the joint J to the child's
/// kernel centroid): s = b·(p - J), positive into the child. In a frame each band begins where
/// its side of the gap ends (that side's deepest boundary vertex after Remove) and runs up to
/// `length` further, never past its room (Fit). The twist's share goes from 0 deep in the parent
/// through the share at the opening (across the gap and its patch) to 1 deep in the child,
/// smoothly (smoothstep) along each band.
struct TwistBand {
  Vec3 axis = Vec3::UnitZ();  ///< b, unit
  double radius = 0;          ///< the opening's mean distance from its centroid
  double length = 0;          ///< each band's longest; 0: no bands
  double child_room = 0;      ///< the child's band ends before s = child_room while the child's joints rest
  /// ... and before s = child_room_short where one of them bends (`passed`): short of its opening.
  double child_room_short = 0;
  double parent_room = 0;     ///< the parent's band ends before s = -parent_room
  /// ... and before s = -root_room, where the parent is the root and the child's room short of its
  /// own joints (child_room_short) is under two opening radii, in the measure one of them bends
  /// (the `bent_below` ramp of fit): a band too short to stop before a bent elbow then spreads
  /// the twist over the shoulder too, rather than wringing the bent forearm about the upper
  /// arm's bone or leaving the twist to the gap (docs/gap.md, second generation, item 21).
  double root_room = 0;
  std::vector<int> passed;    ///< the child's own joints, whose openings a band of child_room may run past

  /// The bands of one frame: `twist` is the twist they take: all of it up to 65° per opening
  /// radius of the two bands' length, or none where Remove left them less than a quarter of the
  /// opening's radius; what they do not take stays with the gap.
  struct Fit {
    double twist = 0;
    double share_at_opening = 0;  ///< the parent's band length over both bands'
    double child_begin = 0, child_length = 0;
    double parent_begin = 0, parent_length = 0;
  };
  /// How a twist of `twist` radians fits when the gap ends at s = child_begin and s = -parent_begin,
  /// and the most the child's joints (`passed`) bend, the swing of their rotation about `axis`, is
  /// `bent_below` radians: up to 20° the child's band may run past them (child_room), from 30° it
  /// ends short of their openings (child_room_short), smoothly between, and the root lends its
  /// room (root_room) in the same measure. A band turns what it runs
  /// past about its own axis, after their own motion: a bent joint's child would be wrung about
  /// the parent's bone. The band stops short only where it still takes as much of the twist as it
  /// would running on.
  Fit fit(double twist, double child_begin, double parent_begin, double bent_below = 0) const;
  /// The share of the fitted twist at s on the child's side, and on the parent's (s <= 0).
  double child_share(double s, const Fit& fit) const;
  double parent_share(double s, const Fit& fit) const;
};

/// The triangles a joint's bands may turn unevenly: those whose corners all lie in the child, its
/// children or the parent's band, with their corners numbered apart.
struct BandMesh {
  std::vector<int> vertices;   ///< welded ids
  std::vector<Tri> triangles;  ///< into `vertices`
};

struct TwistBands {
  std::vector<TwistBand> joints;  ///< per joint of the gap model
  std::vector<BandMesh> meshes;   ///< per joint; empty where the joint has no bands
  /// Per welded vertex: its s in the band of its own part's joint (the child's side), and in the
  /// band of its part's parent's joint (the band runs on into the child's children).
  std::vector<double> axial, axial_up;
  /// Per welded vertex of a parent: the joint whose parent-side band may hold it (-1: none), its
  /// s there (at most about 0) and its weight across the bone (1 within the opening's widest
  /// radius, falling to 0 at twice it, so that a trunk's far side does not turn with a limb).
  std::vector<int> parent_joint;
  std::vector<double> parent_axial;
  std::vector<double> parent_weight;
};

/// Bands `radii` opening radii long (the opening's mean distance from its centroid). A parent
/// lends a band only when it is not the root and its own bone (from its joint to this one) turns
/// at most 45° from the child's: a trunk would turn about an axis across it. The parent's room
/// ends `clearance` of the way to the parent's nearest other opening (or its far end): with at
/// most a half, the bands of a part's two joints never meet. The child's room runs on through
/// the child's children, `clearance` of the way to the farthest point of the two (a forearm too
/// short for a twist lends the hand), and stops before any opening below them. It runs past a
/// joint of the child's only where that joint's centre lies near the band's axis: all the way
/// within 1.2 opening radii of it, not at all from 1.4 (smoothly between); else it stops
/// `clearance` of the way to that joint's opening. Past a joint off the axis the band turns that
/// joint about the axis, out of where the rig puts it: the bull's hip bands ran on past its knees,
/// 1.4–2.1 radii off their axes, and pulled the skin at a knee onto the knee's centre (inscribed
/// ratio 0.735 in its walk).
TwistBands build_twist_bands(const GapModel& gap, double radii = 4.0, double clearance = 0.9);

/// Whether `part` (-1: none) is joint's child or one of the child's children: the parts the child's
/// band may run through.
bool in_child_band_parts(const GapModel& gap, const GapJoint& joint, int part);

/// Joint k's BandMesh, from `bands` with its parent_joint filled.
BandMesh build_band_mesh(const GapModel& gap, const TwistBands& bands, int k);

/// Scratch space of bearable_twist, kept between frames.
struct BandScratch {
  std::vector<double> share;
  std::vector<char> near, at_whole_twist, touching;
  std::vector<Tri> triangles;
  std::vector<Vec3> turned;
  UntangleScratch untangle;
  /// After bearable_twist: the cells that cross at the whole twist and not at rest (0 where none
  /// was tested).
  int crossed_at_whole_twist = 0;
};

/// The most of `fit.twist` that joint k's bands bear where `fit` lays them. The band's mesh is
/// turned about the bone through the joint, each vertex by its share of the twist; where some
/// triangle's corners turn more than 10° apart, those triangles (and any other between their
/// corners) are tested for crossings (count_crossed_cells). `fit.twist` itself when none crosses
/// beyond those that cross at 1/1024 of it (cells that touch at rest); else the largest of four
/// halvings of it with none beyond those (bearable_twist.cpp says why). The gap may bridge what
/// the band leaves worse than the band's skin would have: GapDeformer then gives the band the
/// whole twist (scratch.crossed_at_whole_twist is what it weighs).
double bearable_twist(const GapModel& gap, const TwistBands& bands, int k, const TwistBand::Fit& fit,
                      BandScratch& scratch);

}  // namespace skinlab
