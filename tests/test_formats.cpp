// SPDX-License-Identifier: GPL-3.0-or-later
// Round trips of every format, and the readers' handling of polygons, groups and welding.
#include <gtest/gtest.h>

#include <cstdint>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "skinlab/core/atomic_file.hpp"
#include "skinlab/core/clip_io.hpp"
#include "skinlab/core/error.hpp"
#include "skinlab/core/segmented_model.hpp"
#include "skinlab/io/read_mesh.hpp"
#include "test_meshes.hpp"

using namespace skinlab;
namespace fs = std::filesystem;

namespace {

// Each test writes into its own directory, removed afterwards.
class Formats : public ::testing::Test {
 protected:
  void SetUp() override {
    const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
    dir_ = fs::temp_directory_path() / ("skinlab_" + std::string(info->name()) + "_" + std::to_string(::getpid()));
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }

  template <typename Writer>
  fs::path write_temp(const std::string& name, Writer&& writer) {
    const fs::path path = dir_ / name;
    write_file_atomically(path, writer);
    return path;
  }

  fs::path dir_;
};

void expect_same_mesh(const TriMesh& a, const TriMesh& b) {
  ASSERT_EQ(a.positions.size(), b.positions.size());
  ASSERT_EQ(a.triangles, b.triangles);
  for (std::size_t v = 0; v < a.positions.size(); ++v) EXPECT_EQ(a.positions[v], b.positions[v]);
}

const fs::path kData = SKINLAB_TEST_DATA;

}  // namespace

TEST_F(Formats, ObjRoundTripKeepsGroupsAndExactCoordinates) {
  LabeledMesh m = test::stacked_cylinder(3, 7);
  m.mesh.positions[0] += Vec3(0.1, 1e-17, 1.0 / 3.0);
  const fs::path path = write_temp("cyl.obj", [&](std::ostream& out) { write_obj(out, m); });
  const LabeledMesh back = read_obj(path);
  expect_same_mesh(m.mesh, back.mesh);
  EXPECT_EQ(back.labels, m.labels);
  EXPECT_EQ(back.part_names, m.part_names);
}

// Which way a model stands travels in two comments at the top of an OBJ; the mesh reads the same.
TEST_F(Formats, ObjCarriesUpAndForwardInItsComments) {
  const LabeledMesh m = test::stacked_cylinder(2, 5);
  const Upright upright{Vec3(0, 0, 1), Vec3(0, -1, 0)};
  const fs::path path = write_temp("up.obj", [&](std::ostream& out) { write_obj(out, m, upright); });
  const std::optional<Upright> back = read_obj_upright(path);
  ASSERT_TRUE(back.has_value());
  EXPECT_EQ(back->up, upright.up);
  EXPECT_EQ(back->forward, upright.forward);
  expect_same_mesh(read_obj(path).mesh, m.mesh);
  EXPECT_FALSE(read_obj_upright(write_temp("plain.obj", [&](std::ostream& out) { write_obj(out, m); })));
  const auto error = [&](const std::string& text) {
    try {
      read_obj_upright(write_temp("bad.obj", [&](std::ostream& out) { out << text; }));
    } catch (const InputError& e) {
      return std::string(e.what());
    }
    return std::string("accepted");
  };
  const std::string short_up = error("# skinlab\n# up 0 1\n# forward 0 0 1\n");
  EXPECT_NE(short_up.find("bad.obj:2: expected '# up X Y Z'"), std::string::npos) << short_up;
  EXPECT_NE(error("# up 0 1 0\n# forward 0 1 1\n").find("not orthogonal"), std::string::npos);
}

TEST_F(Formats, OffAndSegRoundTrip) {
  const LabeledMesh m = test::stacked_cylinder(2, 9);
  const fs::path off = write_temp("cyl.off", [&](std::ostream& out) { write_off(out, m.mesh); });
  const fs::path seg = write_temp("cyl.seg", [&](std::ostream& out) { write_seg(out, m.labels); });
  const LabeledMesh back = read_labeled_mesh(off, seg);
  expect_same_mesh(m.mesh, back.mesh);
  EXPECT_EQ(back.labels, m.labels);
  EXPECT_EQ(back.part_names, (std::vector<std::string>{"part0", "part1"}));
}

TEST_F(Formats, OffReadsColoursAndTriangulatesPolygons) {
  const fs::path path = write_temp("quad.off", [](std::ostream& out) {
    out << "COFF\n# a quad and a triangle\n5 2 0\n0 0 0 255 0 0 255\n1 0 0 0 0 0 0\n1 1 0 1 1 1 1\n"
           "0 1 0 1 1 1 1\n0 0 1 0 0 0 0\n4 0 1 2 3 200 10 10\n3 0 1 4\n";
  });
  const TriMesh mesh = read_off(path);
  EXPECT_EQ(mesh.num_vertices(), 5);
  EXPECT_EQ(mesh.triangles, (std::vector<Tri>{{0, 1, 2}, {0, 2, 3}, {0, 1, 4}}));
}

