// SPDX-License-Identifier: GPL-3.0-or-later
#include "skinlab/skinning/blend_deformer.hpp"

#include <Eigen/SVD>
#include <algorithm>
#include <map>
#include <numeric>

namespace skinlab {

namespace {

// Vertices per task: below this a thread's wake-up costs more than it saves.
constexpr int kChunk = 16384;
// A mesh with fewer vertices is skinned on the calling thread whatever the pool holds: each
// influence group is a task, and on the standard meshes handing them to the pool cost more than
// it saved (homer, 5k vertices, LBS: 0.012-0.015 ms on one thread, 0.021-0.024 on the default).
constexpr int kThreadedVertices = 2 * kChunk;

void put(float* out, const Vec3& v) {
  out[0] = static_cast<float>(v.x()), out[1] = static_cast<float>(v.y()), out[2] = static_cast<float>(v.z());
  out[3] = 0.0f;
}
void put(float* out, const Quat& q) {
  out[0] = static_cast<float>(q.x()), out[1] = static_cast<float>(q.y()), out[2] = static_cast<float>(q.z());
  out[3] = static_cast<float>(q.w());
}

}  // namespace

BlendVertices BlendMesh::vertices(const Group& g) const {
  BlendVertices v;
  v.count = g.count;
  v.influences = g.influences;
  v.px = g.px.data(), v.py = g.py.data(), v.pz = g.pz.data();
  v.nx = g.nx.data(), v.ny = g.ny.data(), v.nz = g.nz.data();
  v.set = g.set.data();
  v.weight = g.weight.data();
  return v;
}

std::size_t BlendMesh::runtime_bytes() const {
  std::size_t bytes = 0;
  for (const Group& g : groups)
    bytes += static_cast<std::size_t>(g.count) * (6 * sizeof(float) + sizeof(int)) + g.weight.size() * sizeof(float);
  return bytes;
}

BlendMesh build_blend_mesh(const SkinMesh& rest, const SkinWeights& weights) {
  const int n = rest.num_vertices();
  // Each vertex's influences in ascending part order: its set and the weights in that order.
  std::map<std::vector<int>, int> set_ids;
  BlendMesh out;
  std::vector<int> vertex_set(n);
  std::vector<std::vector<float>> vertex_weights(n);
  for (int v = 0; v < n; ++v) {
    const int k = weights.influences(v);
    std::vector<int> order(k);
    std::iota(order.begin(), order.end(), 0);
    std::sort(order.begin(), order.end(), [&](int a, int b) { return weights.joints[v][a] < weights.joints[v][b]; });
    std::vector<int> parts;
    for (int i : order) {
      parts.push_back(weights.joints[v][i]);
      vertex_weights[v].push_back(weights.weights[v][i]);
    }
    const auto [it, inserted] = set_ids.emplace(parts, static_cast<int>(out.sets.size()));
    if (inserted) out.sets.push_back(parts);
    vertex_set[v] = it->second;
  }
  // Group by influence count, then by set, then by rest order (stable and repeatable).
  std::vector<int> order(n);
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(), [&](int a, int b) {
    const auto ka = vertex_weights[a].size(), kb = vertex_weights[b].size();
    return ka != kb ? ka < kb : vertex_set[a] < vertex_set[b];
  });
  std::vector<int> new_id(n);
  SkinMesh& mesh = out.mesh;
  for (int i = 0; i < n; ++i) {
    const int v = order[i];
    new_id[v] = i;
    for (int k = 0; k < 3; ++k) {
      mesh.rest_positions.push_back(rest.rest_positions[3 * v + k]);
      mesh.rest_normals.push_back(rest.rest_normals[3 * v + k]);
    }
    mesh.vertex_component.push_back(rest.vertex_component[v]);
    mesh.welded_vertex.push_back(rest.welded_vertex[v]);
    const int k = static_cast<int>(vertex_weights[v].size());
    if (out.groups.empty() || out.groups.back().influences != k) {
      out.groups.emplace_back();
      out.groups.back().first = i;
      out.groups.back().influences = k;
    }
    BlendMesh::Group& g = out.groups.back();
    ++g.count;
    g.px.push_back(rest.rest_positions[3 * v]), g.py.push_back(rest.rest_positions[3 * v + 1]);
    g.pz.push_back(rest.rest_positions[3 * v + 2]);
    g.nx.push_back(rest.rest_normals[3 * v]), g.ny.push_back(rest.rest_normals[3 * v + 1]);
    g.nz.push_back(rest.rest_normals[3 * v + 2]);
    g.set.push_back(vertex_set[v]);
    std::array<std::uint16_t, 4> joints{0, 0, 0, 0};
    std::array<float, 4> w{0, 0, 0, 0};
    for (int s = 0; s < k; ++s) {
      joints[s] = static_cast<std::uint16_t>(out.sets[vertex_set[v]][s]);
      w[s] = vertex_weights[v][s];
    }
    out.skin.joints.push_back(joints);
    out.skin.weights.push_back(w);
  }
  for (BlendMesh::Group& g : out.groups) {
    if (g.influences == 1) continue;
    g.weight.resize(static_cast<std::size_t>(g.influences) * g.count);
    for (int v = 0; v < g.count; ++v)
      for (int s = 0; s < g.influences; ++s) g.weight[s * g.count + v] = vertex_weights[order[g.first + v]][s];
  }
  for (const Tri& t : rest.triangles) mesh.triangles.push_back({new_id[t[0]], new_id[t[1]], new_id[t[2]]});
  mesh.triangle_component = rest.triangle_component;
  mesh.welded_triangle = rest.welded_triangle;
  return out;
}

