// SPDX-License-Identifier: GPL-3.0-or-later
// The blended-skinning vertex loops (LBS, SBS, DQS) on plain arrays: no library, so they build
// wherever only a compiler exists. Vertices come in groups of equal influence count, structure
// of arrays, float; everything that depends on the pose alone is computed once per frame per
// distinct set of influencing joints into a small "set table" the loop reads.
#pragma once

namespace skinlab {

/// sbs_linear: SBS's eq. 9 with the rotation matrices blended linearly instead of QLERP; it
/// reduces to LBS whatever the centre [KZ05 §4.2], an identity the tests check.
enum class BlendKind { lbs, sbs, dqs, sbs_linear };
/// scalar: plain float arithmetic, the reference; vector: 4-wide vectors (SSE2 on x86-64, the
/// baseline every x86-64 CPU has); avx2: the same loop compiled for AVX2 and FMA, chosen at run
/// time only where the CPU has them (blend_kernel_path()).
enum class KernelPath { scalar, vector, avx2 };

/// Floats per joint set in a frame's set table.
/// lbs: 4 slots x the 4 columns of the slot joint's 3x4 matrix, 4 floats each (the 4th 0).
inline constexpr int kLbsSetStride = 64;
/// sbs: the centre of rotation r_c (x, y, z, 0); 4 slot quaternions (x, y, z, w), each on the
/// same side as slot 0's; 4 slot centres C_j r_c (x, y, z, 0) ([KZ05], eq. 9).
inline constexpr int kSbsSetStride = 36;
/// dqs: 4 slot real parts, then 4 slot dual parts (x, y, z, w), each on slot 0's side.
inline constexpr int kDqsSetStride = 32;
/// sbs_linear: r_c (x, y, z, 0); 4 slots x the 3 columns of the slot's rotation (4 floats each);
/// 4 slot centres C_j r_c (x, y, z, 0).
inline constexpr int kSbsLinearSetStride = 68;
/// The set-table stride of `kind`.
int set_stride(BlendKind kind);

/// One group of vertices with the same influence count, structure of arrays.
struct BlendVertices {
  int count = 0;                                            ///< vertices in the group
  int influences = 1;                                       ///< 1..4: slots used per vertex
  const float *px = nullptr, *py = nullptr, *pz = nullptr;  ///< rest positions, count each
  const float *nx = nullptr, *ny = nullptr, *nz = nullptr;  ///< rest normals, count each
  const int* set = nullptr;                                 ///< count: each vertex's joint set (row of the set table)
  const float* weight = nullptr;  ///< influences x count, slot-major: weight[i * count + v]; unread
                                  ///< (may be null) for one influence, whose weight is 1
};

/// The fastest path this CPU runs.
KernelPath blend_kernel_path();

/// Skins vertices [begin, end) of `vertices`: out_positions and out_normals are 3 x count,
/// interleaved, for the whole group. `sets` is the frame's set table for `kind`.
/// lbs: p' = Σ w_i C_i p (Kavan 2014 course notes, eq. 1); normals by Σ w_i R_i, not renormalised.
/// sbs: p' = Q (p − r_c) + Σ w_i C_i r_c, Q the matrix of s = Σ w_i q_i divided by s·s
///      ([KZ05], eq. 9 and §4.2); normals by Q.
/// dqs: b = Σ w_i q̂_i; p' = R(b₀) p + t(b), dividing by b₀·b₀ instead of normalising
///      ([KCZO08], §3–4); normals by R(b₀).
void blend_skin(BlendKind kind, KernelPath path, const BlendVertices& vertices, int begin, int end, const float* sets,
                float* out_positions, float* out_normals);

}  // namespace skinlab
