// SPDX-License-Identifier: GPL-3.0-or-later
// Triangulate for `gap-thesis`, restricted to the band ([VF08 §4.4.3] reconstructs a surface from
// the patch points and filters its facets; docs/gap.md, "gap-thesis"): the points of a moved
// joint's patch laid flat in an annulus whose inner and outer rims are the parent's and the
// child's boundary loops, so that a triangulation of the annulus is a patch closed against both.
#pragma once

#include <vector>

#include "skinlab/gap/blend_arcs.hpp"
#include "skinlab/gap/conic_arc.hpp"

namespace skinlab {

struct BandDomain {
  enum class Source : char { parent, child, arc };
  std::vector<Vec2> points;      ///< planar positions
  std::vector<Source> source;    ///< per point: a welded vertex as the parent or the child has it, or a new point
  std::vector<int> index;        ///< per point: its welded id, or its index in the ArcSet's points
  std::vector<int> parent_loop;  ///< the parent's boundary loop, indices into points, in its order (the inner rim)
  std::vector<int> child_loop;   ///< the child's (the outer rim); a merged vertex is on both
};

/// Lays out joint `joint`'s patch in the plane: the parent's loop on the unit circle, the
/// child's on a circle e^H around it (H: the arcs' mean length in opening radii), each loop's
/// vertices at angles proportional to the length walked along it (rest positions), turned to
/// follow their own angles about the opening; the new points between their arc's two ends,
/// evenly in log radius, the angle the short way (the map (angle, log radius) to the plane is
/// conformal, so a Delaunay triangulation there is one of a tube). Both rims are convex and nested
/// whatever shape the loops have on the model, so the band can always be triangulated; a vertex
/// Add merged (left in place by the motion) sits on both rims, half way between them.
BandDomain band_domain(const GapModel& gap, int joint, const QT& relative, const SideBoundary& parent,
                       const SideBoundary& child, const ArcSet& arcs);

}  // namespace skinlab
