// SPDX-License-Identifier: GPL-3.0-or-later
#include "skinlab/core/tri_mesh.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <unordered_map>

namespace skinlab {

Box3 bounding_box(const std::vector<Vec3>& positions) {
  Box3 box;
  if (positions.empty()) return box;
  box.min = box.max = positions.front();
  for (const Vec3& p : positions) {
    box.min = box.min.cwiseMin(p);
    box.max = box.max.cwiseMax(p);
  }
  return box;
}

void compute_vertex_normals(TriMesh& mesh) {
  mesh.normals.assign(mesh.positions.size(), Vec3::Zero());
  for (const Tri& t : mesh.triangles) {
    const Vec3& a = mesh.positions[t[0]];
    const Vec3 n = (mesh.positions[t[1]] - a).cross(mesh.positions[t[2]] - a);
    for (int v : t) mesh.normals[v] += n;
  }
  for (Vec3& n : mesh.normals) {
    const double len = n.norm();
    n = len > 0.0 ? Vec3(n / len) : Vec3::Zero();
  }
}

std::vector<std::vector<int>> vertex_one_rings(const TriMesh& mesh) {
  std::vector<std::vector<int>> rings(mesh.positions.size());
  for (const Tri& t : mesh.triangles)
    for (int i = 0; i < 3; ++i) {
      rings[t[i]].push_back(t[(i + 1) % 3]);
      rings[t[i]].push_back(t[(i + 2) % 3]);
    }
  for (auto& ring : rings) {
    std::sort(ring.begin(), ring.end());
    ring.erase(std::unique(ring.begin(), ring.end()), ring.end());
  }
  return rings;
}

double enclosed_volume(const TriMesh& mesh, Vec3* centroid) {
  Vec3 weighted = Vec3::Zero();
  double volume = 0.0;
  for (const Tri& t : mesh.triangles) {
    const Vec3 &a = mesh.positions[t[0]], &b = mesh.positions[t[1]], &c = mesh.positions[t[2]];
    const double v = a.dot(b.cross(c)) / 6.0;
    weighted += v * (a + b + c) / 4.0;
    volume += v;
  }
  if (centroid != nullptr) *centroid = volume != 0 ? Vec3(weighted / volume) : Vec3::Zero();
  return volume;
}

double median_edge_length(const TriMesh& mesh) {
  std::vector<double> lengths;
  lengths.reserve(mesh.triangles.size() * 3 / 2 + 3);
  const auto rings = vertex_one_rings(mesh);
  for (std::size_t v = 0; v < rings.size(); ++v)
    for (int w : rings[v])
      if (static_cast<int>(v) < w) lengths.push_back((mesh.positions[v] - mesh.positions[w]).norm());
  if (lengths.empty()) return 0.0;
  const std::size_t mid = lengths.size() / 2;
  std::nth_element(lengths.begin(), lengths.begin() + static_cast<std::ptrdiff_t>(mid), lengths.end());
  if (lengths.size() % 2 == 1) return lengths[mid];
  const double upper = lengths[mid];
  const double lower = *std::max_element(lengths.begin(), lengths.begin() + static_cast<std::ptrdiff_t>(mid));
  return 0.5 * (lower + upper);
}

void append_fan(const std::vector<int>& polygon, std::vector<Tri>& triangles) {
  for (std::size_t i = 1; i + 1 < polygon.size(); ++i) triangles.push_back({polygon[0], polygon[i], polygon[i + 1]});
}

void drop_empty_parts(LabeledMesh& labeled) {
  std::vector<int> count(labeled.part_names.size(), 0);
  for (int l : labeled.labels) ++count[l];
  std::vector<int> remap(count.size(), -1);
  std::vector<std::string> names;
  for (std::size_t p = 0; p < count.size(); ++p)
    if (count[p] > 0) {
      remap[p] = static_cast<int>(names.size());
      names.push_back(labeled.part_names[p]);
    }
  for (int& l : labeled.labels) l = remap[l];
  labeled.part_names = std::move(names);
}

namespace {

// Cells of a uniform grid of side `tolerance`; a vertex's welding partners lie in the 27
// cells around its own.
struct CellKey {
  std::int64_t x, y, z;
  bool operator==(const CellKey&) const = default;
};
struct CellHash {
  std::size_t operator()(const CellKey& k) const {
    return static_cast<std::size_t>(k.x * 73856093 ^ k.y * 19349663 ^ k.z * 83492791);
  }
};

}  // namespace

int weld_border_vertices(LabeledMesh& labeled, double tolerance) {
  TriMesh& mesh = labeled.mesh;
  const int nv = mesh.num_vertices();
  // The labels using each vertex, sorted.
  std::vector<std::vector<int>> users(nv);
  for (std::size_t f = 0; f < mesh.triangles.size(); ++f)
    for (int v : mesh.triangles[f]) users[v].push_back(labeled.labels[f]);
  for (auto& u : users) {
    std::sort(u.begin(), u.end());
    u.erase(std::unique(u.begin(), u.end()), u.end());
  }
  const auto disjoint = [](const std::vector<int>& a, const std::vector<int>& b) {
    for (int x : a)
      if (std::binary_search(b.begin(), b.end(), x)) return false;
    return true;
  };

  const double cell = tolerance > 0.0 ? tolerance : 1.0;
  const auto key_of = [cell](const Vec3& p) {
    return CellKey{static_cast<std::int64_t>(std::floor(p.x() / cell)),
                   static_cast<std::int64_t>(std::floor(p.y() / cell)),
                   static_cast<std::int64_t>(std::floor(p.z() / cell))};
  };
  std::unordered_map<CellKey, std::vector<int>, CellHash> grid;
  std::vector<int> new_index(nv, -1);
  std::vector<Vec3> positions;
  for (int v = 0; v < nv; ++v) {
    const Vec3& p = mesh.positions[v];
    if (users[v].empty()) {  // unused vertices stay, so vertex ids of single-part files hold
      new_index[v] = static_cast<int>(positions.size());
      positions.push_back(p);
      continue;
    }
    const CellKey k = key_of(p);
    int found = -1;
    for (std::int64_t dx = -1; dx <= 1 && found < 0; ++dx)
      for (std::int64_t dy = -1; dy <= 1 && found < 0; ++dy)
        for (std::int64_t dz = -1; dz <= 1 && found < 0; ++dz) {
          auto it = grid.find({k.x + dx, k.y + dy, k.z + dz});
          if (it == grid.end()) continue;
          for (int r : it->second)
            if ((mesh.positions[r] - p).norm() <= tolerance && disjoint(users[r], users[v])) {
              found = r;
              break;
            }
        }
    if (found >= 0) {
      new_index[v] = new_index[found];
      std::vector<int> merged;
      std::set_union(users[found].begin(), users[found].end(), users[v].begin(), users[v].end(),
                     std::back_inserter(merged));
      users[found] = std::move(merged);
    } else {
      new_index[v] = static_cast<int>(positions.size());
      positions.push_back(p);
      grid[k].push_back(v);
    }
  }
  for (Tri& t : mesh.triangles)
    for (int& v : t) v = new_index[v];
  const int removed = nv - static_cast<int>(positions.size());
  mesh.positions = std::move(positions);
  if (removed > 0) mesh.normals.clear();
  return removed;
}

}  // namespace skinlab
