// SPDX-License-Identifier: GPL-3.0-or-later
#include "skinlab/gap/gap_model.hpp"

#include <algorithm>
#include <cmath>

#include "skinlab/core/error.hpp"
#include "skinlab/core/lexer.hpp"
#include "skinlab/core/stopwatch.hpp"
#include "skinlab/gap/folded_fans.hpp"

namespace skinlab {

double GapJoint::angle_of(const Vec3& p) const {
  const Vec3 d = p - plane.point;
  return std::atan2(d.dot(plane_v), d.dot(plane_u));
}

namespace {

// Triangles around each vertex (counting sort into compressed rows), 1-rings (the other
// vertices of those triangles, each once) and, per triangle edge, the triangle across it (found
// among the triangles around the edge's end): no hashing, linear in the mesh.
void build_adjacency(GapModel& gap) {
  const int num_vertices = static_cast<int>(gap.rest_positions.size());
  const int num_triangles = static_cast<int>(gap.triangles.size());
  std::vector<int>& offset = gap.vertex_triangle_offset;
  offset.assign(num_vertices + 1, 0);
  for (const Tri& t : gap.triangles)
    for (int v : t) ++offset[v + 1];
  for (int v = 0; v < num_vertices; ++v) offset[v + 1] += offset[v];
  gap.vertex_triangle.assign(offset.back(), 0);
  std::vector<int> fill(offset.begin(), offset.end() - 1);
  for (int f = 0; f < num_triangles; ++f)
    for (int v : gap.triangles[f]) gap.vertex_triangle[fill[v]++] = f;

  std::vector<int> seen(num_vertices, -1);
  gap.ring_offset.assign(1, 0);
  gap.ring.clear();
  gap.ring.reserve(offset.back());
  for (int v = 0; v < num_vertices; ++v) {
    seen[v] = v;
    for (int i = offset[v]; i < offset[v + 1]; ++i)
      for (int w : gap.triangles[gap.vertex_triangle[i]])
        if (seen[w] != v) {
          seen[w] = v;
          gap.ring.push_back(w);
        }
    gap.ring_offset.push_back(static_cast<int>(gap.ring.size()));
  }

  gap.across.assign(3 * num_triangles, -1);
  for (int f = 0; f < num_triangles; ++f) {
    const Tri& t = gap.triangles[f];
    for (int k = 0; k < 3; ++k) {
      const int a = t[k], b = t[(k + 1) % 3];
      for (int i = offset[b]; i < offset[b + 1] && gap.across[3 * f + k] < 0; ++i) {
        const int g = gap.vertex_triangle[i];
        const Tri& u = gap.triangles[g];
        if (g != f && ((u[0] == b && u[1] == a) || (u[1] == b && u[2] == a) || (u[2] == b && u[0] == a)))
          gap.across[3 * f + k] = g;
      }
    }
  }
}

// The triangle of `part` that holds the edge (a, b) in either direction; -1 when none does.
int edge_triangle_of_part(const GapModel& gap, int a, int b, int part) {
  for (int i = gap.vertex_triangle_offset[a]; i < gap.vertex_triangle_offset[a + 1]; ++i) {
    const int f = gap.vertex_triangle[i];
    if (gap.triangle_part[f] != part) continue;
    const Tri& t = gap.triangles[f];
    if (t[0] == b || t[1] == b || t[2] == b) return f;
  }
  return -1;
}

}  // namespace

GapModel build_gap_model(const SegmentedModel& model, const Skeleton& skeleton, const Rig& rig) {
  GapModel gap;
  const TriMesh& mesh = model.mesh();
  const int parts = model.num_components();
  gap.rest_positions = mesh.positions;
  gap.rest_normals = mesh.normals;
  gap.triangles = mesh.triangles;
  gap.triangle_part = model.labels();
  for (int c = 0; c < parts; ++c) {
    gap.kernel_centroid.push_back(skeleton.components.at(c).kernel_centroid);
    gap.obb.push_back(rig.components.at(c).obb);
  }

  Stopwatch stopwatch;
  // Computed here, not taken from the model's cache, so that Table 5.3's column is timed.
  for (int c = 0; c < parts; ++c) gap.median_edge.push_back(median_edge_length(model.components()[c].mesh));
  gap.timings.median_edges = stopwatch.lap();

  gap.outside_subtree.resize(parts);
  for (int c = 0; c < parts; ++c) {
    std::vector<char> inside(parts, 0);
    for (int s : rig.subtree[c]) inside[s] = 1;
    for (int o = 0; o < parts; ++o)
      if (!inside[o]) gap.outside_subtree[c].push_back(o);
  }
  gap.timings.outside_subtree = stopwatch.lap();

  build_adjacency(gap);
  gap.timings.neighbourhoods = stopwatch.lap();

  const int num_vertices = mesh.num_vertices();
  gap.vertex_part.assign(num_vertices, -1);
  gap.part_vertex_count.assign(parts, 0);
  for (int f = 0; f < mesh.num_triangles(); ++f)
    for (int v : mesh.triangles[f])
      if (gap.vertex_part[v] < 0) gap.vertex_part[v] = gap.triangle_part[f];
  gap.opening_joint.assign(num_vertices, -1);
  gap.joint_of_part.assign(parts, -1);
  for (const Opening& opening : model.openings()) {
    const int child = rig.components[opening.a].parent == opening.b ? opening.a : opening.b;
    const int parent = child == opening.a ? opening.b : opening.a;
    const std::string pair =
        quote(model.components()[opening.a].name) + " and " + quote(model.components()[opening.b].name);
    if (rig.components[child].parent != parent)
      throw InputError(model.source() + ": parts " + pair +
                       " touch but neither is the other's parent; gap reconstruction bridges a part and its "
                       "parent only");
    if (opening.loops.size() != 1 || !opening.loops[0].closed)
      throw InputError(model.source() + ": the opening between " + pair +
                       " is not one closed loop; gap reconstruction needs one (`skinlab segment` cuts them)");
    GapJoint joint;
    joint.child = child;
    joint.parent = parent;
    joint.loop = opening.loops[0].original;
    joint.joint = rig.components[child].joint;
    std::vector<Vec3> points;
    for (int v : joint.loop) points.push_back(mesh.positions[v]);
    joint.plane = fit_plane(points);
    if ((gap.kernel_centroid[child] - joint.plane.point).dot(joint.plane.normal) < 0)
      joint.plane.normal = -joint.plane.normal;
    joint.plane_u = joint.plane.normal.unitOrthogonal();
    joint.plane_v = joint.plane.normal.cross(joint.plane_u);
    const int n = static_cast<int>(joint.loop.size());
    for (int i = 0; i < n; ++i) {
      const int a = joint.loop[i], b = joint.loop[(i + 1) % n];
      joint.loop_angle.push_back(joint.angle_of(mesh.positions[a]));
      joint.child_edge_triangle.push_back(edge_triangle_of_part(gap, a, b, child));
      joint.parent_edge_triangle.push_back(edge_triangle_of_part(gap, a, b, parent));
    }
    joint.winding = loop_winding(joint.loop_angle);
    const int index = static_cast<int>(gap.joints.size());
    gap.joint_of_part[child] = index;
    for (int v : joint.loop) {
      gap.vertex_part[v] = parent;
      gap.opening_joint[v] = index;
    }
    gap.joints.push_back(std::move(joint));
  }
  for (int v = 0; v < num_vertices; ++v)
    if (gap.vertex_part[v] >= 0) ++gap.part_vertex_count[gap.vertex_part[v]];
  gap.opening_collar = gap.opening_joint;
  for (int v = 0; v < num_vertices; ++v) {
    const int j = gap.opening_joint[v];
    if (j < 0) continue;
    for (int i = gap.ring_offset[v]; i < gap.ring_offset[v + 1]; ++i) {
      int& collar = gap.opening_collar[gap.ring[i]];
      if (gap.opening_joint[gap.ring[i]] < 0) collar = (collar == -1 || collar == j) ? j : -2;
    }
  }
  gap.timings.opening_planes = stopwatch.lap();
  gap.folded_fans = find_folded_fans(gap);
  gap.timings.folded_fans = stopwatch.lap();
  return gap;
}

}  // namespace skinlab
