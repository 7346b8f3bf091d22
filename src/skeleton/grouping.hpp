// SPDX-License-Identifier: GPL-3.0-or-later
// Grouping of opening centroids along PA_KC by dynamic programming ([VF08 §3.2.3],
// equations 3.1–3.5, [VF08 Alg. 2]).
#pragma once

#include <utility>
#include <vector>

#include "skinlab/core/math.hpp"

namespace skinlab {

/// Opening centroids oc_1..oc_N sorted by their projections P[oc_k] on PA_KC.
struct GroupingInput {
  std::vector<Vec3> centroids;
  std::vector<Vec3> projections;
};

/// Consecutive index ranges [first, last] of the sorted centroids, in order.
using Groups = std::vector<std::pair<int, int>>;

/// Link point of centroids first..last: the mean of their projections (eq. 3.1).
Vec3 link_point(const GroupingInput& in, int first, int last);

/// Normalized variation of oc_k linked to `link` (eq. 3.2): (d(oc_k, L) - d_min) /
/// (max_l d(oc_k, oc_l) - d_min), d_min = d(oc_k, P[oc_k]); 0 when the denominator vanishes.
double normalized_variation(const GroupingInput& in, int k, const Vec3& link);

/// Merging score F1 of centroids first..last as one group (eq. 3.3).
double merging_score(const GroupingInput& in, int first, int last);

/// Separating score F2 of two consecutive group sets (eqs. 3.4, 3.5): the mean variations of
/// each (every centroid against its own group's link point) and 1 - the PA_KC gap between them
/// relative to d(P[oc_1], P[oc_N]).
double separating_score(const GroupingInput& in, const Groups& x, const Groups& y);

/// [VF08 Alg. 2]: for every range, keep it as one group (score F1) unless some split into the
/// optimal sub-solutions scores lower (F2). Returns the solution for all N centroids.
Groups group_opening_centroids(const GroupingInput& in);

}  // namespace skinlab
