// SPDX-License-Identifier: GPL-3.0-or-later
#include <assimp/BaseImporter.h>
#include <assimp/DefaultIOSystem.h>
#include <sys/stat.h>
#include <assimp/postprocess.h>
#include <assimp/scene.h>

#include <assimp/Importer.hpp>
#include <cstdint>
#include <cstring>
#include <fstream>
#include <map>
#include <memory>
#include <set>
#include <string_view>
#include <vector>

#include "skinlab/core/error.hpp"
#include "skinlab/core/lexer.hpp"
#include "skinlab/io/mesh_formats.hpp"
#include "skinlab/io/read_mesh.hpp"
#include "skinlab/io/sandbox.hpp"

namespace skinlab {

namespace {

// Depth of the scene's node tree followed; a file nested deeper is refused, not followed down the
// stack.
constexpr int kMaxNodeDepth = 256;
// Node visits and vertices collected: a node graph that shares children (a glTF node listed under
// many parents) expands exponentially; past these it is refused, not expanded.
constexpr long kMaxNodeVisits = 1'000'000;
constexpr long kMaxVertices = 50'000'000;

struct CollectBudget {
  long visits = 0;
};

void collect_objects(const aiScene& scene, const aiNode& node, const aiMatrix4x4& parent, LabeledMesh& out,
                     std::map<std::string, int>& name_uses, int depth, CollectBudget& budget) {
  if (depth > kMaxNodeDepth)
    throw InputError(out.file + ": scene nodes nested deeper than " + std::to_string(kMaxNodeDepth) + " levels");
  if (++budget.visits > kMaxNodeVisits)
    throw InputError(out.file + ": the scene expands to more than " + std::to_string(kMaxNodeVisits) +
                     " node instances");
  const aiMatrix4x4 world = parent * node.mTransformation;
  if (node.mNumMeshes > 0) {
    std::string name = node.mName.length > 0 ? node.mName.C_Str() : "object";
    for (char& c : name)
      if (std::isspace(static_cast<unsigned char>(c))) c = '_';
    const int use = ++name_uses[name];
    if (use > 1) name.append("_").append(std::to_string(use));
    const int label = static_cast<int>(out.part_names.size());
    out.part_names.push_back(name);
    for (unsigned m = 0; m < node.mNumMeshes; ++m) {
      const aiMesh& mesh = *scene.mMeshes[node.mMeshes[m]];
      const int base = out.mesh.num_vertices();
      if (base + static_cast<long>(mesh.mNumVertices) > kMaxVertices)
        throw InputError(out.file + ": the scene instances more than " + std::to_string(kMaxVertices) + " vertices");
      for (unsigned v = 0; v < mesh.mNumVertices; ++v) {
        const aiVector3D p = world * mesh.mVertices[v];
        out.mesh.positions.emplace_back(p.x, p.y, p.z);
      }
      for (unsigned f = 0; f < mesh.mNumFaces; ++f) {
        const aiFace& face = mesh.mFaces[f];
        if (face.mNumIndices != 3) continue;  // points and lines are not surface
        if (face.mIndices[0] >= mesh.mNumVertices || face.mIndices[1] >= mesh.mNumVertices ||
            face.mIndices[2] >= mesh.mNumVertices)
          throw InputError(out.file + ": a face of object " + quote(name) + " indexes past its vertices");
        out.mesh.triangles.push_back({base + static_cast<int>(face.mIndices[0]),
                                      base + static_cast<int>(face.mIndices[1]),
                                      base + static_cast<int>(face.mIndices[2])});
        out.labels.push_back(label);
      }
    }
  }
  for (unsigned c = 0; c < node.mNumChildren; ++c)
    collect_objects(scene, *node.mChildren[c], world, out, name_uses, depth + 1, budget);
}

// ValidateDataStructure first: Assimp's other steps assert (abort) on inconsistent scenes, which
// a malformed file produces (found by fuzzing: Triangulate on faces with bad index counts).
// RemoveComponent drops normals, texture coordinates, colours and tangents before vertices are
// joined: skinlab uses positions alone, and a vertex that differs only in those (every corner of
// an STL, whose normals are per facet; a glTF's texture seams) must still join, or the surface
// falls apart into its faces.
constexpr unsigned kSteps = aiProcess_ValidateDataStructure | aiProcess_RemoveComponent | aiProcess_Triangulate |
                            aiProcess_JoinIdenticalVertices;
constexpr int kDroppedComponents = aiComponent_NORMALS | aiComponent_TANGENTS_AND_BITANGENTS | aiComponent_COLORS |
                                   aiComponent_TEXCOORDS | aiComponent_BONEWEIGHTS | aiComponent_ANIMATIONS |
                                   aiComponent_TEXTURES | aiComponent_LIGHTS | aiComponent_CAMERAS |
                                   aiComponent_MATERIALS;

LabeledMesh labeled_scene(const Assimp::Importer& importer, const aiScene* scene, const std::string& name) {
  if (scene == nullptr || scene->mRootNode == nullptr)
    throw InputError(name + ": cannot read mesh: " + importer.GetErrorString());
  LabeledMesh out;
  out.file = name;
  std::map<std::string, int> name_uses;
  CollectBudget budget;
  collect_objects(*scene, *scene->mRootNode, aiMatrix4x4(), out, name_uses, 0, budget);
  if (out.mesh.triangles.empty()) throw InputError(name + ": the scene has no triangles");
  // Objects whose faces were all points or lines are not components.
  drop_empty_parts(out);
  return out;
}

// An Assimp importer that reads only the format the file's extension names: every other loader
// is unregistered, because Assimp falls back to guessing a format from the bytes when the named
// importer refuses a file, which hands arbitrary input to importers the user never asked for (a
// PLY named .gltf was read as PLY). Its OFF importer goes in any case: skinlab reads OFF itself,
// and Assimp's trusts the header's counts (fuzzing found a 200-byte file for which it allocated
// 6.5 GB).
class ExtensionImporter {
 public:
  ExtensionImporter(const std::string& name, std::string extension) {
    importer_.SetPropertyInteger(AI_CONFIG_PP_RVC_FLAGS, kDroppedComponents);
    while (!extension.empty() && extension.front() == '.') extension.erase(0, 1);
    for (char& c : extension) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    const MeshFormat* format = find_mesh_format("x." + extension);
    if (format == nullptr || format->reader != MeshReader::assimp)
      throw InputError(name + ": " + quote("." + extension) + " is not a format skinlab reads through Assimp (" +
                       mesh_extensions_text() + " are read, .obj and .off by skinlab itself)");
    if (!importer_.IsExtensionSupported(extension))
      throw InputError(name + ": this Assimp has no importer for " + quote("." + extension));
    std::vector<Assimp::BaseImporter*> others;
    for (std::size_t i = 0; i < importer_.GetImporterCount(); ++i) {
      Assimp::BaseImporter* loader = importer_.GetImporter(i);
      std::set<std::string> extensions;
      loader->GetExtensionList(extensions);
      if (extensions.count(extension) == 0) others.push_back(loader);
    }
    for (Assimp::BaseImporter* loader : others) {
      importer_.UnregisterLoader(loader);
      unregistered_.emplace_back(loader);
    }
  }
  Assimp::Importer& importer() { return importer_; }

