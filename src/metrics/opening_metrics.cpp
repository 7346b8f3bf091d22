// SPDX-License-Identifier: GPL-3.0-or-later
#include "skinlab/metrics/opening_metrics.hpp"

#include <algorithm>
#include <numbers>

#include "skinlab/geometry/loop_metrics.hpp"

namespace skinlab {

namespace {

nlohmann::json vec_json(const Vec3& v) { return {v.x(), v.y(), v.z()}; }

std::vector<Vec3> loop_points(const SegmentedModel& model, const OpeningLoop& loop) {
  std::vector<Vec3> points;
  for (int v : loop.original) points.push_back(model.mesh().positions[v]);
  return points;
}

}  // namespace

nlohmann::json opening_loop_metrics(const SegmentedModel& model, const Opening& opening) {
  nlohmann::json loops = nlohmann::json::array();
  for (const OpeningLoop& loop : opening.loops) {
    const std::vector<Vec3> points = loop_points(model, loop);
    const LoopMetrics m = loop_metrics(points);
    nlohmann::json positions = nlohmann::json::array();
    for (const Vec3& p : points) positions.push_back(vec_json(p));
    loops.push_back({{"closed", loop.closed},
                     {"vertices", loop.original.size()},
                     {"length", m.length},
                     {"mean_radius", m.mean_radius},
                     {"planarity", m.planarity},
                     {"outline_ratio", m.outline_ratio},
                     {"turned_back_deg", m.winding.turned_back * 180 / std::numbers::pi},
                     {"back_stretches", m.winding.back_stretches},
                     {"smallest_angle_deg", smallest_angle_around(model.mesh(), loop.original)},
                     {"plane", {{"point", vec_json(m.centroid)}, {"normal", vec_json(m.normal)}}},
                     {"positions", positions}});
  }
  return loops;
}

nlohmann::json opening_metrics_summary(const SegmentedModel& model) {
  std::vector<double> planarity, outline;
  double smallest = 180.0;
  for (const Opening& o : model.openings())
    for (const OpeningLoop& loop : o.loops) {
      if (!loop.closed) continue;
      const LoopMetrics m = loop_metrics(loop_points(model, loop));
      planarity.push_back(m.planarity);
      outline.push_back(m.outline_ratio);
      smallest = std::min(smallest, smallest_angle_around(model.mesh(), loop.original));
    }
  const auto median = [](std::vector<double> v) {
    if (v.empty()) return 0.0;
    std::sort(v.begin(), v.end());
    return v.size() % 2 ? v[v.size() / 2] : 0.5 * (v[v.size() / 2 - 1] + v[v.size() / 2]);
  };
  const auto max = [](const std::vector<double>& v) { return v.empty() ? 0.0 : *std::max_element(v.begin(), v.end()); };
  return {{"loops", planarity.size()},
          {"planarity_median", median(planarity)},
          {"planarity_max", max(planarity)},
          {"outline_ratio_median", median(outline)},
          {"outline_ratio_max", max(outline)},
          {"smallest_angle_deg", smallest}};
}

}  // namespace skinlab