BlendMesh replicate(const BlendMesh& one, int copies) {
  BlendMesh out;
  const int sets = static_cast<int>(one.sets.size());
  for (int c = 0; c < copies; ++c)
    for (const auto& s : one.sets) out.sets.push_back(s);
  int first = 0;
  for (const BlendMesh::Group& g : one.groups) {
    BlendMesh::Group big;
    big.first = first;
    big.count = g.count * copies;
    big.influences = g.influences;
    for (int c = 0; c < copies; ++c) {
      for (auto [to, from] : {std::pair{&big.px, &g.px},
                              {&big.py, &g.py},
                              {&big.pz, &g.pz},
                              {&big.nx, &g.nx},
                              {&big.ny, &g.ny},
                              {&big.nz, &g.nz}})
        to->insert(to->end(), from->begin(), from->end());
      for (int s : g.set) big.set.push_back(s + c * sets);
    }
    if (g.influences > 1) {
      big.weight.resize(static_cast<std::size_t>(g.influences) * big.count);
      for (int i = 0; i < g.influences; ++i)
        for (int c = 0; c < copies; ++c)
          std::copy_n(g.weight.begin() + static_cast<std::ptrdiff_t>(i) * g.count, g.count,
                      big.weight.begin() + static_cast<std::ptrdiff_t>(i) * big.count +
                          static_cast<std::ptrdiff_t>(c) * g.count);
    }
    first += big.count;
    out.groups.push_back(std::move(big));
  }
  return out;
}

void run_blend_kernels(const BlendMesh& mesh, BlendKind kind, KernelPath path, const float* sets,
                       const float* rigid_sets, WorkerPool& pool, float* positions, float* normals) {
  struct Task {
    int group, begin, end;
  };
  std::vector<Task> tasks;
  int vertices = 0;
  for (std::size_t g = 0; g < mesh.groups.size(); ++g) {
    vertices += mesh.groups[g].count;
    for (int begin = 0; begin < mesh.groups[g].count; begin += kChunk)
      tasks.push_back({static_cast<int>(g), begin, std::min(begin + kChunk, mesh.groups[g].count)});
  }
  const auto run_task = [&](int i) {
    const BlendMesh::Group& g = mesh.groups[tasks[i].group];
    const bool rigid = g.influences == 1 && rigid_sets != nullptr;
    blend_skin(rigid ? BlendKind::lbs : kind, path, mesh.vertices(g), tasks[i].begin, tasks[i].end,
               rigid ? rigid_sets : sets, positions + 3 * static_cast<std::size_t>(g.first),
               normals + 3 * static_cast<std::size_t>(g.first));
  };
  if (vertices < kThreadedVertices) {
    for (int i = 0; i < static_cast<int>(tasks.size()); ++i) run_task(i);
    return;
  }
  pool.run(static_cast<int>(tasks.size()), run_task);
}

