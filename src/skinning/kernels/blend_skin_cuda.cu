// SPDX-License-Identifier: GPL-3.0-or-later
#include <cuda_runtime.h>

#include <stdexcept>
#include <string>
#include <vector>

#include "skinlab/skinning/kernels/blend_skin_cuda.hpp"

namespace skinlab {

namespace {

void check(cudaError_t status, const char* what) {
  if (status != cudaSuccess) throw std::runtime_error(std::string("CUDA ") + what + ": " + cudaGetErrorString(status));
}

struct DeviceGroup {
  int count, influences, first;
  const float *px, *py, *pz, *nx, *ny, *nz;
  const int* set;
  const float* weight;
};

// The 3x3 rotation of quaternion (x, y, z, w) divided by q·q, row-major [KZ05 §4.2].
__device__ void rotation(float x, float y, float z, float w, float r[9]) {
  const float inv = 1.0f / (x * x + y * y + z * z + w * w);
  r[0] = (x * x + w * w - y * y - z * z) * inv, r[1] = 2 * (x * y - w * z) * inv, r[2] = 2 * (x * z + w * y) * inv;
  r[3] = 2 * (x * y + w * z) * inv, r[4] = (y * y + w * w - x * x - z * z) * inv, r[5] = 2 * (y * z - w * x) * inv;
  r[6] = 2 * (x * z - w * y) * inv, r[7] = 2 * (y * z + w * x) * inv, r[8] = (z * z + w * w - x * x - y * y) * inv;
}

// One thread per vertex. The set table is staged in shared memory when `shared_floats` > 0.
__global__ void skin_kernel(DeviceGroup g, BlendKind kind, const float* __restrict__ table, int shared_floats,
                            float* __restrict__ out_p, float* __restrict__ out_n) {
  extern __shared__ float palette[];
  const float* sets = table;
  if (shared_floats > 0) {
    for (int i = threadIdx.x; i < shared_floats; i += blockDim.x) palette[i] = table[i];
    __syncthreads();
    sets = palette;
  }
  const int v = blockIdx.x * blockDim.x + threadIdx.x;
  if (v >= g.count) return;
  const int K = g.influences;
  float w[4];
  for (int i = 0; i < 4; ++i) w[i] = i < K ? (K == 1 ? 1.0f : g.weight[i * g.count + v]) : 0.0f;
  const float p[3] = {g.px[v], g.py[v], g.pz[v]}, n[3] = {g.nx[v], g.ny[v], g.nz[v]};
  float r[9], t[3] = {0, 0, 0}, o[3] = {0, 0, 0};
  if (kind == BlendKind::lbs) {
    const float* s = sets + kLbsSetStride * g.set[v];
    for (int k = 0; k < 9; ++k) r[k] = 0;
    for (int i = 0; i < K; ++i)
      for (int row = 0; row < 3; ++row) {
        for (int col = 0; col < 3; ++col) r[3 * row + col] += w[i] * s[16 * i + 4 * col + row];
        t[row] += w[i] * s[16 * i + 12 + row];
      }
  } else if (kind == BlendKind::sbs) {
    const float* s = sets + kSbsSetStride * g.set[v];
    float q[4] = {0, 0, 0, 0};
    for (int i = 0; i < K; ++i)
      for (int k = 0; k < 4; ++k) q[k] += w[i] * s[4 + 4 * i + k];
    for (int i = 0; i < K; ++i)
      for (int k = 0; k < 3; ++k) t[k] += w[i] * s[20 + 4 * i + k];
    rotation(q[0], q[1], q[2], q[3], r);
    for (int k = 0; k < 3; ++k) o[k] = s[k];
  } else {
    const float* s = sets + kDqsSetStride * g.set[v];
    float b[4] = {0, 0, 0, 0}, d[4] = {0, 0, 0, 0};
    for (int i = 0; i < K; ++i)
      for (int k = 0; k < 4; ++k) b[k] += w[i] * s[4 * i + k], d[k] += w[i] * s[16 + 4 * i + k];
    rotation(b[0], b[1], b[2], b[3], r);
    const float scale = 2.0f / (b[0] * b[0] + b[1] * b[1] + b[2] * b[2] + b[3] * b[3]);
    t[0] = (b[3] * d[0] - d[3] * b[0] + b[1] * d[2] - b[2] * d[1]) * scale;
    t[1] = (b[3] * d[1] - d[3] * b[1] + b[2] * d[0] - b[0] * d[2]) * scale;
    t[2] = (b[3] * d[2] - d[3] * b[2] + b[0] * d[1] - b[1] * d[0]) * scale;
  }
  const int out = 3 * (g.first + v);
  for (int row = 0; row < 3; ++row) {
    out_p[out + row] =
        r[3 * row] * (p[0] - o[0]) + r[3 * row + 1] * (p[1] - o[1]) + r[3 * row + 2] * (p[2] - o[2]) + t[row];
    out_n[out + row] = r[3 * row] * n[0] + r[3 * row + 1] * n[1] + r[3 * row + 2] * n[2];
  }
}

}  // namespace

struct CudaBlendMesh {
  std::vector<DeviceGroup> groups;
  std::vector<void*> allocations;
  float *sets = nullptr, *rigid_sets = nullptr, *positions = nullptr, *normals = nullptr;
  int sets_count = 0, vertices = 0;
};

bool cuda_device_available() {
  int devices = 0;
  return cudaGetDeviceCount(&devices) == cudaSuccess && devices > 0;
}

CudaBlendMesh* cuda_upload_blend_mesh(const BlendVertices* groups, const int* first, int num_groups, int num_sets) {
  auto* mesh = new CudaBlendMesh;
  const auto copy = [&](const void* host, std::size_t bytes) {
    void* device = nullptr;
    check(cudaMalloc(&device, bytes), "malloc");
    if (host) check(cudaMemcpy(device, host, bytes, cudaMemcpyHostToDevice), "upload");
    mesh->allocations.push_back(device);
    return device;
  };
  for (int i = 0; i < num_groups; ++i) {
    const BlendVertices& g = groups[i];
    const std::size_t n = static_cast<std::size_t>(g.count) * sizeof(float);
    DeviceGroup d{g.count, g.influences, first[i], nullptr, nullptr, nullptr,
                  nullptr, nullptr,      nullptr,  nullptr, nullptr};
    d.px = static_cast<const float*>(copy(g.px, n)), d.py = static_cast<const float*>(copy(g.py, n));
    d.pz = static_cast<const float*>(copy(g.pz, n)), d.nx = static_cast<const float*>(copy(g.nx, n));
    d.ny = static_cast<const float*>(copy(g.ny, n)), d.nz = static_cast<const float*>(copy(g.nz, n));
    d.set = static_cast<const int*>(copy(g.set, static_cast<std::size_t>(g.count) * sizeof(int)));
    if (g.influences > 1) d.weight = static_cast<const float*>(copy(g.weight, n * g.influences));
    mesh->groups.push_back(d);
    mesh->vertices = std::max(mesh->vertices, first[i] + g.count);
  }
  mesh->sets_count = num_sets;
  const std::size_t widest = sizeof(float) * static_cast<std::size_t>(num_sets) * kLbsSetStride;
  mesh->sets = static_cast<float*>(copy(nullptr, widest));
  mesh->rigid_sets = static_cast<float*>(copy(nullptr, widest));
  mesh->positions = static_cast<float*>(copy(nullptr, sizeof(float) * 3 * mesh->vertices));
  mesh->normals = static_cast<float*>(copy(nullptr, sizeof(float) * 3 * mesh->vertices));
  return mesh;
}

void cuda_free_blend_mesh(CudaBlendMesh* mesh) {
  for (void* p : mesh->allocations) cudaFree(p);
  delete mesh;
}

float cuda_blend_skin(CudaBlendMesh* mesh, BlendKind kind, const float* sets, const float* rigid_sets,
                      float* out_positions, float* out_normals) {
  const int floats = mesh->sets_count * set_stride(kind), rigid_floats = mesh->sets_count * kLbsSetStride;
  check(cudaMemcpy(mesh->sets, sets, sizeof(float) * floats, cudaMemcpyHostToDevice), "sets");
  if (rigid_sets)
    check(cudaMemcpy(mesh->rigid_sets, rigid_sets, sizeof(float) * rigid_floats, cudaMemcpyHostToDevice), "sets");
  cudaEvent_t start, stop;
  cudaEventCreate(&start);
  cudaEventCreate(&stop);
  cudaEventRecord(start);
  constexpr int kThreads = 256;
  constexpr int kSharedFloats = 48 * 1024 / 4;
  for (const DeviceGroup& g : mesh->groups) {
    const bool rigid = g.influences == 1 && rigid_sets != nullptr;
    const BlendKind k = rigid ? BlendKind::lbs : kind;
    const int table_floats = rigid ? rigid_floats : floats;
    const int shared = table_floats <= kSharedFloats ? table_floats : 0;
    skin_kernel<<<(g.count + kThreads - 1) / kThreads, kThreads, shared * sizeof(float)>>>(
        g, k, rigid ? mesh->rigid_sets : mesh->sets, shared, mesh->positions, mesh->normals);
  }
  cudaEventRecord(stop);
  check(cudaEventSynchronize(stop), "kernel");
  float ms = 0.0f;
  cudaEventElapsedTime(&ms, start, stop);
  cudaEventDestroy(start);
  cudaEventDestroy(stop);
  check(cudaMemcpy(out_positions, mesh->positions, sizeof(float) * 3 * mesh->vertices, cudaMemcpyDeviceToHost), "read");
  check(cudaMemcpy(out_normals, mesh->normals, sizeof(float) * 3 * mesh->vertices, cudaMemcpyDeviceToHost), "read");
  return ms;
}

}  // namespace skinlab
