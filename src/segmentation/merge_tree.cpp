#include "segmentation/merge_tree.hpp"

#include <algorithm>
#include <numeric>

#include "core/disjoint_sets.hpp"

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

std::vector<int> merge_tree_limbs(const MergeTree& tree, const std::vector<double>& f, double min_persistence,
                                  int limbs, std::vector<int>& tips) {
  const double max_f = *std::max_element(f.begin(), f.end());
  double threshold = min_persistence * max_f;
  if (limbs > 0) {
    std::vector<double> p;
    for (const MergeBranch& b : tree.branches) p.push_back(b.persistence);
    std::sort(p.rbegin(), p.rend());
    threshold = p[std::min<std::size_t>(p.size(), static_cast<std::size_t>(limbs)) - 1];
  }
  const int nb = static_cast<int>(tree.branches.size());
  std::vector<char> significant(nb, 0);
  for (int b = 0; b < nb; ++b) significant[b] = tree.branches[b].persistence >= threshold;
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
