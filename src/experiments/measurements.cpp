#include "skinlab/experiments/measurements.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <map>
#include <numbers>
#include <optional>

#include "skinlab/core/edge_defects.hpp"
#include "skinlab/core/error.hpp"
#include "skinlab/gap/gap_deformer.hpp"
#include "skinlab/geometry/obb.hpp"
#include "skinlab/io/json_file.hpp"
#include "skinlab/metrics/cross_section.hpp"
#include "skinlab/metrics/normal_deviation.hpp"
#include "skinlab/metrics/self_intersections.hpp"
#include "skinlab/metrics/surface_distance.hpp"
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

std::vector<std::filesystem::path> model_clips(const std::string& name) {
  std::vector<std::filesystem::path> clips;
  for (const auto& entry : std::filesystem::directory_iterator(skinlab_root() / "clips"))
    if (entry.path().extension() == ".clip" && entry.path().filename().string().rfind(name + "_", 0) == 0)
      clips.push_back(entry.path());
  std::sort(clips.begin(), clips.end());
  return clips;
}

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

// Per frame of the model's first clip (clips/NAME_*.clip, by name) at 30 fps, for each deformer:
// posing (sampling, FK with limits, collision tests) and deformation, mean over `repeat` plays
// from frame 0 ([VF08 §4.3]; targets < 0.5 ms on homer for rigid skinning).
nlohmann::json measure_animation(const std::string& name, const SegmentedModel& model,
                                 const std::vector<std::string>& deformers, const SessionParams& params, int repeat) {
  const std::vector<std::filesystem::path> clips = model_clips(name);
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
                          {"clamped_sides", g.clamped_sides}};
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
                           const std::vector<std::string>& weight_methods, int repeat) {
  const std::vector<std::filesystem::path> clips = model_clips(name);
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

// One frame's surface as a TriMesh (positions, and the frame's or the rest mesh's triangles).
TriMesh frame_mesh(const Frame& frame, const SkinMesh& rest) {
  TriMesh mesh;
  mesh.positions.resize(frame.positions.size() / 3);
  for (std::size_t v = 0; v < mesh.positions.size(); ++v)
    mesh.positions[v] = Vec3(frame.positions[3 * v], frame.positions[3 * v + 1], frame.positions[3 * v + 2]);
  mesh.triangles = topology(frame, rest).triangles;
  return mesh;
}

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

// Where a joint's cross-section is taken at rest: the least-squares plane of its opening (the cut
// the segmentation made across the limb), its normal into the child, moved a quarter of the
// opening's mean edge into the child so that the rest cut does not run through the opening's own
// vertices; only triangles within twice the opening's largest radius are cut, so that a trunk
// the plane also crosses (at a shoulder or a hip) adds no loops. Nothing for a joint without a
// closed opening.
struct JointSection {
  Plane plane;
  double reach = 0;
  Vec3 center = Vec3::Zero();  ///< the opening's centroid: the joint's centre for the inscribed ratio
};
std::optional<JointSection> joint_section(const SegmentedModel& model, const Rig& rig, int child) {
  const Opening* opening = model.opening_between(child, rig.components[child].parent);
  if (!opening) return std::nullopt;
  const OpeningLoop* longest = nullptr;
  for (const OpeningLoop& loop : opening->loops)
    if (loop.closed && loop.original.size() >= 3 && (!longest || loop.length > longest->length)) longest = &loop;
  if (!longest) return std::nullopt;
  std::vector<Vec3> points;
  for (int v : longest->original) points.push_back(model.mesh().positions[v]);
  Plane plane = fit_plane(points);
  if (plane.normal.dot(rig.components[child].obb.center - plane.point) < 0) plane.normal = -plane.normal;
  double radius = 0;
  for (const Vec3& q : points) radius = std::max(radius, (q - plane.point).norm());
  const Vec3 center = plane.point;
  plane.point += 0.25 * longest->length / static_cast<double>(points.size()) * plane.normal;
  return JointSection{plane, 2 * radius, center};
}

// The same plane in a pose: moved with the child, its normal halfway between where the parent and
// the child turn it, so that it bisects the bend, where linear blending collapses.
Plane posed_plane(const Plane& rest, const Rig& rig, int child, const AcceptedPose& pose) {
  const QT& p = pose.world[rig.components[child].parent];
  const QT& w = pose.world[child];
  return {w.apply_point(rest.point), (p.apply_normal(rest.normal) + w.apply_normal(rest.normal)).normalized()};
}

// A joint's centre in a pose: halfway between where its parent and its child take it (the two
// agree for a rotation about the centre itself).
Vec3 posed_center(const Vec3& rest, const Rig& rig, int child, const AcceptedPose& pose) {
  return 0.5 * (pose.world[rig.components[child].parent].apply_point(rest) + pose.world[child].apply_point(rest));
}

// The triangles of a joint's two parts near it (child and parent), so that other limbs the plane
// happens to cross do not join the section.
std::vector<Tri> joint_parts(const std::vector<Vec3>& positions, const std::vector<Tri>& triangles,
                             const std::vector<int>& triangle_component, int child, int parent, const Vec3& center,
                             double reach) {
  std::vector<Tri> out;
  const auto near = [&](const Tri& t) {
    return std::all_of(t.begin(), t.end(), [&](int v) { return (positions[v] - center).norm() <= reach; });
  };
  for (std::size_t t = 0; t < triangles.size(); ++t)
    if ((triangle_component[t] == child || triangle_component[t] == parent) && near(triangles[t]))
      out.push_back(triangles[t]);
  return out;
}

double relative_angle(const AcceptedPose& pose, const Rig& rig, int child) {
  const Quat rel = pose.world[rig.components[child].parent].q.conjugate() * pose.world[child].q;
  return 2.0 * std::acos(std::min(1.0, std::abs(rel.w())));
}

}  // namespace