 private:
  // Unregistering hands a loader back to its caller to delete; they outlive the importer's use.
  std::vector<std::unique_ptr<Assimp::BaseImporter>> unregistered_;
  Assimp::Importer importer_;
};

// The files an import may open: the model itself and regular files in its folder (a glTF's
// buffers and images). A FIFO would block the reader, a device or a path elsewhere would hand
// it data the user never named.
class BesideModelIOSystem : public Assimp::DefaultIOSystem {
 public:
  explicit BesideModelIOSystem(const std::filesystem::path& model)
      : folder_(std::filesystem::weakly_canonical(std::filesystem::absolute(model)).parent_path()) {}
  bool Exists(const char* file) const override { return allowed(file) && DefaultIOSystem::Exists(file); }
  Assimp::IOStream* Open(const char* file, const char* mode) override {
    if (std::strchr(mode, 'w') != nullptr || std::strchr(mode, 'a') != nullptr || !allowed(file)) return nullptr;
    return DefaultIOSystem::Open(file, mode);
  }

 private:
  bool allowed(const char* file) const {
    std::error_code error;
    const auto path = std::filesystem::weakly_canonical(std::filesystem::absolute(file), error);
    struct stat info {};
    return !error && path.parent_path() == folder_ && ::stat(path.c_str(), &info) == 0 && S_ISREG(info.st_mode);
  }
  std::filesystem::path folder_;
};

// The child's LabeledMesh crosses the pipe as counts and raw arrays (both ends are this binary).
template <typename T>
void put(std::string& out, const T& value) {
  out.append(reinterpret_cast<const char*>(&value), sizeof value);
}
template <typename T>
void put_array(std::string& out, const std::vector<T>& values) {
  put(out, values.size());
  out.append(reinterpret_cast<const char*>(values.data()), values.size() * sizeof(T));
}

std::string serialize(const LabeledMesh& mesh) {
  std::string out;
  put_array(out, mesh.mesh.positions);
  put_array(out, mesh.mesh.triangles);
  put_array(out, mesh.labels);
  put(out, mesh.part_names.size());
  for (const std::string& name : mesh.part_names) {
    put(out, name.size());
    out += name;
  }
  return out;
}

class Reader {
 public:
  explicit Reader(const std::string& bytes) : bytes_(bytes) {}
  template <typename T>
  T get() {
    T value;
    take(&value, sizeof value);
    return value;
  }
  template <typename T>
  std::vector<T> get_array() {
    const auto count = get<std::size_t>();
    if (count > (bytes_.size() - at_) / sizeof(T)) throw std::runtime_error("sandboxed import: truncated result");
    std::vector<T> values(count);
    take(values.data(), values.size() * sizeof(T));
    return values;
  }
  std::string get_string() {
    const auto size = get<std::size_t>();
    if (size > bytes_.size() - at_) throw std::runtime_error("sandboxed import: truncated result");
    std::string text(size, '\0');
    take(text.data(), text.size());
    return text;
  }

