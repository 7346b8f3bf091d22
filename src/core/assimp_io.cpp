#include <assimp/BaseImporter.h>
#include <assimp/postprocess.h>
#include <assimp/scene.h>

#include <assimp/Importer.hpp>
#include <map>
#include <memory>

#include "core/error.hpp"
#include "core/lexer.hpp"
#include "core/mesh_io.hpp"

namespace skinlab {

namespace {

// Depth of the scene's node tree followed; a file nested deeper is refused, not followed down the
// stack.
constexpr int kMaxNodeDepth = 256;

void collect_objects(const aiScene& scene, const aiNode& node, const aiMatrix4x4& parent, LabeledMesh& out,
                     std::map<std::string, int>& name_uses, int depth) {
  if (depth > kMaxNodeDepth)
    throw InputError(out.file + ": scene nodes nested deeper than " + std::to_string(kMaxNodeDepth) + " levels");
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
    collect_objects(scene, *node.mChildren[c], world, out, name_uses, depth + 1);
}

// ValidateDataStructure first: Assimp's other steps assert (abort) on inconsistent scenes, which
// a malformed file produces (found by fuzzing: Triangulate on faces with bad index counts).
constexpr unsigned kSteps = aiProcess_ValidateDataStructure | aiProcess_Triangulate | aiProcess_JoinIdenticalVertices;

LabeledMesh labeled_scene(const Assimp::Importer& importer, const aiScene* scene, const std::string& name) {
  if (scene == nullptr || scene->mRootNode == nullptr)
    throw InputError(name + ": cannot read mesh: " + importer.GetErrorString());
  LabeledMesh out;
  out.file = name;
  std::map<std::string, int> name_uses;
  collect_objects(*scene, *scene->mRootNode, aiMatrix4x4(), out, name_uses, 0);
  if (out.mesh.triangles.empty()) throw InputError(name + ": the scene has no triangles");
  // Objects whose faces were all points or lines are not components.
  drop_empty_parts(out);
  return out;
}

// An Assimp importer that reads only the format the file's extension names. Assimp guesses a
// format from the bytes when the extension does not settle it; a guess hands arbitrary input to
// importers the user never asked for. Its OFF importer is removed outright: skinlab reads OFF
// itself, and Assimp's trusts the header's counts (fuzzing found a 200-byte file for which it
// allocated 6.5 GB).
class ExtensionImporter {
 public:
  ExtensionImporter(const std::string& name, std::string extension) {
    while (!extension.empty() && extension.front() == '.') extension.erase(0, 1);
    off_importer_.reset(importer_.GetImporter("off"));
    if (off_importer_) importer_.UnregisterLoader(off_importer_.get());
    if (extension.empty() || !importer_.IsExtensionSupported(extension))
      throw InputError(name + ": unknown mesh format " + quote("." + extension) +
                       " (skinlab reads .off and .obj itself, and through Assimp the formats it names by "
                       "extension: .ply, .stl, .gltf, .glb, .dae, .3ds, .fbx, ...)");
  }
  Assimp::Importer& importer() { return importer_; }

 private:
  Assimp::Importer importer_;
  // Unregistering hands the importer back to its caller to delete.
  std::unique_ptr<Assimp::BaseImporter> off_importer_;
};

}  // namespace

LabeledMesh read_assimp(const std::filesystem::path& path) {
  ExtensionImporter reader(path.string(), path.extension().string());
  return labeled_scene(reader.importer(), reader.importer().ReadFile(path.string(), kSteps), path.string());
}

LabeledMesh parse_assimp(const std::string& name, const std::string& bytes, const std::string& extension) {
  ExtensionImporter reader(name, extension);
  return labeled_scene(reader.importer(),
                       reader.importer().ReadFileFromMemory(bytes.data(), bytes.size(), kSteps, extension.c_str()),
                       name);
}

}  // namespace skinlab
