// SPDX-License-Identifier: GPL-3.0-or-later
// Skinning weights for the welded mesh, for the smooth deformers (LBS, SBS, DQS): computed from
// the segmentation or the skeleton, or read from a file.
#pragma once

#include "skinlab/core/segmented_model.hpp"
#include "skinlab/core/weights_io.hpp"
#include "skinlab/skeleton/skeleton.hpp"
#include "skinlab/skinning/deformer_context.hpp"

namespace skinlab {

struct OpeningWeightParams {
  /// The blend reaches this many loop radii along the surface on each side of an opening (the
  /// loop radius: the mean distance of its vertices from its centroid).
  double width = 1.0;
};

/// Weights from the segmentation (default). A vertex of part c at geodesic distance d from an
/// opening to part n, within D = width x that loop's radius, gives n the share
/// 0.5 (1 - h(d / D)), h(x) = 3x² - 2x³ (smooth, 1/2 on the loop, 0 with zero slope at D), and
/// keeps 1 minus the shares for c; with several openings near, the shares add and the whole is
/// normalised. Far from every opening a vertex has its own part alone. At most 4 influences.
SkinWeights opening_weights(const SegmentedModel& model, const OpeningWeightParams& params = {});

struct HeatWeightParams {
  double heat = 1.0;  ///< c in H = c / d², d the distance to the nearest bone [BP07 §4]
};

/// Bone-heat weights ([BP07], "Automatic rigging and animation of 3D characters",
/// §4): per part i, (−Δ + H) w_i = H p_i with Δ the cotangent Laplacian (divided by the vertex
/// areas), H diagonal with c / d(v)² where d is the distance from v to its nearest bone, and
/// p_i(v) = 1 when that bone is part i's. One sparse Cholesky factorisation (Eigen) serves every
/// part. Bones: the skeleton's bones, each belonging to its component. Departures: the paper's
/// visibility test for the nearest bone is left out, and weights below 1e-3 are dropped before
/// the four largest are normalised.
SkinWeights heat_weights(const SegmentedModel& model, const Skeleton& skeleton, const HeatWeightParams& params = {});

/// Where a smooth deformer's weights come from (`--weights FILE`, `--weight-method`).
struct WeightsSpec {
  std::string file;                ///< a .weights file (docs/formats.md); empty: compute them
  std::string method = "opening";  ///< opening (opening_weights) or heat (heat_weights)
};

/// The weights `spec` names for `model`, made when the returned source is called (a
/// DeformerContext calls it once, when a deformer first asks). The source throws ParseError for
/// a bad weights file and InputError for an unknown method. `model` and `skeleton` must outlive it.
DeformerContext::WeightSource weight_source(const SegmentedModel& model, const Skeleton& skeleton, WeightsSpec spec);

}  // namespace skinlab
