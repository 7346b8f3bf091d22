// SPDX-License-Identifier: GPL-3.0-or-later
// Rigid skinning with gap reconstruction at the joints ([VF08 §4.4], [VF08 Alg. 5]) as a deformer:
// every part moves rigidly; at each joint that moved, Remove, Add, Triangulate and Normals rebuild
// a closed skin between parent and child. Stateless per frame: what a joint shows depends only on
// the child's pose relative to its parent.
#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <utility>

#include "skinlab/core/stopwatch.hpp"
#include "skinlab/gap/blend_arcs.hpp"
#include "skinlab/gap/conic_arc.hpp"
#include "skinlab/gap/flip_folded_cells.hpp"
#include "skinlab/gap/gap_model.hpp"
#include "skinlab/gap/keep_out_of_ball.hpp"
#include "skinlab/gap/remove_overlap.hpp"
#include "skinlab/gap/twist_band.hpp"
#include "skinlab/gap/untangle_patch.hpp"
#include "skinlab/skinning/deformer.hpp"
#include "skinlab/skinning/deformer_context.hpp"

namespace skinlab {

/// Seconds per phase of one frame (thesis Tables 5.4–5.7) and what the frame built.
struct GapFrameReport {
  double rigid = 0;        ///< moving every part's vertices (rigid skinning)
  double remove = 0;       ///< §4.4.1
  double add = 0;          ///< §4.4.2
  double triangulate = 0;  ///< §4.4.3: the band between the arcs, and the frame's triangles
  double normals = 0;      ///< §4.4.4, and packing the frame
  int moving_joints = 0;
  int removed_vertices = 0;
  int patch_vertices = 0;
  int patch_triangles = 0;
  int circle_arcs = 0;
  int merged_arcs = 0;  ///< opening points the motion left (nearly) in place: parent and child share them
  int bezier_arcs = 0;
  int bezier_fallbacks = 0;  ///< Bézier constructions with no acceptable arc: circular arcs instead
  int axis_arcs = 0;         ///< pairs joined by the arc about the rotation axis by choice (GapOptions::axis_arcs)
  int unfold_steps = 0;      ///< umbrella steps the unfolding took, over every patch (GapOptions::unfold)
  int clamped_sides = 0;     ///< removals undone (see remove_overlap)
  int twisted_joints = 0;    ///< joints whose twist a band took (twist bands only)
  /// Joints whose bands took less than their fit's twist: what their skin bears (bearable_twist).
  int skin_capped_bands = 0;
  /// Patches reconstructed from their points alone (the reconstructing back end): the band between
  /// the two loops could not be laid flat (GapOptions::band_triangulator), or there is none.
  int scattered_patches = 0;
  /// Patches the refinement changed where the unfolding left crossed cells (GapOptions::refine):
  /// their crossed cells' edges turned, or built once more with closer points, and kept (the arc
  /// counts are the kept construction's).
  int refined_patches = 0;
  /// Joints whose band took the whole twist after all: the gap bridged what their skin did not
  /// bear worse than the skin would have (GapDeformer::gap_bears_worse).
  int whole_twist_bands = 0;
  /// Joints that turned and were blended, not bridged (GapOptions::blend_non_star_leaves).
  int blended_joints = 0;
  GapFrameReport& operator+=(const GapFrameReport& o);
  /// The counts set back to none, the phases' times kept (a frame's patches built again).
  void clear_counts();
};

/// How Triangulate closes the gap. Without one, the band between the arcs is zipped (closed by
/// construction). With one, a surface is reconstructed from each patch's points (triangles over
/// indices into them; gap/reconstruct_patch.hpp is the [VF08 §4.4.3], offline) and its facets
/// oriented and filtered as §4.4.3 does (frames may have holes, and report them).
using SurfaceReconstructor = std::function<std::vector<Tri>(const std::vector<Vec3>&)>;

/// Triangles of the annulus between two planar rims, the points' indices (triangulate_band.hpp is
/// the one, offline); nothing where the rims cannot bound one.
using BandTriangulator = std::function<std::optional<std::vector<Tri>>(
    const std::vector<Vec2>& points, const std::vector<int>& inner, const std::vector<int>& outer)>;

/// What the second generation of `gap` changes in Algorithm 5 (docs/gap.md, "Departures"); all
/// off: Remove, Add and Triangulate bridge the whole rotation, with the thesis' Middle point.
struct GapOptions {
  /// Each joint's twist about the child's bone spread over bands of the parent and the child
  /// (twist_band.hpp); Remove, Add and Triangulate bridge the swing alone.
  bool twist_bands = false;
  /// Every pair other than a kept opening point's circle joined by the arc about the joint's
  /// rotation axis, with no Bézier blend (blend_arcs).
  bool axis_arcs = false;
  /// One half umbrella step over the patch's new points, its boundary (the kept parts) fixed.
  bool relax_patch = false;
  /// No new point nearer the joint's centre (its opening's centroid, where the parent and the
  /// child take it, half way) than the opening's nearest edge is at rest: the patch keeps out of
  /// the ball the limb holds round its joint.
  bool keep_out_of_joint = false;
  /// After the relaxation, umbrella steps over the new points around folded patch cells (up to
  /// 20, stopping after 3 in a row with no fewer folds; untangle_patch.hpp).
  bool unfold = false;
  /// With the unfolding: a patch whose unfolding leaves cells that cross is built again with its
  /// new points closer (0.7, 0.5, 0.35, then 0.25 of the spacing, while cells stay crossed and no
  /// construction crosses more than the best so far), relaxed and unfolded, and the construction
  /// with the fewest crossed cells kept (gap_refine.cpp).
  bool refine = false;
  /// Remove takes, besides what lies inside the other part's box, what lies within this many of
  /// the other part's median edges outside it while the joint turns by 115° at most (docs/gap.md,
  /// item 24); 0: on its faces only.
  double box_reach = 0;
  /// Remove also takes a vertex of its boundary where the part's surface folds back onto itself
  /// (folded_fans.hpp): the patch leaving it crossed one sheet of the fold (man's kick, frames 59
  /// and 75: 4 and 8 pairs at the hip; none with).
  bool take_folded_fans = false;
  /// A child with no children of its own whose opening is not star-shaped about its centre
  /// (GapJoint::winding) is not bridged: its skin is blended across the opening, each of its
  /// vertices turned by a share of the joint's rotation that grows from 0 at the opening to 1 one
  /// opening radius from it (docs/gap.md, "What gap needs of a model"). Such a part is a cap, not a
  /// limb: bridged, its patch crossed itself (CGAL's bear, its back patch: 347 pairs where DQS has
  /// none).
  bool blend_non_star_leaves = false;
  /// Add as Algorithm 5 prints it (thesis_arcs.hpp: Circle arcs and one blend per Middle point's
  /// triplet) instead of `gap`'s pairing of the two loops and easing beside the bend.
  bool thesis_add = false;
  /// With a reconstructor: each patch is first triangulated within the band between its two loops
  /// laid flat (band_domain.hpp), closed against both; the reconstructor takes only the patches
  /// whose band cannot be laid flat (counted in GapFrameReport::scattered_patches).
  BandTriangulator band_triangulator;