TEST_F(Formats, ObjGroupsNegativeIndicesAndSlashes) {
  const fs::path path = write_temp("groups.obj", [](std::ostream& out) {
    out << "v 0 0 0\nv 1 0 0\nv 1 1 0\nv 0 1 0\nvt 0 0\nvn 0 0 1\n"
           "o left arm\nf 1/1/1 2/1/1 3/1/1\ng body\nf -4//1 -2//1 -1//1\ng left_arm\nf 1 3 4\ng empty\n";
  });
  const LabeledMesh m = read_obj(path);
  EXPECT_EQ(m.part_names, (std::vector<std::string>{"left_arm", "body"}));
  EXPECT_EQ(m.labels, (std::vector<int>{0, 1, 0}));
  EXPECT_EQ(m.mesh.triangles[1], (Tri{0, 2, 3}));
}

TEST_F(Formats, AssimpReadsObjectsAsComponentsAndWeldsTheirBorders) {
  // Parts exported as separate objects, each with its own copy of the shared ring.
  const LabeledMesh m = test::stacked_cylinder(2, 8);
  // As glTF: one node and mesh per part, its vertices and 16-bit indices in one embedded buffer.
  std::string buffer;
  nlohmann::json nodes, meshes, accessors, views;
  for (int part = 0; part < 2; ++part) {
    std::vector<int> local(m.mesh.positions.size(), -1);
    std::vector<float> positions;
    std::vector<std::uint16_t> indices;
    for (std::size_t f = 0; f < m.mesh.triangles.size(); ++f)
      if (m.labels[f] == part)
        for (int v : m.mesh.triangles[f]) {
          if (local[v] < 0) {
            local[v] = static_cast<int>(positions.size() / 3);
            for (int k = 0; k < 3; ++k) positions.push_back(static_cast<float>(m.mesh.positions[v][k]));
          }
          indices.push_back(static_cast<std::uint16_t>(local[v]));
        }
    const auto add_view = [&](const void* data, std::size_t bytes) {
      while (buffer.size() % 4 != 0) buffer.push_back('\0');
      views.push_back({{"buffer", 0}, {"byteOffset", buffer.size()}, {"byteLength", bytes}});
      buffer.append(static_cast<const char*>(data), bytes);
      return views.size() - 1;
    };
    const std::size_t vertices = positions.size() / 3;
    accessors.push_back({{"bufferView", add_view(positions.data(), 4 * positions.size())},
                         {"componentType", 5126},
                         {"count", vertices},
                         {"type", "VEC3"},
                         {"min", {-1, -1, 0}},
                         {"max", {1, 1, 2}}});
    accessors.push_back({{"bufferView", add_view(indices.data(), 2 * indices.size())},
                         {"componentType", 5123},
                         {"count", indices.size()},
                         {"type", "SCALAR"}});
    meshes.push_back({{"primitives", {{{"attributes", {{"POSITION", 2 * part}}}, {"indices", 2 * part + 1}}}}});
    nodes.push_back({{"mesh", part}, {"name", m.part_names[part]}});
  }
  const nlohmann::json gltf = {{"asset", {{"version", "2.0"}}},
                               {"scene", 0},
                               {"scenes", {{{"nodes", {0, 1}}}}},
                               {"nodes", nodes},
                               {"meshes", meshes},
                               {"accessors", accessors},
                               {"bufferViews", views},
                               {"buffers", {{{"byteLength", buffer.size()}, {"uri", "objects.bin"}}}}};
  const fs::path path = write_temp("objects.gltf", [&](std::ostream& out) { out << gltf.dump(); });
  write_temp("objects.bin", [&](std::ostream& out) { out << buffer; });
  LabeledMesh read = read_assimp(path);
  ASSERT_EQ(read.part_names.size(), 2u);
  EXPECT_EQ(read.mesh.num_triangles(), m.mesh.num_triangles());
  weld_border_vertices(read, kWeldRelativeTolerance * bounding_box(read.mesh.positions).diagonal());
  const SegmentedModel model = SegmentedModel::build(read, path.string());
  EXPECT_EQ(model.mesh().num_vertices(), m.mesh.num_vertices());
  ASSERT_EQ(model.openings().size(), 1u);
  EXPECT_EQ(model.openings()[0].loops[0].original.size(), 8u);
}

