// SPDX-License-Identifier: GPL-3.0-or-later
// A mesh split into components (body parts), the openings between adjacent components and,
// once a .skel is attached, the component hierarchy ([VF08 §3.1], docs/core.md).
#pragma once

#include <array>
#include <optional>
#include <string>
#include <vector>

#include "skinlab/core/skel_io.hpp"
#include "skinlab/core/tri_mesh.hpp"

namespace skinlab {

struct Component {
  std::string name;
  TriMesh mesh;                        ///< its own copy of its vertices, local ids
  std::vector<int> original_vertex;    ///< local vertex id -> vertex id in the whole mesh
  std::vector<int> original_triangle;  ///< local triangle id -> triangle id in the whole mesh
};

/// One border curve between components a and b, in the orientation of a's triangles.
struct OpeningLoop {
  std::vector<int> original;     ///< vertex ids in the whole mesh, in loop order
  std::vector<int> in_a;         ///< the same vertices as local ids of component a
  std::vector<int> in_b;         ///< ... and of component b
  bool closed = true;            ///< false for a chain ending where three components meet
  double length = 0.0;           ///< sum of its edge lengths (closing edge included if closed)
  Vec3 centroid = Vec3::Zero();  ///< opening centroid: the mean of its vertices (unweighted)
};

struct Opening {
  int a = 0;  ///< component ids, a < b
  int b = 0;
  std::vector<OpeningLoop> loops;
};

struct Hierarchy {
  int root = 0;                               ///< component id of the root
  std::vector<int> parent;                    ///< per component; -1 for the root
  std::vector<int> depth_first;               ///< component ids in .skel order (joint order)
  std::vector<std::array<double, 6>> limits;  ///< per component, degrees, XMIN..ZMAX
};

/// Largest |coordinate| a model may have, in model units: beyond it the geometry is taken to be
/// corrupt (single-precision skinning and the hull computations lose all accuracy).
inline constexpr double kMaxCoordinate = 1e12;

class SegmentedModel {
 public:
  /// Builds components and openings. Throws InputError when the mesh has no faces or a
  /// coordinate beyond ±kMaxCoordinate, when a component is empty or not one connected surface
  /// (triangles joined through edges), when a triangle repeats a vertex, or when an edge has more
  /// than two triangles (naming the face's line in labeled.file when labeled.face_lines has it).
  /// `source` names the input in messages.
  static SegmentedModel build(LabeledMesh labeled, const std::string& source);

  const std::string& source() const { return source_; }
  const TriMesh& mesh() const { return mesh_; }
  const std::vector<int>& labels() const { return labels_; }
  const std::vector<Component>& components() const { return components_; }
  const std::vector<Opening>& openings() const { return openings_; }
  int num_components() const { return static_cast<int>(components_.size()); }
  /// Component id by name, -1 when there is none.
  int find_component(const std::string& name) const;
  /// The opening between two components, nullptr when they are not adjacent.
  const Opening* opening_between(int a, int b) const;

  /// Attaches the component tree. Throws ParseError at the offending joint of the .skel when a
  /// name matches no component, a component is missing, or a child shares no opening with
  /// its parent.
  void attach_hierarchy(const SkelFile& skel);
  const std::optional<Hierarchy>& hierarchy() const { return hierarchy_; }

  /// Median edge length of component c, computed on first use and cached (thesis Table 5.3).
  double median_edge_length(int c) const;
  /// 1-ring neighbourhoods of component c's vertices (local ids), computed on first use and
  /// cached (thesis Table 5.3, "vertex neighborhood").
  const std::vector<std::vector<int>>& one_rings(int c) const;

 private:
  std::string source_;
  TriMesh mesh_;
  std::vector<int> labels_;
  std::vector<Component> components_;
  std::vector<Opening> openings_;
  std::optional<Hierarchy> hierarchy_;
  // Caches filled on demand; mutable because filling them does not change the model.
  mutable std::vector<std::optional<double>> median_cache_;
  mutable std::vector<std::optional<std::vector<std::vector<int>>>> ring_cache_;
};

}  // namespace skinlab
