// SPDX-License-Identifier: GPL-3.0-or-later
#include "skinlab/segmentation/merge_tree.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>

#include "skinlab/core/disjoint_sets.hpp"

namespace skinlab {

int trunk_center_vertex(const TriMesh& mesh, const Vec3& root) {
  Vec3 centroid;
  enclosed_volume(mesh, &centroid);
  const Vec3 center = root.allFinite() ? root : centroid;
  int best = 0;
  for (int v = 1; v < mesh.num_vertices(); ++v)
    if ((mesh.positions[v] - center).squaredNorm() < (mesh.positions[best] - center).squaredNorm()) best = v;
  return best;
}

MergeTree merge_tree(const std::vector<std::vector<int>>& rings, const std::vector<double>& f) {
  const int n = static_cast<int>(f.size());
  std::vector<int> order(n);
  std::iota(order.begin(), order.end(), 0);
  std::sort(order.begin(), order.end(), [&](int a, int b) { return f[a] > f[b] || (f[a] == f[b] && a < b); });
  MergeTree tree;
  tree.branch_of_vertex.assign(n, -1);
  std::vector<int> up(n, -1), component_branch(n, -1);
  for (int v : order) {
    std::vector<int> roots;
    for (int w : rings[v])
      if (up[w] >= 0) roots.push_back(find_root(up, w));
    std::sort(roots.begin(), roots.end());
    roots.erase(std::unique(roots.begin(), roots.end()), roots.end());
    up[v] = v;
    if (roots.empty()) {
      component_branch[v] = static_cast<int>(tree.branches.size());
      tree.branches.push_back({v, f[v]});
      tree.branch_of_vertex[v] = component_branch[v];
      continue;
    }
    // The elder branch (highest top; ties by tip id) survives the merge.
    std::sort(roots.begin(), roots.end(), [&](int a, int b) {
      const MergeBranch &ba = tree.branches[component_branch[a]], &bb = tree.branches[component_branch[b]];
      return ba.top > bb.top || (ba.top == bb.top && ba.tip < bb.tip);
    });
    const int elder = component_branch[roots[0]];
    for (std::size_t i = 1; i < roots.size(); ++i) {
      const int young = component_branch[roots[i]];
      tree.branches[young].persistence = tree.branches[young].top - f[v];
      tree.branches[young].died_into = elder;
      tree.events.push_back({f[v], elder, young});
      up[roots[i]] = roots[0];
    }
    up[v] = roots[0];
    component_branch[roots[0]] = elder;
    tree.branch_of_vertex[v] = elder;
  }
  return tree;
}

std::vector<char> significant_branches(const MergeTree& tree, double max_f, double min_persistence, int limbs,
                                       bool adapt) {
  const int nb = static_cast<int>(tree.branches.size());
  const auto persistence = [&](int b) { return tree.branches[b].persistence; };
  std::vector<char> significant(nb, 0);
  double threshold = min_persistence * max_f;
  if (limbs > 0) {
    std::vector<double> p;
    for (int b = 0; b < nb; ++b) p.push_back(persistence(b));
    std::sort(p.rbegin(), p.rend());
    threshold = p[std::min<std::size_t>(p.size(), static_cast<std::size_t>(limbs)) - 1];
    adapt = false;
  }
  for (int b = 0; b < nb; ++b) significant[b] = persistence(b) >= threshold;
  constexpr int kCreatureLimbs = 4;
  constexpr double kNoise = 0.03;
  if (!adapt || std::count_if(significant.begin(), significant.end(), [](char c) { return c; }) > kCreatureLimbs)
    return significant;  // (one significant branch never dies: the one through the trunk centre)
  // Candidates: less persistent branches that grow from the branch through the trunk centre
  // (the one that never dies), not from a limb already found: a seated teddy's legs, which join
  // the trunk through its seat, but not its ears, which grow from its head.
  std::vector<int> candidates;
  for (int b = 0; b < nb; ++b) {
    if (significant[b] || persistence(b) < kNoise * max_f) continue;
    int grown_from = tree.branches[b].died_into;
    while (grown_from >= 0 && !significant[grown_from]) grown_from = tree.branches[grown_from].died_into;
    if (grown_from >= 0 && !std::isfinite(persistence(grown_from))) candidates.push_back(b);
  }
  // The finite persistences of the significant branches and the candidates, most first; the
  // cut goes at the widest gap (by ratio) below the fourth, or below the last candidate.
  std::vector<double> p;
  for (int b = 0; b < nb; ++b)
    if (significant[b] && std::isfinite(persistence(b))) p.push_back(persistence(b));
  for (int b : candidates) p.push_back(persistence(b));
  std::sort(p.rbegin(), p.rend());
  double widest = 0, cut = threshold;
  for (std::size_t i = kCreatureLimbs - 1; i < p.size(); ++i) {
    const double next = i + 1 < p.size() ? p[i + 1] : kNoise * max_f;
    if (p[i] / next > widest) widest = p[i] / next, cut = p[i];
  }
  for (int b : candidates) significant[b] = persistence(b) >= cut;
  return significant;
}

std::vector<int> merge_tree_limbs(const MergeTree& tree, const std::vector<double>& f,
                                  const std::vector<char>& significant, std::vector<int>& tips) {
  const int nb = static_cast<int>(tree.branches.size());
  // A significant branch ends, as a limb, where it first meets another significant branch.
  std::vector<double> first_merge(nb, -1.0);
  for (const MergeTree::Event& e : tree.events)
    if (significant[e.young])
      for (int b : {e.elder, e.young}) first_merge[b] = std::max(first_merge[b], e.level);
  std::vector<int> limb_of_branch(nb, -1);
  for (int b = 0; b < nb; ++b)
    if (significant[b] && first_merge[b] >= 0) {
      limb_of_branch[b] = static_cast<int>(tips.size());
      tips.push_back(tree.branches[b].tip);
    }
  std::vector<int> limb(f.size(), -1);
  for (std::size_t v = 0; v < f.size(); ++v) {
    int b = tree.branch_of_vertex[v];
    while (!significant[b]) b = tree.branches[b].died_into;
    if (limb_of_branch[b] >= 0 && f[v] > first_merge[b]) limb[v] = limb_of_branch[b];
  }
  return limb;
}

}  // namespace skinlab
