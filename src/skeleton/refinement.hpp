// Local and Parent refinement of a component's principal directions ([VF08 §3.3],
// Algorithms 3 and 4).
#pragma once

#include <vector>

#include "skinlab/core/math.hpp"

namespace skinlab {

struct Frame {
  Mat3 directions = Mat3::Identity();  ///< principal directions as orthonormal columns
  int principal_axis = 0;              ///< which column is the principal axis
};

/// Angle (radians, 0..pi) of the rotation that turns frame a into frame b.
double rotation_angle_between(const Mat3& a, const Mat3& b);

/// [VF08 Alg. 3]. Aligns the frame with the centroid-method vectors: `root_vector` (root point -
/// kernel centroid; null for the model's root) and `child_vectors` (children's opening
/// centroids - kernel centroid). Each vector asks to turn its closest direction onto itself;
/// the requests are weighted (summing to 1, the root vector counting double: thesis "2 *
/// weight ... such that sum weight_i = 1") and blended as one rotation, not applied one after
/// another, so the result does not depend on the order of the openings. A request whose
/// weighted angle exceeds `max_angle` (radians) is rejected, and so is a blend that would turn
/// the frame further than `max_angle`. With a single vector, its closest direction becomes the
/// principal axis [VF08 §3.3.1].
Frame local_refine(const Frame& frame, const Vec3* root_vector, const std::vector<Vec3>& child_vectors,
                   double max_angle);

/// [VF08 Alg. 4]. Turns the child's principal axis onto the parent's closest direction, then,
/// about that axis, the closest remaining pair of directions onto each other. A step that
/// would leave the child's frame more than `max_angle` from `original` is rejected.
Frame parent_refine(const Frame& child, const Frame& parent, const Mat3& original, double max_angle);

}  // namespace skinlab
