#include "skinlab/gap/twist_band.hpp"

#include <algorithm>
#include <limits>

namespace skinlab {

double TwistBand::fraction(double s, double begin) const {
  const double stop = std::min(end, begin + length);
  if (s <= begin) return 0.0;
  if (s >= stop) return 1.0;
  const double x = (s - begin) / (stop - begin);
  return x * x * (3 - 2 * x);
}

TwistBands build_twist_bands(const GapModel& gap, double radii, double clearance) {
  TwistBands bands;
  const int num_vertices = static_cast<int>(gap.rest_positions.size());
  bands.axial.assign(num_vertices, 0.0);
  bands.joints.resize(gap.joints.size());
  for (std::size_t k = 0; k < gap.joints.size(); ++k) {
    const GapJoint& joint = gap.joints[k];
    TwistBand& band = bands.joints[k];
    band.axis = joint.plane.normal.normalized();
    band.origin = joint.plane.point;
    const auto axial = [&](int v) { return band.axis.dot(gap.rest_positions[v] - band.origin); };
    double radius = 0;
    for (int v : joint.loop) radius += (gap.rest_positions[v] - band.origin).norm();
    radius /= static_cast<double>(joint.loop.size());
    // The band ends before the child's far end and before any of its other openings.
    double reach = 0;
    for (int v = 0; v < num_vertices; ++v)
      if (gap.vertex_part[v] == joint.child) reach = std::max(reach, axial(v));
    double other = std::numeric_limits<double>::infinity();
    for (const GapJoint& grandchild : gap.joints)
      if (grandchild.parent == joint.child)
        for (int v : grandchild.loop) other = std::min(other, axial(v));
    band.end = clearance * std::min(reach, other);
    band.length = band.end < 0.5 * radius ? 0.0 : radii * radius;
    for (int v = 0; v < num_vertices; ++v)
      if (gap.vertex_part[v] == joint.child) bands.axial[v] = axial(v);
  }
  return bands;
}

}  // namespace skinlab
