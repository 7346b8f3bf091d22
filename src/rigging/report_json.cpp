// SPDX-License-Identifier: GPL-3.0-or-later
#include "skinlab/rigging/report_json.hpp"

#include <cstdint>
#include <numbers>

namespace skinlab {

nlohmann::json rejection_json(const Rejection& r, const Rig& rig) {
  nlohmann::json entry = {{"frame", r.frame},
                          {"time", r.time},
                          {"kind", r.kind == Rejection::Kind::limit ? "limit" : "collision"},
                          {"joint", rig.names[rig.order[r.joint]]}};
  if (r.kind == Rejection::Kind::limit) {
    entry["axis"] = std::string(1, "XYZ"[r.axis]);
    entry["limit"] = r.limit;
    entry["angle"] = r.angle;
  } else {
    entry["moving"] = rig.names[r.moving];
    entry["other"] = rig.names[r.other];
  }
  return entry;
}

nlohmann::json pose_degrees_json(const Pose& pose, const Rig& rig) {
  constexpr double kDegrees = 180.0 / std::numbers::pi;
  nlohmann::json out = nlohmann::json::object();
  for (std::size_t j = 0; j < rig.order.size(); ++j)
    out[rig.names[rig.order[j]]] = {pose.angles[3 * j] * kDegrees, pose.angles[3 * j + 1] * kDegrees,
                                    pose.angles[3 * j + 2] * kDegrees};
  return out;
}

nlohmann::json statistics_json(const DeformerStatistics& statistics) {
  nlohmann::json out = nlohmann::json::object();
  for (const DeformerStatistic& s : statistics)
    out[s.name] = s.count ? nlohmann::json(static_cast<std::int64_t>(s.value)) : nlohmann::json(s.value);
  return out;
}

}  // namespace skinlab
