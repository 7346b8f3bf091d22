#include "segmentation/segment_body_parts.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <limits>
#include <map>
#include <numbers>
#include <numeric>
#include <unordered_map>

#include "core/stopwatch.hpp"
#include "segmentation/geodesic_distance.hpp"
#include "segmentation/mesh_checks.hpp"
#include "segmentation/plane_cuts.hpp"

namespace skinlab {

namespace {

constexpr int kTrunk = 0;

int find_root(std::vector<int>& up, int x) {
  while (up[x] != x) x = up[x] = up[up[x]];
  return x;
}

// The vertex nearest to `root` or, when it is not finite, to the centroid of the enclosed
// volume: a point on the trunk.
int trunk_center_vertex(const TriMesh& mesh, const Vec3& root) {
  Vec3 centroid;
  enclosed_volume(mesh, &centroid);
  const Vec3 center = root.allFinite() ? root : centroid;
  int best = 0;
  for (int v = 1; v < mesh.num_vertices(); ++v)
    if ((mesh.positions[v] - center).squaredNorm() < (mesh.positions[best] - center).squaredNorm()) best = v;
  return best;
}

// Branch decomposition of the merge tree of the superlevel sets of f (elder rule).
struct Branch {
  int tip = -1;
  double top = 0.0;
  double persistence = std::numeric_limits<double>::infinity();
  int died_into = -1;
};
struct MergeEvent {
  double level;
  int elder, young;
};

struct MergeTree {
  std::vector<Branch> branches;
  std::vector<MergeEvent> events;
  std::vector<int> branch_of_vertex;
};

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
      const Branch &ba = tree.branches[component_branch[a]], &bb = tree.branches[component_branch[b]];
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

// Per vertex: the limb (0..L-1) it belongs to by the merge tree, or -1 for the trunk; and the
// tip vertex of each limb.
std::vector<int> merge_tree_limbs(const MergeTree& tree, const std::vector<double>& f, const SegmentParams& params,
                                  std::vector<int>& tips) {
  const double max_f = *std::max_element(f.begin(), f.end());
  double threshold = params.min_persistence * max_f;
  if (params.limbs > 0) {
    std::vector<double> p;
    for (const Branch& b : tree.branches) p.push_back(b.persistence);
    std::sort(p.rbegin(), p.rend());
    threshold = p[std::min<std::size_t>(p.size(), static_cast<std::size_t>(params.limbs)) - 1];
  }
  const int nb = static_cast<int>(tree.branches.size());
  std::vector<char> significant(nb, 0);
  for (int b = 0; b < nb; ++b) significant[b] = tree.branches[b].persistence >= threshold;
  // A significant branch ends, as a limb, where it first meets another significant branch.
  std::vector<double> first_merge(nb, -1.0);
  for (const MergeEvent& e : tree.events)
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

// Length of the level-c curve of g over the triangles of part `label`.
double ring_length(const TriMesh& mesh, const std::vector<int>& face_label, int label, const std::vector<double>& g,
                   double c) {
  double length = 0.0;
  for (std::size_t f = 0; f < mesh.triangles.size(); ++f)
    if (face_label[f] == label)
      length += crossing_length(mesh, mesh.triangles[f], g, c, [&](int v) { return g[v] < c; });
  return length;
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
// such rise beyond `start` (up to 3 x start), or before the region reaches another limb's tip.
double limb_cut_level(const TriMesh& mesh, const std::vector<std::vector<int>>& rings, const std::vector<double>& g,
                      int tip, const std::vector<int>& other_tips, double start, double max_slope) {
  const double step = start / 16;
  const int first = 8, last = 48;
  std::vector<char> inside;
  std::vector<double> length(last + 1, 0.0);
  int reach = last + 1;  // first level whose region holds another tip
  for (int k = first; k <= last; ++k) {
    length[k] = tip_region(mesh, rings, g, tip, k * step, inside);
    if (std::any_of(other_tips.begin(), other_tips.end(), [&](int t) { return inside[t] != 0; })) {
      reach = k;
      break;
    }
  }
  const auto rises = [&](int k) { return (length[k] - length[k - 2]) / (2 * step) > max_slope; };
  for (int k = first + 2; k <= 16 && k + 2 < reach; ++k) {
    if (!rises(k)) continue;
    bool growing = true;
    for (int m = k - 1; m <= 18 && m < reach; ++m) growing = growing && length[m] >= length[m - 1];
    if (growing) return (k - 2) * step;
  }
  for (int k = 17; k <= last; ++k) {
    if (k >= reach) return (k - 1) * step;
    if (rises(k)) return (k - 2) * step;
  }
  return last * step;
}

// Gives every face-connected piece of a part but its largest to the neighbouring part it shares
// most edges with, until every part is one connected surface.
void make_parts_connected(const TriMesh& mesh, std::vector<int>& face_label) {
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

struct Part {
  std::string kind;  // trunk, limb, upper, lower
  int limb = -1;
  int parent = -1;
  std::string name;
};

// Makes the part graph the hierarchy's tree: while two parts that are not parent and child
// touch (share a vertex), the smaller gives the triangles at the contact to its own parent, so
// a strip of the parent separates them. Each child then meets only its parent, along a closed
// loop rather than a chain ending where three parts meet.
void separate_touching_parts(const TriMesh& mesh, std::vector<int>& face_label, const std::vector<Part>& parts) {
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
    const bool a_moves = b == kTrunk || (a != kTrunk && (size[a] < size[b] || (size[a] == size[b] && a > b)));
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

// Body-part names where up and forward are given (see SegmentParams), generic ones otherwise.
// Legs hang down from below the trunk centroid (the four reaching lowest, or two when the third hangs a quarter of
// the height higher): four are fore/hind by their
// attachment along forward and left/right along up x forward; two are left/right. Of the other limbs the head attaches
// furthest up-and-forward on the trunk's midline, a tail reaches furthest backward, and with two legs the arms are the
// limbs reaching furthest to either side.
// A split limb's parts are NAME_upper and NAME_lower, and a split head is neck (upper) and head (lower).
void name_parts(const TriMesh& mesh, const std::vector<int>& face_label, const std::vector<int>& tips,
                std::vector<Part>& parts, const SegmentParams& params) {
  const int np = static_cast<int>(parts.size());
  std::vector<Vec3> centroid(np, Vec3::Zero());
  std::vector<double> area(np, 0.0);
  for (std::size_t fi = 0; fi < mesh.triangles.size(); ++fi) {
    const Tri& t = mesh.triangles[fi];
    const Vec3 &a = mesh.positions[t[0]], &b = mesh.positions[t[1]], &c = mesh.positions[t[2]];
    const double w = 0.5 * (b - a).cross(c - a).norm();
    centroid[face_label[fi]] += w * (a + b + c) / 3.0;
    area[face_label[fi]] += w;
  }
  for (int p = 0; p < np; ++p)
    if (area[p] > 0) centroid[p] /= area[p];
  const int num_limbs = static_cast<int>(tips.size());
  std::vector<int> root_part(num_limbs, -1);
  for (int p = 0; p < np; ++p)
    if (parts[p].limb >= 0 && parts[p].kind != "lower") root_part[parts[p].limb] = p;
  // Where each part meets the trunk: the mean of the vertices their triangles share.
  std::vector<char> on_trunk(mesh.positions.size(), 0);
  for (std::size_t fi = 0; fi < mesh.triangles.size(); ++fi)
    if (face_label[fi] == kTrunk)
      for (int v : mesh.triangles[fi]) on_trunk[v] = 1;
  std::vector<Vec3> attach_sum(np, Vec3::Zero());
  std::vector<int> attach_count(np, 0);
  for (std::size_t fi = 0; fi < mesh.triangles.size(); ++fi)
    if (face_label[fi] != kTrunk)
      for (int v : mesh.triangles[fi])
        if (on_trunk[v]) {
          attach_sum[face_label[fi]] += mesh.positions[v];
          ++attach_count[face_label[fi]];
        }
  const auto attach_point = [&](int b) {
    const int p = root_part[b];
    return attach_count[p] > 0 ? Vec3(attach_sum[p] / attach_count[p]) : centroid[p];
  };
  std::vector<std::string> limb_name(num_limbs);
  for (int b = 0; b < num_limbs; ++b) limb_name[b] = "limb_" + std::to_string(b);
  std::string trunk = "trunk";
  if (params.up.norm() > 0 && params.forward.norm() > 0) {
    const Vec3 up = params.up.normalized(), forward = params.forward.normalized(), left = up.cross(forward);
    const Vec3& body = centroid[kTrunk];
    std::vector<int> legs, others;
    for (int b = 0; b < num_limbs; ++b) {
      if (root_part[b] < 0) continue;
      const Vec3 tip = mesh.positions[tips[b]], attach = attach_point(b);
      const Vec3 reach = tip - attach;
      const bool leg = (attach - body).dot(up) < 0 && (tip - body).dot(up) < 0 && reach.dot(up) < -0.5 * reach.norm();
      (leg ? legs : others).push_back(b);
    }
    // Four legs at most, or two when fewer than four qualify: those reaching lowest.
    std::sort(legs.begin(), legs.end(),
              [&](int a, int b) { return mesh.positions[tips[a]].dot(up) < mesh.positions[tips[b]].dot(up); });
    // Two legs when the next two hang clearly higher (a biped's arms): a quarter of the height.
    double low = std::numeric_limits<double>::infinity(), high = -low;
    for (const Vec3& p : mesh.positions) {
      low = std::min(low, p.dot(up));
      high = std::max(high, p.dot(up));
    }
    const auto tip_height = [&](std::size_t i) { return mesh.positions[tips[legs[i]]].dot(up); };
    const bool four = legs.size() >= 4 && tip_height(2) - tip_height(1) < 0.25 * (high - low);
    const std::size_t keep = four ? 4 : std::min<std::size_t>(legs.size(), 2);
    others.insert(others.end(), legs.begin() + static_cast<std::ptrdiff_t>(keep), legs.end());
    legs.resize(keep);
    std::sort(legs.begin(), legs.end());
    std::sort(others.begin(), others.end());
    const auto side = [&](int b) { return (attach_point(b) - body).dot(left) > 0 ? "l" : "r"; };
    // Pairs of legs are told apart against each other, so a pair always gets both sides.
    const auto name_pair = [&](int a, int b, const std::string& prefix) {
      const bool a_left = (attach_point(a) - body).dot(left) > (attach_point(b) - body).dot(left);
      limb_name[a] = prefix + (a_left ? "l" : "r");
      limb_name[b] = prefix + (a_left ? "r" : "l");
    };
    if (legs.size() == 4) {
      std::vector<int> by_forward = legs;
      std::sort(by_forward.begin(), by_forward.end(), [&](int a, int b) {
        return (attach_point(a) - body).dot(forward) < (attach_point(b) - body).dot(forward);
      });
      name_pair(by_forward[0], by_forward[1], "leg_h");
      name_pair(by_forward[2], by_forward[3], "leg_f");
    } else if (legs.size() == 2) {
      name_pair(legs[0], legs[1], "leg_");
    }
    trunk = legs.size() == 2 ? "torso" : "body";
    const auto reach = [&](int b, const Vec3& direction) { return (mesh.positions[tips[b]] - body).dot(direction); };
    // The head attaches high and forward on the trunk's midline (arms attach to the sides).
    const auto head_score = [&](int b) {
      const Vec3 a = attach_point(b) - body;
      return a.dot(up + forward) - std::abs(a.dot(left));
    };
    std::sort(others.begin(), others.end(), [&](int a, int b) { return head_score(a) > head_score(b); });
    if (!others.empty() && head_score(others.front()) > 0) {
      limb_name[others.front()] = "head";
      others.erase(others.begin());
    }
    if (legs.size() == 2)
      for (const char* s : {"l", "r"}) {
        int best = -1;
        for (int b : others)
          if (side(b) == std::string(s) && (best < 0 || std::abs(reach(b, left)) > std::abs(reach(best, left))))
            best = b;
        if (best >= 0 && std::abs(reach(best, left)) > 0.25 * (mesh.positions[tips[best]] - body).norm()) {
          limb_name[best] = std::string("arm_") + s;
          others.erase(std::find(others.begin(), others.end(), best));
        }
      }
    std::sort(others.begin(), others.end(), [&](int a, int b) { return reach(a, forward) < reach(b, forward); });
    if (!others.empty() && reach(others.front(), forward) < 0) limb_name[others.front()] = "tail";
  }
  std::map<std::string, int> uses;
  for (int p = 0; p < np; ++p) {
    Part& part = parts[p];
    if (part.kind == "trunk") {
      part.name = trunk;
    } else {
      const std::string& base = limb_name[part.limb];
      if (part.kind == "limb")
        part.name = base;
      else if (base == "head")
        part.name = part.kind == "upper" ? "neck" : "head";
      else
        part.name = base + "_" + part.kind;
    }
    if (++uses[part.name] > 1) part.name += "_" + std::to_string(uses[part.name]);
  }
}

// Default joint limits in degrees (X, Y, Z ranges in the joint's aligned frame, z along the
// parent axis), by the part's role; see docs/models.md.
std::array<double, 6> default_limits(const Part& part) {
  if (part.kind == "trunk") return {-180, 180, -180, 180, -180, 180};
  if (part.name == "head" || part.name == "neck") return {-45, 45, -60, 60, -45, 45};
  if (part.name.rfind("tail", 0) == 0) return {-60, 60, -60, 60, -60, 60};
  if (part.kind == "lower") return {-140, 140, -15, 15, -30, 30};
  if (part.name.rfind("leg", 0) == 0 || part.name.rfind("arm", 0) == 0) return {-120, 120, -90, 90, -60, 60};
  return {-45, 45, -45, 45, -45, 45};
}

}  // namespace

Segmentation segment_body_parts(const TriMesh& mesh, const std::string& source, const SegmentParams& params) {
  const Stopwatch stopwatch;
  check_closed_genus0(mesh, source);
  const auto rings = vertex_one_rings(mesh);
  const int nv = mesh.num_vertices(), nf = mesh.num_triangles();

  // 1. Limbs: significant branches of the geodesic merge tree seen from the trunk centre.
  const std::vector<double> f = geodesic_distances(mesh, rings, {trunk_center_vertex(mesh, params.root)});
  std::vector<int> tree_tips;
  std::vector<int> tree_limb = merge_tree_limbs(merge_tree(rings, f), f, params, tree_tips);
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

  // 2. Clean cuts: each limb becomes the region around its tip inside the geodesic ring (from
  // the tip) at the median distance of its merge-tree border.
  std::vector<std::vector<double>> g(num_limbs);
  std::vector<double> cut(num_limbs, 0.0);
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
  std::vector<Part> parts{{"trunk", -1, -1, ""}};
  std::vector<int> limb_part(num_limbs);
  for (int b = 0; b < num_limbs; ++b) {
    limb_part[b] = static_cast<int>(parts.size());
    parts.push_back({"limb", b, kTrunk, ""});
  }
  std::vector<int> face_label(nf, kTrunk);
  for (int fi = 0; fi < nf; ++fi) {
    std::map<int, int> votes;
    for (int v : mesh.triangles[fi])
      if (vertex_limb[v] >= 0) ++votes[vertex_limb[v]];
    for (auto [b, n] : votes)
      if (n >= 2) face_label[fi] = limb_part[b];
  }

  // 3. Bumps go back to the trunk; long limbs split at their narrowest ring (knee, elbow).
  for (int b = 0; b < num_limbs; ++b) {
    const int part = limb_part[b];
    const int levels = 32;
    std::vector<double> length(levels);
    double sum = 0.0;
    int counted = 0;
    for (int k = 0; k < levels; ++k) {
      length[k] = ring_length(mesh, face_label, part, g[b], cut[b] * (k + 0.5) / levels);
      if (k >= levels / 5 && k < levels * 9 / 10) {
        sum += length[k];
        ++counted;
      }
    }
    const double diameter = sum / counted / std::numbers::pi;
    if (diameter > 0 && cut[b] / diameter < params.min_limb_aspect) {
      for (int& l : face_label)
        if (l == part) l = kTrunk;
      continue;
    }
    if (diameter <= 0 || cut[b] / diameter < params.split_aspect) continue;
    int narrowest = levels * 35 / 100;
    for (int k = narrowest; k <= levels * 70 / 100; ++k)
      if (length[k] < length[narrowest]) narrowest = k;
    const double level = cut[b] * (narrowest + 0.5) / levels;
    parts[part].kind = "upper";
    const int lower = static_cast<int>(parts.size());
    parts.push_back({"lower", b, part, ""});
    for (int fi = 0; fi < nf; ++fi)
      if (face_label[fi] == part) {
        const Tri& t = mesh.triangles[fi];
        if ((g[b][t[0]] + g[b][t[1]] + g[b][t[2]]) / 3.0 < level) face_label[fi] = lower;
      }
  }

  // 4. Clean up: one connected surface per part, too small parts join their parent, and parts
  // that are not parent and child do not touch.
  make_parts_connected(mesh, face_label);
  std::vector<int> count(parts.size(), 0);
  for (int l : face_label) ++count[l];
  for (int p = static_cast<int>(parts.size()) - 1; p > kTrunk; --p)
    if (count[p] < params.min_part_fraction * nf) {
      for (int& l : face_label)
        if (l == p) l = parts[p].parent;
      count[parts[p].parent] += count[p];
      count[p] = 0;
      for (Part& q : parts)
        if (q.parent == p) q.parent = parts[p].parent;
    }
  make_parts_connected(mesh, face_label);
  separate_touching_parts(mesh, face_label, parts);
  make_parts_connected(mesh, face_label);

  // 5. Clean cuts: every border moves onto a plane through its joint region; the mesh is
  // refined along it (existing vertex ids stay, so the tips keep theirs).
  TriMesh refined = mesh;
  std::vector<int> parent_of(parts.size());
  for (std::size_t p = 0; p < parts.size(); ++p) parent_of[p] = parts[p].parent;
  const Stopwatch cut_stopwatch;
  std::vector<PlaneCut> plane_cuts = cut_borders_along_planes(refined, face_label, parent_of, params.cuts);
  const double cut_seconds = cut_stopwatch.seconds();

  // 6. Names, hierarchy (depth-first, parents before children) and default limits.
  std::vector<int> faces_of(parts.size(), 0);
  for (int l : face_label) ++faces_of[l];
  name_parts(refined, face_label, tips, parts, params);
  Segmentation out;
  std::vector<int> new_id(parts.size(), -1);
  std::vector<int> order;
  const auto visit = [&](auto&& self, int p, int parent_joint) -> void {
    new_id[p] = static_cast<int>(order.size());
    order.push_back(p);
    out.hierarchy.joints.push_back({parts[p].name, parent_joint, default_limits(parts[p]), 0, 0});
    const int joint = new_id[p];
    for (int c = 0; c < static_cast<int>(parts.size()); ++c)
      if (parts[c].parent == p && faces_of[c] > 0) self(self, c, joint);
  };
  visit(visit, kTrunk, -1);
  out.hierarchy.file = source + " (segmentation)";
  out.parts.mesh = std::move(refined);
  const int nf_refined = out.parts.mesh.num_triangles();
  out.parts.labels.resize(nf_refined);
  for (int fi = 0; fi < nf_refined; ++fi) out.parts.labels[fi] = new_id[face_label[fi]];
  for (int p : order) out.parts.part_names.push_back(parts[p].name);
  for (int p : order)
    if (parts[p].limb >= 0 && parts[p].kind != "lower")
      out.limb_tips.push_back({parts[p].name, out.parts.mesh.positions[tips[parts[p].limb]]});
  for (PlaneCut& c : plane_cuts)
    if (faces_of[c.child] > 0) {
      c.child = new_id[c.child];
      out.cuts.push_back(c);
    }
  out.cut_seconds = cut_seconds;
  out.seconds = stopwatch.seconds();
  return out;
}

Segmentation segment_into_at_most(const TriMesh& mesh, const std::string& source, SegmentParams params, int max_parts) {
  params.limbs = 1;
  Segmentation best = segment_body_parts(mesh, source, params);
  double seconds = best.seconds;
  for (int limbs = 2; limbs < max_parts; ++limbs) {
    params.limbs = limbs;
    Segmentation next = segment_body_parts(mesh, source, params);
    seconds += next.seconds;
    if (static_cast<int>(next.parts.part_names.size()) > max_parts) break;
    best = std::move(next);
  }
  best.seconds = seconds;
  return best;
}

}  // namespace skinlab
