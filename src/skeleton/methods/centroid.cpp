// SPDX-License-Identifier: GPL-3.0-or-later
// The Centroid method [VF08 §3.2.2]: the root point to the part's kernel centroid, and the
// kernel centroid to its children's opening centroids.
#include "skinlab/skeleton/skeleton_builder.hpp"

namespace skinlab {

namespace {

void centroid_component(SkeletonBuilder& b, int c) {
  const bool is_root = b.parent(c) < 0;
  const int kc = b.add_joint(b.analysis(c).kernel.centroid, is_root ? JointKind::root : JointKind::kernel, c);
  const int root = is_root ? kc : b.opening_joint(c);
  b.frame(c).root_joint = root;
  b.add_bone(root, kc, c);
  for (int child : b.children(c)) b.add_bone(kc, b.opening_joint(child), c);
}

}  // namespace

SkeletonMethod centroid_skeleton_method() {
  return {"centroid", "root point to the kernel centroid to the children's openings (thesis 3.2.2)", true, false,
          false, centroid_component};
}

}  // namespace skinlab
