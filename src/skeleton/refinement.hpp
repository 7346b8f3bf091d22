// SPDX-License-Identifier: GPL-3.0-or-later
// Local and Parent refinement of a component's principal directions ([VF08 §3.3],
// Algorithms 3 and 4).
#pragma once

#include <string>
#include <vector>

#include "skinlab/core/math.hpp"

namespace skinlab {

struct PrincipalFrame {
  Mat3 directions = Mat3::Identity();  ///< principal directions as orthonormal columns
  int principal_axis = 0;              ///< which column is the principal axis
};

/// Angle (radians, 0..pi) of the rotation that turns frame a into frame b.
double rotation_angle_between(const Mat3& a, const Mat3& b);

/// How Local refinement applies the centroid method's vectors ([VF08 §3.3.1], Algorithm 3).
enum class LocalRefinement {
  /// Algorithm 3 as printed: one align step per vector, the root's first, each on the frame the
  /// previous one left; each step turns the direction closest to its vector by the weighted
  /// angle and makes that direction the principal axis (line 6). A step whose weighted angle
  /// exceeds the limit is skipped whole (line 4 returns before lines 5 and 6).
  thesis,
  /// skinlab's earlier departure: the weighted turns blended as one rotation (independent of
  /// the order of the openings), the whole blend also held to the limit, and the principal axis
  /// switched only when the part has a single opening.
  blend,
};

/// The names of LocalRefinement's values ("thesis", "blend"), in order.
const std::vector<std::string>& local_refinement_names();
/// The value called `name`; throws InputError naming the choices.
LocalRefinement find_local_refinement(const std::string& name);

/// [VF08 Alg. 3]. Aligns the frame with the centroid-method vectors: `root_vector` (root point -
/// kernel centroid; null for the model's root) and `child_vectors` (children's opening
/// centroids - kernel centroid). Each vector asks to turn its closest direction onto itself by
/// a fraction of the angle between them. In `thesis` mode the fractions are Algorithm 3's:
/// with w = N_OC + 1 (N_OC the children's opening centroids), a child's angle is divided by w
/// and the root's by 2w. The prose of §3.3.1 instead gives the root "2 * weight" with weight =
/// 1/(N_OC + 1), twice a child's share rather than half; neither reading makes the weights sum
/// to 1 as the prose says they do. The algorithm is the one printed as the procedure, and it is
/// the one followed. `blend` keeps skinlab's earlier weights (the root's 2/(N+2), a child's
/// 1/(N+2); 1/N over a root part's children). A turn larger than `max_angle` (radians) is
/// rejected; `mode` says how the turns combine.
PrincipalFrame local_refine(const PrincipalFrame& frame, const Vec3* root_vector, const std::vector<Vec3>& child_vectors,
                   double max_angle, LocalRefinement mode = LocalRefinement::thesis);

/// [VF08 Alg. 4]. Turns the child's principal axis onto the parent's closest direction, then,
/// about that axis, the closest remaining pair of directions onto each other. A step that
/// would leave the child's frame more than `max_angle` from `original` is rejected.
PrincipalFrame parent_refine(const PrincipalFrame& child, const PrincipalFrame& parent, const Mat3& original, double max_angle);

}  // namespace skinlab