BlendDeformer::BlendDeformer(const SkinMesh& rest, const SkinWeights& weights, std::shared_ptr<const Rig> rig,
                             BlendParams params)
    : blend_(build_blend_mesh(rest, weights)), rig_(std::move(rig)), params_(params) {
  // A centre of rotation is exact [KZ05 §4] for one part — any point: its joint —
  // and for a part and its parent: the child's joint, which both transforms fix.
  exact_centre_.resize(blend_.sets.size());
  for (std::size_t s = 0; s < blend_.sets.size(); ++s) {
    const std::vector<int>& set = blend_.sets[s];
    const auto child_of = [&](int a, int b) { return rig_->components[a].parent == b; };
    if (set.size() == 1) {
      exact_centre_[s] = rig_->components[set[0]].joint;
    } else if (set.size() == 2 && (child_of(set[0], set[1]) || child_of(set[1], set[0]))) {
      exact_centre_[s] = rig_->components[child_of(set[0], set[1]) ? set[0] : set[1]].joint;
    } else {
      svd_sets_.push_back(static_cast<int>(s));
      Vec3 mean = Vec3::Zero();
      for (int c : set) mean += rig_->components[c].joint;
      exact_centre_[s] = mean / static_cast<double>(set.size());  // the reference point of the SVD
    }
  }
  table_.assign(blend_.sets.size() * set_stride(params_.kind), 0.0f);
  if (params_.kind != BlendKind::lbs) rigid_table_.assign(blend_.sets.size() * kLbsSetStride, 0.0f);
  pool_ = std::make_unique<WorkerPool>(std::max(1, params_.threads));
}

// The least-squares centre of rotation of a set [KZ05 §4]: every pair a < b asks
// (R_a − R_b) r = t_b − t_a. Solved for the offset from the set's mean joint with the SVD's
// minimum-norm solution (singular values below 1e-6 of the largest count as zero, as LAPACK's
// dgelss does with that rcond), so a rank-deficient system (all rotations alike) keeps the
// centre at the set's joints rather than sending it towards the origin.
Vec3 BlendDeformer::centre_of_rotation(int s, const AcceptedPose& pose) const {
  const std::vector<int>& set = blend_.sets[s];
  const Vec3 reference = exact_centre_[s];
  // At most 4 parts: 6 pairs, 18 equations. Fixed maximum sizes: no allocation per call.
  constexpr int kMaxRows = 18;
  using System = Eigen::Matrix<double, Eigen::Dynamic, 3, Eigen::ColMajor, kMaxRows, 3>;
  using Rhs = Eigen::Matrix<double, Eigen::Dynamic, 1, Eigen::ColMajor, kMaxRows, 1>;
  const int m = static_cast<int>(3 * set.size() * (set.size() - 1) / 2);
  System d(m, 3);
  Rhs e(m);
  int row = 0;
  for (std::size_t a = 0; a < set.size(); ++a)
    for (std::size_t b = a + 1; b < set.size(); ++b, row += 3) {
      const QT &ca = pose.world[set[a]], &cb = pose.world[set[b]];
      const Mat3 diff = ca.q.toRotationMatrix() - cb.q.toRotationMatrix();
      d.middleRows<3>(row) = diff;
      e.segment<3>(row) = cb.t - ca.t - diff * reference;
    }
  Eigen::JacobiSVD<System> svd(d, Eigen::ComputeFullU | Eigen::ComputeFullV);
  svd.setThreshold(1e-6);
  return reference + svd.solve(e);
}

void BlendDeformer::fill_sets(const AcceptedPose& pose, BlendKind kind, float* table) const {
  const int stride = set_stride(kind);
  for (std::size_t s = 0; s < blend_.sets.size(); ++s) {
    const std::vector<int>& set = blend_.sets[s];
    float* row = table + s * stride;
    const bool needs_centre = kind == BlendKind::sbs || kind == BlendKind::sbs_linear;
    const Vec3 rc = !needs_centre ? Vec3::Zero()
                    : std::binary_search(svd_sets_.begin(), svd_sets_.end(), static_cast<int>(s))
                        ? centre_of_rotation(static_cast<int>(s), pose)
                        : exact_centre_[s];
    const Quat pivot = pose.world[set[0]].q;
    for (std::size_t i = 0; i < set.size(); ++i) {
      const QT& c = pose.world[set[i]];
      // The same rotation on the pivot's side of the quaternion sphere (QLERP's and DQS's sign rule).
      const Quat q = pivot.dot(c.q) < 0 ? Quat(-c.q.coeffs()) : c.q;
      const Mat3 r = c.q.toRotationMatrix();
      switch (kind) {
        case BlendKind::lbs:
          for (int col = 0; col < 3; ++col) put(row + 16 * i + 4 * col, Vec3(r.col(col)));
          put(row + 16 * i + 12, c.t);
          break;
        case BlendKind::sbs:
          put(row, rc);
          put(row + 4 + 4 * i, q);
          put(row + 20 + 4 * i, c.apply_point(rc));
          break;
        case BlendKind::sbs_linear:
          put(row, rc);
          for (int col = 0; col < 3; ++col) put(row + 4 + 12 * i + 4 * col, Vec3(r.col(col)));
          put(row + 52 + 4 * i, c.apply_point(rc));
          break;
        case BlendKind::dqs: {
          // The dual part ½ (0, t) q of the unit dual quaternion of C ([KCZO08], §3).
          const Quat dual = Quat(0.0, 0.5 * c.t.x(), 0.5 * c.t.y(), 0.5 * c.t.z()) * q;
          put(row + 4 * i, q);
          put(row + 16 + 4 * i, dual);
          break;
        }
      }
    }
  }
}

