// SPDX-License-Identifier: GPL-3.0-or-later
// Step 1 of the segmentation: limbs are the significant branches of the merge tree of the
// geodesic distance from the trunk centre (docs/models.md, "Method").
#pragma once

#include <limits>
#include <vector>

#include "skinlab/core/tri_mesh.hpp"

namespace skinlab {

/// One branch of the merge tree of the superlevel sets of f (elder rule): it is born at its tip
/// (a local maximum) and dies into `died_into` when its component meets an older one.
struct MergeBranch {
  int tip = -1;
  double top = 0.0;                                              ///< f at the tip
  double persistence = std::numeric_limits<double>::infinity();  ///< top - f where it died
  int died_into = -1;
};

struct MergeTree {
  struct Event {
    double level;
    int elder, young;
  };
  std::vector<MergeBranch> branches;
  std::vector<Event> events;  ///< in decreasing level
  std::vector<int> branch_of_vertex;
};

/// The vertex nearest to `root` or, when it is not finite, to the centroid of the enclosed
/// volume: a point on the trunk.
int trunk_center_vertex(const TriMesh& mesh, const Vec3& root);

/// The merge tree of f over the vertex graph given by `rings` (ties by vertex id: repeatable).
MergeTree merge_tree(const std::vector<std::vector<int>>& rings, const std::vector<double>& f);

/// Per branch: whether it is significant (a limb, or the branch through the trunk centre). A
/// branch is when its persistence reaches `min_persistence` x `max_f`, or, when `limbs` > 0,
/// when it is one of the `limbs` most persistent. With `adapt`, when that leaves fewer than four
/// limbs, less persistent branches that join the trunk rather than a limb are added down to the
/// widest gap in persistence (SegmentParams::adapt_persistence).
std::vector<char> significant_branches(const MergeTree& tree, double max_f, double min_persistence, int limbs,
                                       bool adapt);

/// Per vertex: the limb (0..L-1) it belongs to, or -1 for the trunk; appends each limb's tip to
/// `tips`. A limb is a significant branch up to where it first meets another significant branch.
std::vector<int> merge_tree_limbs(const MergeTree& tree, const std::vector<double>& f,
                                  const std::vector<char>& significant, std::vector<int>& tips);

}  // namespace skinlab
