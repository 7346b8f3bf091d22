#include "skinning/rigid_deformer.hpp"

#include "skinning/kernels/rigid_skin.hpp"

namespace skinlab {

RigidDeformer::RigidDeformer(const SegmentedModel& model) : mesh_(split_skin_mesh(model)) {}

void RigidDeformer::deform(const AcceptedPose& pose, Frame& frame) {
  frame.positions.resize(mesh_.rest_positions.size());
  frame.normals.resize(mesh_.rest_normals.size());
  frame.rest_triangles = true;
  rigid_skin(mesh_.rest_positions.data(), mesh_.rest_normals.data(), mesh_.vertex_component.data(),
             mesh_.num_vertices(), pose.matrices.data(), frame.positions.data(), frame.normals.data());
}

std::size_t RigidDeformer::runtime_bytes() const {
  return (mesh_.rest_positions.size() + mesh_.rest_normals.size()) * sizeof(float) +
         mesh_.vertex_component.size() * sizeof(int);
}

std::optional<LinearSkin> RigidDeformer::linear_skin() const {
  LinearSkin skin;
  for (int c : mesh_.vertex_component) {
    skin.joints.push_back({static_cast<std::uint16_t>(c), 0, 0, 0});
    skin.weights.push_back({1.0f, 0.0f, 0.0f, 0.0f});
  }
  return skin;
}

}  // namespace skinlab
