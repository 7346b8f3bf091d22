// SPDX-License-Identifier: GPL-3.0-or-later
#include "skinlab/skinning/deformer_context.hpp"

#include "skinlab/core/error.hpp"

namespace skinlab {

DeformerContext::DeformerContext(const SegmentedModel& model, const Skeleton& skeleton, std::shared_ptr<const Rig> rig,
                                 WeightSource weight_source, int threads)
    : model_(model),
      skeleton_(skeleton),
      rig_(std::move(rig)),
      weight_source_(std::move(weight_source)),
      threads_(threads) {}

const SkinWeights& DeformerContext::weights() {
  if (!weights_) {
    if (!weight_source_) throw InputError(model_.source() + ": this deformer needs skinning weights and none were given");
    weights_ = weight_source_();
  }
  return *weights_;
}

}  // namespace skinlab
