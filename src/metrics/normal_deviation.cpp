// SPDX-License-Identifier: GPL-3.0-or-later
#include "skinlab/metrics/normal_deviation.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace skinlab {

NormalDeviation normal_deviation(const TriMesh& mesh) {
  std::vector<Vec3> face(mesh.triangles.size());
  std::vector<Vec3> vertex(mesh.positions.size(), Vec3::Zero());
  for (std::size_t f = 0; f < face.size(); ++f) {
    const Tri& t = mesh.triangles[f];
    face[f] = (mesh.positions[t[1]] - mesh.positions[t[0]]).cross(mesh.positions[t[2]] - mesh.positions[t[0]]);
    for (int v : t) vertex[v] += face[f];
  }
  NormalDeviation out;
  int counted = 0;
  for (std::size_t f = 0; f < face.size(); ++f) {
    const Tri& t = mesh.triangles[f];
    const Vec3 smooth = vertex[t[0]] + vertex[t[1]] + vertex[t[2]];
    if (face[f].norm() <= 0.0 || smooth.norm() <= 0.0) continue;
    const double cosine = std::clamp(face[f].normalized().dot(smooth.normalized()), -1.0, 1.0);
    const double degrees = std::acos(cosine) * 180.0 / std::numbers::pi;
    out.mean_degrees += degrees;
    out.max_degrees = std::max(out.max_degrees, degrees);
    ++counted;
  }
  if (counted > 0) out.mean_degrees /= counted;
  return out;
}

}  // namespace skinlab
