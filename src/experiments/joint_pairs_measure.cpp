// SPDX-License-Identifier: GPL-3.0-or-later
// Joint pairs against a baseline (measurements.hpp, docs/quality.md): each frame's extra
// self-intersecting pairs at the joints, per deformer, against the baseline's in the same frame.
#include <algorithm>
#include <functional>
#include <iterator>
#include <numeric>
#include <optional>

#include "skinlab/core/clip_io.hpp"
#include "skinlab/experiments/joint_geometry.hpp"
#include "skinlab/experiments/measurements.hpp"
#include "skinlab/rigging/deformer_registry.hpp"

namespace skinlab {

namespace {

// The frames sampled from a clip (spread_frame) and, per frame, the extra self-intersecting pairs
// at the joints of a deformer's frame over its own rest frame's (negative where the frame has
// fewer), in all and joint by joint (pairs_per_part), and in all counting only the pairs that share
// no vertex (issue 24's definition); nothing where either is not a mesh CGAL takes.
struct ExtraJointPairs {
  std::vector<int> frame;
  std::vector<std::optional<int>> extra, extra_apart;
  std::vector<std::vector<int>> extra_per_part;  ///< empty where extra is nothing
};

// sum(posed) - sum(rest), with the per-part differences into `per_part` when asked.
int extra_over_rest(const std::vector<int>& posed, const std::vector<int>& rest, std::vector<int>* per_part) {
  std::vector<int> extra;
  std::transform(posed.begin(), posed.end(), rest.begin(), std::back_inserter(extra), std::minus<>());
  const int sum = std::accumulate(extra.begin(), extra.end(), 0);
  if (per_part) *per_part = std::move(extra);
  return sum;
}

ExtraJointPairs extra_joint_pairs(const SegmentedModel& model, const ClipFile& clip, const std::string& deformer,
                                  int frames) {
  const std::vector<int>& parent = model.hierarchy()->parent;
  Frame frame;
  AnimationSession rest_session(model, std::nullopt, SessionParams{}, find_deformer(deformer));
  rest_session.play(0, frame);
  const auto rest = frame_pairs_per_part(frame, rest_session.deformer().rest_mesh(), parent);
  AnimationSession session(model, clip, SessionParams{}, find_deformer(deformer));
  const int count = session.animator().grid().count();
  const int samples = std::min(frames, count);
  ExtraJointPairs result;
  for (int s = 0; s < samples; ++s) {
    result.frame.push_back(spread_frame(s, samples, count));
    session.play(result.frame.back(), frame);
    const auto pairs = frame_pairs_per_part(frame, session.deformer().rest_mesh(), parent);
    std::vector<int> extra;
    const bool measured = rest && pairs;
    result.extra.push_back(measured ? std::optional<int>(extra_over_rest(pairs->all, rest->all, &extra))
                                    : std::nullopt);
    result.extra_apart.push_back(measured ? std::optional<int>(extra_over_rest(pairs->apart, rest->apart, nullptr))
                                          : std::nullopt);
    result.extra_per_part.push_back(std::move(extra));
  }
  return result;
}

// The part whose joint holds the most of a frame's excess over the baseline (its pairs and those
// with its parent): where a deformer loses.
int worst_part(const std::vector<int>& extra, const std::vector<int>& baseline) {
  int worst = 0;
  for (std::size_t c = 1; c < extra.size(); ++c)
    if (extra[c] - baseline[c] > extra[worst] - baseline[worst]) worst = static_cast<int>(c);
  return worst;
}

// Frame indices in increasing order as runs, "3-7 12 15-20"; cut after 240 characters with
// " ..." (a row's string is a table cell, at most 256).
std::string frame_runs(const std::vector<int>& frames) {
  std::string text;
  for (std::size_t i = 0; i < frames.size();) {
    std::size_t j = i;
    while (j + 1 < frames.size() && frames[j + 1] == frames[j] + 1) ++j;
    std::string run = std::to_string(frames[i]);
    if (j > i) run.append("-").append(std::to_string(frames[j]));
    if (text.size() + run.size() > 240) return text.append(" ...");
    if (!text.empty()) text.append(" ");
    text.append(run);
    i = j + 1;
  }
  return text;
}

}  // namespace

nlohmann::json measure_joint_pairs(const std::string& name, const SegmentedModel& model,
                                   const std::vector<std::filesystem::path>& clips,
                                   const std::vector<std::string>& deformers, const std::string& baseline, int margin,
                                   int frames) {
  nlohmann::json rows = nlohmann::json::array();
  if (!model.hierarchy()) return rows;
  for (const std::filesystem::path& clip_path : clips) {
    const ClipFile clip = read_clip(clip_path);
    const ExtraJointPairs reference = extra_joint_pairs(model, clip, baseline, frames);
    const int samples = static_cast<int>(reference.frame.size());
    for (const std::string& deformer : deformers) {
      const ExtraJointPairs measured = extra_joint_pairs(model, clip, deformer, frames);
      const std::vector<std::optional<int>>& extra = measured.extra;
      int over = 0, over_at_rest = 0, over_apart = 0, unmeasured = 0, pairs_max = 0, baseline_max = 0;
      nlohmann::json excess_max, excess_frame, excess_part;
      std::vector<int> over_frames;
      for (int s = 0; s < samples; ++s) {
        if (!extra[s] || !reference.extra[s]) {
          ++unmeasured;
          continue;
        }
        const int f = reference.frame[s];
        const int excess = *extra[s] - *reference.extra[s];
        pairs_max = std::max(pairs_max, *extra[s]);
        baseline_max = std::max(baseline_max, *reference.extra[s]);
        if (excess_max.is_null() || excess > excess_max.get<int>()) {
          excess_max = excess;
          excess_frame = f;
          excess_part = nullptr;
          if (excess > 0)
            excess_part = model.components()[worst_part(measured.extra_per_part[s], reference.extra_per_part[s])].name;
        }
        over_apart += *measured.extra_apart[s] - *reference.extra_apart[s] > margin;
        if (excess > margin) {
          ++over;
          over_at_rest += *extra[s] <= 0;
          over_frames.push_back(f);
        }
      }
      rows.push_back({{"model", name},
                      {"clip", clip_path.filename().string()},
                      {"skinning", deformer},
                      {"baseline", baseline},
                      {"margin", margin},
                      {"frames", samples},
                      {"frames_over", over},
                      {"frames_over_at_rest", over_at_rest},
                      {"frames_over_apart", over_apart},
                      {"frames_unmeasured", unmeasured},
                      {"excess_max", excess_max},
                      {"excess_max_frame", excess_frame},
                      {"excess_max_joint", excess_part},
                      {"extra_pairs_max", pairs_max},
                      {"baseline_extra_pairs_max", baseline_max},
                      {"frames_over_list", frame_runs(over_frames)}});
    }
  }
  return rows;
}

}  // namespace skinlab
