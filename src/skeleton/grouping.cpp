// SPDX-License-Identifier: GPL-3.0-or-later
#include "skinlab/skeleton/grouping.hpp"

#include <algorithm>

namespace skinlab {

namespace {

// d(P[oc_1], P[oc_N]): the PA_KC length the projections span; 0 when they coincide.
double projected_span(const GroupingInput& in) { return (in.projections.front() - in.projections.back()).norm(); }

double ratio(double length, double span) { return span > 0.0 ? length / span : 0.0; }

// max_l d(oc_k, oc_l): eq. 3.2's farthest centroid, which does not depend on the grouping.
double farthest_distance(const GroupingInput& in, int k) {
  double farthest = 0.0;
  for (const Vec3& other : in.centroids) farthest = std::max(farthest, (in.centroids[k] - other).norm());
  return farthest;
}

// Eq. 3.2 with its farthest distance given.
double variation(const GroupingInput& in, int k, const Vec3& link, double farthest) {
  const Vec3& oc = in.centroids[k];
  const double d_min = (oc - in.projections[k]).norm();
  const double denominator = farthest - d_min;
  return denominator > 0.0 ? ((oc - link).norm() - d_min) / denominator : 0.0;
}

// Sum of the variations of centroids first..last, each against the group's link point.
double group_variation_sum(const GroupingInput& in, int first, int last, const std::vector<double>& farthest) {
  const Vec3 link = link_point(in, first, last);
  double sum = 0.0;
  for (int k = first; k <= last; ++k) sum += variation(in, k, link, farthest[k]);
  return sum;
}

std::vector<double> farthest_distances(const GroupingInput& in) {
  std::vector<double> farthest(in.centroids.size());
  for (std::size_t k = 0; k < farthest.size(); ++k) farthest[k] = farthest_distance(in, static_cast<int>(k));
  return farthest;
}

// Mean variation over every centroid of the group set, each against its group's link point.
double mean_variation(const GroupingInput& in, const Groups& groups) {
  const std::vector<double> farthest = farthest_distances(in);
  double sum = 0.0;
  int count = 0;
  for (auto [first, last] : groups) {
    sum += group_variation_sum(in, first, last, farthest);
    count += last - first + 1;
  }
  return count > 0 ? sum / count : 0.0;
}

// F1 and F2 from their parts: the mean variations and the PA_KC lengths, so that the dynamic
// programme and the public scores compute the same expressions.
double merging_from(double mean_variation, double used) { return (mean_variation + used) / 2.0; }
double separating_from(double mean_x, double mean_y, double gap) { return (mean_x + mean_y + (1.0 - gap)) / 3.0; }

}  // namespace

Vec3 link_point(const GroupingInput& in, int first, int last) {
  Vec3 sum = Vec3::Zero();
  for (int k = first; k <= last; ++k) sum += in.projections[k];
  return sum / (last - first + 1);
}

double normalized_variation(const GroupingInput& in, int k, const Vec3& link) {
  return variation(in, k, link, farthest_distance(in, k));
}

double merging_score(const GroupingInput& in, int first, int last) {
  return merging_from(mean_variation(in, {{first, last}}),
                      ratio((in.projections[first] - in.projections[last]).norm(), projected_span(in)));
}

double separating_score(const GroupingInput& in, const Groups& x, const Groups& y) {
  const double gap =
      ratio((in.projections[x.back().second] - in.projections[y.front().first]).norm(), projected_span(in));
  return separating_from(mean_variation(in, x), mean_variation(in, y), gap);
}

Groups group_opening_centroids(const GroupingInput& in) {
  const int n = static_cast<int>(in.centroids.size());
  if (n == 0) return {};
  // [VF08 Alg. 2] compares F1 of a range with F2 of every split into optimal sub-solutions. A group
  // set over i..j always holds the j - i + 1 centroids, so its mean variation is a stored sum over
  // that count: each cell costs O(1) per split and the whole programme O(N³) (scoring each split
  // from its groups, as the scores are written, costs O(N⁵): 200 children took 91 s).
  const std::vector<double> farthest = farthest_distances(in);
  const double span = projected_span(in);
  const auto cell = [n](int i, int j) { return static_cast<std::size_t>(i) * n + j; };
  std::vector<double> sum(static_cast<std::size_t>(n) * n);  // variation sum of the best set over i..j
  std::vector<int> split(static_cast<std::size_t>(n) * n, -1);  // -1: one group; k: best[i][k] + best[k+1][j]
  for (int i = 0; i < n; ++i) sum[cell(i, i)] = group_variation_sum(in, i, i, farthest);
  for (int length = 2; length <= n; ++length)
    for (int i = 0; i + length - 1 < n; ++i) {
      const int j = i + length - 1;
      const double one_group = group_variation_sum(in, i, j, farthest);
      sum[cell(i, j)] = one_group;
      double score = merging_from(one_group / length, ratio((in.projections[i] - in.projections[j]).norm(), span));
      for (int k = i; k < j; ++k) {
        const double gap = ratio((in.projections[k] - in.projections[k + 1]).norm(), span);
        const double candidate = separating_from(sum[cell(i, k)] / (k - i + 1), sum[cell(k + 1, j)] / (j - k), gap);
        if (candidate < score) {
          score = candidate;
          split[cell(i, j)] = k;
          sum[cell(i, j)] = sum[cell(i, k)] + sum[cell(k + 1, j)];
        }
      }
    }
  Groups groups;
  std::vector<std::pair<int, int>> pending = {{0, n - 1}};
  while (!pending.empty()) {
    const auto [i, j] = pending.back();
    pending.pop_back();
    const int k = split[cell(i, j)];
    if (k < 0) {
      groups.emplace_back(i, j);
    } else {
      pending.emplace_back(k + 1, j);  // popped after i..k: groups come out in order
      pending.emplace_back(i, k);
    }
  }
  return groups;
}

}  // namespace skinlab