nlohmann::json measure_quality(const std::string& name, const SegmentedModel& model,
                               const std::vector<std::string>& deformers, int frames) {
  nlohmann::json rows = nlohmann::json::array();
  if (!model.hierarchy()) return rows;
  const double diagonal = bounding_box(model.mesh().positions).diagonal();
  constexpr double kMovingJoint = 5.0 * 3.141592653589793 / 180.0;
  for (const std::string& deformer : deformers) {
    // The deformer's own rest frame is the reference: a split mesh's open seams or a rest
    // mesh's own self-intersections are not the deformation's fault.
    AnimationSession rest_session(model, std::nullopt, SessionParams{}, find_deformer(deformer));
    Frame rest_frame;
    rest_session.play(0, rest_frame);
    const SkinMesh& rest_skin = rest_session.deformer().rest_mesh();
    const TriMesh rest = frame_mesh(rest_frame, rest_skin);
    const double rest_volume = enclosed_volume(rest);
    const double rest_deviation = normal_deviation(rest).mean_degrees;
    const Rig& rig = rest_session.rig();
    // Self-intersections at the joints only (docs/quality.md); -1: not a mesh CGAL takes.
    const auto joint_pairs = [&](const Frame& frame, const SkinMesh& skin, const std::vector<Tri>& triangles) {
      const auto pairs = self_intersections(frame.positions, triangles);
      return pairs ? pairs_at_joints(*pairs, topology(frame, skin).triangle_component, model.hierarchy()->parent) : -1;
    };
    const int rest_pairs = joint_pairs(rest_frame, rest_skin, rest.triangles);
    // A frame with open seams (rigid skinning's split parts) has no cross-section to speak of.
    const bool closed = edge_defects(rest.triangles).boundary_edges == 0;
    std::vector<double> rest_section(rig.components.size(), 0.0);
    std::vector<std::optional<JointSection>> section(rig.components.size());
    // Per joint: its centre's distance from the rest skin (the inscribed ratio's denominator).
    std::vector<Vec3> rest_centers;
    std::vector<int> center_joint;
    for (std::size_t c = 0; c < rig.components.size(); ++c)
      if (rig.components[c].parent >= 0) {
        section[c] = joint_section(model, rig, static_cast<int>(c));
        if (!section[c]) continue;
        rest_centers.push_back(section[c]->center);
        center_joint.push_back(static_cast<int>(c));
        if (!closed) continue;
        const Plane& plane = section[c]->plane;
        const std::vector<Tri> parts =
            joint_parts(rest.positions, rest.triangles, topology(rest_frame, rest_skin).triangle_component,
                        static_cast<int>(c), rig.components[c].parent, plane.point, section[c]->reach);
        rest_section[c] =
            cross_section_area(rest.positions, parts, plane.point, plane.normal, section[c]->reach / 4).value_or(0.0);
      }
    const std::vector<double> rest_distance = distances_to_triangles(rest_frame.positions, rest.triangles, rest_centers);
    for (const std::filesystem::path& clip_path : model_clips(name)) {
      AnimationSession session(model, read_clip(clip_path), SessionParams{}, find_deformer(deformer));
      double inscribed_min = HUGE_VAL;
      const int count = session.animator().grid().count();
      const int samples = std::min(frames, count);
      double volume_max = 0, volume_sum = 0, section_min = 1, deviation_sum = 0;
      int sections = 0, pairs_max = 0, boundary_max = 0, non_manifold_max = 0;
      bool pairs_known = rest_pairs >= 0;
      double gap_max = 0;
      Frame frame;
      for (int s = 0; s < samples; ++s) {
        const int f =
            samples == 1 ? 0 : static_cast<int>(std::lround(static_cast<double>(s) * (count - 1) / (samples - 1)));
        const AcceptedPose& pose = session.play(f, frame);
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
        std::vector<Vec3> centers;
        std::vector<double> at_rest;
        for (std::size_t k = 0; k < center_joint.size(); ++k)
          if (relative_angle(pose, rig, center_joint[k]) >= kMovingJoint && rest_distance[k] > 0) {
            centers.push_back(posed_center(rest_centers[k], rig, center_joint[k], pose));
            at_rest.push_back(rest_distance[k]);
          }
        const std::vector<double> distance = distances_to_triangles(frame.positions, mesh.triangles, centers);
        for (std::size_t k = 0; k < centers.size(); ++k) inscribed_min = std::min(inscribed_min, distance[k] / at_rest[k]);
        const int pairs = joint_pairs(frame, session.deformer().rest_mesh(), mesh.triangles);
        pairs_known = pairs_known && pairs >= 0;
        pairs_max = std::max(pairs_max, pairs - rest_pairs);
        const EdgeDefects defects = edge_defects(mesh.triangles);
        boundary_max = std::max(boundary_max, defects.boundary_edges);
        non_manifold_max = std::max(non_manifold_max, defects.non_manifold_edges);
        gap_max = std::max(gap_max, seam_gap(frame, session.deformer().rest_mesh()));
        deviation_sum += normal_deviation(mesh).mean_degrees - rest_deviation;
      }
      rows.push_back({{"model", name},
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
                      {"inscribed_ratio_min", std::isfinite(inscribed_min) ? nlohmann::json(inscribed_min) : nlohmann::json()}});
    }
  }
  return rows;
}

}  // namespace skinlab

