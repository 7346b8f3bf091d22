// SPDX-License-Identifier: GPL-3.0-or-later
// How much of a twist a joint's bands bear (twist_band.hpp): the bands turn each ring of the skin
// by its share, but a triangle is flat between its turned corners, and where a band is short for
// its triangles the flat triangles of a thin fold meet across it. The camel's tail turns 20° over
// a band about one edge long and the bull's hind shank 69° over 1.3 edges: their own triangles
// crossed (the camel's walk: 15 frames over DQS + 2 pairs at the joints, all of them these). A
// smooth limb bears any twist the bands take (homer's upper arm, 74° over half an opening
// radius): a cap per edge of band that kept the bull's and the camel's skins whole folded homer's
// wave at the shoulder (20 -> 45 frames over), so the skin itself is tried, where the frame's
// bands lie. Tried once, at set-up, with the bands from the opening to their rooms, it found the
// camel's tail sound: it crosses only where Remove left its band (0.0156-0.0359 along the bone,
// not 0-0.0359).
#include <algorithm>
#include <cmath>
#include <numbers>

#include "skinlab/gap/twist_band.hpp"

namespace skinlab {

namespace {

// Where no edge's corners turn more than this apart, the flat triangles keep within
// r (1 - cos 5°), 0.4% of their distance r from the bone, of the turned skin: only a fold that
// touches at rest could cross, and the skin is not tried. On the standard clips, a band that
// crossed turned an edge by 19° or more (the camel's tail; the bull's shank 46°); below 4°,
// only cells that touch at rest crossed, and 9 in 10 of the bands' frames are spared the test.
constexpr double kEdgeTurnTried = 10.0 * std::numbers::pi / 180.0;
// Halvings of the twist tried where the whole twist crosses: to 1/16 of it.
constexpr int kHalvings = 4;

}  // namespace

BandMesh build_band_mesh(const GapModel& gap, const TwistBands& bands, int k) {
  const GapJoint& joint = gap.joints[k];
  const auto in_band = [&](int v) {
    return bands.parent_joint[v] == k || in_child_band_parts(gap, joint, gap.vertex_part[v]);
  };
  BandMesh mesh;
  std::vector<int> index(gap.rest_positions.size(), -1);
  for (const Tri& t : gap.triangles) {
    if (!std::all_of(t.begin(), t.end(), in_band)) continue;
    Tri local;
    for (int c = 0; c < 3; ++c) {
      if (index[t[c]] < 0) {
        index[t[c]] = static_cast<int>(mesh.vertices.size());
        mesh.vertices.push_back(t[c]);
      }
      local[c] = index[t[c]];
    }
    mesh.triangles.push_back(local);
  }
  return mesh;
}

double bearable_twist(const GapModel& gap, const TwistBands& bands, int k, const TwistBand::Fit& fit, BandScratch& s) {
  const GapJoint& joint = gap.joints[k];
  const TwistBand& band = bands.joints[k];
  const BandMesh& mesh = bands.meshes[k];
  const int count = static_cast<int>(mesh.vertices.size());
  s.crossed_at_whole_twist = 0;
  s.share.resize(count);
  for (int i = 0; i < count; ++i) {
    const int v = mesh.vertices[i];
    s.share[i] = bands.parent_joint[v] == k ? bands.parent_weight[v] * band.parent_share(bands.parent_axial[v], fit)
                 : gap.vertex_part[v] == joint.child ? band.child_share(bands.axial[v], fit)
                                                     : band.child_share(bands.axial_up[v], fit);
  }
  // The triangles whose corners turn more than kEdgeTurnTried apart, and any other between their
  // corners. With a ring of triangles beyond them as well, the standard clips' frames came out the
  // same at twice the cost (homer's thesis clip: 0.25 ms a frame, 0.08).
  const double most_apart = kEdgeTurnTried / std::abs(fit.twist);
  s.near.assign(count, 0);
  bool tried = false;
  for (const Tri& t : mesh.triangles) {
    const auto [low, high] = std::minmax({s.share[t[0]], s.share[t[1]], s.share[t[2]]});
    if (high - low <= most_apart) continue;
    tried = true;
    for (int i : t) s.near[i] = 1;
  }
  if (!tried) return fit.twist;
  s.triangles.clear();
  for (const Tri& t : mesh.triangles)
    if (std::all_of(t.begin(), t.end(), [&](int i) { return s.near[i] != 0; })) s.triangles.push_back(t);
  s.turned.resize(count);
  // The cells that cross another with the bands turned by `twist`.
  const auto mark = [&](double twist) {
    for (int i = 0; i < count; ++i)
      if (s.near[i])
        s.turned[i] = joint.joint + quat_from_axis_angle(band.axis, s.share[i] * twist) *
                                        (gap.rest_positions[mesh.vertices[i]] - joint.joint);
    count_crossed_cells(s.turned, s.triangles, s.untangle);
  };
  mark(fit.twist);
  if (std::none_of(s.untangle.crossed.begin(), s.untangle.crossed.end(), [](char c) { return c != 0; }))
    return fit.twist;
  // Cells that cross at 1/1024 of the twist touch at rest already: they do not count (on the
  // standard models, four cells of one band crossed at any twist, however small).
  s.at_whole_twist = s.untangle.crossed;
  mark(fit.twist / 1024);
  s.touching = s.untangle.crossed;
  const auto crossing_more = [&](const std::vector<char>& crossed) {
    int more = 0;
    for (std::size_t f = 0; f < s.triangles.size(); ++f) more += crossed[f] && !s.touching[f];
    return more;
  };
  s.crossed_at_whole_twist = crossing_more(s.at_whole_twist);
  if (s.crossed_at_whole_twist == 0) return fit.twist;
  double low = 0, high = fit.twist;
  for (int step = 0; step < kHalvings; ++step) {
    const double mid = (low + high) / 2;
    mark(mid);
    (crossing_more(s.untangle.crossed) > 0 ? high : low) = mid;
  }
  return low;
}

}  // namespace skinlab
