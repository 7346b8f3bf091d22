// SPDX-License-Identifier: GPL-3.0-or-later
// A deformer for the tests whose triangles change every frame, as gap reconstruction's will:
// rigid skinning of the split mesh, keeping on frame f only the parts whose id has f's parity,
// each kept triangle split in three about a new centroid vertex.
#pragma once

#include "skinlab/skinning/blend_deformer.hpp"

namespace skinlab::test {

class ParityDeformer : public Deformer {
 public:
  explicit ParityDeformer(DeformerContext& c) : rigid_(make_rigid_deformer(c.model(), c.rig(), 1)) {}
  const SkinMesh& rest_mesh() const override { return rigid_->rest_mesh(); }
  std::size_t runtime_bytes() const override { return rigid_->runtime_bytes(); }
  void deform(const AcceptedPose& pose, Frame& frame) override {
    rigid_->deform(pose, frame);
    const SkinMesh& rest = rest_mesh();
    frame.rest_triangles = false;
    frame.triangles.clear();
    frame.triangle_component.clear();
    frame.vertex_component = rest.vertex_component;
    for (std::size_t f = 0; f < rest.triangles.size(); ++f) {
      const int part = rest.triangle_component[f];
      if (part % 2 != pose.frame % 2) continue;
      const Tri& t = rest.triangles[f];
      const int centre = static_cast<int>(frame.positions.size() / 3);
      for (std::vector<float>* array : {&frame.positions, &frame.normals})
        for (int k = 0; k < 3; ++k)
          array->push_back(((*array)[3 * t[0] + k] + (*array)[3 * t[1] + k] + (*array)[3 * t[2] + k]) / 3);
      frame.vertex_component.push_back(part);
      for (int i = 0; i < 3; ++i) {
        frame.triangles.push_back({t[i], t[(i + 1) % 3], centre});
        frame.triangle_component.push_back(part);
      }
    }
  }

  static DeformerEntry entry() {
    return {"parity", "test: every other part per frame, triangles split about their centroids", false,
            [](DeformerContext& c) { return std::make_unique<ParityDeformer>(c); }};
  }

 private:
  std::unique_ptr<BlendDeformer> rigid_;
};

}  // namespace skinlab::test
