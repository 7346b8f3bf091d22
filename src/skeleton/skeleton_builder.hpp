// SPDX-License-Identifier: GPL-3.0-or-later
// What every skeleton method builds on (thesis chapter 3): the model's hierarchy, the per-component
// analysis (closed surface, convex hull, kernel centroid, principal directions) and refinement,
// and the skeleton under construction. A method (skeleton/methods/) only adds the joints and
// bones of one component at a time; the builder runs the phases its registry entry names.
#pragma once

#include <vector>

#include "skinlab/core/segmented_model.hpp"
#include "skinlab/geometry/convex_hull.hpp"
#include "skinlab/geometry/kernel_centroid.hpp"
#include "skinlab/skeleton/component_surface.hpp"
#include "skinlab/skeleton/extract_skeleton.hpp"
#include "skinlab/skeleton/refinement.hpp"
#include "skinlab/skeleton/skeleton_method.hpp"

namespace skinlab {

/// One component's analysis, computed once for every method that reads kernel centroids.
struct ComponentAnalysis {
  ComponentSurface surface;  ///< the component with its openings capped
  ConvexHull hull;
  KernelCentroid kernel;
  PrincipalFrame frame;               ///< principal directions, after refinement where the method refines
  double diagonal = 0.0;     ///< of the closed surface's bounding box
  double refinement_turn = 0.0;  ///< radians that refinement turned `frame`
};

class SkeletonBuilder {
 public:
  SkeletonBuilder(const SegmentedModel& model, const SkeletonMethod& method, const SkeletonParams& params,
                  SkeletonTimings& timings);

  /// Runs the method's phases: analysis and refinement where its entry asks for them, then its
  /// component step on every component, parents first.
  Skeleton build();

  const SegmentedModel& model() const { return model_; }
  const SkeletonParams& params() const { return params_; }
  SkeletonTimings& timings() { return timings_; }
  int parent(int c) const { return parent_[c]; }
  const std::vector<int>& children(int c) const { return children_[c]; }
  /// Valid only for methods that produce kernel centroids.
  const ComponentAnalysis& analysis(int c) const { return analysis_[c]; }
  ComponentFrame& frame(int c) { return skeleton_.components[c]; }
  const Vec3& joint_position(int joint) const { return skeleton_.joints[joint].position; }

  int add_joint(const Vec3& position, JointKind kind, int component);
  /// Skips a bone from a joint to itself or between coincident joints.
  void add_bone(int from, int to, int component);
  /// The joint where `child` meets its parent, at the opening's centroid: made once, owned by
  /// the child (which rotates about it).
  int opening_joint(int child);
  void set_kind(int joint, JointKind kind) { skeleton_.joints[joint].kind = kind; }

 private:
  void analyze_components();
  void refine();

  const SegmentedModel& model_;
  const SkeletonMethod& method_;
  const SkeletonParams& params_;
  SkeletonTimings& timings_;
  Skeleton skeleton_;
  std::vector<int> order_;  ///< depth first from the root
  std::vector<int> parent_;
  std::vector<std::vector<int>> children_;
  std::vector<int> opening_joint_;
  std::vector<ComponentAnalysis> analysis_;
};

}  // namespace skinlab
