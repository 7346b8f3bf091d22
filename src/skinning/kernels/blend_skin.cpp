// SPDX-License-Identifier: GPL-3.0-or-later
#include "skinlab/skinning/kernels/blend_skin.hpp"

#include <cstring>

namespace skinlab {

namespace {

// ---- 4-wide vectors (GCC/Clang vector extensions: SSE2 here, AVX+FMA in the avx2 clone) ----

typedef float V4 __attribute__((vector_size(16)));

inline V4 load(const float* p) {
  V4 v;
  std::memcpy(&v, p, sizeof v);
  return v;
}
inline V4 splat(float x) { return V4{x, x, x, x}; }
// Three floats: a fourth would overwrite the next vertex, which another thread may own.
inline void store3(float* p, V4 v) { std::memcpy(p, &v, 3 * sizeof(float)); }

// The columns of the rotation of quaternion s = (x, y, z, w), each entry divided by s·s
// ([KZ05 §4.2]: the matrix of a non-unit quaternion, no square root).
__attribute__((always_inline)) inline void rotation_columns(V4 s, V4& c0, V4& c1, V4& c2) {
  const float x = s[0], y = s[1], z = s[2], w = s[3];
  const float inv = 1.0f / (x * x + y * y + z * z + w * w);
  c0 = V4{x * x + w * w - y * y - z * z, 2 * x * y + 2 * w * z, 2 * x * z - 2 * w * y, 0} * inv;
  c1 = V4{2 * x * y - 2 * w * z, y * y + w * w - x * x - z * z, 2 * y * z + 2 * w * x, 0} * inv;
  c2 = V4{2 * x * z + 2 * w * y, 2 * y * z - 2 * w * x, z * z + w * w - x * x - y * y, 0} * inv;
}

template <BlendKind kind, int K>
__attribute__((always_inline)) inline void vertex_loop(const BlendVertices& g, int begin, int end,
                                                       const float* __restrict sets, float* __restrict out_p,
                                                       float* __restrict out_n) {
  // Locals, restrict-qualified: the stores through out_p and out_n cannot change them, so they
  // stay in registers instead of being reloaded from `g` for every vertex.
  const float* __restrict px = g.px, * __restrict py = g.py, * __restrict pz = g.pz;
  const float* __restrict npx = g.nx, * __restrict npy = g.ny, * __restrict npz = g.nz;
  const int* __restrict set = g.set;
  const float* __restrict weight = g.weight;
  const int count = g.count;
  for (int v = begin; v < end; ++v) {
    const float w0 = K == 1 ? 1.0f : weight[v];  // one influence: weight 1, not stored
    const V4 x = splat(px[v]), y = splat(py[v]), z = splat(pz[v]);
    const V4 nx = splat(npx[v]), ny = splat(npy[v]), nz = splat(npz[v]);
    V4 p, n;
    if constexpr (kind == BlendKind::lbs) {
      const float* s = sets + kLbsSetStride * set[v];
      V4 c0 = load(s), c1 = load(s + 4), c2 = load(s + 8), c3 = load(s + 12);
      if (K > 1) c0 *= w0, c1 *= w0, c2 *= w0, c3 *= w0;
      for (int i = 1; i < K; ++i) {
        const float wi = weight[i * count + v];
        c0 += wi * load(s + 16 * i), c1 += wi * load(s + 16 * i + 4);
        c2 += wi * load(s + 16 * i + 8), c3 += wi * load(s + 16 * i + 12);
      }
      p = c0 * x + c1 * y + c2 * z + c3;
      n = c0 * nx + c1 * ny + c2 * nz;
    } else if constexpr (kind == BlendKind::sbs) {
      const float* s = sets + kSbsSetStride * set[v];
      const V4 rc = load(s);
      V4 q = w0 * load(s + 4), centre = w0 * load(s + 20);
      for (int i = 1; i < K; ++i) {
        const float wi = weight[i * count + v];
        q += wi * load(s + 4 + 4 * i);
        centre += wi * load(s + 20 + 4 * i);
      }
      V4 c0, c1, c2;
      rotation_columns(q, c0, c1, c2);
      p = c0 * (x - rc[0]) + c1 * (y - rc[1]) + c2 * (z - rc[2]) + centre;
      n = c0 * nx + c1 * ny + c2 * nz;
    } else if constexpr (kind == BlendKind::sbs_linear) {
      const float* s = sets + kSbsLinearSetStride * set[v];
      const V4 rc = load(s);
      V4 c0 = w0 * load(s + 4), c1 = w0 * load(s + 8), c2 = w0 * load(s + 12), centre = w0 * load(s + 52);
      for (int i = 1; i < K; ++i) {
        const float wi = weight[i * count + v];
        c0 += wi * load(s + 4 + 12 * i), c1 += wi * load(s + 8 + 12 * i), c2 += wi * load(s + 12 + 12 * i);
        centre += wi * load(s + 52 + 4 * i);
      }
      p = c0 * (x - rc[0]) + c1 * (y - rc[1]) + c2 * (z - rc[2]) + centre;
      n = c0 * nx + c1 * ny + c2 * nz;
    } else {
      const float* s = sets + kDqsSetStride * set[v];
      V4 r = w0 * load(s), d = w0 * load(s + 16);
      for (int i = 1; i < K; ++i) {
        const float wi = weight[i * count + v];
        r += wi * load(s + 4 * i);
        d += wi * load(s + 16 + 4 * i);
      }
      V4 c0, c1, c2;
      rotation_columns(r, c0, c1, c2);
      // t = 2 (r_w d_v − d_w r_v + r_v × d_v) / (r·r)
      const V4 rv_x_dv{r[1] * d[2] - r[2] * d[1], r[2] * d[0] - r[0] * d[2], r[0] * d[1] - r[1] * d[0], 0};
      const float scale = 2.0f / (r[0] * r[0] + r[1] * r[1] + r[2] * r[2] + r[3] * r[3]);
      const V4 t = (r[3] * d - d[3] * r + rv_x_dv) * scale;
      p = c0 * x + c1 * y + c2 * z + t;
      n = c0 * nx + c1 * ny + c2 * nz;
    }
    store3(out_p + 3 * v, p);
    store3(out_n + 3 * v, n);
  }
}

// ---- Eight vertices at once, structure of arrays, where the eight share one joint set (vertices
// are sorted by set, so nearly every block does): the set's row is broadcast, every formula runs
// lane-wise, and the results are interleaved back to x, y, z triples. ----

typedef float V8 __attribute__((vector_size(32)));

inline V8 load8(const float* p) {
  V8 v;
  std::memcpy(&v, p, sizeof v);
  return v;
}
inline V8 splat8(float x) { return V8{x, x, x, x, x, x, x, x}; }

// Writes lanes (x_l, y_l, z_l) of eight vertices as 24 interleaved floats.
__attribute__((always_inline)) inline void store_interleaved(float* out, V8 x, V8 y, V8 z) {
  const V8 t0 = __builtin_shufflevector(x, y, 0, 8, 0, 1, 9, 0, 2, 10);
  const V8 t1 = __builtin_shufflevector(x, y, 0, 3, 11, 0, 4, 12, 0, 5);
  const V8 t2 = __builtin_shufflevector(x, y, 13, 0, 6, 14, 0, 7, 15, 0);
  const V8 o0 = __builtin_shufflevector(t0, z, 0, 1, 8, 3, 4, 9, 6, 7);
  const V8 o1 = __builtin_shufflevector(t1, z, 10, 1, 2, 11, 4, 5, 12, 7);
  const V8 o2 = __builtin_shufflevector(t2, z, 0, 13, 2, 3, 14, 5, 6, 15);
  std::memcpy(out, &o0, sizeof o0);
  std::memcpy(out + 8, &o1, sizeof o1);
  std::memcpy(out + 16, &o2, sizeof o2);
}

// The rotation of quaternions (x, y, z, w), lane-wise, divided by q·q: r[3 * row + col].
__attribute__((always_inline)) inline void rotation_lanes(V8 x, V8 y, V8 z, V8 w, V8 r[9]) {
  const V8 xx = x * x, yy = y * y, zz = z * z, ww = w * w;
  const V8 inv = 1.0f / (xx + yy + zz + ww);
  const V8 two_inv = 2.0f * inv;
  r[0] = (xx + ww - yy - zz) * inv, r[1] = (x * y - w * z) * two_inv, r[2] = (x * z + w * y) * two_inv;
  r[3] = (x * y + w * z) * two_inv, r[4] = (yy + ww - xx - zz) * inv, r[5] = (y * z - w * x) * two_inv;
  r[6] = (x * z - w * y) * two_inv, r[7] = (y * z + w * x) * two_inv, r[8] = (zz + ww - xx - yy) * inv;
}

template <BlendKind kind, int K>
__attribute__((always_inline)) inline void block_loop(const BlendVertices& g, int begin, int end,
                                                      const float* __restrict sets, float* __restrict out_p,
                                                      float* __restrict out_n) {
  constexpr int stride = kind == BlendKind::lbs   ? kLbsSetStride
                         : kind == BlendKind::sbs ? kSbsSetStride
                                                  : kDqsSetStride;
  const int* __restrict set = g.set;
  const float* __restrict weight = g.weight;
  const int count = g.count;
  int v = begin;
  for (; v + 8 <= end; v += 8) {
    if (set[v] != set[v + 7]) {
      vertex_loop<kind, K>(g, v, v + 8, sets, out_p, out_n);
      continue;
    }
    const float* __restrict s = sets + stride * set[v];
    V8 w[K];
    for (int i = 0; i < K; ++i) w[i] = K == 1 ? splat8(1.0f) : load8(weight + i * count + v);
    // Σ w_i row[offset + step i + k], lane-wise.
    const auto blend = [&](int offset, int step) {
      V8 sum = w[0] * s[offset];
      for (int i = 1; i < K; ++i) sum += w[i] * s[offset + step * i];
      return sum;
    };
    const V8 x = load8(g.px + v), y = load8(g.py + v), z = load8(g.pz + v);
    const V8 nx = load8(g.nx + v), ny = load8(g.ny + v), nz = load8(g.nz + v);
    V8 r[9], t[3], d[3] = {x, y, z};
    if constexpr (kind == BlendKind::lbs) {
      // Row `row` of the blended matrix: columns c at offset 4c + row of each slot's 16 floats.
      for (int row = 0; row < 3; ++row) {
        for (int col = 0; col < 3; ++col) r[3 * row + col] = blend(4 * col + row, 16);
        t[row] = blend(12 + row, 16);
      }
    } else if constexpr (kind == BlendKind::sbs) {
      rotation_lanes(blend(4, 4), blend(5, 4), blend(6, 4), blend(7, 4), r);
      for (int k = 0; k < 3; ++k) t[k] = blend(20 + k, 4), d[k] -= s[k];
    } else {
      const V8 rx = blend(0, 4), ry = blend(1, 4), rz = blend(2, 4), rw = blend(3, 4);
      const V8 dx = blend(16, 4), dy = blend(17, 4), dz = blend(18, 4), dw = blend(19, 4);
      rotation_lanes(rx, ry, rz, rw, r);
      const V8 scale = 2.0f / (rx * rx + ry * ry + rz * rz + rw * rw);
      t[0] = (rw * dx - dw * rx + (ry * dz - rz * dy)) * scale;
      t[1] = (rw * dy - dw * ry + (rz * dx - rx * dz)) * scale;
      t[2] = (rw * dz - dw * rz + (rx * dy - ry * dx)) * scale;
    }
    V8 p[3], n[3];
    for (int row = 0; row < 3; ++row) {
      p[row] = r[3 * row] * d[0] + r[3 * row + 1] * d[1] + r[3 * row + 2] * d[2] + t[row];
      n[row] = r[3 * row] * nx + r[3 * row + 1] * ny + r[3 * row + 2] * nz;
    }
    store_interleaved(out_p + 3 * v, p[0], p[1], p[2]);
    store_interleaved(out_n + 3 * v, n[0], n[1], n[2]);
  }
  vertex_loop<kind, K>(g, v, end, sets, out_p, out_n);
}

template <BlendKind kind, int K>
__attribute__((always_inline)) inline void any_loop(const BlendVertices& g, int begin, int end, const float* sets,
                                                    float* out_p, float* out_n) {
  if constexpr (kind == BlendKind::sbs_linear) {
    vertex_loop<kind, K>(g, begin, end, sets, out_p, out_n);
  } else {
    block_loop<kind, K>(g, begin, end, sets, out_p, out_n);
  }
}

template <BlendKind kind>
__attribute__((always_inline)) inline void vector_dispatch(const BlendVertices& g, int begin, int end,
                                                           const float* sets, float* out_p, float* out_n) {
  switch (g.influences) {
    case 1:
      return any_loop<kind, 1>(g, begin, end, sets, out_p, out_n);
    case 2:
      return any_loop<kind, 2>(g, begin, end, sets, out_p, out_n);
    case 3:
      return any_loop<kind, 3>(g, begin, end, sets, out_p, out_n);
    default:
      return any_loop<kind, 4>(g, begin, end, sets, out_p, out_n);
  }
}

#define SKINLAB_VECTOR_ENTRY(NAME, ATTRIBUTES)                                                                   \
  ATTRIBUTES void NAME(BlendKind kind, const BlendVertices& g, int begin, int end, const float* sets, float* p,  \
                       float* n) {                                                                               \
    if (kind == BlendKind::lbs) return vector_dispatch<BlendKind::lbs>(g, begin, end, sets, p, n);               \
    if (kind == BlendKind::sbs) return vector_dispatch<BlendKind::sbs>(g, begin, end, sets, p, n);               \
    if (kind == BlendKind::sbs_linear) return vector_dispatch<BlendKind::sbs_linear>(g, begin, end, sets, p, n); \
    return vector_dispatch<BlendKind::dqs>(g, begin, end, sets, p, n);                                           \
  }

SKINLAB_VECTOR_ENTRY(vector_skin, )
#if defined(__x86_64__) || defined(__i386__)
SKINLAB_VECTOR_ENTRY(avx2_skin, __attribute__((target("avx2,fma"))))
#endif
#undef SKINLAB_VECTOR_ENTRY

// ---- The scalar reference: the same formulas one float at a time ----

void scalar_rotation(const float q[4], float m[9]) {
  const float x = q[0], y = q[1], z = q[2], w = q[3];
  const float inv = 1.0f / (x * x + y * y + z * z + w * w);
  const float r[9] = {x * x + w * w - y * y - z * z, 2 * x * y - 2 * w * z,         2 * x * z + 2 * w * y,
                      2 * x * y + 2 * w * z,         y * y + w * w - x * x - z * z, 2 * y * z - 2 * w * x,
                      2 * x * z - 2 * w * y,         2 * y * z + 2 * w * x,         z * z + w * w - x * x - y * y};
  for (int k = 0; k < 9; ++k) m[k] = r[k] * inv;
}

void scalar_skin(BlendKind kind, const BlendVertices& g, int begin, int end, const float* sets, float* out_p,
                 float* out_n) {
  const int K = g.influences;
  // One influence: weight 1, not stored.
  const auto weight = [&](int i, int v) { return K == 1 ? 1.0f : g.weight[i * g.count + v]; };
  for (int v = begin; v < end; ++v) {
    const float p[3] = {g.px[v], g.py[v], g.pz[v]}, n[3] = {g.nx[v], g.ny[v], g.nz[v]};
    float m[9], t[3];  // row-major rotation and translation: p' = m (p − o) + t
    float o[3] = {0, 0, 0};
    if (kind == BlendKind::lbs) {
      const float* s = sets + kLbsSetStride * g.set[v];
      float c[16] = {};
      for (int i = 0; i < K; ++i)
        for (int k = 0; k < 16; ++k) c[k] += weight(i, v) * s[16 * i + k];
      for (int r = 0; r < 3; ++r) {
        for (int col = 0; col < 3; ++col) m[3 * r + col] = c[4 * col + r];
        t[r] = c[12 + r];
      }
    } else if (kind == BlendKind::sbs) {
      const float* s = sets + kSbsSetStride * g.set[v];
      float q[4] = {}, centre[3] = {};
      for (int i = 0; i < K; ++i) {
        const float w = weight(i, v);
        for (int k = 0; k < 4; ++k) q[k] += w * s[4 + 4 * i + k];
        for (int k = 0; k < 3; ++k) centre[k] += w * s[20 + 4 * i + k];
      }
      scalar_rotation(q, m);
      for (int k = 0; k < 3; ++k) o[k] = s[k], t[k] = centre[k];
    } else if (kind == BlendKind::sbs_linear) {
      const float* s = sets + kSbsLinearSetStride * g.set[v];
      float c[12] = {}, centre[3] = {};
      for (int i = 0; i < K; ++i) {
        const float w = weight(i, v);
        for (int k = 0; k < 12; ++k) c[k] += w * s[4 + 12 * i + k];
        for (int k = 0; k < 3; ++k) centre[k] += w * s[52 + 4 * i + k];
      }
      for (int r = 0; r < 3; ++r)
        for (int col = 0; col < 3; ++col) m[3 * r + col] = c[4 * col + r];
      for (int k = 0; k < 3; ++k) o[k] = s[k], t[k] = centre[k];
    } else {
      const float* s = sets + kDqsSetStride * g.set[v];
      float r[4] = {}, d[4] = {};
      for (int i = 0; i < K; ++i) {
        const float w = weight(i, v);
        for (int k = 0; k < 4; ++k) r[k] += w * s[4 * i + k], d[k] += w * s[16 + 4 * i + k];
      }
      scalar_rotation(r, m);
      const float scale = 2.0f / (r[0] * r[0] + r[1] * r[1] + r[2] * r[2] + r[3] * r[3]);
      const float cross[3] = {r[1] * d[2] - r[2] * d[1], r[2] * d[0] - r[0] * d[2], r[0] * d[1] - r[1] * d[0]};
      for (int k = 0; k < 3; ++k) t[k] = (r[3] * d[k] - d[3] * r[k] + cross[k]) * scale;
    }
    for (int r = 0; r < 3; ++r) {
      out_p[3 * v + r] = m[3 * r] * (p[0] - o[0]) + m[3 * r + 1] * (p[1] - o[1]) + m[3 * r + 2] * (p[2] - o[2]) + t[r];
      out_n[3 * v + r] = m[3 * r] * n[0] + m[3 * r + 1] * n[1] + m[3 * r + 2] * n[2];
    }
  }
}

}  // namespace

int set_stride(BlendKind kind) {
  switch (kind) {
    case BlendKind::lbs:
      return kLbsSetStride;
    case BlendKind::sbs:
      return kSbsSetStride;
    case BlendKind::sbs_linear:
      return kSbsLinearSetStride;
    case BlendKind::dqs:
      break;
  }
  return kDqsSetStride;
}

KernelPath blend_kernel_path() {
#if defined(__x86_64__) || defined(__i386__)
  if (__builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma")) return KernelPath::avx2;
#endif
  return KernelPath::vector;
}

void blend_skin(BlendKind kind, KernelPath path, const BlendVertices& vertices, int begin, int end, const float* sets,
                float* out_positions, float* out_normals) {
  switch (path) {
    case KernelPath::scalar:
      return scalar_skin(kind, vertices, begin, end, sets, out_positions, out_normals);
#if defined(__x86_64__) || defined(__i386__)
    case KernelPath::avx2:
      return avx2_skin(kind, vertices, begin, end, sets, out_positions, out_normals);
#endif
    default:
      return vector_skin(kind, vertices, begin, end, sets, out_positions, out_normals);
  }
}

}  // namespace skinlab
