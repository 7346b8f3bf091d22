// SPDX-License-Identifier: GPL-3.0-or-later
// Triangles of a frame that pass through each other (a fold, or a patch through a part): the
// self-intersection check of gap reconstruction and of the quality tables.
#pragma once

#include <optional>
#include <utility>
#include <vector>

#include "skinlab/core/tri_mesh.hpp"

namespace skinlab {

/// Pairs of triangles (indices into `triangles`) that intersect other than along the edge or
/// vertex they share, by CGAL's Polygon Mesh Processing (exact predicates). `positions` holds
/// #V x 3 coordinates. std::nullopt when the triangles do not form a mesh CGAL can take (an edge
/// in three triangles).
std::optional<std::vector<std::pair<int, int>>> self_intersections(const std::vector<float>& positions,
                                                                   const std::vector<Tri>& triangles);

/// The pairs of `pairs` whose two triangles (#F x 3 corner indices) share no vertex: issue 24's
/// definition of a self-intersecting pair. It leaves out two triangles round one vertex that cross
/// beyond it (a fold at that vertex), which `self_intersections` reports.
std::vector<std::pair<int, int>> pairs_sharing_no_vertex(const std::vector<std::pair<int, int>>& pairs,
                                                         const std::vector<Tri>& triangles);

/// How many of `pairs` lie at a joint: both triangles in one part, or one in a part and the other
/// in its parent (a gap patch belongs to the two parts it joins). Pairs between other parts are
/// the pose's collisions, a forearm swung through the head, which no deformer causes or mends.
/// `triangle_component`: #F part labels; `parent`: each part's parent, -1 for the root.
int pairs_at_joints(const std::vector<std::pair<int, int>>& pairs, const std::vector<int>& triangle_component,
                    const std::vector<int>& parent);

/// pairs_at_joints part by part: [c] counts the pairs in part c and those between c and its
/// parent, the pairs of c's joint (the root's own pairs at the root's index). #parts = parent.size().
std::vector<int> pairs_per_part(const std::vector<std::pair<int, int>>& pairs,
                                const std::vector<int>& triangle_component, const std::vector<int>& parent);

}  // namespace skinlab
