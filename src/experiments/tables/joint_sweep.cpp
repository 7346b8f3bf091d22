// SPDX-License-Identifier: GPL-3.0-or-later
// Joint sweeps (docs/quality.md): one joint driven alone through a bend, a twist and a bend then
// a twist, every other joint at rest, per deformer. The table gives each sweep's worst pose; the
// rows (results.json) and the figures give every angle. Figures: each measure against the angle,
// one line per deformer, and close-ups of the joint at a few angles.
#include <algorithm>
#include <cmath>
#include <map>

#include "skinlab/core/skel_io.hpp"
#include "skinlab/experiments/definition_checker.hpp"
#include "skinlab/experiments/experiment_definition.hpp"
#include "skinlab/experiments/joint_geometry.hpp"
#include "skinlab/experiments/measurements.hpp"
#include "skinlab/experiments/pictures.hpp"
#include "skinlab/experiments/table_cells.hpp"
#include "skinlab/io/model_library.hpp"
#include "skinlab/rigging/deformer_registry.hpp"
#include "skinlab/rigging/session.hpp"

namespace skinlab {

namespace {

// A rotation's angles: a number (held) or [first, last].
void read_range(const DefinitionChecker& check, const nlohmann::json& value, const std::string& path, double& from,
                double& to) {
  if (value.is_array()) {
    if (value.size() != 2) check.fail(path, "degrees, or [first, last] in degrees", value);
    from = check.number(value[0], path + "/0", -360, 360);
    to = check.number(value[1], path + "/1", -360, 360);
  } else {
    from = to = check.number(value, path, -360, 360);
  }
}

std::vector<SweepMotion> motions_of(const nlohmann::json& options) {
  std::vector<SweepMotion> motions;
  for (const nlohmann::json& m : options.at("motions"))
    motions.push_back({m.at("name"), m.at("from"), m.at("to"), m.at("steps")});
  return motions;
}

nlohmann::json parse_options(const DefinitionChecker& check, const nlohmann::json& table, const std::string& path,
                             const TableSpec& spec, const ExperimentDefinition& def) {
  nlohmann::json options = {{"joints", nlohmann::json::object()}, {"motions", nlohmann::json::array()}};
  // Per model the joints to sweep (a joint is the part that hangs from it: any joint of the
  // model's .skel but its root); a model the table does not list sweeps every joint.
  const nlohmann::json joints = table.contains("joints") ? table["joints"] : nlohmann::json::object();
  check.keys(joints, path + "/joints", spec.models, {});
  for (const std::string& model : spec.models) {
    std::vector<std::string> names;
    const std::filesystem::path& hierarchy = def.model(model).files.hierarchy;
    if (hierarchy.empty()) {  // nothing to sweep: the table says so (build)
      options["joints"][model] = nlohmann::json::array();
      continue;
    }
    const SkelFile skel = read_skel(hierarchy);
    for (std::size_t j = 1; j < skel.joints.size(); ++j) names.push_back(skel.joints[j].name);
    options["joints"][model] =
        joints.contains(model) ? check.names(joints[model], path + "/joints/" + model, names) : names;
  }
  std::vector<SweepMotion> motions = default_sweep_motions();
  if (table.contains("motions")) {
    const nlohmann::json& list = table["motions"];
    if (!list.is_array() || list.empty()) check.fail(path + "/motions", "a non-empty list of motions", list);
    motions.clear();
    for (std::size_t i = 0; i < list.size(); ++i) {
      const std::string at = path + "/motions/" + std::to_string(i);
      check.keys(list[i], at, {"name", "x", "y", "z", "steps"}, {"name", "steps"});
      SweepMotion motion;
      motion.name = check.string(list[i]["name"], at + "/name");
      const char* axes[3] = {"x", "y", "z"};
      for (int k = 0; k < 3; ++k)
        if (list[i].contains(axes[k]))
          read_range(check, list[i][axes[k]], at + "/" + axes[k], motion.from[k], motion.to[k]);
      motion.steps = check.integer(list[i]["steps"], at + "/steps", 1, 721);
      motions.push_back(motion);
    }
  }
  for (const SweepMotion& m : motions)
    options["motions"].push_back({{"name", m.name}, {"from", m.from}, {"to", m.to}, {"steps", m.steps}});
  return options;
}

nlohmann::json measure(const ExperimentDefinition&, const TableSpec& spec, const std::string& name,
                       const SegmentedModel& model) {
  return measure_joint_sweep(name, model, spec.options.at("joints").at(name), motions_of(spec.options), spec.variants);
}

// The sweeps in the rows' order: (model, joint, motion), each with its rows per deformer.
using SweepKey = std::tuple<std::string, std::string, std::string>;
std::vector<std::pair<SweepKey, std::map<std::string, std::vector<const nlohmann::json*>>>> sweeps_of(
    const std::vector<nlohmann::json>& rows) {
  std::vector<std::pair<SweepKey, std::map<std::string, std::vector<const nlohmann::json*>>>> sweeps;
  for (const nlohmann::json& r : rows) {
    const SweepKey key{r.at("model"), r.at("joint"), r.at("motion")};
    auto it = std::find_if(sweeps.begin(), sweeps.end(), [&](const auto& s) { return s.first == key; });
    if (it == sweeps.end()) it = sweeps.insert(sweeps.end(), {key, {}});
    it->second[r.at("skinning")].push_back(&r);
  }
  return sweeps;
}

// The worst of a field over a sweep's rows (largest, or smallest with `least`), and its angle.
// With `every_pose`, a pose where the field is not measurable (an open frame's pairs or volume)
// leaves the worst unknown: null.
std::pair<nlohmann::json, nlohmann::json> worst(const std::vector<const nlohmann::json*>& rows, const char* field,
                                                bool least, bool magnitude = false, bool every_pose = false) {
  nlohmann::json value, angle;
  for (const nlohmann::json* r : rows) {
    const nlohmann::json& v = r->at(field);
    if (!v.is_number()) {
      if (every_pose) return {nullptr, nullptr};
      continue;
    }
    const double x = magnitude ? std::abs(v.get<double>()) : v.get<double>();
    if (value.is_null() || (least ? x < value.get<double>() : x > value.get<double>())) {
      value = x;
      angle = r->at("angle");
    }
  }
  return {value, angle};
}

const std::string kMeasuresNote =
    "Each against the same deformer's rest pose: extra pairs, self-intersecting triangle pairs with both triangles "
    "in the joint's parent or child beyond the rest pose's; inscribed ratio, the distance from the joint's centre "
    "(its opening's centroid) to the nearest triangle of those two parts over the same at rest; section, the cross-section through "
    "the joint over its rest area; volume change (%); normal deviation, the facet normals' mean deviation from the "
    "smooth field over the rest pose's (degrees); open edges, edges that leave the frame open, non-manifold or "
    "misoriented. Blank: not measurable (an open frame has no volume or section; CGAL counts no pairs on a "
    "non-manifold frame). Motions: bend, about the joint frame's x made square to the bone, from 0 to 150 degrees; "
    "twist, about the child's bone (from the joint to its kernel centroid) from 0 to 180; bend_then_twist, the bend at "
    "90 and the twist from 0 to 90; or the definition's own.";

const char* const kOpenFrame = "the frame is open (rigid skinning's split parts): not measurable";
const char* const kNoSection =
    "the frame is open, or the posed plane meets no loop round the joint (a bend past the plane's reach)";

// Every pose: one row per result row.
Table build(const TableSpec& spec, const std::vector<nlohmann::json>& rows) {
  Table t{spec.id,
          spec.title,
          {kMeasuresNote},
          {"Model", "Joint", "Motion", "Angle (deg)", "Deformer", "Extra pairs", "Inscribed", "Section", "Volume (%)",
           "Normal dev. (deg)", "Open edges"},
          {}};
  t.blank_reasons = {{"Extra pairs", kOpenFrame},
                     {"Volume (%)", kOpenFrame},
                     {"Section", kNoSection},
                     {"Inscribed", "the joint has no opening to measure from"}};
  for (const nlohmann::json& r : rows)
    t.rows.push_back({r.at("model"), r.at("joint"), r.at("motion"), number(r.at("angle"), 0), r.at("skinning"),
                      number(r.at("extra_pairs"), 0), number(r.at("inscribed_ratio"), 3),
                      number(r.at("section_ratio"), 3), number(r.at("volume_change_pct"), 2),
                      number(r.at("normal_deviation_deg"), 2), r.at("open_edges").dump()});
  return t;
}

// The bar gap is held to (docs/gap.md, "Joint sweeps"): at most DQS's extra pairs + 2 in any pose.
constexpr const char* kBaseline = "dqs";
constexpr int kBaselineMargin = 2;

// The poses of a sweep where a deformer's `field` (extra pairs, all or sharing no vertex) exceeds
// the baseline's at the same angle by more than kBaselineMargin, over the poses both measured; null
// where none was, or without a baseline.
nlohmann::json poses_over_baseline(const std::vector<const nlohmann::json*>& rows,
                                   const std::vector<const nlohmann::json*>* baseline, const char* field) {
  if (!baseline) return nullptr;
  int measured = 0, over = 0;
  for (const nlohmann::json* r : rows)
    for (const nlohmann::json* b : *baseline)
      if (b->at("angle") == r->at("angle") && r->at(field).is_number() && b->at(field).is_number()) {
        ++measured;
        over += r->at(field).get<double>() > b->at(field).get<double>() + kBaselineMargin;
      }
  return measured > 0 ? nlohmann::json(over) : nlohmann::json();
}

// Per joint, motion and deformer: the worst pose over the sweep.
std::vector<Table> worst_poses(const TableSpec& spec, const std::vector<nlohmann::json>& rows) {
  Table t{spec.id + "_worst",
          spec.title + ": the worst pose of each sweep",
          {"Per joint, motion and deformer, over the sweep's poses: the most extra pairs (and the angle where they "
           "occur), the smallest inscribed ratio (and its angle), the smallest section, the largest volume change "
           "in magnitude, the largest normal deviation and the most open edges; the pairs and the volume are blank "
           "when a pose's frame is open (not measurable there); over DQS + 2, the poses where the deformer has more "
           "than DQS's extra pairs + 2 at the same angle, and the same counting only pairs whose two triangles share "
           "no vertex (issue 24's definition). " +
           kMeasuresNote},
          {"Model", "Joint", "Motion", "Deformer", "Poses", "Extra pairs max", "at (deg)", "Over DQS + 2",
           "Over DQS + 2, sharing no vertex", "Inscribed min", "at (deg)", "Section min", "Volume max (%)",
           "Normal dev. max (deg)", "Open edges max"},
          {}};
  t.blank_reasons = {
      {"Extra pairs max", kOpenFrame},
      {"at (deg)", "no pose measured it"},
      {"Volume max (%)", kOpenFrame},
      {"Section min", kNoSection},
      {"Inscribed min", "the joint has no opening to measure from"},
      {"Over DQS + 2", "DQS itself, a table without DQS, or no pose that both measured"},
      {"Over DQS + 2, sharing no vertex", "DQS itself, a table without DQS, or no pose that both measured"}};
  for (const auto& [key, by_deformer] : sweeps_of(rows)) {
    const auto baseline = by_deformer.find(kBaseline);
    for (const std::string& deformer : spec.variants) {
      const auto found = by_deformer.find(deformer);
      if (found == by_deformer.end()) continue;
      const std::vector<const nlohmann::json*>& r = found->second;
      const auto [pairs, pairs_at] = worst(r, "extra_pairs", false, false, true);
      const auto [inscribed, inscribed_at] = worst(r, "inscribed_ratio", true);
      const std::vector<const nlohmann::json*>* against =
          deformer == kBaseline || baseline == by_deformer.end() ? nullptr : &baseline->second;
      const nlohmann::json over = poses_over_baseline(r, against, "extra_pairs");
      const nlohmann::json over_apart = poses_over_baseline(r, against, "extra_pairs_apart");
      t.rows.push_back({std::get<0>(key), std::get<1>(key), std::get<2>(key), deformer, std::to_string(r.size()),
                        number(pairs, 0), number(pairs_at, 0), number(over, 0), number(over_apart, 0),
                        number(inscribed, 3), number(inscribed_at, 0), number(worst(r, "section_ratio", true).first, 3),
                        number(worst(r, "volume_change_pct", false, true, true).first, 2),
                        number(worst(r, "normal_deviation_deg", false).first, 2),
                        number(worst(r, "open_edges", false).first, 0)});
    }
  }
  return {t};
}

// Per sweep: the measures against the angle, one line per deformer; and close-ups of the joint at
// the sweep's first, middle and last angle, deformers side by side.
void figures(const ExperimentDefinition& def, const TableSpec& spec, const std::vector<nlohmann::json>& rows,
             const std::filesystem::path& dir, const Progress& progress) {
  const std::vector<SweepMotion> motions = motions_of(spec.options);
  for (const auto& [key, by_deformer] : sweeps_of(rows)) {
    const auto& [model, joint, motion] = key;
    const std::string stem = "sweep-" + model + "-" + joint + "-" + motion;
    progress(spec.id + ": " + stem);
    const char* const fields[] = {"extra_pairs", "inscribed_ratio", "section_ratio", "volume_change_pct"};
    const char* const titles[] = {"extra pairs at the joint", "inscribed ratio", "section ratio", "volume change (%)"};
    std::vector<ChartPanel> panels;
    for (int f = 0; f < 4; ++f) {
      ChartPanel panel{titles[f], {}};
      for (const std::string& deformer : spec.variants) {
        std::vector<std::pair<double, double>> line;
        if (const auto found = by_deformer.find(deformer); found != by_deformer.end())
          for (const nlohmann::json* r : found->second)
            if (r->at(fields[f]).is_number()) line.emplace_back(r->at("angle"), r->at(fields[f]));
        panel.series.push_back(std::move(line));
      }
      panels.push_back(std::move(panel));
    }
    line_charts(dir / (stem + ".png"), model + " " + joint + ": " + motion, "angle (deg)", spec.variants, panels);

    const std::string& motion_name = motion;  // a lambda may not capture a structured binding (C++17)
    const auto m =
        std::find_if(motions.begin(), motions.end(), [&](const SweepMotion& s) { return s.name == motion_name; });
    if (m == motions.end()) continue;
    const SegmentedModel segmented = load_model(def.model(model).files);
    const int child = segmented.find_component(joint);
    const std::vector<double> fractions = m->steps == 1 ? std::vector<double>{1.0} : std::vector<double>{0.5, 1.0};
    std::vector<RenderScene> scenes;
    std::vector<std::vector<Vec3>> positions;
    std::vector<std::vector<Tri>> triangles;
    std::vector<std::string> labels;
    scenes.reserve(spec.variants.size() * fractions.size());
    positions.reserve(scenes.capacity());
    triangles.reserve(scenes.capacity());
    SessionParams params;
    params.checks.limits = params.checks.collisions = false;
    for (const std::string& deformer : spec.variants) {
      AnimationSession session(segmented, std::nullopt, params, find_deformer(deformer));
      const Rig& rig = session.rig();
      const int parent = rig.components[child].parent;
      const std::optional<JointSection> section = joint_section(segmented, rig, child);
      for (double f : fractions) {
        double angle = 0;
        const Pose pose = sweep_pose(rig, session.skeleton(), child, *m, f, &angle);
        const AcceptedPose& accepted = session.animator().apply(pose, 0.0);
        Frame frame;
        session.deformer().deform(accepted, frame);
        const FrameTopology topo = topology(frame, session.deformer().rest_mesh());
        // The close-up: the joint's two parts alone, and of them only what lies within three times
        // the section's reach (six opening radii) of the joint's centre: a cow's body would
        // otherwise fill the picture of its tail's joint. Only the points the close-up's
        // triangles use: the picture is framed to fit its points.
        const Vec3 center = section ? posed_center(section->center, rig, child, accepted) : Vec3::Zero();
        const double reach = section ? 3 * section->reach : HUGE_VAL;
        std::vector<Vec3>& p = positions.emplace_back();
        std::vector<Tri>& tris = triangles.emplace_back();
        RenderMesh mesh{&p, &tris, {}, 1.0f};
        std::vector<int> slot(frame.positions.size() / 3, -1);
        const auto at = [&](int v) {
          return Vec3(frame.positions[3 * v], frame.positions[3 * v + 1], frame.positions[3 * v + 2]);
        };
        for (std::size_t k = 0; k < topo.triangles.size(); ++k) {
          const Tri& tri = topo.triangles[k];
          const int label = topo.triangle_component[k];
          if (label != child && label != parent) continue;
          if (std::any_of(tri.begin(), tri.end(), [&](int v) { return (at(v) - center).norm() > reach; })) continue;
          Tri local;
          for (int i = 0; i < 3; ++i) {
            if (slot[tri[i]] < 0) {
              slot[tri[i]] = static_cast<int>(p.size());
              p.push_back(at(tri[i]));
            }
            local[i] = slot[tri[i]];
          }
          tris.push_back(local);
          const bool patch = !frame.added_vertex.empty() &&
                             (frame.added_vertex[tri[0]] || frame.added_vertex[tri[1]] || frame.added_vertex[tri[2]]);
          mesh.triangle_colors.push_back(patch ? Rgb{0.85f, 0.2f, 0.75f} : palette_color(label));
        }
        scenes.emplace_back().meshes.push_back(std::move(mesh));
        labels.push_back(deformer + " " + std::to_string(static_cast<int>(std::lround(angle))) + " deg");
      }
    }
    std::vector<const RenderScene*> pointers;
    for (const RenderScene& s : scenes) pointers.push_back(&s);
    const ModelFiles& files = def.model(model).files;
    render_strip_png(pointers, labelled_model_views(files, 280, 280, labels), dir / (stem + "-closeup.png"));
  }
}

}  // namespace

TableKindEntry joint_sweep_table_kind() {
  TableKindEntry kind;
  kind.name = "joint_sweep";
  kind.variants = VariantOption{"deformers", deformer_names, {"gap", "gap-thesis", "lbs", "sbs", "dqs"}};
  kind.option_keys = {"joints", "motions"};
  kind.parse_options = parse_options;
  kind.row_schema = {{"model", "s"},
                     {"joint", "s"},
                     {"motion", "s"},
                     {"angle", "n"},
                     {"skinning", "s"},
                     {"extra_pairs", "n?"},
                     {"extra_pairs_apart", "n?"},
                     {"inscribed_ratio", "n?"},
                     {"section_ratio", "n?"},
                     {"volume_change_pct", "n?"},
                     {"normal_deviation_deg", "n"},
                     {"open_edges", "i"}};
  kind.measure = measure;
  kind.build = build;
  kind.more_tables = worst_poses;
  kind.figures = figures;
  kind.small_options = {{"motions", {{{"name", "bend"}, {"x", {0, 60}}, {"steps", 2}}}}};
  return kind;
}

}  // namespace skinlab