namespace skinlab {

Pose sweep_pose(const Rig& rig, const Skeleton& skeleton, int child, const SweepMotion& motion, double fraction,
                double* angle) {
  const RigComponent& joint = rig.components[child];
  double degrees[3];
  int turning = 0;
  for (int k = 0; k < 3; ++k) {
    degrees[k] = motion.from[k] + fraction * (motion.to[k] - motion.from[k]);
    if (std::abs(motion.to[k] - motion.from[k]) > std::abs(motion.to[turning] - motion.from[turning])) turning = k;
  }
  if (angle) *angle = degrees[turning];
  constexpr double kRadians = std::numbers::pi / 180;
  // The bone, and the joint frame's x made square to it (a limb that leaves its parent sideways
  // may point along the frame's x, which would make a "bend" a twist), and y square to both.
  Vec3 bone = skeleton.components.at(child).kernel_centroid - joint.joint;
  bone = bone.norm() > 0 ? Vec3(bone.normalized()) : Vec3(joint.align.conjugate() * Vec3::UnitZ());
  Vec3 x = joint.align.conjugate() * Vec3::UnitX();
  x -= x.dot(bone) * bone;
  if (x.norm() < 1e-6) x = (joint.align.conjugate() * Vec3::UnitY()).cross(bone);
  x.normalize();
  const Vec3 y = bone.cross(x);
  const Quat twist = quat_from_axis_angle(bone, degrees[2] * kRadians);
  const Quat frame_x = quat_from_axis_angle(x, degrees[0] * kRadians);
  const Quat frame_y = quat_from_axis_angle(y, degrees[1] * kRadians);
  // joint_transform turns by align⁻¹ Qx Qy Qz align: the angles of align R align⁻¹, X then Y then Z.
  const Quat aligned = joint.align * (frame_x * frame_y * twist) * joint.align.conjugate();
  const Vec3 xyz = aligned.toRotationMatrix().eulerAngles(0, 1, 2);
  Pose pose;
  pose.angles.assign(3 * rig.components.size(), 0.0);
  for (int k = 0; k < 3; ++k) pose.angles[3 * rig.joint_of[child] + k] = xyz[k];
  return pose;
}

std::vector<SweepMotion> default_sweep_motions() {
  return {{"bend", {0, 0, 0}, {150, 0, 0}, 16},
          {"twist", {0, 0, 0}, {0, 0, 180}, 19},
          {"bend_then_twist", {90, 0, 0}, {90, 0, 90}, 10}};
}

namespace {

// The measures of one frame of a joint sweep against the same deformer's rest frame.
struct SweepReference {
  int parent = -1, child = -1;
  std::optional<JointSection> section;
  Vec3 center = Vec3::Zero();
  double center_distance = 0, section_area = 0, volume = 0, deviation = 0;
  int pairs = 0;  ///< -1: the rest frame is not a mesh CGAL takes
  bool closed = false;
};

// Self-intersecting pairs whose two triangles both lie in the joint's parent or child; -1 when
// CGAL cannot take the frame.
int pairs_at_joint(const std::vector<float>& positions, const std::vector<Tri>& triangles,
                   const std::vector<int>& labels, int parent, int child) {
  const auto pairs = self_intersections(positions, triangles);
  if (!pairs) return -1;
  const auto near = [&](int t) { return labels[t] == parent || labels[t] == child; };
  return static_cast<int>(std::count_if(pairs->begin(), pairs->end(),
                                        [&](const std::pair<int, int>& p) { return near(p.first) && near(p.second); }));
}

}  // namespace

nlohmann::json measure_joint_sweep(const std::string& name, const SegmentedModel& model,
                                   const std::vector<std::string>& joints, const std::vector<SweepMotion>& motions,
                                   const std::vector<std::string>& deformers) {
  nlohmann::json rows = nlohmann::json::array();
  if (!model.hierarchy()) return rows;
  SessionParams params;
  params.checks.limits = false;
  params.checks.collisions = false;
  for (const std::string& deformer : deformers) {
    AnimationSession session(model, std::nullopt, params, find_deformer(deformer));
    const Rig& rig = session.rig();
    const SkinMesh& skin = session.deformer().rest_mesh();
    Frame rest_frame, frame;
    session.play(0, rest_frame);
    const TriMesh rest = frame_mesh(rest_frame, skin);
    const std::vector<int> rest_labels = topology(rest_frame, skin).triangle_component;
    const bool closed = edge_defects(rest.triangles).closed_manifold();
    for (const std::string& joint : joints) {
      SweepReference ref;
      ref.child = model.find_component(joint);
      if (ref.child < 0 || rig.components[ref.child].parent < 0)
        throw InputError(name + ": no joint '" + joint + "' (a joint is named by the part that hangs from it, not the root)");
      ref.parent = rig.components[ref.child].parent;
      ref.section = joint_section(model, rig, ref.child);
      ref.center = ref.section ? ref.section->center : rig.components[ref.child].joint;
      ref.center_distance = distances_to_triangles(rest_frame.positions, rest.triangles, {ref.center}).front();
      ref.closed = closed;
      if (closed) {
        ref.volume = enclosed_volume(rest);
        if (ref.section) {
          const Plane& plane = ref.section->plane;
          const std::vector<Tri> parts = joint_parts(rest.positions, rest.triangles, rest_labels, ref.child, ref.parent,
                                                     plane.point, ref.section->reach);
          ref.section_area =
              cross_section_area(rest.positions, parts, plane.point, plane.normal, ref.section->reach / 4).value_or(0.0);
        }
      }
      ref.deviation = normal_deviation(rest).mean_degrees;
      ref.pairs = pairs_at_joint(rest_frame.positions, rest.triangles, rest_labels, ref.parent, ref.child);
      for (const SweepMotion& motion : motions)
        for (int s = 0; s < motion.steps; ++s) {
          const double f = motion.steps == 1 ? 1.0 : static_cast<double>(s) / (motion.steps - 1);
          double angle = 0;
          const Pose pose = sweep_pose(rig, session.skeleton(), ref.child, motion, f, &angle);
          const AcceptedPose& accepted = session.animator().apply(pose, 0.0);
          session.deformer().deform(accepted, frame);
          const TriMesh mesh = frame_mesh(frame, skin);
          const std::vector<int> labels = topology(frame, skin).triangle_component;
          const int pairs = pairs_at_joint(frame.positions, mesh.triangles, labels, ref.parent, ref.child);
          const double distance =
              distances_to_triangles(frame.positions, mesh.triangles,
                                     {posed_center(ref.center, rig, ref.child, accepted)})
                  .front();
          nlohmann::json section = nullptr, volume = nullptr;
          const EdgeDefects defects = edge_defects(mesh.triangles);
          if (ref.closed && defects.closed_manifold()) {
            volume = 100.0 * (enclosed_volume(mesh) / ref.volume - 1.0);
            if (ref.section_area > 0) {
              const Plane plane = posed_plane(ref.section->plane, rig, ref.child, accepted);
              const std::vector<Tri> parts = joint_parts(mesh.positions, mesh.triangles, labels, ref.child, ref.parent,
                                                         plane.point, ref.section->reach);
              if (const auto area =
                      cross_section_area(mesh.positions, parts, plane.point, plane.normal, ref.section->reach / 4))
                section = *area / ref.section_area;
            }
          }
          rows.push_back({{"model", name},
                          {"joint", joint},
                          {"motion", motion.name},
                          {"angle", angle},
                          {"skinning", deformer},
                          {"extra_pairs", pairs >= 0 && ref.pairs >= 0 ? nlohmann::json(pairs - ref.pairs) : nlohmann::json()},
                          {"inscribed_ratio", ref.center_distance > 0 ? nlohmann::json(distance / ref.center_distance) : nlohmann::json()},
                          {"section_ratio", section},
                          {"volume_change_pct", volume},
                          {"normal_deviation_deg", normal_deviation(mesh).mean_degrees - ref.deviation},
                          {"open_edges", defects.boundary_edges + defects.non_manifold_edges + defects.misoriented_edges}});
        }
    }
  }
  return rows;
}

}  // namespace skinlab
