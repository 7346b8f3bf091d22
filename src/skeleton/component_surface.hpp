// SPDX-License-Identifier: GPL-3.0-or-later
// A component as a closed solid: its triangles plus its openings capped.
#pragma once

#include <vector>

#include "skinlab/core/segmented_model.hpp"
#include "skinlab/geometry/halfspace_intersection.hpp"

namespace skinlab {

struct ComponentSurface {
  std::vector<Vec3> positions;            ///< the component's vertices, then one centre per capped loop
  std::vector<Tri> triangles;             ///< the component's triangles, then the caps, all outward
  std::vector<Halfspace> opening_planes;  ///< per closed loop: its best-fit plane, inner side
                                          ///< towards the component (thesis kernel, closed)
};

/// Caps every closed opening loop of component c with a fan from the loop centroid, oriented
/// outward, and fits each loop's plane (PCA) as one half-space for the kernel.
ComponentSurface component_surface(const SegmentedModel& model, int c);

/// Centroid of the longest loop of the opening between components a and b (the opening
/// centroid of [VF08 §3.2.1]); throws std::logic_error when they are not adjacent.
Vec3 opening_centroid(const SegmentedModel& model, int a, int b);

}  // namespace skinlab
