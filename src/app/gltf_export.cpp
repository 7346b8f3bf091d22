// SPDX-License-Identifier: GPL-3.0-or-later
#include "skinlab/app/gltf_export.hpp"

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <nlohmann/json.hpp>
#include <ostream>
#include <type_traits>

#include "skinlab/core/error.hpp"
#include "skinlab/io/json_text.hpp"
#include "skinlab/render/software_render.hpp"

namespace skinlab {

namespace {

constexpr int kFloat = 5126, kUnsignedShort = 5123, kUnsignedInt = 5125;
constexpr int kArrayBuffer = 34962, kElementArrayBuffer = 34963;

// The binary chunk and the JSON arrays that describe it, grown together.
struct GltfBuilder {
  std::vector<unsigned char> bin;
  nlohmann::json views = nlohmann::json::array();
  nlohmann::json accessors = nlohmann::json::array();

  template <typename T>
  int add(const std::vector<T>& data, int component_type, const char* type, int count, int target,
          nlohmann::json min = nullptr, nlohmann::json max = nullptr) {
    if constexpr (std::is_same_v<T, float>) require_finite(data, "glb accessor " + std::to_string(accessors.size()));
    while (bin.size() % 4 != 0) bin.push_back(0);
    const std::size_t offset = bin.size();
    const std::size_t bytes = data.size() * sizeof(T);
    bin.resize(offset + bytes);
    std::memcpy(bin.data() + offset, data.data(), bytes);
    nlohmann::json view = {{"buffer", 0}, {"byteOffset", offset}, {"byteLength", bytes}};
    if (target != 0) view["target"] = target;
    views.push_back(view);
    nlohmann::json accessor = {
        {"bufferView", views.size() - 1}, {"componentType", component_type}, {"count", count}, {"type", type}};
    if (!min.is_null()) accessor["min"] = min;
    if (!max.is_null()) accessor["max"] = max;
    accessors.push_back(accessor);
    return static_cast<int>(accessors.size()) - 1;
  }
};

void write_u32(std::ostream& out, std::uint32_t v) { out.write(reinterpret_cast<const char*>(&v), 4); }

// Unit normals: glTF requires them (a vertex in no triangle with area gets any unit normal).
std::vector<float> unit_normals(const std::vector<float>& normals) {
  std::vector<float> unit = normals;
  for (std::size_t v = 0; v < unit.size() / 3; ++v) {
    float* n = &unit[3 * v];
    const float len = std::sqrt(n[0] * n[0] + n[1] * n[1] + n[2] * n[2]);
    if (len > 0) {
      for (int k = 0; k < 3; ++k) n[k] /= len;
    } else {
      n[0] = 0, n[1] = 0, n[2] = 1;
    }
  }
  return unit;
}

// Per component of 3-vectors, the least and the largest value (a POSITION accessor's bounds).
std::pair<nlohmann::json, nlohmann::json> bounds(const std::vector<float>& xyz) {
  std::vector<float> lo(3, std::numeric_limits<float>::max()), hi(3, -std::numeric_limits<float>::max());
  for (std::size_t i = 0; i < xyz.size(); ++i) {
    lo[i % 3] = std::min(lo[i % 3], xyz[i]);
    hi[i % 3] = std::max(hi[i % 3], xyz[i]);
  }
  return {lo, hi};
}

// The rest mesh: positions (with the bounds POSITION needs), normals, each vertex's part colour
// (palette_color, as the viewer and pictures; the white material keeps it) and indices. One
// primitive: with one per part, Assimp 5.2 copies the shared vertices into each part's mesh, and
// a reader through it finds the parts apart instead of meeting at their borders.
nlohmann::json plain_primitive(GltfBuilder& b, const SkinMesh& mesh) {
  const int nv = mesh.num_vertices();
  const auto [lo, hi] = bounds(mesh.rest_positions);
  std::vector<float> colours;
  for (int v = 0; v < nv; ++v) {
    const Rgb colour = palette_color(mesh.vertex_component[v]);
    colours.insert(colours.end(), colour.begin(), colour.end());
  }
  std::vector<std::uint32_t> indices;
  for (const Tri& t : mesh.triangles)
    for (int v : t) indices.push_back(static_cast<std::uint32_t>(v));
  nlohmann::json primitive;
  primitive["attributes"] = {{"POSITION", b.add(mesh.rest_positions, kFloat, "VEC3", nv, kArrayBuffer, lo, hi)},
                             {"NORMAL", b.add(unit_normals(mesh.rest_normals), kFloat, "VEC3", nv, kArrayBuffer)},
                             {"COLOR_0", b.add(colours, kFloat, "VEC3", nv, kArrayBuffer)}};
  primitive["indices"] = b.add(indices, kUnsignedInt, "SCALAR", static_cast<int>(indices.size()), kElementArrayBuffer);
  primitive["material"] = 0;
  primitive["mode"] = 4;
  return primitive;
}

// The skinned mesh: the plain mesh with each vertex's joints and weights.
nlohmann::json skinned_primitive(GltfBuilder& b, const SkinMesh& mesh, const LinearSkin& skin) {
  nlohmann::json primitive = plain_primitive(b, mesh);
  const int nv = mesh.num_vertices();
  std::vector<std::uint16_t> joints;
  std::vector<float> weights;
  for (int v = 0; v < nv; ++v) {
    joints.insert(joints.end(), skin.joints[v].begin(), skin.joints[v].end());
    weights.insert(weights.end(), skin.weights[v].begin(), skin.weights[v].end());
  }
  primitive["attributes"]["JOINTS_0"] = b.add(joints, kUnsignedShort, "VEC4", nv, kArrayBuffer);
  primitive["attributes"]["WEIGHTS_0"] = b.add(weights, kFloat, "VEC4", nv, kArrayBuffer);
  return primitive;
}

// A joint's rest frame in the model: at its joint point, unrotated.
QT rest_frame(const Vec3& joint) { return QT{Quat::Identity(), joint}; }

// Per joint the inverse of its rest frame, as column-major 4x4 matrices.
std::vector<float> inverse_bind_matrices(const std::vector<Vec3>& joints) {
  std::vector<float> matrices;
  for (const Vec3& p : joints)
    matrices.insert(matrices.end(), {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, static_cast<float>(-p.x()),
                                     static_cast<float>(-p.y()), static_cast<float>(-p.z()), 1});
  return matrices;
}

// One node per component at its joint (its children by the hierarchy), then the skinned mesh's
// node.
nlohmann::json hierarchy_nodes(const SegmentedModel& model, const std::vector<int>& parent,
                               const std::vector<Vec3>& joints, int& root) {
  const int nc = model.num_components();
  nlohmann::json nodes = nlohmann::json::array();
  root = 0;
  for (int c = 0; c < nc; ++c) {
    const Vec3 offset = parent[c] < 0 ? joints[c] : Vec3(joints[c] - joints[parent[c]]);
    nlohmann::json node = {{"name", model.components()[c].name}, {"translation", {offset.x(), offset.y(), offset.z()}}};
    nlohmann::json children = nlohmann::json::array();
    for (int d = 0; d < nc; ++d)
      if (parent[d] == c) children.push_back(d);
    if (!children.empty()) node["children"] = children;
    if (parent[c] < 0) root = c;
    nodes.push_back(node);
  }
  nodes.push_back({{"name", "skin"}, {"mesh", 0}, {"skin", 0}});
  return nodes;
}

// The clip: per component, its joint node's local rotation and translation at every frame,
// LINEAR. The skinning transform of joint c is its node's world transform times its inverse
// bind matrix, which must be the component's world transform W_c: the node's world transform
// is W_c * rest_c, and its local one (rest_p^-1 W_p^-1) (W_c rest_c).
nlohmann::json clip_animation(GltfBuilder& b, const std::vector<int>& parent, const std::vector<Vec3>& joints,
                              const AnimationFrames& frames) {
  const int nt = static_cast<int>(frames.times.size()), nc = static_cast<int>(parent.size());
  std::vector<float> times(frames.times.begin(), frames.times.end());
  const int input = b.add(times, kFloat, "SCALAR", nt, 0, {times.front()}, {times.back()});
  nlohmann::json samplers = nlohmann::json::array(), channels = nlohmann::json::array();
  for (int c = 0; c < nc; ++c) {
    std::vector<float> rotations, translations;
    Quat previous = Quat::Identity();
    for (int f = 0; f < nt; ++f) {
      const std::vector<QT>& world = frames.world[f];
      const QT node = world[c] * rest_frame(joints[c]);
      const QT local = parent[c] < 0 ? node : (world[parent[c]] * rest_frame(joints[parent[c]])).inverse() * node;
      Quat q = local.q.normalized();
      if (q.dot(previous) < 0) q.coeffs() = -q.coeffs();  // keep LINEAR (slerp) on the short way
      previous = q;
      rotations.insert(rotations.end(), {static_cast<float>(q.x()), static_cast<float>(q.y()),
                                         static_cast<float>(q.z()), static_cast<float>(q.w())});
      for (int k = 0; k < 3; ++k) translations.push_back(static_cast<float>(local.t[k]));
    }
    const int r = b.add(rotations, kFloat, "VEC4", nt, 0);
    const int t = b.add(translations, kFloat, "VEC3", nt, 0);
    samplers.push_back({{"input", input}, {"output", r}, {"interpolation", "LINEAR"}});
    channels.push_back({{"sampler", samplers.size() - 1}, {"target", {{"node", c}, {"path", "rotation"}}}});
    samplers.push_back({{"input", input}, {"output", t}, {"interpolation", "LINEAR"}});
    channels.push_back({{"sampler", samplers.size() - 1}, {"target", {{"node", c}, {"path", "translation"}}}});
  }
  nlohmann::json animation;
  animation["name"] = "clip";
  animation["samplers"] = samplers;
  animation["channels"] = channels;
  return animation;
}

// The GLB container: header, JSON chunk (padded with spaces), binary chunk (padded with zeros).
void write_container(std::ostream& out, const nlohmann::json& doc, std::vector<unsigned char>& bin) {
  std::string text = json_text(doc, -1);
  while (text.size() % 4 != 0) text.push_back(' ');
  const std::uint32_t total =
      12 + 8 + static_cast<std::uint32_t>(text.size()) + 8 + static_cast<std::uint32_t>(bin.size());
  write_u32(out, 0x46546C67);  // "glTF"
  write_u32(out, 2);
  write_u32(out, total);
  write_u32(out, static_cast<std::uint32_t>(text.size()));
  write_u32(out, 0x4E4F534A);  // "JSON"
  out.write(text.data(), static_cast<std::streamsize>(text.size()));
  write_u32(out, static_cast<std::uint32_t>(bin.size()));
  write_u32(out, 0x004E4942);  // "BIN\0"
  out.write(reinterpret_cast<const char*>(bin.data()), static_cast<std::streamsize>(bin.size()));
}

// The document's parts every file has (asset, scene, material, buffers), then the container.
void finish_and_write(std::ostream& out, nlohmann::json& doc, GltfBuilder& b) {
  doc["asset"] = {{"version", "2.0"}, {"generator", "skinlab"}};
  doc["scene"] = 0;
  doc["materials"] = nlohmann::json::array(
      {{{"name", "parts"}, {"pbrMetallicRoughness", {{"metallicFactor", 0.0}, {"roughnessFactor", 0.8}}}}});
  while (b.bin.size() % 4 != 0) b.bin.push_back(0);
  doc["bufferViews"] = b.views;
  doc["accessors"] = b.accessors;
  doc["buffers"] = nlohmann::json::array({{{"byteLength", b.bin.size()}}});
  write_container(out, doc, b.bin);
}

}  // namespace

void write_baked_glb(std::ostream& out, const SkinMesh& mesh, const BakedFrames& frames) {
  GltfBuilder b;
  nlohmann::json primitive = plain_primitive(b, mesh);
  const std::vector<float> rest_normals = unit_normals(mesh.rest_normals);
  const int nv = mesh.num_vertices(), nf = static_cast<int>(frames.times.size());
  primitive["targets"] = nlohmann::json::array();
  for (int f = 0; f < nf; ++f) {
    std::vector<float> moved(frames.positions[f]), turned = unit_normals(frames.normals[f]);
    for (std::size_t i = 0; i < moved.size(); ++i) {
      moved[i] -= mesh.rest_positions[i];
      turned[i] -= rest_normals[i];
    }
    const auto [lo, hi] = bounds(moved);
    primitive["targets"].push_back({{"POSITION", b.add(moved, kFloat, "VEC3", nv, kArrayBuffer, lo, hi)},
                                    {"NORMAL", b.add(turned, kFloat, "VEC3", nv, kArrayBuffer)}});
  }
  std::vector<float> times(frames.times.begin(), frames.times.end()), weights(std::size_t(nf) * nf, 0.0f);
  for (int f = 0; f < nf; ++f) weights[std::size_t(f) * nf + f] = 1.0f;
  const int input = b.add(times, kFloat, "SCALAR", nf, 0, {times.front()}, {times.back()});
  const int output = b.add(weights, kFloat, "SCALAR", nf * nf, 0);
  nlohmann::json doc;
  doc["scenes"] = nlohmann::json::array({{{"nodes", {0}}}});
  doc["nodes"] = nlohmann::json::array({{{"name", "frames"}, {"mesh", 0}}});
  doc["meshes"] = nlohmann::json::array(
      {{{"name", "model"}, {"primitives", {primitive}}, {"weights", std::vector<float>(nf, 0.0f)}}});
  doc["animations"] =
      nlohmann::json::array({{{"name", "frames"},
                              {"samplers", {{{"input", input}, {"output", output}, {"interpolation", "LINEAR"}}}},
                              {"channels", {{{"sampler", 0}, {"target", {{"node", 0}, {"path", "weights"}}}}}}}});
  finish_and_write(out, doc, b);
}

void write_glb(std::ostream& out, const SegmentedModel& model, const SkinMesh& mesh, const LinearSkin& skin,
               const std::vector<int>& parent, const std::vector<Vec3>& joints, const AnimationFrames& frames) {
  const int nc = model.num_components();
  GltfBuilder b;
  const nlohmann::json primitive = skinned_primitive(b, mesh, skin);
  const int inverse_binds = b.add(inverse_bind_matrices(joints), kFloat, "MAT4", nc, 0);
  int root = 0;
  std::vector<int> joint_nodes(nc);
  for (int c = 0; c < nc; ++c) joint_nodes[c] = c;
  nlohmann::json doc;
  doc["nodes"] = hierarchy_nodes(model, parent, joints, root);
  doc["scenes"] = nlohmann::json::array({{{"nodes", {nc, root}}}});
  doc["skins"] = nlohmann::json::array(
      {{{"joints", joint_nodes}, {"skeleton", root}, {"inverseBindMatrices", inverse_binds}, {"name", "skeleton"}}});
  doc["meshes"] = nlohmann::json::array({{{"name", "model"}, {"primitives", {primitive}}}});
  if (!frames.times.empty()) doc["animations"] = nlohmann::json::array({clip_animation(b, parent, joints, frames)});
  finish_and_write(out, doc, b);
}

}  // namespace skinlab
