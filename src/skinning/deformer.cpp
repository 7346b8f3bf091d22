#include "skinning/deformer.hpp"

#include "core/error.hpp"

namespace skinlab {

FrameTopology topology(const Frame& frame, const SkinMesh& rest) {
  if (frame.rest_triangles) return {rest.triangles, rest.triangle_component, rest.vertex_component};
  return {frame.triangles, frame.triangle_component, frame.vertex_component};
}

DeformerContext::DeformerContext(const SegmentedModel& model, const Skeleton& skeleton, std::shared_ptr<const Rig> rig,
                                 WeightsSpec weights, int threads)
    : model_(model), skeleton_(skeleton), rig_(std::move(rig)), spec_(std::move(weights)), threads_(threads) {}

const SkinWeights& DeformerContext::weights() {
  if (!weights_) {
    std::vector<std::string> parts;
    for (const Component& c : model_.components()) parts.push_back(c.name);
    if (!spec_.file.empty()) {
      weights_ = read_weights(spec_.file, model_.mesh().num_vertices(), parts);
    } else if (spec_.method == "opening") {
      weights_ = opening_weights(model_);
    } else if (spec_.method == "heat") {
      weights_ = heat_weights(model_, skeleton_);
    } else {
      throw InputError("unknown weight method '" + spec_.method + "' (expected opening or heat)");
    }
  }
  return *weights_;
}

}  // namespace skinlab
