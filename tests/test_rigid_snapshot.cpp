// Golden snapshot of rigid skinning over every clip in clips/: a hash of each clip's frames
// (positions and normals, bit for bit) and its rejection events. SKINLAB_WRITE_SNAPSHOT=1
// rewrites tests/data/rigid_snapshot.json instead of comparing.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "app/deformer_registry.hpp"
#include "core/model_library.hpp"
#include "skinning/session.hpp"

using namespace skinlab;
namespace fs = std::filesystem;

namespace {

void fnv1a(std::uint64_t& h, const std::vector<float>& values) {
  const auto* bytes = reinterpret_cast<const unsigned char*>(values.data());
  for (std::size_t i = 0; i < values.size() * sizeof(float); ++i) h = (h ^ bytes[i]) * 1099511628211ull;
}

nlohmann::json play(const fs::path& clip_path) {
  const std::string stem = clip_path.stem().string();
  const SegmentedModel model = load_model(resolve_model(stem.substr(0, stem.find('_'))));
  AnimationSession session(model, read_clip(clip_path), {}, find_deformer("rigid"));
  const Rig& rig = session.rig();
  std::uint64_t hash = 1469598103934665603ull;
  Frame frame;
  nlohmann::json events = nlohmann::json::array();
  const int frames = session.animator().grid().count();
  for (int f = 0; f < frames; ++f) {
    for (const Rejection& r : session.play(f, frame).rejections)
      events.push_back(std::to_string(f) + " " + rig.names[rig.order[r.joint]] +
                       (r.kind == Rejection::Kind::limit
                            ? " limit " + std::string(1, "XYZ"[r.axis]) + " " + std::to_string(r.limit)
                            : " collision " + rig.names[r.moving] + " " + rig.names[r.other]));
    fnv1a(hash, frame.positions);
    fnv1a(hash, frame.normals);
  }
  return {{"frames", frames}, {"hash", std::to_string(hash)}, {"rejections", events}};
}

}  // namespace

TEST(RigidSnapshot, EveryClipPlaysBitIdenticalFramesAndTheSameRejections) {
  const fs::path file = fs::path(SKINLAB_TEST_DATA) / "rigid_snapshot.json";
  std::vector<fs::path> clips;
  for (const auto& entry : fs::directory_iterator(fs::path(SKINLAB_SOURCE_DIR) / "clips"))
    if (entry.path().extension() == ".clip") clips.push_back(entry.path());
  std::sort(clips.begin(), clips.end());
  nlohmann::json now = nlohmann::json::object();
  for (const fs::path& clip : clips) now[clip.filename().string()] = play(clip);
  if (std::getenv("SKINLAB_WRITE_SNAPSHOT") != nullptr) {
    std::ofstream(file) << now.dump(1) << '\n';
    GTEST_SKIP() << "snapshot written to " << file;
  }
  std::ifstream in(file);
  ASSERT_TRUE(in) << file;
  const nlohmann::json before = nlohmann::json::parse(in);
  ASSERT_EQ(before.size(), now.size());
  for (const auto& [name, entry] : before.items()) {
    SCOPED_TRACE(name);
    ASSERT_TRUE(now.contains(name));
    EXPECT_EQ(now[name]["frames"], entry["frames"]);
    EXPECT_EQ(now[name]["rejections"], entry["rejections"]);
    EXPECT_EQ(now[name]["hash"], entry["hash"]);
  }
}
