// SPDX-License-Identifier: GPL-3.0-or-later
// What GapDeformer reports: each frame's counts and times, their means over the frames, and the
// memory its runtime holds.
#include <algorithm>

#include "skinlab/gap/gap_deformer.hpp"

namespace skinlab {

GapFrameReport& GapFrameReport::operator+=(const GapFrameReport& o) {
  rigid += o.rigid;
  remove += o.remove;
  add += o.add;
  triangulate += o.triangulate;
  normals += o.normals;
  moving_joints += o.moving_joints;
  removed_vertices += o.removed_vertices;
  patch_vertices += o.patch_vertices;
  patch_triangles += o.patch_triangles;
  circle_arcs += o.circle_arcs;
  merged_arcs += o.merged_arcs;
  bezier_arcs += o.bezier_arcs;
  bezier_fallbacks += o.bezier_fallbacks;
  axis_arcs += o.axis_arcs;
  unfold_steps += o.unfold_steps;
  clamped_sides += o.clamped_sides;
  twisted_joints += o.twisted_joints;
  scattered_patches += o.scattered_patches;
  refined_patches += o.refined_patches;
  skin_capped_bands += o.skin_capped_bands;
  whole_twist_bands += o.whole_twist_bands;
  blended_joints += o.blended_joints;
  return *this;
}

void GapFrameReport::clear_counts() {
  GapFrameReport times;
  times.rigid = rigid;
  times.remove = remove;
  times.add = add;
  times.triangulate = triangulate;
  times.normals = normals;
  *this = times;
}

std::size_t GapDeformer::runtime_bytes() const {
  const auto bytes = [](const auto& v) { return v.size() * sizeof(v[0]); };
  std::size_t total = bytes(gap_.rest_positions) + bytes(gap_.rest_normals) + bytes(gap_.triangles) +
                      bytes(gap_.triangle_part) + bytes(gap_.vertex_part) + bytes(gap_.opening_joint) +
                      bytes(gap_.ring_offset) + bytes(gap_.ring) + bytes(gap_.vertex_triangle_offset) +
                      bytes(gap_.vertex_triangle) + bytes(gap_.across);
  for (const GapJoint& joint : gap_.joints)
    total += bytes(joint.loop) + bytes(joint.loop_angle) + bytes(joint.child_edge_triangle) +
             bytes(joint.parent_edge_triangle);
  if (bands_)
    total += bytes(bands_->axial) + bytes(bands_->parent_joint) + bytes(bands_->parent_axial) +
             bytes(bands_->parent_weight) + bytes(bands_->joints);
  if (bands_)
    for (const BandMesh& mesh : bands_->meshes) total += bytes(mesh.vertices) + bytes(mesh.triangles);
  for (const BlendedChild& child : blended_) total += bytes(child.vertices) + bytes(child.share);
  return total;
}

DeformerStatistics GapDeformer::statistics() const {
  const double n = std::max(1, frames_);
  const GapFrameReport& t = total_;
  const GapPreprocessTimings& pre = gap_.timings;
  return {{"gap_frames", static_cast<double>(frames_), true},
          {"rigid_ms", 1e3 * t.rigid / n},
          {"remove_ms", 1e3 * t.remove / n},
          {"add_ms", 1e3 * t.add / n},
          {"triangulate_ms", 1e3 * t.triangulate / n},
          {"normals_ms", 1e3 * t.normals / n},
          {"moving_joints", t.moving_joints / n},
          {"removed_vertices", t.removed_vertices / n},
          {"patch_vertices", t.patch_vertices / n},
          {"patch_triangles", t.patch_triangles / n},
          {"circle_arcs", t.circle_arcs / n},
          {"bezier_arcs", t.bezier_arcs / n},
          {"merged_arcs", t.merged_arcs / n},
          {"bezier_fallbacks", t.bezier_fallbacks / n},
          {"axis_arcs", t.axis_arcs / n},
          {"unfold_steps", t.unfold_steps / n},
          {"clamped_sides", t.clamped_sides / n},
          {"twisted_joints", t.twisted_joints / n},
          {"scattered_patches", t.scattered_patches / n},
          {"refined_patches", t.refined_patches / n},
          {"skin_capped_bands", t.skin_capped_bands / n},
          {"whole_twist_bands", t.whole_twist_bands / n},
          {"blended_joints", t.blended_joints / n},
          {"preprocess_median_edges_ms", 1e3 * pre.median_edges},
          {"preprocess_outside_subtree_ms", 1e3 * pre.outside_subtree},
          {"preprocess_neighbourhoods_ms", 1e3 * pre.neighbourhoods},
          {"preprocess_opening_planes_ms", 1e3 * pre.opening_planes},
          {"preprocess_folded_fans_ms", 1e3 * pre.folded_fans},
          {"preprocess_total_ms", 1e3 * pre.total()}};
}

}  // namespace skinlab
