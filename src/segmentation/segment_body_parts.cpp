// SPDX-License-Identifier: GPL-3.0-or-later
#include "skinlab/segmentation/segment_body_parts.hpp"

#include "skinlab/core/stopwatch.hpp"
#include "skinlab/segmentation/limbs.hpp"
#include "skinlab/segmentation/mesh_checks.hpp"
#include "skinlab/segmentation/orientation.hpp"
#include "skinlab/segmentation/part_cleanup.hpp"
#include "skinlab/segmentation/part_names.hpp"
#include "skinlab/segmentation/sliver_repair.hpp"

namespace skinlab {

namespace {

// A joint inside a limb whose border no plane cuts cleanly (a thin, curled tail end) is
// dropped: the piece joins its parent, so every joint left has a clean loop. A limb keeps its
// joint with the trunk either way. Returns the dropped parts.
std::vector<int> drop_joints_without_clean_cuts(const std::vector<PlaneCut>& plane_cuts, std::vector<BodyPart>& parts,
                                                std::vector<int>& face_label) {
  std::vector<int> dropped;
  for (const PlaneCut& c : plane_cuts)
    if (!c.cut && parts[c.child].piece > 0) {
      const int parent = parts[c.child].parent;
      for (int& l : face_label)
        if (l == c.child) l = parent;
      for (BodyPart& q : parts)
        if (q.parent == c.child) q.parent = parent;
      dropped.push_back(c.child);
    }
  return dropped;
}

// Per triangle of `refined`: whether a cut made or moved one of its vertices (ids past the
// original mesh's, or moved positions).
std::vector<char> triangles_made_by_cut(const TriMesh& refined, const TriMesh& mesh) {
  std::vector<char> made_by_cut(refined.triangles.size(), 0);
  for (std::size_t f = 0; f < refined.triangles.size(); ++f)
    for (int v : refined.triangles[f])
      made_by_cut[f] = made_by_cut[f] || v >= mesh.num_vertices() || refined.positions[v] != mesh.positions[v];
  return made_by_cut;
}

// The hierarchy's joints depth-first from the trunk, parents before children, skipping parts
// left without faces; `new_id` maps a part to its joint. Returns the parts in that order.
std::vector<int> add_joints_depth_first(const std::vector<BodyPart>& parts, const std::vector<int>& faces_of,
                                        SkelFile& hierarchy, std::vector<int>& new_id) {
  std::vector<int> order;
  const auto visit = [&](auto&& self, int p, int parent_joint) -> void {
    new_id[p] = static_cast<int>(order.size());
    order.push_back(p);
    hierarchy.joints.push_back({parts[p].name, parent_joint, default_limits(parts[p]), 0, 0});
    const int joint = new_id[p];
    for (int c = 0; c < static_cast<int>(parts.size()); ++c)
      if (parts[c].parent == p && faces_of[c] > 0) self(self, c, joint);
  };
  visit(visit, kTrunkPart, -1);
  return order;
}

}  // namespace

Segmentation segment_body_parts(const TriMesh& mesh, const std::string& source, const SegmentParams& params) {
  const Stopwatch stopwatch;
  check_closed_genus0(mesh, source);

  // 1–2. Limbs and where they leave the trunk.
  const Limbs limbs = find_limbs(mesh, vertex_one_rings(mesh), params);

  // 3. Bumps back to the trunk, the limbs named, and each split at its end (hand, foot; the
  // head beyond the neck) and joints (elbows, knees).
  std::vector<LimbProfile> profiles;
  for (std::size_t b = 0; b < limbs.tips.size(); ++b)
    profiles.push_back(limb_profile(mesh, limbs, static_cast<int>(b), params.min_limb_aspect));
  std::vector<int> face_limb = limbs.face_limb;
  for (int& l : face_limb)
    if (l >= 0 && profiles[l].bump) l = -1;
  SegmentParams named = params;
  const bool estimate = params.estimate_orientation && params.up.isZero() && params.forward.isZero();
  const std::optional<Orientation> orientation =
      estimate ? estimate_orientation(mesh, face_limb, limbs.tips, profiles) : std::nullopt;
  if (orientation) {
    named.up = orientation->up;
    named.forward = orientation->forward;
  }
  const LimbNames names = name_limbs(mesh, face_limb, limbs.tips, named);
  std::vector<int> face_label;
  std::vector<BodyPart> parts = split_limbs_at_joints(mesh, limbs, names.limbs, params, profiles, face_label);

  // 4. One connected surface per part, none too small, each meeting only its parent.
  clean_up_parts(mesh, face_label, parts, params.min_part_fraction);

  // 5. Clean cuts: every border moves onto a plane through its joint region; the mesh is
  // refined along it (existing vertex ids stay, so the tips keep theirs).
  TriMesh refined = mesh;
  std::vector<int> parent_of(parts.size());
  for (std::size_t p = 0; p < parts.size(); ++p) parent_of[p] = parts[p].parent;
  const Stopwatch cut_stopwatch;
  std::vector<PlaneCut> plane_cuts = cut_borders_along_planes(refined, face_label, parent_of, params.cuts);
  const double cut_seconds = cut_stopwatch.seconds();
  // Joints whose border no plane cuts cleanly are dropped.
  const std::vector<int> dropped_parts = drop_joints_without_clean_cuts(plane_cuts, parts, face_label);

  // The thin triangles the cuts could not avoid: a band around each is remeshed, the borders
  // kept on their planes.
  std::vector<Vec3> tips;
  for (int t : limbs.tips) tips.push_back(refined.positions[t]);
  const SliverRepair slivers =
      repair_slivers(refined, face_label, triangles_made_by_cut(refined, mesh), params.cuts.min_angle);

  // 6. Names, hierarchy (depth-first, parents before children) and default limits.
  std::vector<int> faces_of(parts.size(), 0);
  for (int l : face_label) ++faces_of[l];
  name_parts(face_label, names, parts);
  Segmentation out;
  std::vector<int> new_id(parts.size(), -1);
  const std::vector<int> order = add_joints_depth_first(parts, faces_of, out.hierarchy, new_id);
  out.hierarchy.file = source + " (segmentation)";
  out.parts.mesh = std::move(refined);
  const int nf_refined = out.parts.mesh.num_triangles();
  out.parts.labels.resize(nf_refined);
  for (int fi = 0; fi < nf_refined; ++fi) out.parts.labels[fi] = new_id[face_label[fi]];
  for (int p : order) out.parts.part_names.push_back(parts[p].name);
  for (std::size_t b = 0; b < limbs.tips.size(); ++b) {
    Segmentation::Limb limb{{}, tips[b], profiles[b]};
    for (int p : order)
      if (parts[p].limb == static_cast<int>(b)) limb.parts.push_back(parts[p].name);
    if (!limb.parts.empty()) out.limbs.push_back(std::move(limb));
  }
  for (PlaneCut& c : plane_cuts)
    if (faces_of[c.child] > 0) {
      c.child = new_id[c.child];
      out.cuts.push_back(c);
    }
  for (int p : dropped_parts)
    out.dropped_joints.push_back(names.limbs[parts[p].limb] + " piece " + std::to_string(parts[p].piece + 1));
  out.slivers = slivers;
  if (!named.up.isZero() && !named.forward.isZero()) {
    out.up = named.up.normalized();
    out.forward = named.forward.normalized();
  }
  out.orientation_estimated = orientation.has_value();
  out.cut_seconds = cut_seconds;
  out.seconds = stopwatch.seconds();
  return out;
}

Segmentation segment_into_at_most(const TriMesh& mesh, const std::string& source, SegmentParams params, int max_parts) {
  params.limbs = 1;
  Segmentation best = segment_body_parts(mesh, source, params);
  double seconds = best.seconds;
  for (int limbs = 2; limbs < max_parts; ++limbs) {
    params.limbs = limbs;
    Segmentation next = segment_body_parts(mesh, source, params);
    seconds += next.seconds;
    if (static_cast<int>(next.parts.part_names.size()) > max_parts) break;
    best = std::move(next);
  }
  best.seconds = seconds;
  return best;
}

}  // namespace skinlab
