// SPDX-License-Identifier: GPL-3.0-or-later
// Tiny meshes built in code for the tests.
#pragma once

#include <algorithm>
#include <array>
#include <cmath>
#include <functional>
#include <map>
#include <numbers>
#include <string>
#include <vector>

#include "skinlab/core/tri_mesh.hpp"

namespace skinlab::test {

/// A closed cylinder of radius r around z from 0 to `parts` (one unit per part), `sides`
/// vertices per ring; ring k sits at z = k. Part p holds the band between rings p and p+1,
/// the bottom cap goes to part 0 and the top cap to the last part.
inline LabeledMesh stacked_cylinder(int parts, int sides, double r = 1.0) {
  LabeledMesh out;
  TriMesh& m = out.mesh;
  for (int k = 0; k <= parts; ++k)
    for (int i = 0; i < sides; ++i) {
      const double a = 2 * std::numbers::pi * i / sides;
      m.positions.emplace_back(r * std::cos(a), r * std::sin(a), k);
    }
  const int bottom = m.num_vertices(), top = bottom + 1;
  m.positions.emplace_back(0, 0, 0);
  m.positions.emplace_back(0, 0, parts);
  const auto id = [sides](int k, int i) { return k * sides + (i % sides); };
  const auto add = [&](Tri t, int label) {
    m.triangles.push_back(t);
    out.labels.push_back(label);
  };
  for (int i = 0; i < sides; ++i) add({bottom, id(0, i + 1), id(0, i)}, 0);
  for (int k = 0; k < parts; ++k)
    for (int i = 0; i < sides; ++i) {
      add({id(k, i), id(k, i + 1), id(k + 1, i + 1)}, k);
      add({id(k, i), id(k + 1, i + 1), id(k + 1, i)}, k);
    }
  for (int i = 0; i < sides; ++i) add({top, id(parts, i), id(parts, i + 1)}, parts - 1);
  for (int p = 0; p < parts; ++p) out.part_names.push_back("seg" + std::to_string(p));
  return out;
}

/// The closed surface of a union of unit voxels; voxel {i, j, k, part} fills
/// [i,i+1]x[j,j+1]x[k,k+1] and labels its boundary squares with `part`. Parts touching along a
/// face share the loop around it as their opening. Voxels must not touch along an edge only.
inline LabeledMesh voxel_model(const std::vector<std::array<int, 4>>& voxels, std::vector<std::string> names) {
  std::map<std::array<int, 3>, int> filled;
  for (const auto& v : voxels) filled[{v[0], v[1], v[2]}] = v[3];
  LabeledMesh out;
  out.part_names = std::move(names);
  std::map<std::array<int, 3>, int> vertex_id;
  const auto vertex = [&](std::array<int, 3> p) {
    auto [it, inserted] = vertex_id.emplace(p, out.mesh.num_vertices());
    if (inserted) out.mesh.positions.emplace_back(p[0], p[1], p[2]);
    return it->second;
  };
  for (const auto& [cell, part] : filled)
    for (int axis = 0; axis < 3; ++axis)
      for (int side : {-1, 1}) {
        std::array<int, 3> neighbour = cell;
        neighbour[axis] += side;
        if (filled.count(neighbour)) continue;
        const int b = (axis + 1) % 3, c = (axis + 2) % 3;
        std::array<int, 3> p0 = cell;
        if (side > 0) ++p0[axis];
        std::array<int, 3> p1 = p0, p2 = p0, p3 = p0;
        ++p1[b];
        ++p2[b];
        ++p2[c];
        ++p3[c];
        // e_b x e_c = e_axis: counter-clockwise seen from +axis; reversed on the - side.
        std::array<int, 4> q{vertex(p0), vertex(p1), vertex(p2), vertex(p3)};
        if (side < 0) std::swap(q[1], q[3]);
        out.mesh.triangles.push_back({q[0], q[1], q[2]});
        out.mesh.triangles.push_back({q[0], q[2], q[3]});
        out.labels.insert(out.labels.end(), 2, part);
      }
  return out;
}

/// Two parts whose opening is not star-shaped about its centre: the child's columns of blocks
/// ("notched", `height` blocks tall) stand on a 3 x 3 slab ("base") of unit blocks, all but the
/// middle one of the far row. The opening runs round 14 block corners in the plane z = 1, their
/// centroid at (1.5, 11/7).
inline LabeledMesh notched_blocks(int height = 1) {
  std::vector<std::array<int, 4>> blocks;
  for (int x = 0; x < 3; ++x)
    for (int y = 0; y < 3; ++y) {
      blocks.push_back({x, y, 0, 0});
      for (int z = 1; z <= height && (x != 1 || y != 2); ++z) blocks.push_back({x, y, z, 1});
    }
  return voxel_model(blocks, {"base", "notched"});
}

/// notched_blocks' hierarchy: "notched" under "base", every angle free.
inline constexpr const char* kNotchedBlocksSkel =
    "ROOT base -180 180 -180 180 -180 180 { JOINT notched -180 180 -180 180 -180 180 { End Site } }";

/// Moves every vertex halfway to the mean of its 1-ring, `rounds` times (umbrella smoothing):
/// rounds off voxel staircases without changing the connectivity.
inline void smooth(TriMesh& mesh, int rounds) {
  const auto rings = vertex_one_rings(mesh);
  for (int r = 0; r < rounds; ++r) {
    std::vector<Vec3> next = mesh.positions;
    for (std::size_t v = 0; v < rings.size(); ++v) {
      if (rings[v].empty()) continue;
      Vec3 mean = Vec3::Zero();
      for (int w : rings[v]) mean += mesh.positions[w];
      next[v] = 0.5 * (mesh.positions[v] + mean / static_cast<double>(rings[v].size()));
    }
    mesh.positions = std::move(next);
  }
}

/// A figure of capsules joined smoothly, standing along +y and facing +z: a body capsule, a
/// head sphere, two arms held out along x and two legs, rasterized at voxel size `h` and smoothed.
/// Voxels that touch only along an edge or at a corner are filled in until the surface is
/// manifold.
inline TriMesh capsule_figure(double h = 0.1) {
  struct Capsule {
    Vec3 a, b;
    double r;
  };
  const std::vector<Capsule> parts = {
      {Vec3(0, -1, 0), Vec3(0, 1, 0), 1.0},           {Vec3(0, 2.3, 0), Vec3(0, 2.3, 0), 0.7},
      {Vec3(0.6, 0.8, 0), Vec3(3.0, 0.8, 0), 0.3},    {Vec3(-0.6, 0.8, 0), Vec3(-3.0, 0.8, 0), 0.3},
      {Vec3(0.5, -1.2, 0), Vec3(0.5, -3.6, 0), 0.35}, {Vec3(-0.5, -1.2, 0), Vec3(-0.5, -3.6, 0), 0.35}};
  const auto inside = [&](const Vec3& p) {
    for (const Capsule& c : parts) {
      const Vec3 ab = c.b - c.a;
      const double t = ab.squaredNorm() > 0 ? std::clamp((p - c.a).dot(ab) / ab.squaredNorm(), 0.0, 1.0) : 0.0;
      if ((p - (c.a + t * ab)).norm() <= c.r) return true;
    }
    return false;
  };
  std::map<std::array<int, 3>, int> filled;
  for (int i = -40; i <= 40; ++i)
    for (int j = -45; j <= 35; ++j)
      for (int k = -12; k <= 12; ++k)
        if (inside(Vec3(i + 0.5, j + 0.5, k + 0.5) * h)) filled[{i, j, k}] = 0;
  // Fill every 2x2x2 block whose filled voxels are not face-connected inside the block.
  for (bool changed = true; changed;) {
    changed = false;
    for (int i = -41; i <= 40; ++i)
      for (int j = -46; j <= 35; ++j)
        for (int k = -13; k <= 12; ++k) {
          std::vector<std::array<int, 3>> cells;
          for (int c = 0; c < 8; ++c) {
            const std::array<int, 3> cell{i + (c & 1), j + ((c >> 1) & 1), k + ((c >> 2) & 1)};
            if (filled.count(cell)) cells.push_back(cell);
          }
          if (cells.size() < 2) continue;
          std::vector<int> seen{0};
          for (std::size_t q = 0; q < seen.size(); ++q)
            for (int n = 0; n < static_cast<int>(cells.size()); ++n) {
              const auto& a = cells[seen[q]];
              const auto& b = cells[n];
              const int d = std::abs(a[0] - b[0]) + std::abs(a[1] - b[1]) + std::abs(a[2] - b[2]);
              if (d == 1 && std::find(seen.begin(), seen.end(), n) == seen.end()) seen.push_back(n);
            }
          if (seen.size() == cells.size()) continue;
          for (int c = 0; c < 8; ++c) filled[{i + (c & 1), j + ((c >> 1) & 1), k + ((c >> 2) & 1)}] = 0;
          changed = true;
        }
  }
  std::vector<std::array<int, 4>> voxels;
  for (const auto& [cell, label] : filled) voxels.push_back({cell[0], cell[1], cell[2], 0});
  TriMesh mesh = voxel_model(voxels, {"figure"}).mesh;
  for (Vec3& p : mesh.positions) p *= h;
  smooth(mesh, 10);
  return mesh;
}

// A closed 3x3x3 block of voxels with `holes` openings cut into its faces: each removes the two
// triangles of one square on a different side, leaving a 4-edge border loop.
inline TriMesh holed_block(int holes) {
  std::vector<std::array<int, 4>> cells;
  for (int x = 0; x < 3; ++x)
    for (int y = 0; y < 3; ++y)
      for (int z = 0; z < 3; ++z) cells.push_back({x, y, z, 0});
  TriMesh mesh = voxel_model(cells, {"block"}).mesh;
  for (int h = 0; h < holes; ++h) {
    // The square at the middle of side h (x = 3, y = 3, z = 3 planes): its two triangles.
    std::vector<Tri> kept;
    int removed = 0;
    for (const Tri& t : mesh.triangles) {
      const Vec3 c = (mesh.positions[t[0]] + mesh.positions[t[1]] + mesh.positions[t[2]]) / 3.0;
      const bool on_side = std::abs(c[h] - 3.0) < 1e-9;
      const bool middle = std::abs(c[(h + 1) % 3] - 1.5) < 0.5 && std::abs(c[(h + 2) % 3] - 1.5) < 0.5;
      if (on_side && middle && removed < 2) {
        ++removed;
        continue;
      }
      kept.push_back(t);
    }
    mesh.triangles = kept;
  }
  return mesh;
}

/// A closed tube along +z: `rings` circles of `sides` vertices (ring k at height `height(k)`, of
/// radius `radius(z)`), closed by flat caps whose centres are the last two vertices (bottom, top).
inline TriMesh lathe(int sides, int rings, const std::function<double(int)>& height,
                     const std::function<double(double)>& radius) {
  TriMesh m;
  for (int k = 0; k < rings; ++k)
    for (int i = 0; i < sides; ++i) {
      const double a = 2 * std::numbers::pi * i / sides, z = height(k);
      m.positions.emplace_back(radius(z) * std::cos(a), radius(z) * std::sin(a), z);
    }
  const int bottom = m.num_vertices(), top = bottom + 1;
  m.positions.emplace_back(0, 0, height(0));
  m.positions.emplace_back(0, 0, height(rings - 1));
  const auto id = [sides](int k, int i) { return k * sides + (i % sides); };
  for (int i = 0; i < sides; ++i) m.triangles.push_back({bottom, id(0, i + 1), id(0, i)});
  for (int k = 0; k + 1 < rings; ++k)
    for (int i = 0; i < sides; ++i) {
      m.triangles.push_back({id(k, i), id(k, i + 1), id(k + 1, i + 1)});
      m.triangles.push_back({id(k, i), id(k + 1, i + 1), id(k + 1, i)});
    }
  for (int i = 0; i < sides; ++i) m.triangles.push_back({top, id(rings - 1, i), id(rings - 1, i + 1)});
  return m;
}

}  // namespace skinlab::test
