#include "skinning/kernels/blend_skin.hpp"

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
// (Kavan & Žára 2005, §4.2: the matrix of a non-unit quaternion, no square root).
__attribute__((always_inline)) inline void rotation_columns(V4 s, V4& c0, V4& c1, V4& c2) {
  const float x = s[0], y = s[1], z = s[2], w = s[3];
  const float inv = 1.0f / (x * x + y * y + z * z + w * w);
  c0 = V4{x * x + w * w - y * y - z * z, 2 * x * y + 2 * w * z, 2 * x * z - 2 * w * y, 0} * inv;
  c1 = V4{2 * x * y - 2 * w * z, y * y + w * w - x * x - z * z, 2 * y * z + 2 * w * x, 0} * inv;
  c2 = V4{2 * x * z + 2 * w * y, 2 * y * z - 2 * w * x, z * z + w * w - x * x - y * y, 0} * inv;
}

template <BlendKind kind, int K>
__attribute__((always_inline)) inline void vector_loop(const BlendVertices& g, int begin, int end, const float* sets,
                                                       float* out_p, float* out_n) {
  for (int v = begin; v < end; ++v) {
    const float w0 = K == 1 ? 1.0f : g.weight[v];  // one influence: weight 1, not stored
    const V4 x = splat(g.px[v]), y = splat(g.py[v]), z = splat(g.pz[v]);
    const V4 nx = splat(g.nx[v]), ny = splat(g.ny[v]), nz = splat(g.nz[v]);
    V4 p, n;
    if constexpr (kind == BlendKind::lbs) {
      const float* s = sets + kLbsSetStride * g.set[v];
      V4 c0 = load(s), c1 = load(s + 4), c2 = load(s + 8), c3 = load(s + 12);
      if (K > 1) c0 *= w0, c1 *= w0, c2 *= w0, c3 *= w0;
      for (int i = 1; i < K; ++i) {
        const float wi = g.weight[i * g.count + v];
        c0 += wi * load(s + 16 * i), c1 += wi * load(s + 16 * i + 4);
        c2 += wi * load(s + 16 * i + 8), c3 += wi * load(s + 16 * i + 12);
      }
      p = c0 * x + c1 * y + c2 * z + c3;
      n = c0 * nx + c1 * ny + c2 * nz;
    } else if constexpr (kind == BlendKind::sbs) {
      const float* s = sets + kSbsSetStride * g.set[v];
      const V4 rc = load(s);
      V4 q = w0 * load(s + 4), centre = w0 * load(s + 20);
      for (int i = 1; i < K; ++i) {
        const float wi = g.weight[i * g.count + v];
        q += wi * load(s + 4 + 4 * i);
        centre += wi * load(s + 20 + 4 * i);
      }
      V4 c0, c1, c2;
      rotation_columns(q, c0, c1, c2);
      p = c0 * (x - rc[0]) + c1 * (y - rc[1]) + c2 * (z - rc[2]) + centre;
      n = c0 * nx + c1 * ny + c2 * nz;
    } else if constexpr (kind == BlendKind::sbs_linear) {
      const float* s = sets + kSbsLinearSetStride * g.set[v];
      const V4 rc = load(s);
      V4 c0 = w0 * load(s + 4), c1 = w0 * load(s + 8), c2 = w0 * load(s + 12), centre = w0 * load(s + 52);
      for (int i = 1; i < K; ++i) {
        const float wi = g.weight[i * g.count + v];
        c0 += wi * load(s + 4 + 12 * i), c1 += wi * load(s + 8 + 12 * i), c2 += wi * load(s + 12 + 12 * i);
        centre += wi * load(s + 52 + 4 * i);
      }
      p = c0 * (x - rc[0]) + c1 * (y - rc[1]) + c2 * (z - rc[2]) + centre;
      n = c0 * nx + c1 * ny + c2 * nz;
    } else {
      const float* s = sets + kDqsSetStride * g.set[v];
      V4 r = w0 * load(s), d = w0 * load(s + 16);
      for (int i = 1; i < K; ++i) {
        const float wi = g.weight[i * g.count + v];
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

template <BlendKind kind>
__attribute__((always_inline)) inline void vector_dispatch(const BlendVertices& g, int begin, int end,
                                                           const float* sets, float* out_p, float* out_n) {
  switch (g.influences) {
    case 1:
      return vector_loop<kind, 1>(g, begin, end, sets, out_p, out_n);
    case 2:
      return vector_loop<kind, 2>(g, begin, end, sets, out_p, out_n);
    case 3:
      return vector_loop<kind, 3>(g, begin, end, sets, out_p, out_n);
    default:
      return vector_loop<kind, 4>(g, begin, end, sets, out_p, out_n);
  }
}

#define SKINLAB_VECTOR_ENTRY(NAME, ATTRIBUTES)                                                                  \
  ATTRIBUTES void NAME(BlendKind kind, const BlendVertices& g, int begin, int end, const float* sets, float* p, \
                       float* n) {                                                                              \
    if (kind == BlendKind::lbs) return vector_dispatch<BlendKind::lbs>(g, begin, end, sets, p, n);              \
    if (kind == BlendKind::sbs) return vector_dispatch<BlendKind::sbs>(g, begin, end, sets, p, n);              \
    if (kind == BlendKind::sbs_linear) return vector_dispatch<BlendKind::sbs_linear>(g, begin, end, sets, p, n); \
    return vector_dispatch<BlendKind::dqs>(g, begin, end, sets, p, n);                                          \
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
  const float r[9] = {x * x + w * w - y * y - z * z, 2 * x * y - 2 * w * z, 2 * x * z + 2 * w * y,
                      2 * x * y + 2 * w * z,         y * y + w * w - x * x - z * z, 2 * y * z - 2 * w * x,
                      2 * x * z - 2 * w * y,         2 * y * z + 2 * w * x, z * z + w * w - x * x - y * y};
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
