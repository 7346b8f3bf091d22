#include "skinning/deformer.hpp"

#include <chrono>

namespace skinlab {

namespace {

using Clock = std::chrono::steady_clock;
double seconds(Clock::time_point a, Clock::time_point b) { return std::chrono::duration<double>(b - a).count(); }

}  // namespace

SkelFile hierarchy_skel(const SegmentedModel& model) {
  SkelFile skel;
  skel.file = model.source();
  const auto& h = model.hierarchy();
  if (!h) {
    skel.joints.push_back({model.components()[0].name, -1, {}, 0, 0});
    return skel;
  }
  std::vector<int> joint_of(model.num_components(), -1);
  for (std::size_t j = 0; j < h->depth_first.size(); ++j) joint_of[h->depth_first[j]] = static_cast<int>(j);
  for (int c : h->depth_first)
    skel.joints.push_back(
        {model.components()[c].name, h->parent[c] < 0 ? -1 : joint_of[h->parent[c]], h->limits[c], 0, 0});
  return skel;
}

RigidDeformer::RigidDeformer(const SegmentedModel& model, Rig rig, const std::vector<std::string>& joint_names,
                             std::optional<ClipFile> clip, MotionCheckParams checks)
    : mesh_(build_skin_mesh(model)), rig_(std::move(rig)), checks_(checks) {
  if (clip) {
    SkelFile skel;
    skel.file = model.source();
    for (const std::string& name : joint_names) skel.joints.push_back({name, 0, {}, 0, 0});
    sampler_.emplace(*clip, resolve_clip_dofs(*clip, skel), static_cast<int>(joint_names.size()));
  }
  reset();
}

void RigidDeformer::reset() {
  checker_ = std::make_unique<MotionChecker>(rig_, checks_);
  pose_.angles.assign(3 * rig_.order.size(), 0.0);
  pose_.mover.fill(0.0);
  timings_ = {};
}

void RigidDeformer::evaluate(double time, std::vector<float>& positions, std::vector<float>& normals,
                             std::vector<QT>& world, std::vector<Rejection>& rejections) {
  const auto t0 = Clock::now();
  if (sampler_) sampler_->sample(time, pose_);
  const auto t1 = Clock::now();
  const double collision_before = checker_->collision_seconds();
  checker_->apply(time, pose_, world, rejections);
  const auto t2 = Clock::now();
  transforms_to_matrices(world, matrices_);
  positions.resize(mesh_.rest_positions.size());
  normals.resize(mesh_.rest_normals.size());
  rigid_skin(mesh_.rest_positions.data(), mesh_.rest_normals.data(), mesh_.vertex_component.data(),
             mesh_.num_vertices(), matrices_.data(), positions.data(), normals.data());
  const auto t3 = Clock::now();
  const double collision = checker_->collision_seconds() - collision_before;
  timings_.sampling += seconds(t0, t1);
  timings_.collision += collision;
  timings_.fk_and_limits += seconds(t1, t2) - collision;
  timings_.skinning += seconds(t2, t3);
}

}  // namespace skinlab