 private:
  void take(void* to, std::size_t size) {
    if (size > bytes_.size() - at_) throw std::runtime_error("sandboxed import: truncated result");
    std::memcpy(to, bytes_.data() + at_, size);
    at_ += size;
  }
  const std::string& bytes_;
  std::size_t at_ = 0;
};

LabeledMesh deserialize(const std::string& bytes, const std::string& file) {
  Reader in(bytes);
  LabeledMesh mesh;
  mesh.file = file;
  mesh.mesh.positions = in.get_array<Vec3>();
  mesh.mesh.triangles = in.get_array<Tri>();
  mesh.labels = in.get_array<int>();
  mesh.part_names.resize(in.get<std::size_t>());
  for (std::string& name : mesh.part_names) name = in.get_string();
  return mesh;
}

}  // namespace

LabeledMesh read_assimp(const std::filesystem::path& path) {
  const std::string name = path.string();
  ExtensionImporter reader(name, path.extension().string());
  struct stat info {};
  if (::stat(path.c_str(), &info) != 0) throw InputError(name + ": cannot open file for reading");
  if (!S_ISREG(info.st_mode)) throw InputError(name + ": not a regular file");
  const MeshFormat* format = find_mesh_format(path);
  if (format && format->check_header) {
    std::string head(kHeaderBytes, '\0');
    std::ifstream file(path, std::ios::binary);
    file.read(head.data(), static_cast<std::streamsize>(head.size()));
    head.resize(static_cast<std::size_t>(file.gcount()));
    format->check_header(name, head, static_cast<std::uint64_t>(info.st_size));
  }
  // Assimp's parsers are not hardened (fuzzing found aborts, unbounded recursion, endless loops
  // and gigabyte allocations from files of a few hundred bytes): the import runs in a child.
  const std::string bytes = run_sandboxed(name + ": cannot read mesh", import_limits(), [&] {
    reader.importer().SetIOHandler(new BesideModelIOSystem(path));  // the importer owns it
    return serialize(labeled_scene(reader.importer(), reader.importer().ReadFile(name, kSteps), name));
  });
  return deserialize(bytes, name);
}

LabeledMesh parse_assimp(const std::string& name, const std::string& bytes, const std::string& extension) {
  ExtensionImporter reader(name, extension);
  const MeshFormat* format = find_mesh_format_of_extension(extension);
  if (format && format->check_header)
    format->check_header(name, std::string_view(bytes).substr(0, kHeaderBytes), bytes.size());
  return labeled_scene(reader.importer(),
                       reader.importer().ReadFileFromMemory(bytes.data(), bytes.size(), kSteps, extension.c_str()),
                       name);
}

LabeledMesh parse_assimp_sandboxed(const std::string& name, const std::string& bytes, const std::string& extension,
                                   const SandboxLimits& limits) {
  return deserialize(run_sandboxed(name + ": cannot read mesh", limits,
                                   [&] { return serialize(parse_assimp(name, bytes, extension)); }),
                     name);
}

}  // namespace skinlab