TEST_F(Formats, AssimpReadsOnlyTheFormatItsExtensionNames) {
  const LabeledMesh m = test::stacked_cylinder(2, 9);
  // An OFF file under a name Assimp has no importer for: refused, not guessed from the bytes.
  const fs::path unknown = write_temp("cyl.mesh3", [&](std::ostream& out) { write_off(out, m.mesh); });
  try {
    read_labeled_mesh(unknown);
    ADD_FAILURE() << "an unknown extension was read";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("unknown mesh format '.mesh3'"), std::string::npos) << e.what();
  }
  // Assimp's OFF importer is never reached; read_off reads OFF.
  std::ostringstream text;
  write_off(text, m.mesh);
  EXPECT_THROW(parse_assimp("cyl", text.str(), "off"), InputError);
  EXPECT_EQ(
      read_labeled_mesh(write_temp("cyl.off", [&](std::ostream& out) { out << text.str(); })).mesh.num_triangles(),
      m.mesh.num_triangles());
}

TEST_F(Formats, SkelRoundTrip) {
  const SkelFile skel = read_skel(kData / "octahedron.skel");
  ASSERT_EQ(skel.joints.size(), 2u);
  EXPECT_EQ(skel.joints[1].name, "part1");
  EXPECT_EQ(skel.joints[1].parent, 0);
  EXPECT_EQ(skel.joints[1].limits, (std::array<double, 6>{-45, 45, -30, 30, 0, 90}));
  std::ostringstream out;
  write_skel(out, skel);
  const SkelFile back = parse_skel("back.skel", out.str());
  ASSERT_EQ(back.joints.size(), skel.joints.size());
  for (std::size_t j = 0; j < skel.joints.size(); ++j) {
    EXPECT_EQ(back.joints[j].name, skel.joints[j].name);
    EXPECT_EQ(back.joints[j].parent, skel.joints[j].parent);
    EXPECT_EQ(back.joints[j].limits, skel.joints[j].limits);
  }
}

TEST_F(Formats, SkelKeepsDepthFirstOrderOfNestedJoints) {
  const SkelFile skel = parse_skel("tree.skel",
                                   "root torso -180 180 -180 180 -180 180 { joint arm 0 1 0 1 0 1 {"
                                   " joint hand 0 0 0 0 0 0 { end site } } joint head 0 0 0 0 0 0 { End Site } }");
  ASSERT_EQ(skel.joints.size(), 4u);
  EXPECT_EQ(skel.joints[2].name, "hand");
  EXPECT_EQ(skel.joints[2].parent, 1);
  EXPECT_EQ(skel.joints[3].parent, 0);
  std::ostringstream out;
  write_skel(out, skel);
  EXPECT_EQ(parse_skel("back.skel", out.str()).joints[3].name, "head");
}

TEST_F(Formats, ClipRoundTripWithEveryRuleAndMode) {
  const ClipFile clip = read_clip(kData / "wave.clip");
  ASSERT_EQ(clip.channels.size(), 3u);
  EXPECT_EQ(clip.channels[0].dof.joint, "part1");
  EXPECT_EQ(clip.channels[0].dof.axis, 1);
  EXPECT_EQ(clip.channels[1].dof.id, 0);
  EXPECT_EQ(clip.channels[1].before, Extrapolation::cycle);
  EXPECT_EQ(clip.channels[1].after, Extrapolation::cycle_offset);
  EXPECT_EQ(clip.channels[1].keys[0].out, TangentRule::linear);
  EXPECT_EQ(clip.channels[1].keys[1].in, TangentRule::smooth);
  EXPECT_EQ(clip.channels[2].before, Extrapolation::bounce);
  EXPECT_TRUE(clip.channels[2].dof.mover);
  EXPECT_DOUBLE_EQ(clip.channels[2].keys[0].value, 0.25);
  std::ostringstream out;
  write_clip(out, clip);
  const ClipFile back = parse_clip("back.clip", out.str());
  EXPECT_EQ(back.range_begin, clip.range_begin);
  EXPECT_EQ(back.range_end, clip.range_end);
  ASSERT_EQ(back.channels.size(), clip.channels.size());
  for (std::size_t c = 0; c < clip.channels.size(); ++c) {
    EXPECT_EQ(back.channels[c].dof, clip.channels[c].dof);
    EXPECT_EQ(back.channels[c].before, clip.channels[c].before);
    EXPECT_EQ(back.channels[c].after, clip.channels[c].after);
    EXPECT_EQ(back.channels[c].keys, clip.channels[c].keys);
  }
}

TEST_F(Formats, ClipDofsResolveAgainstTheSkeleton) {
  const ClipFile clip = read_clip(kData / "wave.clip");
  const SkelFile skel = read_skel(kData / "octahedron.skel");
  // Joint 1 owns 3..5 (ry = 4); two joints put the mover at 6..11 (tx = 6).
  EXPECT_EQ(resolve_clip_dofs(clip, skel), (std::vector<int>{4, 0, 6}));
  ClipFile clash = clip;
  clash.channels[1].dof = ClipDof{4, "", false, 0};
  EXPECT_THROW(resolve_clip_dofs(clash, skel), ParseError);
}

