// SPDX-License-Identifier: GPL-3.0-or-later
#include "skinlab/kinematics/animator.hpp"

#include <algorithm>

#include "skinlab/core/stopwatch.hpp"

namespace skinlab {

void transforms_to_matrices(const std::vector<QT>& world, std::vector<float>& matrices) {
  matrices.resize(world.size() * 12);
  for (std::size_t c = 0; c < world.size(); ++c) {
    const Mat3 r = world[c].q.toRotationMatrix();
    for (int i = 0; i < 3; ++i) {
      for (int j = 0; j < 3; ++j) matrices[12 * c + 4 * i + j] = static_cast<float>(r(i, j));
      matrices[12 * c + 4 * i + 3] = static_cast<float>(world[c].t[i]);
    }
  }
}

Animator::Animator(std::shared_ptr<const Rig> rig, const std::optional<ClipFile>& clip, double fps,
                   MotionCheckParams checks)
    : rig_(std::move(rig)), checks_(checks) {
  const int joints = static_cast<int>(rig_->order.size());
  if (clip) {
    SkelFile skel;
    skel.file = clip->file;
    for (int c : rig_->order) skel.joints.push_back({rig_->names[c], 0, {}, 0, 0});
    sampler_.emplace(*clip, resolve_clip_dofs(*clip, skel), joints);
    grid_ = FrameGrid(*clip, fps);
  }
  accepted_.angles.assign(3 * static_cast<std::size_t>(joints), 0.0);
  checkpoints_.push_back(accepted_);
  out_.pose = accepted_;
  forward_kinematics(*rig_, accepted_, out_.world);
  transforms_to_matrices(out_.world, out_.matrices);
}

void Animator::step(int frame) {
  if (frame % kCheckpointEvery == 0 && checkpoints_.size() == static_cast<std::size_t>(frame / kCheckpointEvery))
    checkpoints_.push_back(accepted_);
  Stopwatch stopwatch;
  const double time = grid_.time(frame);
  if (sampler_) {
    sampler_->sample(time, wanted_);
  } else {
    wanted_ = checkpoints_.front();  // the rest pose
  }
  timings_.sampling += stopwatch.lap();
  accept(frame, time);
}

void Animator::accept(int frame, double time) {
  const Stopwatch stopwatch;
  out_.rejections.clear();
  double collision = 0.0;
  check_motion(*rig_, checks_, accepted_, frame, time, wanted_, out_.world, out_.rejections, collision);
  accepted_ = wanted_;
  played_ = frame;
  out_.frame = frame;
  out_.time = time;
  timings_.collision += collision;
  timings_.fk_and_limits += stopwatch.seconds() - collision;
  ++timings_.steps;
}

const AcceptedPose& Animator::seek(int frame) {
  frame = std::clamp(frame, 0, grid_.last());
  if (frame == played_) return out_;
  const int checkpoint = std::min(static_cast<int>(checkpoints_.size()) - 1, frame / kCheckpointEvery);
  if (frame < played_ || played_ < 0 || checkpoint * kCheckpointEvery - 1 > played_) {
    accepted_ = checkpoints_[checkpoint];
    played_ = checkpoint * kCheckpointEvery - 1;
  }
  while (played_ < frame) step(played_ + 1);
  finish(accepted_);
  return out_;
}

const AcceptedPose& Animator::apply(const Pose& wanted, double time) {
  wanted_ = wanted;
  accept(-1, time);  // frame -1: the next seek() replays from a checkpoint
  finish(accepted_);
  return out_;
}

void Animator::finish(const Pose& accepted) {
  const Stopwatch stopwatch;
  out_.pose = accepted;
  transforms_to_matrices(out_.world, out_.matrices);
  timings_.fk_and_limits += stopwatch.seconds();
}

}  // namespace skinlab
