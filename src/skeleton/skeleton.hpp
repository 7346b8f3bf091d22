// Skeleton extraction from a segmented model with its hierarchy (thesis chapter 3): the
// Opening, Centroid and Principal Axis methods, and Principal Axis with Local and Parent
// refinement.
#pragma once

#include <array>
#include <string>
#include <vector>

#include "core/segmented_model.hpp"
#include "geometry/kernel_centroid.hpp"
#include "geometry/obb.hpp"

namespace skinlab {

enum class SkeletonMethod { opening, centroid, pa, pa_refined };
/// Every method, in the order the thesis presents them (the viewer's keys 1-4 follow it).
inline constexpr std::array<SkeletonMethod, 4> kSkeletonMethods{SkeletonMethod::opening, SkeletonMethod::centroid,
                                                                SkeletonMethod::pa, SkeletonMethod::pa_refined};
const char* to_string(SkeletonMethod method);
/// The methods' names, for command-line choices and help.
std::vector<std::string> skeleton_method_names();
/// "opening", "centroid", "pa" or "pa-refined"; throws InputError otherwise.
SkeletonMethod parse_skeleton_method(const std::string& name);

enum class JointKind { root, opening, kernel, link, axis_end };
const char* to_string(JointKind kind);

struct SkeletonJoint {
  Vec3 position = Vec3::Zero();
  JointKind kind = JointKind::link;
  int component = 0;  ///< owner: the component whose local skeleton made it; an opening joint
                      ///< belongs to the child, which rotates about it
};

struct Bone {
  int from = 0;  ///< joint ids
  int to = 0;
  int component = 0;
};

/// Per component: what the methods computed, for later stages (FK, collision, viewer).
struct ComponentFrame {
  int root_joint = -1;  ///< the joint the component's local skeleton starts from
  Vec3 kernel_centroid = Vec3::Zero();
  bool kernel_empty = true;        ///< true: kernel_centroid is the convex-hull centroid
  OBB obb;                         ///< axes = principal directions after any refinement
  int principal_axis = 0;          ///< which column of obb.axes is the principal axis
  Vec3 axis_begin = Vec3::Zero();  ///< PA_KC: the principal axis through the kernel centroid,
  Vec3 axis_end = Vec3::Zero();    ///< clipped to the component (pa methods only)
};

/// Seconds spent per phase, summed over components.
struct SkeletonTimings {
  double surfaces = 0;    ///< capping openings (closed component surfaces)
  double hull = 0;        ///< convex hulls
  double kernel = 0;      ///< kernel centroids (LP + half-space intersection + centroid)
  KernelTimings kernel_phases;  ///< the kernel's phases, summed over the components
  double covariance = 0;  ///< hull covariance, principal directions, OBB
  double refinement = 0;  ///< local and parent refinement
  double axes = 0;        ///< PA_KC clipping, projection, grouping, connecting
  double total = 0;
};

struct Skeleton {
  SkeletonMethod method = SkeletonMethod::pa_refined;
  std::vector<SkeletonJoint> joints;
  std::vector<Bone> bones;
  std::vector<ComponentFrame> components;
  SkeletonTimings timings;
};

struct SkeletonParams {
  SkeletonMethod method = SkeletonMethod::pa_refined;
  double max_angle_degrees = 20.0;  ///< refinement never turns a frame further (thesis §3.3.1)
  bool all_axes = false;            ///< PA: add the ends of the other two principal directions
  KernelParams kernel;
};

/// Extracts the skeleton, depth-first from the root (thesis §3.2). A model without a hierarchy
/// must have a single component. Throws InputError when a hierarchy is needed and missing.
Skeleton extract_skeleton(const SegmentedModel& model, const SkeletonParams& params = {});

}  // namespace skinlab
