// SPDX-License-Identifier: GPL-3.0-or-later
#include "skinlab/skinning/deformer.hpp"

namespace skinlab {

FrameTopology topology(const Frame& frame, const SkinMesh& rest) {
  if (frame.rest_triangles) return {rest.triangles, rest.triangle_component, rest.vertex_component};
  return {frame.triangles, frame.triangle_component, frame.vertex_component};
}

}  // namespace skinlab
