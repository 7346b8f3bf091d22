// SPDX-License-Identifier: GPL-3.0-or-later
#include "skinlab/segmentation/limbs.hpp"

#include <algorithm>
#include <map>
#include <numeric>

#include "skinlab/geometry/geodesic_distance.hpp"
#include "skinlab/segmentation/merge_tree.hpp"

namespace skinlab {

namespace {

// Length of the curve where `below` (a per-vertex flag) changes inside triangle t, each
// crossing placed on its edge where g reaches `level`.
template <typename Below>
double crossing_length(const TriMesh& mesh, const Tri& t, const std::vector<double>& g, double level, Below below) {
  Vec3 crossing[3];
  int n = 0;
  for (int i = 0; i < 3; ++i) {
    const int a = t[i], b = t[(i + 1) % 3];
    if (below(a) != below(b)) {
      const double s = std::clamp((level - g[a]) / (g[b] - g[a]), 0.0, 1.0);
      crossing[n++] = mesh.positions[a] + s * (mesh.positions[b] - mesh.positions[a]);
    }
  }
  return n == 2 ? (crossing[1] - crossing[0]).norm() : 0.0;
}

// The vertices within geodesic distance `level` of the tip that are connected to it, and the
// length of the ring {g = level} around them.
double tip_region(const TriMesh& mesh, const std::vector<std::vector<int>>& rings, const std::vector<double>& g,
                  int tip, double level, std::vector<char>& inside) {
  inside.assign(g.size(), 0);
  std::vector<int> stack{tip};
  inside[tip] = 1;
  while (!stack.empty()) {
    const int v = stack.back();
    stack.pop_back();
    for (int w : rings[v])
      if (!inside[w] && g[w] < level) {
        inside[w] = 1;
        stack.push_back(w);
      }
  }
  double length = 0.0;
  for (const Tri& t : mesh.triangles)
    length += crossing_length(mesh, t, g, level, [&](int v) { return inside[v] != 0; });
  return length;
}

// Where a limb ends. The merge-tree estimate `start` is a ring of f, not of the limb: it may
// stop short of a limb that grows out of the trunk sideways, or reach past a neck into the
// trunk. Rings of the distance from the tip keep their length along a tube, change it slowly
// along a taper, and grow fast where they spread onto the trunk: about 2 pi per unit of
// distance on a wall. So the limb ends where the ring length grows faster than `max_slope` per
// unit distance (a cone of half-angle asin(max_slope / 2 pi)): below `start` if such a rise
// there keeps growing up to and past `start` (the junction was passed), otherwise at the first
// such rise beyond `start` (up to 3 x start), or before the region reaches another limb's tip;
// never within the limb's rounded tip.
double limb_cut_level(const TriMesh& mesh, const std::vector<std::vector<int>>& rings, const std::vector<double>& g,
                      int tip, const std::vector<int>& other_tips, double start, double max_slope) {
  const double step = start / 16;
  const int first = 8, last = 48;
  std::vector<char> inside;
  std::vector<double> length(last + 1, 0.0);
  int reach = last + 1;  // first level whose region holds another tip
  for (int k = 1; k <= last; ++k) {
    length[k] = tip_region(mesh, rings, g, tip, k * step, inside);
    if (std::any_of(other_tips.begin(), other_tips.end(), [&](int t) { return inside[t] != 0; })) {
      reach = k;
      break;
    }
  }
  const auto rises = [&](int k) { return (length[k] - length[k - 2]) / (2 * step) > max_slope; };
  // The rounded tip itself (a cap) grows fast too: rises count only past the first level where
  // the ring stops growing fast, which on a short, thick limb lies beyond `first`.
  int cap = 2;
  while (cap < reach && cap < last && rises(cap)) ++cap;
  const int from = std::max(first + 2, cap + 1);
  for (int k = from; k <= 16 && k + 2 < reach; ++k) {
    if (!rises(k)) continue;
    bool growing = true;
    for (int m = k - 1; m <= 18 && m < reach; ++m) growing = growing && length[m] >= length[m - 1];
    if (growing) return (k - 2) * step;
  }
  for (int k = std::max(17, from); k <= last; ++k) {
    if (k >= reach) return (k - 1) * step;
    if (rises(k)) return (k - 2) * step;
  }
  return last * step;
}

}  // namespace

double ring_length(const TriMesh& mesh, const std::vector<int>& faces, const std::vector<double>& g, double c) {
  double length = 0.0;
  for (int f : faces) length += crossing_length(mesh, mesh.triangles[f], g, c, [&](int v) { return g[v] < c; });
  return length;
}

Limbs find_limbs(const TriMesh& mesh, const std::vector<std::vector<int>>& rings, const SegmentParams& params) {
  const int nv = mesh.num_vertices(), nf = mesh.num_triangles();
  // Significant branches of the geodesic merge tree seen from the trunk centre.
  const std::vector<double> f = geodesic_distances(mesh, rings, {trunk_center_vertex(mesh, params.root)});
  std::vector<int> tree_tips;
  const MergeTree tree = merge_tree(rings, f);
  const std::vector<char> significant = significant_branches(
      tree, *std::max_element(f.begin(), f.end()), params.min_persistence, params.limbs, params.adapt_persistence);
  std::vector<int> tree_limb = merge_tree_limbs(tree, f, significant, tree_tips);
  // Guidance: drop the limbs nearest to the ignored points, add limbs at the added ones.
  const auto nearest = [&](const Vec3& p, const std::vector<int>& candidates) {
    int best = candidates.front();
    for (int v : candidates)
      if ((mesh.positions[v] - p).squaredNorm() < (mesh.positions[best] - p).squaredNorm()) best = v;
    return best;
  };
  std::vector<char> ignored(tree_tips.size(), 0);
  for (const Vec3& p : params.ignore_tips)
    if (!tree_tips.empty())
      ignored[std::find(tree_tips.begin(), tree_tips.end(), nearest(p, tree_tips)) - tree_tips.begin()] = 1;
  std::vector<int> tips, renumber(tree_tips.size(), -1);
  for (std::size_t b = 0; b < tree_tips.size(); ++b)
    if (!ignored[b]) {
      renumber[b] = static_cast<int>(tips.size());
      tips.push_back(tree_tips[b]);
    }
  for (int& l : tree_limb) l = l >= 0 ? renumber[l] : -1;
  const int num_tree_limbs = static_cast<int>(tips.size());
  std::vector<int> all_vertices(nv);
  std::iota(all_vertices.begin(), all_vertices.end(), 0);
  for (const AddedTip& t : params.add_tips) tips.push_back(nearest(t.point, all_vertices));
  const int num_limbs = static_cast<int>(tips.size());

  // Each limb becomes the region around its tip inside the geodesic ring (from the tip) where
  // the ring starts to spread, searched from the median distance of its merge-tree border.
  Limbs limbs;
  std::vector<std::vector<double>>& g = limbs.distance;
  std::vector<double>& cut = limbs.length;
  g.resize(num_limbs);
  cut.assign(num_limbs, 0.0);
  std::vector<int> vertex_limb(nv, -1);
  std::vector<double> depth(nv, 2.0);  // g / cut of the owning limb: the shallowest claim wins
  for (int b = 0; b < num_limbs; ++b) {
    g[b] = geodesic_distances(mesh, rings, {tips[b]});
    // Where the merge tree put the limb's border (median over it); an added limb starts at a
    // quarter of its tip's distance from the trunk centre.
    std::vector<double> border;
    for (int v = 0; v < nv && b < num_tree_limbs; ++v)
      if (tree_limb[v] == b)
        for (int w : rings[v])
          if (tree_limb[w] != b) {
            border.push_back(g[b][v]);
            break;
          }
    double merge_level = 0.25 * f[tips[b]];
    if (!border.empty()) {
      std::nth_element(border.begin(), border.begin() + static_cast<std::ptrdiff_t>(border.size() / 2), border.end());
      merge_level = border[border.size() / 2];
    }
    std::vector<int> other_tips;
    for (int t : tips)
      if (t != tips[b]) other_tips.push_back(t);
    const double radius = b >= num_tree_limbs ? params.add_tips[b - num_tree_limbs].radius : 0.0;
    cut[b] =
        radius > 0 ? radius : limb_cut_level(mesh, rings, g[b], tips[b], other_tips, merge_level, params.ring_slope);
    std::vector<int> stack{tips[b]};
    std::vector<char> seen(nv, 0);
    seen[tips[b]] = 1;
    while (!stack.empty()) {
      const int v = stack.back();
      stack.pop_back();
      if (g[b][v] / cut[b] < depth[v]) {
        depth[v] = g[b][v] / cut[b];
        vertex_limb[v] = b;
      }
      for (int w : rings[v])
        if (!seen[w] && g[b][w] < cut[b]) {
          seen[w] = 1;
          stack.push_back(w);
        }
    }
  }
  limbs.face_limb.assign(nf, -1);
  for (int fi = 0; fi < nf; ++fi) {
    std::map<int, int> votes;
    for (int v : mesh.triangles[fi])
      if (vertex_limb[v] >= 0) ++votes[vertex_limb[v]];
    for (auto [b, n] : votes)
      if (n >= 2) limbs.face_limb[fi] = b;
  }
  limbs.tips = std::move(tips);
  return limbs;
}

}  // namespace skinlab