  /// What the registered `gap` turns on: twist bands, arcs about the rotation axis, the keep-out,
  /// the relaxation, the unfolding and the refinement, with Remove reaching half an edge past the
  /// other part's box.
  static GapOptions second_generation() {
    GapOptions options;
    options.box_reach = 0.5;
    options.twist_bands = options.axis_arcs = options.relax_patch = options.keep_out_of_joint = options.unfold =
        options.refine = options.blend_non_star_leaves = options.take_folded_fans = true;
    return options;
  }
};

class GapDeformer : public Deformer {
 public:
  /// Throws InputError when the model cannot be bridged (build_gap_model).
  GapDeformer(const SegmentedModel& model, const Skeleton& skeleton, std::shared_ptr<const Rig> rig,
              SurfaceReconstructor reconstructor = {}, GapOptions options = {});
  const SkinMesh& rest_mesh() const override { return rest_; }
  void deform(const AcceptedPose& pose, Frame& frame) override;
  std::size_t runtime_bytes() const override;
  /// Mean per frame of every phase and count since construction, plus the pre-processing.
  DeformerStatistics statistics() const override;
  /// The openings that are not star-shaped about their centroid (GapJoint::winding), by name.
  std::vector<std::string> warnings() const override { return warnings_; }

  const GapModel& gap_model() const { return gap_; }
  const GapFrameReport& last_frame() const { return last_; }
  /// The last frame's boundary on one side of joint `joint` (an index into gap_model().joints),
  /// as Remove left it; meaningful for a joint that moved.
  const SideBoundary& boundary(int joint, bool child_side) const { return sides_[2 * joint + child_side]; }

