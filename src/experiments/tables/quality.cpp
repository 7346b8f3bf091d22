// SPDX-License-Identifier: GPL-3.0-or-later
// Deformation quality per clip and deformer (docs/quality.md); figures: filmstrips of each
// model's first clip per deformer.

#include "skinlab/core/clip_io.hpp"
#include "skinlab/experiments/experiment_definition.hpp"
#include "skinlab/experiments/measurements.hpp"
#include "skinlab/experiments/pictures.hpp"
#include "skinlab/experiments/table_cells.hpp"
#include "skinlab/io/model_library.hpp"
#include "skinlab/rigging/deformer_registry.hpp"
#include "skinlab/rigging/session.hpp"

namespace skinlab {

namespace {

Table build(const TableSpec& spec, const std::vector<nlohmann::json>& rows) {
  Table t{
      spec.id,
      spec.title,
      {"Per clip, over frames spread evenly through it, each against the same deformer's rest pose "
       "(docs/quality.md): volume change; smallest cross-section through a moving joint over its rest area; "
       "self-intersecting triangle pairs at the joints (in one part, or a part and its parent) beyond the rest "
       "pose's; boundary and non-manifold edges; the largest gap "
       "between copies of one vertex (rigid skinning's cracks) in % of the model's diagonal; the mean deviation "
       "of facet normals from the smooth normal field, over the rest pose's; the inscribed ratio, the smallest "
       "distance from a moving joint's centre (its opening's centroid) to its two parts' skin over the same at rest, "
       "and the frames where it is below 0.9 at some joint."},
      {"Model", "Clip", "Deformer", "Frames", "Volume max (%)", "Volume mean (%)", "Min section", "Self-int. at joints",
       "Boundary", "Non-manifold", "Seam gap (%)", "Normal dev. (deg)", "Inscribed min", "Inscribed < 0.9 (frames)"},
      {}};
  t.blank_reasons = {{"Min section",
                      "the rest frame is not closed (rigid skinning's split parts have no section), or no joint moved "
                      "with a loop round it"},
                     {"Self-int. at joints", "a frame is not a mesh CGAL takes (an edge in three triangles)"},
                     {"Inscribed min", "the model has no openings, or no joint moved"}};
  for (const auto& r : rows)
    t.rows.push_back(
        {r.at("model"), r.at("clip"), r.at("skinning"), r.at("frames").dump(), number(r.at("volume_change_max_pct"), 2),
         number(r.at("volume_change_mean_pct"), 2), number(r.at("min_cross_section_ratio"), 3),
         r.at("self_intersections_over_rest_max").is_null() ? "" : r.at("self_intersections_over_rest_max").dump(),
         r.at("boundary_edges_max").dump(), r.at("non_manifold_edges_max").dump(), number(r.at("seam_gap_max_pct"), 2),
         number(r.at("normal_deviation_over_rest_deg"), 2), number(r.at("inscribed_ratio_min"), 3),
         r.at("inscribed_below_0_9_frames").dump()});
  return t;
}

void figures(const ExperimentDefinition& def, const TableSpec& spec, const std::vector<nlohmann::json>&,
             const std::filesystem::path& dir, const Progress& progress) {
  for (const std::string& model : spec.models) {
    const std::vector<std::filesystem::path>& clips = def.model(model).clips;
    if (clips.empty()) continue;
    const ModelFiles& files = def.model(model).files;
    const SegmentedModel m = load_model(files);
    if (!m.hierarchy()) continue;
    const ClipFile clip = read_clip(clips.front());
    for (const std::string& deformer : spec.variants) {
      progress(spec.id + ": " + model + " " + deformer + " filmstrip");
      AnimationSession session(m, clip, SessionParams{}, find_deformer(deformer));
      const int count = session.animator().grid().count();
      const int samples = std::min(spec.frames, count);
      std::vector<std::vector<Vec3>> positions(samples);
      std::vector<std::vector<Tri>> triangles(samples);
      std::vector<RenderScene> scenes(samples);
      std::vector<std::string> labels(samples);
      Frame frame;
      for (int s = 0; s < samples; ++s) {
        const int f = spread_frame(s, samples, count);
        session.play(f, frame);
        labels[s] = deformer + ", frame " + std::to_string(f);
        const FrameTopology topo = topology(frame, session.deformer().rest_mesh());
        for (std::size_t v = 0; 3 * v < frame.positions.size(); ++v)
          positions[s].emplace_back(frame.positions[3 * v], frame.positions[3 * v + 1], frame.positions[3 * v + 2]);
        triangles[s] = topo.triangles;
        RenderMesh mesh{&positions[s], &triangles[s], {}, 1.0f};
        for (int label : topo.triangle_component) mesh.triangle_colors.push_back(palette_color(label));
        scenes[s].meshes.push_back(std::move(mesh));
      }
      std::vector<const RenderScene*> pointers;
      for (const RenderScene& s : scenes) pointers.push_back(&s);
      render_strip_png(pointers, labelled_model_views(files, 240, 240, labels),
                       dir / ("filmstrip-" + model + "-" + deformer + ".png"));
    }
  }
}

}  // namespace

TableKindEntry quality_table_kind() {
  TableKindEntry kind;
  kind.name = "quality";
  kind.variants = VariantOption{"deformers", deformer_names, {"rigid", "gap", "lbs", "sbs", "dqs"}};
  kind.takes_frames = true;
  kind.row_schema = {{"model", "s"},
                     {"clip", "s"},
                     {"skinning", "s"},
                     {"frames", "i"},
                     {"volume_change_max_pct", "n"},
                     {"volume_change_mean_pct", "n"},
                     {"min_cross_section_ratio", "n?"},
                     {"self_intersections_over_rest_max", "i?"},
                     {"boundary_edges_max", "i"},
                     {"non_manifold_edges_max", "i"},
                     {"seam_gap_max_pct", "n"},
                     {"normal_deviation_over_rest_deg", "n"},
                     {"inscribed_ratio_min", "n?"},
                     {"inscribed_below_0_9_frames", "i"}};
  kind.measure = [](const ExperimentDefinition& def, const TableSpec& spec, const std::string& name,
                    const SegmentedModel& model) {
    return measure_quality(name, model, def.model(name).clips, spec.variants, spec.frames);
  };
  kind.build = build;
  kind.figures = figures;
  return kind;
}

}  // namespace skinlab
