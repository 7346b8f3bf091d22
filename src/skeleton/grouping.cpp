#include "skeleton/grouping.hpp"

#include <algorithm>

namespace skinlab {

namespace {

// d(P[oc_1], P[oc_N]): the PA_KC length the projections span; 0 when they coincide.
double projected_span(const GroupingInput& in) { return (in.projections.front() - in.projections.back()).norm(); }

double ratio(double length, double span) { return span > 0.0 ? length / span : 0.0; }

// Mean variation over every centroid of the group set, each against its group's link point.
double mean_variation(const GroupingInput& in, const Groups& groups) {
  double sum = 0.0;
  int count = 0;
  for (auto [first, last] : groups) {
    const Vec3 link = link_point(in, first, last);
    for (int k = first; k <= last; ++k, ++count) sum += normalized_variation(in, k, link);
  }
  return count > 0 ? sum / count : 0.0;
}

}  // namespace

Vec3 link_point(const GroupingInput& in, int first, int last) {
  Vec3 sum = Vec3::Zero();
  for (int k = first; k <= last; ++k) sum += in.projections[k];
  return sum / (last - first + 1);
}

double normalized_variation(const GroupingInput& in, int k, const Vec3& link) {
  const Vec3& oc = in.centroids[k];
  const double d_min = (oc - in.projections[k]).norm();
  double farthest = 0.0;
  for (const Vec3& other : in.centroids) farthest = std::max(farthest, (oc - other).norm());
  const double denominator = farthest - d_min;
  return denominator > 0.0 ? ((oc - link).norm() - d_min) / denominator : 0.0;
}

double merging_score(const GroupingInput& in, int first, int last) {
  const double variation = mean_variation(in, {{first, last}});
  const double used = ratio((in.projections[first] - in.projections[last]).norm(), projected_span(in));
  return (variation + used) / 2.0;
}

double separating_score(const GroupingInput& in, const Groups& x, const Groups& y) {
  const double gap =
      ratio((in.projections[x.back().second] - in.projections[y.front().first]).norm(), projected_span(in));
  return (mean_variation(in, x) + mean_variation(in, y) + (1.0 - gap)) / 3.0;
}

Groups group_opening_centroids(const GroupingInput& in) {
  const int n = static_cast<int>(in.centroids.size());
  if (n == 0) return {};
  // best[i][j]: the optimal group set of centroids i..j.
  std::vector<std::vector<Groups>> best(n, std::vector<Groups>(n));
  for (int i = 0; i < n; ++i) best[i][i] = {{i, i}};
  for (int length = 2; length <= n; ++length)
    for (int i = 0; i + length - 1 < n; ++i) {
      const int j = i + length - 1;
      best[i][j] = {{i, j}};
      double score = merging_score(in, i, j);
      for (int k = i; k < j; ++k) {
        const double split = separating_score(in, best[i][k], best[k + 1][j]);
        if (split < score) {
          score = split;
          best[i][j] = best[i][k];
          best[i][j].insert(best[i][j].end(), best[k + 1][j].begin(), best[k + 1][j].end());
        }
      }
    }
  return best[0][n - 1];
}

}  // namespace skinlab