void BlendDeformer::deform(const AcceptedPose& pose, Frame& frame) {
  fill_sets(pose, params_.kind, table_.data());
  if (!rigid_table_.empty()) fill_sets(pose, BlendKind::lbs, rigid_table_.data());
  frame.positions.resize(blend_.mesh.rest_positions.size());
  frame.normals.resize(blend_.mesh.rest_normals.size());
  frame.rest_triangles = true;
  run_blend_kernels(blend_, params_.kind, params_.path, table_.data(),
                    rigid_table_.empty() ? nullptr : rigid_table_.data(), *pool_, frame.positions.data(),
                    frame.normals.data());
}

DeformerStatistics BlendDeformer::statistics() const {
  DeformerStatistics out{{"joint_sets", static_cast<double>(blend_.sets.size()), true}};
  if (params_.kind == BlendKind::sbs) out.push_back({"svd_per_frame", static_cast<double>(svd_sets()), true});
  return out;
}

std::optional<GpuSkinning> BlendDeformer::gpu_skinning() const {
  if (params_.kind == BlendKind::sbs_linear) return std::nullopt;
  GpuSkinning gpu;
  gpu.kind = params_.kind == BlendKind::lbs ? "lbs" : params_.kind == BlendKind::sbs ? "sbs" : "dqs";
  gpu.sets = static_cast<int>(blend_.sets.size());
  gpu.set_stride = set_stride(params_.kind);
  gpu.weights.assign(4 * blend_.mesh.rest_positions.size() / 3, 0.0f);
  for (const BlendMesh::Group& g : blend_.groups)
    for (int v = 0; v < g.count; ++v) {
      gpu.set.push_back(g.set[v]);
      for (int i = 0; i < g.influences; ++i)
        gpu.weights[4 * (g.first + v) + i] = g.influences == 1 ? 1.0f : g.weight[i * g.count + v];
    }
  return gpu;
}

void BlendDeformer::gpu_set_table(const AcceptedPose& pose, std::vector<float>& table) const {
  table.resize(blend_.sets.size() * set_stride(params_.kind));
  fill_sets(pose, params_.kind, table.data());
}

std::optional<LinearSkin> BlendDeformer::linear_skin() const {
  if (params_.kind != BlendKind::lbs) return std::nullopt;
  return blend_.skin;
}

std::unique_ptr<BlendDeformer> make_smooth_deformer(DeformerContext& context, BlendKind kind) {
  BlendParams params;
  params.kind = kind;
  params.threads = context.threads();
  return std::make_unique<BlendDeformer>(welded_skin_mesh(context.model()), context.weights(), context.rig(), params);
}

SkinWeights own_part_weights(const SkinMesh& rest) {
  SkinWeights own;
  own.joints.resize(rest.num_vertices());
  own.weights.assign(rest.num_vertices(), {1, 0, 0, 0});
  for (int v = 0; v < rest.num_vertices(); ++v)
    own.joints[v] = {static_cast<std::uint16_t>(rest.vertex_component[v]), 0, 0, 0};
  return own;
}

std::unique_ptr<BlendDeformer> make_rigid_deformer(const SegmentedModel& model, std::shared_ptr<const Rig> rig,
                                                   int threads, KernelPath path) {
  const SkinMesh split = split_skin_mesh(model);
  const SkinWeights own = own_part_weights(split);
  BlendParams params;
  params.threads = threads;
  params.path = path;
  return std::make_unique<BlendDeformer>(split, own, std::move(rig), params);
}

}  // namespace skinlab
