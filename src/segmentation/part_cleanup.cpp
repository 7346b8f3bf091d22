// SPDX-License-Identifier: GPL-3.0-or-later
#include "skinlab/segmentation/part_cleanup.hpp"

#include <algorithm>
#include <cstdint>
#include <map>
#include <numeric>
#include <unordered_map>

#include "skinlab/core/disjoint_sets.hpp"

namespace skinlab {

namespace {

// Per triangle, the triangles sharing an edge with it (sorted).
std::vector<std::vector<int>> edge_neighbours(const TriMesh& mesh) {
  const int nf = mesh.num_triangles();
  std::unordered_map<std::uint64_t, std::vector<int>> edge_faces;
  for (int f = 0; f < nf; ++f)
    for (int i = 0; i < 3; ++i) {
      const auto u = static_cast<std::uint64_t>(std::min(mesh.triangles[f][i], mesh.triangles[f][(i + 1) % 3]));
      const auto v = static_cast<std::uint64_t>(std::max(mesh.triangles[f][i], mesh.triangles[f][(i + 1) % 3]));
      edge_faces[(u << 32) | v].push_back(f);
    }
  std::vector<std::vector<int>> neighbours(nf);
  for (const auto& [key, faces] : edge_faces)
    if (faces.size() == 2) {
      neighbours[faces[0]].push_back(faces[1]);
      neighbours[faces[1]].push_back(faces[0]);
    }
  for (auto& n : neighbours) std::sort(n.begin(), n.end());
  return neighbours;
}

// Gives every face-connected piece of a part but its largest to the neighbouring part it shares
// most edges with, until every part is one connected surface.
void make_parts_connected(const TriMesh& mesh, std::vector<int>& face_label) {
  const int nf = mesh.num_triangles();
  const std::vector<std::vector<int>> neighbours = edge_neighbours(mesh);
  for (bool changed = true; changed;) {
    changed = false;
    std::vector<int> up(nf);
    std::iota(up.begin(), up.end(), 0);
    for (int f = 0; f < nf; ++f)
      for (int g : neighbours[f])
        if (face_label[f] == face_label[g]) up[find_root(up, f)] = find_root(up, g);
    std::map<int, int> size;
    std::map<int, std::pair<int, int>> largest;  // label -> (size, root)
    for (int f = 0; f < nf; ++f) ++size[find_root(up, f)];
    for (auto [root, count] : size) {
      auto& best = largest[face_label[root]];
      if (count > best.first || (count == best.first && root < best.second)) best = {count, root};
    }
    // Smallest stray pieces first, each to its most-shared neighbour.
    std::vector<std::pair<int, int>> strays;
    for (auto [root, count] : size)
      if (largest[face_label[root]].second != root) strays.push_back({count, root});
    std::sort(strays.begin(), strays.end());
    for (auto [count, root] : strays) {
      std::map<int, int> shared;
      for (int f = 0; f < nf; ++f)
        if (find_root(up, f) == root)
          for (int g : neighbours[f])
            if (find_root(up, g) != root) ++shared[face_label[g]];
      int target = -1, most = 0;
      for (auto [label, n] : shared)
        if (n > most) {
          most = n;
          target = label;
        }
      if (target < 0) continue;
      for (int f = 0; f < nf; ++f)
        if (find_root(up, f) == root) face_label[f] = target;
      changed = true;
      break;  // recompute pieces after each move
    }
  }
}

// Makes the part graph the hierarchy's tree: while two parts that are not parent and child
// touch (share a vertex), the smaller gives the triangles at the contact to its own parent, so
// a strip of the parent separates them. Each child then meets only its parent, along a closed
// loop rather than a chain ending where three parts meet.
void separate_touching_parts(const TriMesh& mesh, std::vector<int>& face_label, const std::vector<BodyPart>& parts) {
  const int nv = mesh.num_vertices();
  for (int round = 0; round < 64 * static_cast<int>(parts.size()); ++round) {
    std::vector<std::vector<int>> labels_at(nv);
    for (std::size_t fi = 0; fi < mesh.triangles.size(); ++fi)
      for (int v : mesh.triangles[fi]) labels_at[v].push_back(face_label[fi]);
    std::pair<int, int> clash{-1, -1};
    for (auto& at : labels_at) {
      std::sort(at.begin(), at.end());
      at.erase(std::unique(at.begin(), at.end()), at.end());
      for (std::size_t i = 0; i < at.size() && clash.first < 0; ++i)
        for (std::size_t j = i + 1; j < at.size(); ++j)
          if (parts[at[i]].parent != at[j] && parts[at[j]].parent != at[i]) {
            clash = {at[i], at[j]};
            break;
          }
      if (clash.first >= 0) break;
    }
    if (clash.first < 0) return;
    std::vector<int> size(parts.size(), 0);
    for (int l : face_label) ++size[l];
    // The trunk never moves; otherwise the smaller part (ties: the later one) gives way.
    auto [a, b] = clash;
    const bool a_moves = b == kTrunkPart || (a != kTrunkPart && (size[a] < size[b] || (size[a] == size[b] && a > b)));
    const int mover = a_moves ? a : b, other = a_moves ? b : a;
    std::vector<char> touches_other(nv, 0);
    for (int v = 0; v < nv; ++v) touches_other[v] = std::binary_search(labels_at[v].begin(), labels_at[v].end(), other);
    for (std::size_t fi = 0; fi < mesh.triangles.size(); ++fi) {
      if (face_label[fi] != mover) continue;
      const Tri& t = mesh.triangles[fi];
      if (touches_other[t[0]] || touches_other[t[1]] || touches_other[t[2]]) face_label[fi] = parts[mover].parent;
    }
  }
}

// Children of a part without triangles go to its parent; a part that shares no edge with its
// parent joins the hierarchy where it touches it: below the neighbour it shares most edges with,
// or, when every neighbour lies in its own subtree, merged into that neighbour, which takes its
// place. Returns whether anything changed.
bool attach_parts_to_parents(const TriMesh& mesh, std::vector<int>& face_label, std::vector<BodyPart>& parts) {
  const int np = static_cast<int>(parts.size());
  std::vector<int> count(np, 0);
  for (int l : face_label) ++count[l];
  bool changed = false;
  for (int p = kTrunkPart + 1; p < np; ++p)
    while (parts[p].parent > kTrunkPart && count[parts[p].parent] == 0) {
      parts[p].parent = parts[parts[p].parent].parent;
      changed = true;
    }
  const std::vector<std::vector<int>> neighbours = edge_neighbours(mesh);
  std::vector<std::map<int, int>> shared(np);  // part -> neighbouring part -> shared edges
  for (std::size_t f = 0; f < neighbours.size(); ++f)
    for (int g : neighbours[f])
      if (face_label[f] != face_label[g]) ++shared[face_label[f]][face_label[g]];
  const auto in_subtree = [&](int q, int root) {
    for (; q >= 0; q = parts[q].parent)
      if (q == root) return true;
    return false;
  };
  for (int p = kTrunkPart + 1; p < np; ++p) {
    if (count[p] == 0 || shared[p].count(parts[p].parent)) continue;
    int outside = -1, inside = -1;
    for (auto [q, edges] : shared[p]) {
      int& best = in_subtree(q, p) ? inside : outside;
      if (best < 0 || edges > shared[p][best]) best = q;
    }
    if (outside >= 0) {
      parts[p].parent = outside;
    } else if (inside >= 0) {
      for (int& l : face_label)
        if (l == p) l = inside;
      for (BodyPart& q : parts)
        if (q.parent == p && &q != &parts[inside]) q.parent = inside;
      parts[inside].parent = parts[p].parent;
    }
    return true;  // the shared edges changed
  }
  return changed;
}

}  // namespace

void clean_up_parts(const TriMesh& mesh, std::vector<int>& face_label, std::vector<BodyPart>& parts,
                    double min_fraction) {
  const int nf = mesh.num_triangles();
  make_parts_connected(mesh, face_label);
  std::vector<int> count(parts.size(), 0);
  for (int l : face_label) ++count[l];
  for (int p = static_cast<int>(parts.size()) - 1; p > kTrunkPart; --p)
    if (count[p] < min_fraction * nf) {
      for (int& l : face_label)
        if (l == p) l = parts[p].parent;
      count[parts[p].parent] += count[p];
      count[p] = 0;
      for (BodyPart& q : parts)
        if (q.parent == p) q.parent = parts[p].parent;
    }
  // Moving triangles can leave a part without triangles, or away from its parent (its first
  // piece given to a neighbour): the parents follow, and each round restores the rest, until
  // every part meets its parent.
  attach_parts_to_parents(mesh, face_label, parts);
  for (int round = 0; round <= static_cast<int>(parts.size()); ++round) {
    make_parts_connected(mesh, face_label);
    separate_touching_parts(mesh, face_label, parts);
    make_parts_connected(mesh, face_label);
    if (!attach_parts_to_parents(mesh, face_label, parts)) return;
  }
}

}  // namespace skinlab
