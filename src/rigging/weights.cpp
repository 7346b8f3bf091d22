// SPDX-License-Identifier: GPL-3.0-or-later
#include "skinlab/rigging/weights.hpp"

#include <Eigen/Sparse>
#include <algorithm>
#include <cmath>
#include <limits>

#include "skinlab/core/error.hpp"
#include "skinlab/geometry/geodesic_distance.hpp"

namespace skinlab {

namespace {

SkinWeights empty_weights(const SegmentedModel& model) {
  SkinWeights w;
  for (const Component& c : model.components()) w.parts.push_back(c.name);
  w.joints.assign(model.mesh().num_vertices(), {0, 0, 0, 0});
  w.weights.assign(model.mesh().num_vertices(), {1, 0, 0, 0});
  return w;
}

// The part of each welded vertex: that of the first triangle using it (as welded_skin_mesh).
std::vector<int> vertex_parts(const SegmentedModel& model) {
  std::vector<int> part(model.mesh().num_vertices(), -1);
  for (int f = 0; f < model.mesh().num_triangles(); ++f)
    for (int v : model.mesh().triangles[f])
      if (part[v] < 0) part[v] = model.labels()[f];
  return part;
}

double distance_to_segment(const Vec3& p, const Vec3& a, const Vec3& b) {
  const Vec3 ab = b - a;
  const double len2 = ab.squaredNorm();
  const double t = len2 > 0 ? std::clamp((p - a).dot(ab) / len2, 0.0, 1.0) : 0.0;
  return (p - (a + t * ab)).norm();
}

}  // namespace

SkinWeights opening_weights(const SegmentedModel& model, const OpeningWeightParams& params) {
  if (!(params.width > 0.0)) throw InputError("opening weights: the width must be positive");
  const TriMesh& mesh = model.mesh();
  const auto rings = vertex_one_rings(mesh);
  const std::vector<int> part = vertex_parts(model);
  // shares[v]: (neighbouring part, share) for every opening near v.
  std::vector<std::vector<std::pair<int, double>>> shares(mesh.num_vertices());
  for (const Opening& opening : model.openings())
    for (const OpeningLoop& loop : opening.loops) {
      double radius = 0.0;
      for (int v : loop.original) radius += (mesh.positions[v] - loop.centroid).norm();
      radius /= static_cast<double>(loop.original.size());
      const double reach = params.width * radius;
      const std::vector<double> d = geodesic_distances(mesh, rings, loop.original);
      for (int v = 0; v < mesh.num_vertices(); ++v) {
        if (!(d[v] < reach) || (part[v] != opening.a && part[v] != opening.b)) continue;
        const double x = d[v] / reach;
        shares[v].push_back({part[v] == opening.a ? opening.b : opening.a, 0.5 * (1.0 - x * x * (3.0 - 2.0 * x))});
      }
    }
  SkinWeights out = empty_weights(model);
  for (int v = 0; v < mesh.num_vertices(); ++v) {
    std::vector<std::pair<int, double>> candidates;
    double given = 0.0;
    for (const auto& [p, share] : shares[v]) {
      auto it = std::find_if(candidates.begin(), candidates.end(), [p = p](const auto& c) { return c.first == p; });
      if (it == candidates.end()) {
        candidates.push_back({p, share});
      } else {
        it->second = std::max(it->second, share);  // two loops to the same part: the nearer one
      }
      given += share;
    }
    // Where the shares of several openings add up past 1/2 the own part keeps at least the
    // largest share, so it never loses a vertex to its neighbours.
    double largest = 0.0;
    for (const auto& c : candidates) largest = std::max(largest, c.second);
    candidates.push_back({part[v], std::max(1.0 - given, largest)});
    set_influences(out, v, std::move(candidates));
  }
  return out;
}

SkinWeights heat_weights(const SegmentedModel& model, const Skeleton& skeleton, const HeatWeightParams& params) {
  const TriMesh& mesh = model.mesh();
  const int n = mesh.num_vertices(), parts = model.num_components();
  // −L + A H, L the cotangent Laplacian and A the barycentric vertex areas (Δ = A⁻¹ L).
  std::vector<Eigen::Triplet<double>> entries;
  std::vector<double> area(n, 0.0), diagonal(n, 0.0);
  for (const Tri& t : mesh.triangles) {
    const Vec3 &a = mesh.positions[t[0]], &b = mesh.positions[t[1]], &c = mesh.positions[t[2]];
    const double twice_area = (b - a).cross(c - a).norm();
    if (!(twice_area > 0.0)) continue;
    for (int k = 0; k < 3; ++k) {
      area[t[k]] += twice_area / 6.0;
      const int i = t[(k + 1) % 3], j = t[(k + 2) % 3];
      const Vec3 u = mesh.positions[i] - mesh.positions[t[k]], w = mesh.positions[j] - mesh.positions[t[k]];
      const double half_cot = 0.5 * u.dot(w) / u.cross(w).norm();  // the angle at t[k] faces edge (i, j)
      entries.push_back({i, j, -half_cot});
      entries.push_back({j, i, -half_cot});
      diagonal[i] += half_cot;
      diagonal[j] += half_cot;
    }
  }
  // The nearest bone of every vertex.
  const std::vector<int> part = vertex_parts(model);
  std::vector<int> nearest(n, -1);
  std::vector<double> heat(n, 0.0);
  for (int v = 0; v < n; ++v) {
    double best = std::numeric_limits<double>::infinity();
    for (const Bone& bone : skeleton.bones) {
      const double d = distance_to_segment(mesh.positions[v], skeleton.joints[bone.from].position,
                                           skeleton.joints[bone.to].position);
      if (d < best) {
        best = d;
        nearest[v] = bone.component;
      }
    }
    if (nearest[v] < 0) nearest[v] = part[v];  // a skeleton without bones: one part
    const double d = std::max(best, 1e-6 * std::sqrt(area[v]) + 1e-12);
    heat[v] = params.heat / (d * d);
  }
  for (int v = 0; v < n; ++v) entries.push_back({v, v, diagonal[v] + area[v] * heat[v]});
  Eigen::SparseMatrix<double> system(n, n);
  system.setFromTriplets(entries.begin(), entries.end());
  Eigen::SimplicialLDLT<Eigen::SparseMatrix<double>> solver(system);
  if (solver.info() != Eigen::Success) throw std::runtime_error("heat weights: the factorisation failed");
  std::vector<std::vector<std::pair<int, double>>> candidates(n);
  Eigen::VectorXd rhs(n);
  for (int p = 0; p < parts; ++p) {
    for (int v = 0; v < n; ++v) rhs[v] = nearest[v] == p ? area[v] * heat[v] : 0.0;
    const Eigen::VectorXd w = solver.solve(rhs);
    for (int v = 0; v < n; ++v)
      if (w[v] > 1e-3) candidates[v].push_back({p, w[v]});
  }
  SkinWeights out = empty_weights(model);
  for (int v = 0; v < n; ++v) {
    if (candidates[v].empty()) candidates[v].push_back({nearest[v], 1.0});
    set_influences(out, v, std::move(candidates[v]));
  }
  return out;
}

DeformerContext::WeightSource weight_source(const SegmentedModel& model, const Skeleton& skeleton, WeightsSpec spec) {
  return [&model, &skeleton, spec = std::move(spec)]() -> SkinWeights {
    if (!spec.file.empty()) {
      std::vector<std::string> parts;
      for (const Component& c : model.components()) parts.push_back(c.name);
      return read_weights(spec.file, model.mesh().num_vertices(), parts);
    }
    if (spec.method == "opening") return opening_weights(model);
    if (spec.method == "heat") return heat_weights(model, skeleton);
    throw InputError("unknown weight method '" + spec.method + "' (expected opening or heat)");
  };
}

}  // namespace skinlab
