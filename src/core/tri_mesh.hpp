// SPDX-License-Identifier: GPL-3.0-or-later
// The one mesh type: positions, triangles, per-vertex normals; algorithms are free functions.
#pragma once

#include <array>
#include <string>
#include <vector>

#include "skinlab/core/math.hpp"

namespace skinlab {

using Tri = std::array<int, 3>;

struct TriMesh {
  std::vector<Vec3> positions;  ///< #V rest positions
  std::vector<Tri> triangles;   ///< #F counter-clockwise (outward) vertex triples
  std::vector<Vec3> normals;    ///< #V unit vertex normals (empty until computed)

  int num_vertices() const { return static_cast<int>(positions.size()); }
  int num_triangles() const { return static_cast<int>(triangles.size()); }
};

/// A mesh with a part label per face, as read from a file, before it becomes a SegmentedModel.
struct LabeledMesh {
  TriMesh mesh;
  std::vector<int> labels;              ///< #F component label per face
  std::vector<std::string> part_names;  ///< name per label (label ids are 0..#parts-1)
  std::string file;                     ///< the mesh file the faces were read from, for messages
  std::vector<int> face_lines;          ///< #F: the line of `file` each triangle came from; empty when unknown
};

struct Box3 {
  Vec3 min = Vec3::Constant(0.0);
  Vec3 max = Vec3::Constant(0.0);
  double diagonal() const { return (max - min).norm(); }
};

/// Axis-aligned bounding box of the positions (zero box when there are none).
Box3 bounding_box(const std::vector<Vec3>& positions);

/// Area-weighted vertex normals (the cross products summed unnormalized, then normalized);
/// a vertex in no non-degenerate triangle gets the zero vector.
void compute_vertex_normals(TriMesh& mesh);

/// 1-ring of every vertex: the sorted ids of the vertices that share a triangle with it
/// ([VF08 §4.4], "vertex neighborhood").
std::vector<std::vector<int>> vertex_one_rings(const TriMesh& mesh);

/// Median of the lengths of the mesh's undirected edges, each edge counted once
/// (thesis Table 5.3, "median length"); 0 for a mesh with no edge.
double median_edge_length(const TriMesh& mesh);

/// Volume enclosed by a closed, outward-oriented mesh (sum of the signed tetrahedra from the
/// origin) and its centroid; `centroid` may be null.
double enclosed_volume(const TriMesh& mesh, Vec3* centroid = nullptr);

/// Triangulates a simple polygon given by vertex ids as a fan from its first vertex; the
/// readers use it for OBJ and OFF polygons, which these formats require to be planar and convex.
void append_fan(const std::vector<int>& polygon, std::vector<Tri>& triangles);

/// Removes parts that have no triangle and renumbers the others, keeping their order.
void drop_empty_parts(LabeledMesh& labeled);

/// Merges vertices that lie within `tolerance` of each other and are used by different
/// components, so that parts stored as separate objects share their border vertices. Vertices
/// of the same component are never merged; unused vertices are kept. Returns the number
/// of vertices removed; when it is 0 the mesh is unchanged.
int weld_border_vertices(LabeledMesh& labeled, double tolerance);

}  // namespace skinlab