  /// Joints whose relative rotation is at most this many radians stay welded as in the rest mesh.
  static constexpr double kMovingAngle = 1e-7;

 private:
  /// A welded vertex as `part` sees it: the child's copy for an opening it shares with its parent.
  int frame_vertex(int v, int part) const;
  // The phases of deform(), in order; each adds its counts to `report`.
  /// Remove, Add and Triangulate at every moved joint, each patch unfolded and refined, in the
  /// pose with the bands' twists taken out; returns that pose. `refitted`: the bands' begins are
  /// this frame's already (a second construction), so Remove runs once, with the bands tried
  /// against their skin.
  const std::vector<QT>& build_patches(const std::vector<QT>& world, bool refitted, GapFrameReport& report,
                                       Stopwatch& stopwatch);
  /// The pose with every banded joint's twist taken out (the parts' world transforms), or `world`
  /// itself when no band turns. With `try_skin`, each band takes only what its skin bears
  /// (bearable_twist).
  const std::vector<QT>& untwist(const std::vector<QT>& world, GapFrameReport& report, bool try_skin);
  /// Whether the skin of a band this frame's fits lay bears less than its twist (bearable_twist).
  bool skin_bears_less();
  /// Whether some joint's patch crosses more cells (crossed_cells) than its band's skin would
  /// have at the whole twist where the band took less; marks those joints in whole_twist_.
  bool gap_bears_worse();
  void pose_rigidly(const std::vector<QT>& world);
  /// The children blended across their openings (blended_, blended_joint_), and a warning for every
  /// opening not star-shaped about its centre (gap_blend.cpp).
  void find_blended_children(const SegmentedModel& model);
  /// The blended children's vertices, each turned about its joint by its share of the joint's
  /// rotation, then with the parent.
  void pose_blended(const std::vector<QT>& world);
  void remove_overlaps(const std::vector<QT>& world, GapFrameReport& report);
  void add_arcs(GapFrameReport& report);
  /// Joint k's arcs, their new points about `spacing` apart, into `out` (cleared first).
  void add_joint_arcs(int k, double spacing, ArcSet& out) const;
  /// The mean of the two parts' median edges at joint k.
  double point_spacing(int k) const;
  /// Adds `sign` times the set's arcs by kind and its new points to `report`.
  static void count_arcs(const ArcSet& set, int sign, GapFrameReport& report);
  void keep_triangles(const std::vector<QT>& world);
  void triangulate_patches(const std::vector<QT>& world, GapFrameReport& report);
  void append_arc_chains(int k, const ArcSet& set, const std::vector<QT>& world);
  void zip_patch(int k);
  /// Joint k's rotation by `share` of its bands' twist about their axis through its centre.
  QT turn_about_joint(int k, double share) const;
  /// Where Remove left each side of every twisted joint: true when a band's begin moved.
  bool refit_bands();
  /// Puts the twists back: each frame vertex from the untwisted pose to the pose `world`, a band's
  /// vertices by their fraction of the twist.
  void retwist(const std::vector<QT>& world);
  /// Relaxes the new points of every patch: each moves half way to the mean of its neighbours
  /// in the frame's triangles; the parts' vertices stay.
  void relax_patches();
  void relax_patch(int k);
  void unfold_patches(const std::vector<QT>& world, GapFrameReport& report);
  /// Unfolds joint k's patch (untangle_patch); returns the steps, and leaves its cells still crossed
  /// in crossed_left_ and its last crossing test in unfolded_crossings_.
  int unfold_patch(int k, const std::vector<QT>& world, int max_steps, int patience);
  /// After the retwist: the unfolding's normal-test steps once more, in the pose, over each patch
  /// the retwist carried by more than one turn (one below a twisted joint), kept where the patch
  /// comes no nearer the joint's centre.
  void unfold_carried_patches(const std::vector<QT>& world, GapFrameReport& report);
  /// GapOptions::refine, over every patch the unfolding left crossed.
  void refine_crossed_patches(const std::vector<QT>& world, GapFrameReport& report);
  /// Joint k's patch built again with its points `spacing` apart, kept where it has fewer crossed
  /// cells than `crossed`; returns its crossed cells.
  int rebuild_patch(int k, double spacing, const std::vector<QT>& world, int crossed, GapFrameReport& report);
  /// Joint k's patch with the edges of its crossed cells turned (turn_crossing_cells) and unfolded
  /// again, kept where it has fewer crossed cells than `crossed` and comes no nearer the joint's
  /// centre; returns its crossed cells.
  int turn_crossed_cells(int k, const std::vector<QT>& world, int crossed, GapFrameReport& report);
  /// Joint k's patch cells that cross another of its cells, and those that cross a triangle of its
  /// two parts.
  int crossed_cells(int k);
  /// Moves every new point of each moved joint out to the joint's ball (GapOptions::keep_out_of_joint).
  void keep_out_of_joints(const std::vector<QT>& world, bool cells);
  /// After the unfolding: the keep-out's moves of joint k's new points (from kept_out_from_) halved
  /// or undone where they leave its patch crossing more of its own cells.
  void keep_unfolded(int k, const Vec3& center);
  Vec3 joint_center(const std::vector<QT>& world, int k) const;  ///< the opening's centroid, parent's and child's mean
  void recompute_normals();
  void write_frame(Frame& frame);
  /// Appends a frame vertex (a child's copy of an opening vertex, or a patch's new point) with its
  /// rest anchor.
  int append_vertex(const Vec3& position, const Vec3& normal, int part, bool patch, const Vec3& anchor);
  /// The rest point whose shares of the bands frame vertex v takes: a welded vertex's or a child's
  /// copy's rest position, and for a new point the point as far along its arc between the arc's
  /// two rest ends (a split point: along its edge). The shares then run on across the patch from
  /// one part's skin to the other's as they run along a limb at rest: evaluated where a bend has
  /// moved a point instead, a band that runs on past the bent joint (homer's hip into the shank)
  /// turned the patch and the child's copies of its loop unlike the child's skin beside them.
  const Vec3& rest_anchor(int v) const {
    const int welded = static_cast<int>(gap_.rest_positions.size());
    return v < welded ? gap_.rest_positions[v] : rest_anchor_[v - welded];
  }
  /// The thesis back end for joint k: reconstructs the patch over the arcs' points and the Extra
  /// points, orients and filters its facets, appends them to triangles_.
  void reconstruct_joint_patch(int k, const std::vector<std::vector<int>>& chains, const Vec3& joint_now);
  /// The thesis back end restricted to joint k's band: its points laid flat and triangulated
  /// between the two loops, turned to run against the parts, appended to triangles_. False (and
  /// nothing appended) where the band cannot be laid flat. `first_patch`: the frame vertex of the
  /// joint's first new point.
  bool triangulate_in_band(int k, int first_patch);

