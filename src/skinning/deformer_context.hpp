// SPDX-License-Identifier: GPL-3.0-or-later
// What a deformer is made from. The runtime holds it; the offline side (rigging/) fills it with a
// model, its skeleton and rig, and where the weights come from.
#pragma once

#include <functional>
#include <memory>
#include <optional>

#include "skinlab/core/segmented_model.hpp"
#include "skinlab/core/weights_io.hpp"
#include "skinlab/kinematics/rig.hpp"
#include "skinlab/skeleton/skeleton.hpp"

namespace skinlab {

/// The model, its skeleton and rig, the skinning weights (made on first use by `weight_source`,
/// then shared by every deformer made from this context) and the worker threads.
class DeformerContext {
 public:
  /// Makes the weights; may throw (a bad weights file, say). Empty: the context has none.
  using WeightSource = std::function<SkinWeights()>;

  DeformerContext(const SegmentedModel& model, const Skeleton& skeleton, std::shared_ptr<const Rig> rig,
                  WeightSource weight_source, int threads);
  const SegmentedModel& model() const { return model_; }
  const Skeleton& skeleton() const { return skeleton_; }
  const std::shared_ptr<const Rig>& rig() const { return rig_; }
  int threads() const { return threads_; }
  /// The weights, made on the first call. Throws InputError when the context has no source, and
  /// what the source throws.
  const SkinWeights& weights();

 private:
  const SegmentedModel& model_;
  const Skeleton& skeleton_;
  std::shared_ptr<const Rig> rig_;
  WeightSource weight_source_;
  int threads_;
  std::optional<SkinWeights> weights_;
};

}  // namespace skinlab
