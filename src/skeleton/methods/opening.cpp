// SPDX-License-Identifier: GPL-3.0-or-later
// The Opening method [VF08 §3.2.1]: the root component's surface centroid, or a part's opening
// to its parent, joined to the centroids of its children's openings. Needs no analysis.
#include "skinlab/geometry/convex_hull.hpp"
#include "skinlab/skeleton/skeleton_builder.hpp"

namespace skinlab {

namespace {

void opening_component(SkeletonBuilder& b, int c) {
  int root = -1;
  if (b.parent(c) < 0) {
    const TriMesh& mesh = b.model().components()[c].mesh;
    root = b.add_joint(surface_centroid(mesh.positions, mesh.triangles), JointKind::root, c);
  } else {
    root = b.opening_joint(c);
  }
  b.frame(c).root_joint = root;
  for (int child : b.children(c)) b.add_bone(root, b.opening_joint(child), c);
}

}  // namespace

SkeletonMethod opening_skeleton_method() {
  return {"opening", "root point to the children's opening centroids (thesis 3.2.1)", false, false, false,
          opening_component};
}

}  // namespace skinlab