  std::shared_ptr<const Rig> rig_;
  SurfaceReconstructor reconstructor_;
  GapOptions options_;
  GapModel gap_;
  std::optional<TwistBands> bands_;
  SkinMesh rest_;
  RemovalMarks marks_;
  std::vector<SideBoundary> sides_;  ///< [2k]: parent side of joint k, [2k+1]: child side
  std::vector<ArcSet> arcs_;         ///< per joint
  std::vector<QT> relative_;
  // Twist bands, per frame: the untwisted pose; per joint, the bands' fit (the twist they take,
  // 0: none), where Remove left each side, and the relative motion left to gap; per part,
  // whether a banded joint lies on its way to the root; a path's scratch.
  std::vector<QT> untwisted_, left_to_gap_;
  // retwist's per-frame caches: per part, its relative motion and untwisted pose's inverse; per
  // banded joint, its turn at share 1 and at the opening's share.
  std::vector<QT> relative_world_, untwisted_inverse_;
  std::vector<std::pair<QT, QT>> turn_at_ends_;
  std::vector<char> banded_part_;
  std::vector<int> path_;
  std::vector<TwistBand::Fit> fits_;
  std::vector<double> child_begin_, parent_begin_;
  // Per joint: the cells its band's skin crossed at the whole twist where the band took less this
  // frame (-1: it took all it was fitted), and whether it takes the whole twist regardless.
  std::vector<int> capped_crossings_;
  std::vector<char> whole_twist_;
  std::vector<char> moving_;
  // pose_rigidly: the frame's last pose (posed_: there is one) and, per part, whether it moved.
  std::vector<QT> posed_world_;
  std::vector<char> part_moved_;
  bool posed_ = false;
  std::vector<Vec3> positions_, normals_;
  /// Per frame vertex past the welded mesh's: the rest point whose shares of the bands it takes
  /// (rest_anchor()).
  std::vector<Vec3> rest_anchor_;
  std::vector<int> child_copy_;  ///< frame vertex of the child's copy of an opening vertex
  std::vector<Tri> triangles_;
  std::vector<int> triangle_part_, vertex_part_;
  std::vector<char> recompute_, patch_vertex_;
  std::vector<int> compact_;
  std::vector<int> patch_slot_;               ///< per frame vertex: its index among a patch's points, -1
  std::vector<int> patch_begin_, patch_end_;  ///< per joint: its new points' frame vertices
  std::vector<int> patch_triangles_begin_, patch_triangles_end_;  ///< per joint: its patch's triangles
  UntangleScratch untangle_scratch_;
  FixedCellScratch fixed_cell_scratch_;
  BandScratch band_scratch_;
  std::vector<int> crossed_left_;         ///< per joint: its patch's cells the unfolding left crossed
  std::vector<CrossingRecord> unfolded_crossings_;  ///< per joint: the unfolding's last crossing test
  CrossingRecord set_aside_crossings_;              ///< rebuild_patch: the first construction's
  std::vector<std::vector<int>> chains_;  ///< the patch being built: each arc's frame vertices
  std::vector<int> obstacles_;            ///< crossed_cells: the parts' triangles in the patch's box
  std::vector<EdgeSplit> edge_splits_;    ///< keep_out_of_joints: the edges split
  int kept_triangles_ = 0;                ///< the frame's triangles that Remove kept: triangles_[0, kept_triangles_)
  ArcSet finer_arcs_;                     ///< rebuild_patch: the new construction's arcs
  // turn_crossed_cells: the patch's cells, new points and last crossing test before the turns
  // (unfold_carried_patches: its new points before the steps).
  std::vector<Tri> unturned_cells_;
  std::vector<Vec3> unturned_points_;
  CrossingRecord unturned_crossings_;
  std::vector<std::string> warnings_;     ///< warnings(), found at set-up
  /// A child blended across its opening (GapOptions::blend_non_star_leaves): its own vertices (welded
  /// ids) and the share of the joint's rotation each takes.
  struct BlendedChild {
    int joint = 0;
    std::vector<int> vertices;
    std::vector<double> share;
  };
  std::vector<BlendedChild> blended_;
  std::vector<char> blended_joint_;       ///< per joint: one of blended_
  std::vector<double> joint_ball_;        ///< per joint: its opening's nearest edge from its centroid
  std::vector<Vec3> relax_sum_;           ///< relax_patch: per new point, its neighbours' sum and count
  std::vector<int> relax_count_;
  // keep_unfolded: a patch's new points before and after the keep-out.
  std::vector<Vec3> kept_out_from_, kept_out_to_;
  GapFrameReport last_, total_;
  int frames_ = 0;
};

std::unique_ptr<Deformer> make_gap_deformer(DeformerContext& context, SurfaceReconstructor reconstructor = {},
                                            GapOptions options = {});

}  // namespace skinlab