TEST_F(Formats, AtomicWriteLeavesNothingWhenTheWriterFails) {
  const fs::path path = dir_ / "never.obj";
  EXPECT_THROW(write_file_atomically(path,
                                     [](std::ostream& out) {
                                       out << "partial";
                                       throw InputError("stop");
                                     }),
               InputError);
  EXPECT_FALSE(fs::exists(path));
  EXPECT_TRUE(fs::is_empty(dir_));
}

// The grammars of docs/formats.md, rule by rule: each spelling parses to the same hierarchy or clip.
TEST(FormatGrammar, SkelKeywordsAreOptional) {
  const SkelFile plain = parse_skel("a.skel", "ROOT torso -1 1 -2 2 -3 3 { JOINT head 0 0 0 0 0 0 { End Site } }");
  const SkelFile bare = parse_skel("b.skel", "torso -1 1 -2 2 -3 3 { head 0 0 0 0 0 0 { End Site } }");
  ASSERT_EQ(bare.joints.size(), 2u);
  EXPECT_EQ(bare.joints[1].name, "head");
  EXPECT_EQ(bare.joints[1].parent, 0);
  EXPECT_EQ(bare.joints[0].limits, plain.joints[0].limits);
  // A segment may be named like a keyword: a number after it shows it is the name.
  const SkelFile named = parse_skel("c.skel", "ROOT -1 1 -2 2 -3 3 { JOINT JOINT 0 0 0 0 0 0 { End Site } }");
  EXPECT_EQ(named.joints[0].name, "ROOT");
  EXPECT_EQ(named.joints[1].name, "JOINT");
}

TEST(FormatGrammar, CommentsLineEndsTabsExponentsAndCaseAreAccepted) {
  const SkelFile reference = parse_skel("r.skel", "ROOT torso -180 180 -90 90 -45 45 { End Site }");
  for (const std::string& text : {
           std::string("# hierarchy\nROOT torso -180 180 -90 90 -45 45 # limits\n{ End Site }\n"),
           std::string("ROOT torso -180 180 -90 90 -45 45\r\n{\r\n  End Site\r\n}\r\n"),
           std::string("ROOT torso -180 180 -90 90 -45 45\r{\r  End Site\r}\r"),
           std::string("ROOT\ttorso\t-180\t180\t-90\t90\t-45\t45\t{\tEnd\tSite\t}"),
           std::string("ROOT torso -1.8e2 1.8E+2 -9e1 90.0 -4.5e1 +45 { End Site }"),
           std::string("root torso -180 180 -90 90 -45 45 { end SITE }"),
       }) {
    SCOPED_TRACE(text);
    const SkelFile skel = parse_skel("t.skel", text);
    ASSERT_EQ(skel.joints.size(), 1u);
    EXPECT_EQ(skel.joints[0].limits, reference.joints[0].limits);
  }
  const std::string clip =
      "animation { range 0 2 numChannels 1 channel part1.ry { extrapolate constant linear keys 2 { 0 0 flat "
      "smooth 2 90 smooth flat } } }";
  const ClipFile reference_clip = parse_clip("r.clip", clip);
  for (const std::string& text : {
           std::string("# a clip\nANIMATION { RANGE 0 2 NUMCHANNELS 1 CHANNEL part1.ry { EXTRAPOLATE CONSTANT LINEAR "
                       "KEYS 2 { 0 0 FLAT SMOOTH 2 90 SMOOTH FLAT } } }"),
           std::string("animation\r\n{\r\nrange 0 2e0\r\nnumChannels 1\r\nchannel part1.ry\r\n{ extrapolate 0 1 "
                       "keys 2 { 0 0 0 2 2.0 9e1 2 0 } } }\r\n"),
           std::string("animation\r{\rrange\t0\t2\rnumChannels 1 # one\rchannel part1.ry { extrapolate constant "
                       "linear keys 2 { 0 0 flat smooth 2 90 smooth flat } }\r}"),
       }) {
    SCOPED_TRACE(text);
    const ClipFile parsed = parse_clip("t.clip", text);
    EXPECT_EQ(parsed.range_end, reference_clip.range_end);
    ASSERT_EQ(parsed.channels.size(), 1u);
    EXPECT_EQ(parsed.channels[0].keys, reference_clip.channels[0].keys);
    EXPECT_EQ(parsed.channels[0].after, reference_clip.channels[0].after);
  }
  // Line numbers count every kind of line end, so errors point at the right line.
  try {
    parse_skel("cr.skel", "ROOT torso -180 180\r-90 90\r\n-45 x { End Site }");
    ADD_FAILURE();
  } catch (const ParseError& e) {
    EXPECT_EQ(e.line(), 3);
    EXPECT_EQ(e.col(), 5);
  }
}
