// SPDX-License-Identifier: GPL-3.0-or-later
// What `bench` and `experiment` measure, one function per table, each returning the rows (JSON
// objects) of one model. A timing is the median of `repeat` runs; KEY_ms holds it and
// KEY_ms_spread the range (max - min) of those runs. Quality columns are defined in
// docs/quality.md.
#pragma once

#include <array>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "skinlab/experiments/model_source.hpp"
#include "skinlab/io/model_library.hpp"
#include "skinlab/rigging/session.hpp"

namespace skinlab {


/// The median of the values (the upper one of an even count); `values` must not be empty.
double median(std::vector<double> values);

/// The thesis' chapter 5 numbers (experiments/thesis_reference.json), read once.
const nlohmann::json& thesis_reference();
/// The thesis' value at a JSON pointer into thesis_reference() ("/models/homer/vertices"), or
/// null where it has none. The pointer's second token is a model of the manifest, read as the
/// thesis model it stands for (ModelEntry::thesis_model: "homer-thesis" reads "homer").
const nlohmann::json& thesis_number(const std::string& pointer_to_model);

/// Table 5.1: parts, vertices, triangles of the model (and of the thesis' mesh when it has one).
nlohmann::json measure_model(const std::string& name, const SegmentedModel& model);

/// Table 5.2: skeleton extraction per method (one entry of `methods` each), total and by phase.
nlohmann::json measure_skeletonization(const std::string& name, const SegmentedModel& model,
                                       const std::vector<SkeletonParams>& methods, int repeat);

/// Per frame of the first of `clips`, for each deformer: posing and deformation (bench only).
/// Empty without clips or a hierarchy.
nlohmann::json measure_animation(const std::string& name, const SegmentedModel& model,
                                 const std::vector<std::filesystem::path>& clips,
                                 const std::vector<std::string>& deformers, const SessionParams& params, int repeat);

/// Tables 5.4–5.7: per frame of clips/NAME_thesis_gap.clip, each phase of gap reconstruction with
/// `deformer` (gap or gap-thesis). Empty for a model without that clip.
nlohmann::json measure_gap_frames(const std::string& name, const SegmentedModel& model, const std::string& deformer,
                                  int repeat);

/// Table 5.3: the gap pre-processing phases. Empty for a model without a hierarchy.
nlohmann::json measure_gap_preprocess(const std::string& name, const SegmentedModel& model, int repeat);

/// The SBS paper's Table 2 analogue: LBS and SBS per frame of the first of `clips`, one
/// thread, their ratio and SVDs per frame, for each weight method.
nlohmann::json measure_sbs(const std::string& name, const SegmentedModel& model,
                           const std::vector<std::filesystem::path>& clips,
                           const std::vector<std::string>& weight_methods, int repeat);

/// The deformation-quality table: per clip of `clips` and deformer, `frames` frames spread
/// evenly over the clip, each against the same deformer's rest pose (docs/quality.md).
nlohmann::json measure_quality(const std::string& name, const SegmentedModel& model,
                               const std::vector<std::filesystem::path>& clips,
                               const std::vector<std::string>& deformers, int frames);

/// The quality table's inscribed ratio in every frame of `clip` played with `deformer`, without its
/// other measures: the smallest, over the joints that turn at least 5° from their parent, of the
/// distance from the joint's centre to its two parts' skin over the same at rest (docs/quality.md);
/// infinity in a frame where no such joint moves.
std::vector<double> clip_inscribed_ratios(const SegmentedModel& model, const std::filesystem::path& clip,
                                          const std::string& deformer);

/// The frame of a clip of `count` frames that sample `sample` of `samples` spread evenly over it
/// stands for (the first and the last frame included; frame 0 for one sample).
int spread_frame(int sample, int samples, int count);

/// Joint pairs against a baseline (docs/quality.md): per clip of `clips` and deformer of
/// `deformers`, over `frames` frames spread evenly (every frame of a clip no longer), each frame's
/// extra self-intersecting pairs at the joints (beyond the deformer's own rest pose's) against
/// `baseline`'s in the same frame: the frames where they exceed the baseline's by more than
/// `margin` (and those frames as runs, "3-7 12"; and how many of them leave the deformer with no
/// more pairs than at rest: the baseline pulled more of the rest pose's pairs apart), the largest
/// excess and its frame. A frame either deformer leaves as no mesh CGAL takes is counted apart,
/// as unmeasured.
nlohmann::json measure_joint_pairs(const std::string& name, const SegmentedModel& model,
                                   const std::vector<std::filesystem::path>& clips,
                                   const std::vector<std::string>& deformers, const std::string& baseline, int margin,
                                   int frames);

/// One motion of a joint sweep: per rotation the first and the last angle in degrees (equal:
/// held), over `steps` poses spread evenly from the first to the last. z twists about the child's
/// own bone b (from the joint to the child's kernel centroid), first; x then bends about the
/// joint frame's x axis (a .clip's rx, docs/animation.md) made square to b, and y about b × x.
struct SweepMotion {
  std::string name;
  std::array<double, 3> from{}, to{};
  int steps = 2;
};

/// The pose of `motion` at `fraction` (0: its first angles, 1: its last) for the joint of part
/// `child`, every other joint at rest; `angle` (when given) gets the motion's own angle, that
/// of the rotation that turns furthest.
Pose sweep_pose(const Rig& rig, const Skeleton& skeleton, int child, const SweepMotion& motion, double fraction,
                double* angle = nullptr);

/// The sweeps every joint gets unless a definition names its own: bend (x 0 to 150 degrees),
/// twist (z 0 to 180) and bend then twist (x 90, z 0 to 90), every 10 degrees.
std::vector<SweepMotion> default_sweep_motions();

/// Joint sweeps (docs/quality.md): each joint of `joints` (a part's name: the joint it hangs
/// from) driven alone through each motion, every other joint at rest, limits and collisions not
/// applied. One row per pose and deformer: the joint's extra self-intersecting pairs (both
/// triangles in the joint's parent or child, beyond the rest pose's), its inscribed ratio, the
/// cross-section through it over its rest area, the volume change and the normal deviation over
/// the rest pose's. Throws InputError naming a joint the model does not have.
nlohmann::json measure_joint_sweep(const std::string& name, const SegmentedModel& model,
                                   const std::vector<std::string>& joints, const std::vector<SweepMotion>& motions,
                                   const std::vector<std::string>& deformers);

}  // namespace skinlab
