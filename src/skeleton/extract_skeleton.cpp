// SPDX-License-Identifier: GPL-3.0-or-later
#include "skinlab/skeleton/extract_skeleton.hpp"

#include "skinlab/skeleton/skeleton_builder.hpp"

namespace skinlab {

const char* to_string(JointKind kind) {
  static const char* const names[] = {"root", "opening", "kernel", "link", "axis-end"};
  return names[static_cast<int>(kind)];
}

Skeleton extract_skeleton(const SegmentedModel& model, const SkeletonParams& params, SkeletonTimings& timings) {
  return SkeletonBuilder(model, find_skeleton_method(params.method), params, timings).build();
}

Skeleton extract_skeleton(const SegmentedModel& model, const SkeletonParams& params) {
  SkeletonTimings timings;
  return extract_skeleton(model, params, timings);
}

}  // namespace skinlab
