// SPDX-License-Identifier: GPL-3.0-or-later
#include "skinlab/experiments/measurements.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <map>
#include <optional>

#include "skinlab/core/edge_defects.hpp"
#include "skinlab/experiments/joint_geometry.hpp"
#include "skinlab/gap/gap_deformer.hpp"
#include "skinlab/geometry/obb.hpp"
#include "skinlab/io/json_file.hpp"
#include "skinlab/metrics/cross_section.hpp"
#include "skinlab/metrics/normal_deviation.hpp"
#include "skinlab/rigging/deformer_registry.hpp"
#include "skinlab/rigging/report_json.hpp"

namespace skinlab {

namespace {

// KEY_ms: the median of `runs` (seconds); KEY_ms_spread: their range.
void put_timing(nlohmann::json& row, const std::string& key, const std::vector<double>& runs) {
  const auto [lo, hi] = std::minmax_element(runs.begin(), runs.end());
  row[key + "_ms"] = 1e3 * median(runs);
  row[key + "_ms_spread"] = 1e3 * (*hi - *lo);
}

}  // namespace

double median(std::vector<double> values) {
  std::sort(values.begin(), values.end());
  return values[values.size() / 2];
}

const nlohmann::json& thesis_reference() {
  static const nlohmann::json reference = read_json_file(skinlab_root() / "experiments" / "thesis_reference.json");
  return reference;
}

namespace {

// A pointer whose second token is a model of the manifest that stands for another thesis model
// (its thesis_model: a second segmentation of the same mesh) names that model instead.
std::string with_thesis_model(const std::string& pointer) {
  static const std::map<std::string, std::string> thesis_model_of = [] {
    std::map<std::string, std::string> map;
    for (const ModelEntry& entry : read_manifest(skinlab_root() / "models" / "manifest.json").models)
      if (entry.thesis_model != entry.name) map[entry.name] = entry.thesis_model;
    return map;
  }();
  const std::size_t begin = pointer.find('/', 1);
  if (begin == std::string::npos) return pointer;
  const std::size_t end = std::min(pointer.find('/', begin + 1), pointer.size());
  const auto model = thesis_model_of.find(pointer.substr(begin + 1, end - begin - 1));
  if (model == thesis_model_of.end()) return pointer;
  return pointer.substr(0, begin + 1) + model->second + pointer.substr(end);
}

}  // namespace

const nlohmann::json& thesis_number(const std::string& pointer_to_model) {
  static const nlohmann::json none;
  const std::string pointer = with_thesis_model(pointer_to_model);
  // A model name from a results file may hold '~' or '/', which are not a valid pointer or
  // name nothing in the reference: either way there is no thesis number.
  try {
    const nlohmann::json::json_pointer at(pointer);
    return thesis_reference().contains(at) ? thesis_reference().at(at) : none;
  } catch (const nlohmann::json::exception&) {
    return none;
  }
}

nlohmann::json measure_model(const std::string& name, const SegmentedModel& model) {
  return nlohmann::json::array({{{"model", name},
                                 {"parts", model.num_components()},
                                 {"vertices", model.mesh().num_vertices()},
                                 {"triangles", model.mesh().num_triangles()}}});
}

nlohmann::json measure_skeletonization(const std::string& name, const SegmentedModel& model,
                                       const std::vector<SkeletonParams>& methods, int repeat) {
  nlohmann::json rows = nlohmann::json::array();
  for (const SkeletonParams& params : methods) {
    // Every phase of SkeletonTimings and of the kernel's KernelTimings, by the key it is reported as.
    const std::vector<std::pair<const char*, double (*)(const SkeletonTimings&)>> phases{
        {"total", [](const SkeletonTimings& t) { return t.total; }},
        {"surfaces", [](const SkeletonTimings& t) { return t.surfaces; }},
        {"hull", [](const SkeletonTimings& t) { return t.hull; }},
        {"kernel", [](const SkeletonTimings& t) { return t.kernel; }},
        {"kernel_halfspaces", [](const SkeletonTimings& t) { return t.kernel_phases.halfspaces; }},
        {"kernel_interior_point", [](const SkeletonTimings& t) { return t.kernel_phases.interior_point; }},
        {"kernel_intersection", [](const SkeletonTimings& t) { return t.kernel_phases.intersection; }},
        {"covariance", [](const SkeletonTimings& t) { return t.covariance; }},
        {"refinement", [](const SkeletonTimings& t) { return t.refinement; }},
        {"axes", [](const SkeletonTimings& t) { return t.axes; }}};
    std::vector<std::vector<double>> runs(phases.size());
    for (int r = 0; r < repeat; ++r) {
      SkeletonTimings timings;
      extract_skeleton(model, params, timings);
      for (std::size_t k = 0; k < phases.size(); ++k) runs[k].push_back(phases[k].second(timings));
    }
    nlohmann::json row = {{"model", name},
                          {"parts", model.num_components()},
                          {"vertices", model.mesh().num_vertices()},
                          {"triangles", model.mesh().num_triangles()},
                          {"method", params.method}};
    for (std::size_t k = 0; k < phases.size(); ++k) put_timing(row, phases[k].first, runs[k]);
    rows.push_back(row);
  }
  return rows;
}

// Per frame of the model's first clip at 30 fps, for each deformer:
// posing (sampling, FK with limits, collision tests) and deformation, mean over `repeat` plays
// from frame 0 ([VF08 §4.3]; targets < 0.5 ms on homer for rigid skinning).
nlohmann::json measure_animation(const std::string& name, const SegmentedModel& model,
                                 const std::vector<std::filesystem::path>& clips,
                                 const std::vector<std::string>& deformers, const SessionParams& params, int repeat) {
  nlohmann::json rows = nlohmann::json::array();
  if (clips.empty() || !model.hierarchy()) return rows;
  const ClipFile clip = read_clip(clips.front());
  AnimationSession session(model, clip, params, find_deformer(deformers.front()));
  const int frames = session.animator().grid().count();
  Frame frame;
  for (const std::string& deformer : deformers) {
    session.set_deformer(find_deformer(deformer));
    session.reset_timings();
    for (int r = 0; r < repeat; ++r)
      for (int f = 0; f < frames; ++f) session.play(f, frame);
    const PoseTimings& t = session.animator().timings();
    const double n = static_cast<double>(frames) * repeat;
    const int vertices = session.deformer().rest_mesh().num_vertices();
    const double deform = session.deformation_seconds() / n;
    nlohmann::json row = {
        {"model", name},
        {"clip", clips.front().filename().string()},
        {"skinning", deformer},
        {"vertices", vertices},
        {"sampling_ms", 1e3 * t.sampling / n},
        {"fk_and_limits_ms", 1e3 * t.fk_and_limits / n},
        {"collision_ms", 1e3 * t.collision / n},
        {"pose_ms", 1e3 * t.total() / n},
        {"deformation_ms", 1e3 * deform},
        {"total_ms", 1e3 * (t.total() / n + deform)},
        {"mvertices_per_s", vertices / deform / 1e6},
        {"runtime_bytes_per_vertex", static_cast<double>(session.deformer().runtime_bytes()) / std::max(1, vertices)}};
    row.update(statistics_json(session.deformer().statistics()));
    rows.push_back(row);
  }
  return rows;
}

nlohmann::json measure_gap_frames(const std::string& name, const SegmentedModel& model, const std::string& deformer,
                                  int repeat) {
  nlohmann::json rows = nlohmann::json::array();
  const std::filesystem::path clip_path = skinlab_root() / "clips" / (name + "_thesis_gap.clip");
  if (!std::filesystem::exists(clip_path) || !model.hierarchy()) return rows;
  AnimationSession session(model, read_clip(clip_path), SessionParams{}, find_deformer(deformer));
  const auto& gap = dynamic_cast<const GapDeformer&>(session.deformer());
  const int count = session.animator().grid().count();
  static const char* const kPhases[] = {"remove", "add", "triangulate", "normals", "total"};
  std::vector<std::array<std::vector<double>, 5>> runs(count);
  std::vector<GapFrameReport> reports(count);
  Frame frame;
  for (int r = 0; r < repeat; ++r)
    for (int f = 0; f < count; ++f) {
      session.play(f, frame);
      const GapFrameReport& g = gap.last_frame();
      reports[f] = g;
      const std::array<double, 5> phases{g.remove, g.add, g.triangulate, g.normals,
                                         g.remove + g.add + g.triangulate + g.normals};
      for (int k = 0; k < 5; ++k) runs[f][k].push_back(phases[k]);
    }
  for (int f = 0; f < count; ++f) {
    const GapFrameReport& g = reports[f];
    nlohmann::json row = {{"model", name},
                          {"skinning", deformer},
                          {"frame", f},
                          {"vertices", model.mesh().num_vertices()},
                          {"parts", model.num_components()},
                          {"moving_joints", g.moving_joints},
                          {"twisted_joints", g.twisted_joints},
                          {"removed_vertices", g.removed_vertices},
                          {"circle_arcs", g.circle_arcs},
                          {"patch_vertices", g.patch_vertices},
                          {"patch_triangles", g.patch_triangles},
                          {"bezier_arcs", g.bezier_arcs},
                          {"bezier_fallbacks", g.bezier_fallbacks},
                          {"axis_arcs", g.axis_arcs},
                          {"clamped_sides", g.clamped_sides},
                          {"scattered_patches", g.scattered_patches},
                          {"refined_patches", g.refined_patches}};
    for (int k = 0; k < 5; ++k) put_timing(row, kPhases[k], runs[f][k]);
    const nlohmann::json thesis = thesis_number("/gap_frames_s/" + name + "/" + std::to_string(f) + "/total");
    row["thesis_total_ms"] = thesis.is_null() ? thesis : nlohmann::json(1e3 * thesis.get<double>());
    rows.push_back(row);
  }
  return rows;
}

nlohmann::json measure_gap_preprocess(const std::string& name, const SegmentedModel& model, int repeat) {
  if (!model.hierarchy()) return nlohmann::json::array();
  AnimationSession session(model, std::nullopt, SessionParams{}, find_deformer("rigid"));
  static const char* const kPhases[] = {"median_edges", "outside_subtree", "neighbourhoods", "opening_planes", "total"};
  std::array<std::vector<double>, 5> runs;
  for (int r = 0; r < repeat; ++r) {
    const GapPreprocessTimings t = build_gap_model(model, session.skeleton(), session.rig()).timings;
    const std::array<double, 5> phases{t.median_edges, t.outside_subtree, t.neighbourhoods, t.opening_planes,
                                       t.total()};
    for (int k = 0; k < 5; ++k) runs[k].push_back(phases[k]);
  }
  nlohmann::json row = {{"model", name}, {"vertices", model.mesh().num_vertices()}, {"parts", model.num_components()}};
  for (int k = 0; k < 5; ++k) put_timing(row, kPhases[k], runs[k]);
  const nlohmann::json thesis = thesis_number("/gap_preprocess_s/" + name);
  double thesis_total = 0.0;
  if (thesis.is_object())
    for (const auto& seconds : thesis) thesis_total += seconds.get<double>();
  row["thesis_total_ms"] = thesis.is_null() ? nlohmann::json() : nlohmann::json(1e3 * thesis_total);
  return nlohmann::json::array({row});
}

nlohmann::json measure_sbs(const std::string& name, const SegmentedModel& model,
                           const std::vector<std::filesystem::path>& clips,
                           const std::vector<std::string>& weight_methods, int repeat) {
  nlohmann::json rows = nlohmann::json::array();
  if (clips.empty() || !model.hierarchy()) return rows;
  const ClipFile clip = read_clip(clips.front());
  for (const std::string& method : weight_methods) {
    SessionParams params;
    params.weights.method = method;
    AnimationSession session(model, clip, params, find_deformer("lbs"));
    const int frames = session.animator().grid().count();
    for (int f = 0; f < frames; ++f) session.animator().seek(f);  // pose apart from the timing below
    Frame frame;
    nlohmann::json row = {{"model", name},
                          {"clip", clips.front().filename().string()},
                          {"vertices", model.mesh().num_vertices()},
                          {"weights", method}};
    double medians[2];
    for (int k = 0; k < 2; ++k) {
      session.set_deformer(find_deformer(k == 0 ? "lbs" : "sbs"));
      std::vector<double> runs;
      for (int r = 0; r < repeat; ++r) {
        session.reset_timings();
        for (int f = 0; f < frames; ++f) session.play(f, frame);
        runs.push_back(session.deformation_seconds() / frames);
      }
      put_timing(row, k == 0 ? "lbs" : "sbs", runs);
      medians[k] = median(runs);
      if (k == 1) row["svd_per_frame"] = statistics_json(session.deformer().statistics()).at("svd_per_frame");
    }
    row["ratio"] = medians[1] / medians[0];
    rows.push_back(row);
  }
  return rows;
}

namespace {

// Largest distance between the copies of one vertex of the model's welded mesh, for a frame
// on a split rest mesh (rigid skinning's cracks); 0 for a welded or rebuilt frame.
double seam_gap(const Frame& frame, const SkinMesh& rest) {
  if (!frame.rest_triangles) return 0.0;
  std::vector<int> first(rest.num_vertices(), -1);  // per welded vertex: its first copy
  double gap = 0.0;
  const auto position = [&](int v) {
    return Vec3(frame.positions[3 * v], frame.positions[3 * v + 1], frame.positions[3 * v + 2]);
  };
  for (int v = 0; v < rest.num_vertices(); ++v) {
    int& f = first[rest.welded_vertex[v]];
    if (f < 0)
      f = v;
    else
      gap = std::max(gap, (position(f) - position(v)).norm());
  }
  return gap;
}

// A joint that turns less than this from its parent is not measured (docs/quality.md).
constexpr double kMovingJoint = 5.0 * 3.141592653589793 / 180.0;

// A frame whose smallest inscribed ratio is below this counts as thin at a joint (docs/quality.md).
constexpr double kInscribedLow = 0.9;

// Each joint's centre at rest and its distance from its two parts' rest skin (the inscribed
// ratio's denominator).
struct JointCenters {
  std::vector<Vec3> rest;
  std::vector<int> joint;  ///< the child part of each
  std::vector<double> rest_distance;
};

// The smallest inscribed ratio over the joints that move (docs/quality.md); infinity when none does.
double smallest_inscribed_ratio(const Frame& frame, const SkinMesh& rest_skin, const Rig& rig, const AcceptedPose& pose,
                                const JointCenters& centers) {
  const FrameTopology topo = topology(frame, rest_skin);
  double smallest = HUGE_VAL;
  for (std::size_t k = 0; k < centers.joint.size(); ++k) {
    const int child = centers.joint[k];
    if (relative_angle(pose, rig, child) < kMovingJoint || centers.rest_distance[k] <= 0) continue;
    const double distance =
        distance_to_joint_parts(frame.positions, topo.triangles, topo.triangle_component, child,
                                rig.components[child].parent, posed_center(centers.rest[k], rig, child, pose));
    smallest = std::min(smallest, distance / centers.rest_distance[k]);
  }
  return smallest;
}

// Each joint's section (joint_section; none where the joint has no opening to cut) and, for those
// with one, its centre and distance from its two parts' skin in the rest frame.
JointCenters joint_centers(const SegmentedModel& model, const Rig& rig, const Frame& rest_frame, const TriMesh& rest,
                           const std::vector<int>& rest_labels, std::vector<std::optional<JointSection>>& section) {
  JointCenters centers;
  section.assign(rig.components.size(), std::nullopt);
  for (std::size_t c = 0; c < rig.components.size(); ++c) {
    if (rig.components[c].parent < 0) continue;
    section[c] = joint_section(model, rig, static_cast<int>(c));
    if (!section[c]) continue;
    centers.rest.push_back(section[c]->center);
    centers.joint.push_back(static_cast<int>(c));
    centers.rest_distance.push_back(distance_to_joint_parts(rest_frame.positions, rest.triangles, rest_labels,
                                                            static_cast<int>(c), rig.components[c].parent,
                                                            section[c]->center));
  }
  return centers;
}

}  // namespace

std::vector<double> clip_inscribed_ratios(const SegmentedModel& model, const std::filesystem::path& clip,
                                          const std::string& deformer) {
  AnimationSession rest_session(model, std::nullopt, SessionParams{}, find_deformer(deformer));
  Frame rest_frame;
  rest_session.play(0, rest_frame);
  const SkinMesh& rest_skin = rest_session.deformer().rest_mesh();
  const Rig& rig = rest_session.rig();
  std::vector<std::optional<JointSection>> section;
  const JointCenters centers = joint_centers(model, rig, rest_frame, frame_mesh(rest_frame, rest_skin),
                                             topology(rest_frame, rest_skin).triangle_component, section);
  AnimationSession session(model, read_clip(clip), SessionParams{}, find_deformer(deformer));
  std::vector<double> ratios;
  Frame frame;
  for (int f = 0; f < session.animator().grid().count(); ++f) {
    const AcceptedPose& pose = session.play(f, frame);
    ratios.push_back(smallest_inscribed_ratio(frame, session.deformer().rest_mesh(), rig, pose, centers));
  }
  return ratios;
}

int spread_frame(int sample, int samples, int count) {
  return samples == 1 ? 0 : static_cast<int>(std::lround(static_cast<double>(sample) * (count - 1) / (samples - 1)));
}

nlohmann::json measure_quality(const std::string& name, const SegmentedModel& model,
                               const std::vector<std::filesystem::path>& clips,
                               const std::vector<std::string>& deformers, int frames) {
  nlohmann::json rows = nlohmann::json::array();
  if (!model.hierarchy()) return rows;
  const double diagonal = bounding_box(model.mesh().positions).diagonal();
  for (const std::string& deformer : deformers) {
    // Against the deformer's own rest frame: split seams, rest self-intersections are no deformation's fault.
    AnimationSession rest_session(model, std::nullopt, SessionParams{}, find_deformer(deformer));
    Frame rest_frame;
    rest_session.play(0, rest_frame);
    const SkinMesh& rest_skin = rest_session.deformer().rest_mesh();
    const TriMesh rest = frame_mesh(rest_frame, rest_skin);
    const double rest_volume = enclosed_volume(rest);
    const double rest_deviation = normal_deviation(rest).mean_degrees;
    const Rig& rig = rest_session.rig();
    const std::vector<int>& parent = model.hierarchy()->parent;
    const int rest_pairs = frame_joint_pairs(rest_frame, rest_skin, parent);
    // A frame with open seams (rigid skinning's split parts) has no cross-section to speak of.
    const bool closed = edge_defects(rest.triangles).boundary_edges == 0;
    std::vector<double> rest_section(rig.components.size(), 0.0);
    std::vector<std::optional<JointSection>> section;
    const std::vector<int>& rest_labels = topology(rest_frame, rest_skin).triangle_component;
    const JointCenters centers = joint_centers(model, rig, rest_frame, rest, rest_labels, section);
    for (std::size_t c = 0; c < rig.components.size(); ++c) {
      if (!closed || !section[c]) continue;
      const Plane& plane = section[c]->plane;
      const std::vector<Tri> parts = joint_parts(rest.positions, rest.triangles, rest_labels, static_cast<int>(c),
                                                 rig.components[c].parent, plane.point, section[c]->reach);
      rest_section[c] =
          cross_section_area(rest.positions, parts, plane.point, plane.normal, section[c]->reach / 4).value_or(0.0);
    }
    for (const std::filesystem::path& clip_path : clips) {
      AnimationSession session(model, read_clip(clip_path), SessionParams{}, find_deformer(deformer));
      double inscribed_min = HUGE_VAL;
      const int count = session.animator().grid().count();
      const int samples = std::min(frames, count);
      double volume_max = 0, volume_sum = 0, section_min = 1, deviation_sum = 0;
      int sections = 0, pairs_max = 0, boundary_max = 0, non_manifold_max = 0, inscribed_low_frames = 0;
      bool pairs_known = rest_pairs >= 0;
      double gap_max = 0;
      Frame frame;
      for (int s = 0; s < samples; ++s) {
        const AcceptedPose& pose = session.play(spread_frame(s, samples, count), frame);
        const TriMesh mesh = frame_mesh(frame, session.deformer().rest_mesh());
        const double change = 100.0 * std::abs(enclosed_volume(mesh) / rest_volume - 1.0);
        volume_max = std::max(volume_max, change);
        volume_sum += change;
        for (std::size_t c = 0; c < rig.components.size(); ++c) {
          if (rig.components[c].parent < 0 || rest_section[c] <= 0.0) continue;
          if (relative_angle(pose, rig, static_cast<int>(c)) < kMovingJoint) continue;
          const Plane plane = posed_plane(section[c]->plane, rig, static_cast<int>(c), pose);
          const std::vector<Tri> parts = joint_parts(
              mesh.positions, mesh.triangles, topology(frame, session.deformer().rest_mesh()).triangle_component,
              static_cast<int>(c), rig.components[c].parent, plane.point, section[c]->reach);
          const std::optional<double> area =
              cross_section_area(mesh.positions, parts, plane.point, plane.normal, section[c]->reach / 4);
          if (!area) continue;  // the posed plane meets no closed loop of the two parts: nothing to compare
          section_min = std::min(section_min, *area / rest_section[c]);
          ++sections;
        }
        const double inscribed = smallest_inscribed_ratio(frame, session.deformer().rest_mesh(), rig, pose, centers);
        inscribed_min = std::min(inscribed_min, inscribed);
        inscribed_low_frames += inscribed < kInscribedLow;
        const int pairs = frame_joint_pairs(frame, session.deformer().rest_mesh(), parent);
        pairs_known = pairs_known && pairs >= 0;
        pairs_max = std::max(pairs_max, pairs - rest_pairs);
        const EdgeDefects defects = edge_defects(mesh.triangles);
        boundary_max = std::max(boundary_max, defects.boundary_edges);
        non_manifold_max = std::max(non_manifold_max, defects.non_manifold_edges);
        gap_max = std::max(gap_max, seam_gap(frame, session.deformer().rest_mesh()));
        deviation_sum += normal_deviation(mesh).mean_degrees - rest_deviation;
      }
      rows.push_back(
          {{"model", name},
           {"clip", clip_path.filename().string()},
           {"skinning", deformer},
           {"frames", samples},
           {"volume_change_max_pct", volume_max},
           {"volume_change_mean_pct", volume_sum / samples},
           {"min_cross_section_ratio", sections > 0 ? nlohmann::json(section_min) : nlohmann::json()},
           {"self_intersections_over_rest_max", pairs_known ? nlohmann::json(pairs_max) : nlohmann::json()},
           {"boundary_edges_max", boundary_max},
           {"non_manifold_edges_max", non_manifold_max},
           {"seam_gap_max_pct", 100.0 * gap_max / diagonal},
           {"normal_deviation_over_rest_deg", deviation_sum / samples},
           {"inscribed_ratio_min", std::isfinite(inscribed_min) ? nlohmann::json(inscribed_min) : nlohmann::json()},
           {"inscribed_below_0_9_frames", inscribed_low_frames}});
    }
  }
  return rows;
}

}  // namespace skinlab
