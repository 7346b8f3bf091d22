// SPDX-License-Identifier: GPL-3.0-or-later
// Golden snapshot of rigid skinning over every clip in clips/: a hash of each clip's frames
// (positions and normals, bit for bit) and its rejection events. SKINLAB_WRITE_SNAPSHOT=1
// rewrites tests/data/rigid_snapshot.json instead of comparing. The snapshot was taken before
// poses and deformers were split apart, matched bit for bit after the split, and regenerated
// once for the two kinematics fixes that followed (collision pairs, the thesis' Q_align), and
// for the sliver repair's last pass (the cow and man meshes lost their last thin triangle) and
// the triceratops' forward direction (its head and tail had swapped names).
#include <gtest/gtest.h>

#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "skinlab/io/model_library.hpp"
#include "skinlab/rigging/build_rig.hpp"
#include "skinlab/rigging/deformer_registry.hpp"
#include "skinlab/rigging/session.hpp"
#include "skinlab/skeleton/extract_skeleton.hpp"
#include "skinlab/skinning/blend_deformer.hpp"

using namespace skinlab;
namespace fs = std::filesystem;

namespace {

void fnv1a(std::uint64_t& h, const std::vector<float>& values) {
  const auto* bytes = reinterpret_cast<const unsigned char*>(values.data());
  for (std::size_t i = 0; i < values.size() * sizeof(float); ++i) h = (h ^ bytes[i]) * 1099511628211ull;
}

void append_events(const std::vector<Rejection>& rejections, const Rig& rig, nlohmann::json& events) {
  for (const Rejection& r : rejections)
    events.push_back(std::to_string(r.frame) + " " + rig.names[rig.order[r.joint]] +
                     (r.kind == Rejection::Kind::limit
                          ? " limit " + std::string(1, "XYZ"[r.axis]) + " " + std::to_string(r.limit)
                          : " collision " + rig.names[r.moving] + " " + rig.names[r.other]));
}

SegmentedModel model_of(const fs::path& clip) {
  const std::string stem = clip.stem().string();
  return load_model(resolve_model(stem.substr(0, stem.find('_'))));
}

std::vector<fs::path> every_clip() {
  std::vector<fs::path> clips;
  for (const auto& entry : fs::directory_iterator(fs::path(SKINLAB_SOURCE_DIR) / "clips"))
    if (entry.path().extension() == ".clip") clips.push_back(entry.path());
  std::sort(clips.begin(), clips.end());
  return clips;
}

nlohmann::json snapshot() {
  std::ifstream in(fs::path(SKINLAB_TEST_DATA) / "rigid_snapshot.json");
  return nlohmann::json::parse(in, nullptr, false);
}

// The clip played through the rigid deformer from the registry, as `skinlab animate` plays it.
// The hash is of the kernels' portable vector path (the same bits on every CPU; the AVX2 path
// fuses multiply-adds), checked against the path this CPU runs to 1e-6 of the model's size.
nlohmann::json play(const fs::path& clip_path) {
  const SegmentedModel model = model_of(clip_path);
  AnimationSession session(model, read_clip(clip_path), {}, find_deformer("rigid"));
  const auto portable = make_rigid_deformer(model, session.animator().shared_rig(), 1, KernelPath::vector);
  const double tolerance = 1e-6 * bounding_box(model.mesh().positions).diagonal();
  std::uint64_t hash = 1469598103934665603ull;
  Frame frame, bits;
  nlohmann::json events = nlohmann::json::array();
  const int frames = session.animator().grid().count();
  for (int f = 0; f < frames; ++f) {
    const AcceptedPose& pose = session.play(f, frame);
    append_events(pose.rejections, session.rig(), events);
    portable->deform(pose, bits);
    fnv1a(hash, bits.positions);
    fnv1a(hash, bits.normals);
    for (std::size_t i = 0; i < frame.positions.size(); ++i)
      EXPECT_NEAR(frame.positions[i], bits.positions[i], tolerance);
  }
  return {{"frames", frames}, {"hash", std::to_string(hash)}, {"rejections", events}};
}

}  // namespace

TEST(RigidSnapshot, EveryClipPlaysBitIdenticalFramesAndTheSameRejections) {
  const fs::path file = fs::path(SKINLAB_TEST_DATA) / "rigid_snapshot.json";
  nlohmann::json now = nlohmann::json::object();
  for (const fs::path& clip : every_clip()) now[clip.filename().string()] = play(clip);
  if (std::getenv("SKINLAB_WRITE_SNAPSHOT") != nullptr) {
    std::ofstream(file) << now.dump(1) << '\n';
    GTEST_SKIP() << "snapshot written to " << file;
  }
  const nlohmann::json before = snapshot();
  ASSERT_TRUE(before.is_object()) << file;
  ASSERT_EQ(before.size(), now.size());
  for (const auto& [name, entry] : before.items()) {
    SCOPED_TRACE(name);
    ASSERT_TRUE(now.contains(name));
    EXPECT_EQ(now[name]["frames"], entry["frames"]);
    EXPECT_EQ(now[name]["rejections"], entry["rejections"]);
    EXPECT_EQ(now[name]["hash"], entry["hash"]);
  }
}

TEST(RigidSnapshot, TheAnimatorAloneReproducesTheRejections) {
  const nlohmann::json before = snapshot();
  ASSERT_TRUE(before.is_object());
  for (const fs::path& clip : every_clip()) {
    SCOPED_TRACE(clip.filename().string());
    const SegmentedModel model = model_of(clip);
    const auto rig = std::make_shared<const Rig>(build_rig(model, extract_skeleton(model)));
    Animator animator(rig, read_clip(clip), 30, {});
    nlohmann::json events = nlohmann::json::array();
    for (int f = 0; f < animator.grid().count(); ++f) append_events(animator.seek(f).rejections, *rig, events);
    EXPECT_EQ(events, before[clip.filename().string()]["rejections"]);
  }
}
