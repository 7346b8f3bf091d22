// SPDX-License-Identifier: GPL-3.0-or-later
#include "skinlab/core/segmented_model.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <map>
#include <numeric>
#include <unordered_map>

#include "skinlab/core/disjoint_sets.hpp"
#include "skinlab/core/error.hpp"
#include "skinlab/core/lexer.hpp"

namespace skinlab {

namespace {

std::uint64_t edge_key(int u, int v) {
  const auto lo = static_cast<std::uint64_t>(std::min(u, v));
  const auto hi = static_cast<std::uint64_t>(std::max(u, v));
  return (lo << 32) | hi;
}

int local_id(const Component& c, int original) {
  auto it = std::lower_bound(c.original_vertex.begin(), c.original_vertex.end(), original);
  return static_cast<int>(it - c.original_vertex.begin());
}

// Chains directed border edges u->v into maximal paths: open chains first (from vertices with
// more outgoing than incoming edges), then closed loops, each started at its smallest vertex
// so the result does not depend on hash order.
std::vector<std::pair<std::vector<int>, bool>> chain_edges(std::vector<std::pair<int, int>> edges) {
  std::sort(edges.begin(), edges.end());
  std::map<int, std::vector<int>> out;
  std::map<int, int> balance;
  for (auto [u, v] : edges) {
    out[u].push_back(v);
    ++balance[u];
    --balance[v];
  }
  std::vector<int> starts;
  for (auto [v, b] : balance)
    for (int i = 0; i < b; ++i) starts.push_back(v);
  std::vector<std::pair<std::vector<int>, bool>> chains;
  const auto walk = [&](int start) {
    std::vector<int> path{start};
    int cur = start;
    while (true) {
      auto it = out.find(cur);
      if (it == out.end() || it->second.empty()) break;
      const int next = it->second.front();
      it->second.erase(it->second.begin());
      if (next == start) {
        chains.push_back({std::move(path), true});
        return;
      }
      path.push_back(next);
      cur = next;
    }
    chains.push_back({std::move(path), false});
  };
  for (int s : starts) walk(s);
  for (auto& [v, targets] : out)
    while (!targets.empty()) walk(v);
  return chains;
}

}  // namespace

namespace {

using EdgeFaces = std::unordered_map<std::uint64_t, std::vector<int>>;

// Where a geometry problem is: the face's line in the mesh file when the reader kept it.
std::string face_location(const LabeledMesh& labeled, const std::string& source, int f) {
  if (f < static_cast<int>(labeled.face_lines.size()))
    return labeled.file + ":" + std::to_string(labeled.face_lines[f]) + ": triangle " + std::to_string(f);
  return source + ": triangle " + std::to_string(f);
}

// Faces, coordinates, indices and labels, each checked (InputError naming the first problem).
void check_mesh(const LabeledMesh& labeled, const std::string& source) {
  const TriMesh& mesh = labeled.mesh;
  const int nf = mesh.num_triangles();
  const int nparts = static_cast<int>(labeled.part_names.size());
  if (static_cast<int>(labeled.labels.size()) != nf)
    throw InputError(source + ": " + std::to_string(labeled.labels.size()) + " part labels for " + std::to_string(nf) +
                     " triangles");
  if (nf == 0) throw InputError(source + ": no faces (expected a closed triangle mesh)");
  for (const Vec3& p : mesh.positions)
    for (int k = 0; k < 3; ++k)
      if (!(std::abs(p[k]) <= kMaxCoordinate))
        throw InputError(source + ": vertex " + std::to_string(&p - mesh.positions.data()) + " has coordinate " +
                         format_double(p[k]) + ", beyond ±1e12 model units");
  for (int f = 0; f < nf; ++f) {
    const Tri& t = mesh.triangles[f];
    for (int v : t)
      if (v < 0 || v >= mesh.num_vertices())
        throw InputError(face_location(labeled, source, f) + " uses vertex " + std::to_string(v) + ", outside 0.." +
                         std::to_string(mesh.num_vertices() - 1));
    if (t[0] == t[1] || t[1] == t[2] || t[0] == t[2])
      throw InputError(face_location(labeled, source, f) + " repeats a vertex (" + std::to_string(t[0]) + " " +
                       std::to_string(t[1]) + " " + std::to_string(t[2]) + ")");
    if (labeled.labels[f] < 0 || labeled.labels[f] >= nparts)
      throw InputError(source + ": triangle " + std::to_string(f) + " has part label " +
                       std::to_string(labeled.labels[f]) + ", outside 0.." + std::to_string(nparts - 1));
  }
}

// Triangles around each undirected edge; a third triangle on an edge is an error (non-manifold).
EdgeFaces edge_faces_of(const LabeledMesh& labeled, const std::string& source) {
  const TriMesh& mesh = labeled.mesh;
  const int nf = mesh.num_triangles();
  EdgeFaces edge_faces;
  edge_faces.reserve(static_cast<std::size_t>(nf) * 2);
  for (int f = 0; f < nf; ++f)
    for (int i = 0; i < 3; ++i) {
      const int u = mesh.triangles[f][i], v = mesh.triangles[f][(i + 1) % 3];
      auto& faces = edge_faces[edge_key(u, v)];
      faces.push_back(f);
      if (faces.size() > 2)
        throw InputError(face_location(labeled, source, f) + ": its edge (" + std::to_string(std::min(u, v)) + ", " +
                         std::to_string(std::max(u, v)) + ") is the third triangle's on that edge (non-manifold)");
    }
  return edge_faces;
}

// Components: own vertex copies, each one surface connected through shared edges.
std::vector<Component> components_of(const TriMesh& mesh, const std::vector<int>& labels,
                                     const std::vector<std::string>& names, const EdgeFaces& edge_faces,
                                     const std::string& source) {
  const int nf = mesh.num_triangles();
  const int nparts = static_cast<int>(names.size());
  std::vector<Component> components(nparts);
  for (int p = 0; p < nparts; ++p) components[p].name = names[p];
  for (int f = 0; f < nf; ++f) components[labels[f]].original_triangle.push_back(f);
  std::vector<int> up(nf);
  std::iota(up.begin(), up.end(), 0);
  for (const auto& [key, faces] : edge_faces)
    if (faces.size() == 2 && labels[faces[0]] == labels[faces[1]]) up[find_root(up, faces[0])] = find_root(up, faces[1]);
  for (Component& c : components) {
    if (c.original_triangle.empty()) throw InputError(source + ": component " + quote(c.name) + " has no triangles");
    std::map<int, int> pieces;
    for (int f : c.original_triangle) ++pieces[find_root(up, f)];
    if (pieces.size() > 1) {
      std::string sizes;
      for (auto [root, count] : pieces) sizes += (sizes.empty() ? "" : ", ") + std::to_string(count);
      throw InputError(source + ": component " + quote(c.name) + " is not one connected surface: " +
                       std::to_string(pieces.size()) + " pieces of " + sizes + " triangles");
    }
    for (int f : c.original_triangle)
      for (int v : mesh.triangles[f]) c.original_vertex.push_back(v);
    std::sort(c.original_vertex.begin(), c.original_vertex.end());
    c.original_vertex.erase(std::unique(c.original_vertex.begin(), c.original_vertex.end()), c.original_vertex.end());
    for (int v : c.original_vertex) {
      c.mesh.positions.push_back(mesh.positions[v]);
      c.mesh.normals.push_back(mesh.normals[v]);
    }
    for (int f : c.original_triangle) {
      Tri t;
      for (int i = 0; i < 3; ++i) t[i] = local_id(c, mesh.triangles[f][i]);
      c.mesh.triangles.push_back(t);
    }
  }
  return components;
}

// Openings: edges whose two triangles carry different labels, directed as in the triangle of
// the lower label, chained into loops.
std::vector<Opening> openings_of(const TriMesh& mesh, const std::vector<int>& labels,
                                 const std::vector<Component>& components, const EdgeFaces& edge_faces) {
  std::map<std::pair<int, int>, std::vector<std::pair<int, int>>> border;
  for (const auto& [key, faces] : edge_faces) {
    if (faces.size() != 2) continue;
    int fa = faces[0], fb = faces[1];
    if (labels[fa] == labels[fb]) continue;
    if (labels[fa] > labels[fb]) std::swap(fa, fb);
    const Tri& t = mesh.triangles[fa];
    const int lo = static_cast<int>(key >> 32), hi = static_cast<int>(key & 0xffffffffu);
    for (int i = 0; i < 3; ++i)
      if ((t[i] == lo || t[i] == hi) && (t[(i + 1) % 3] == lo || t[(i + 1) % 3] == hi))
        border[{labels[fa], labels[fb]}].push_back({t[i], t[(i + 1) % 3]});
  }
  std::vector<Opening> openings;
  for (auto& [pair, edges] : border) {
    Opening opening{pair.first, pair.second, {}};
    for (auto& [path, closed] : chain_edges(std::move(edges))) {
      OpeningLoop loop;
      loop.closed = closed;
      for (std::size_t i = 0; i < path.size(); ++i) {
        const int v = path[i];
        loop.original.push_back(v);
        loop.in_a.push_back(local_id(components[pair.first], v));
        loop.in_b.push_back(local_id(components[pair.second], v));
        loop.centroid += mesh.positions[v];
        if (i + 1 < path.size() || closed)
          loop.length += (mesh.positions[path[(i + 1) % path.size()]] - mesh.positions[v]).norm();
      }
      loop.centroid /= static_cast<double>(path.size());
      opening.loops.push_back(std::move(loop));
    }
    openings.push_back(std::move(opening));
  }
  return openings;
}

}  // namespace

SegmentedModel SegmentedModel::build(LabeledMesh labeled, const std::string& source) {
  check_mesh(labeled, source);
  if (labeled.mesh.normals.size() != labeled.mesh.positions.size()) compute_vertex_normals(labeled.mesh);
  const EdgeFaces edge_faces = edge_faces_of(labeled, source);
  SegmentedModel model;
  model.source_ = source;
  model.components_ = components_of(labeled.mesh, labeled.labels, labeled.part_names, edge_faces, source);
  model.openings_ = openings_of(labeled.mesh, labeled.labels, model.components_, edge_faces);
  model.mesh_ = std::move(labeled.mesh);
  model.labels_ = std::move(labeled.labels);
  const std::size_t nparts = labeled.part_names.size();
  model.median_cache_.resize(nparts);
  model.ring_cache_.resize(nparts);
  return model;
}

int SegmentedModel::find_component(const std::string& name) const {
  for (int c = 0; c < num_components(); ++c)
    if (components_[c].name == name) return c;
  return -1;
}

const Opening* SegmentedModel::opening_between(int a, int b) const {
  if (a > b) std::swap(a, b);
  for (const Opening& o : openings_)
    if (o.a == a && o.b == b) return &o;
  return nullptr;
}

void SegmentedModel::attach_hierarchy(const SkelFile& skel) {
  Hierarchy h;
  h.parent.assign(components_.size(), -1);
  h.limits.assign(components_.size(), {});
  std::vector<bool> seen(components_.size(), false);
  for (const SkelJoint& joint : skel.joints) {
    const int c = find_component(joint.name);
    if (c < 0)
      throw ParseError(skel.file, joint.line, joint.col,
                       "segment " + quote(joint.name) + " matches no component of " + source_);
    seen[c] = true;
    h.depth_first.push_back(c);
    h.limits[c] = joint.limits;
    if (joint.parent < 0) {
      h.root = c;
      continue;
    }
    const int parent = h.depth_first[joint.parent];
    h.parent[c] = parent;
    if (opening_between(c, parent) == nullptr)
      throw ParseError(
          skel.file, joint.line, joint.col,
          "segment " + quote(joint.name) + " shares no opening with its parent " + quote(components_[parent].name));
  }
  for (int c = 0; c < num_components(); ++c)
    if (!seen[c])
      throw ParseError(
          skel.file, 1, 1,
          "component " + quote(components_[c].name) + " of " + source_ + " does not appear in the hierarchy");
  hierarchy_ = std::move(h);
}

double SegmentedModel::median_edge_length(int c) const {
  auto& cached = median_cache_.at(c);
  if (!cached) cached = skinlab::median_edge_length(components_[c].mesh);
  return *cached;
}

const std::vector<std::vector<int>>& SegmentedModel::one_rings(int c) const {
  auto& cached = ring_cache_.at(c);
  if (!cached) cached = vertex_one_rings(components_[c].mesh);
  return *cached;
}

}  // namespace skinlab
