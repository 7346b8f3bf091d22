// Standard models by name: models/manifest.json lists each mesh's member in the CGAL data
// archive (Debian's libcgal-demo), its sha256, and its labels and hierarchy files. A mesh is
// extracted into a git-ignored cache on first use and its checksum verified on every load.
#pragma once

#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include "core/segmented_model.hpp"

namespace skinlab {

struct ModelEntry {
  std::string name;
  std::string source;     ///< member path inside the archive
  std::string sha256;     ///< of the extracted mesh, lowercase hex
  std::string labels;     ///< .seg under models/, empty when the model is one component
  std::string hierarchy;  ///< .skel under skeletons/, empty when there is none
};

struct Manifest {
  std::filesystem::path archive;  ///< the CGAL data archive
  std::vector<ModelEntry> models;
};

/// The project directory holding models/, skeletons/, clips/: $SKINLAB_ROOT, else the source
/// tree skinlab was built from.
std::filesystem::path skinlab_root();
/// Where extracted meshes are kept: $SKINLAB_CACHE, else <root>/.cache/models.
std::filesystem::path model_cache_dir();
/// Reads <root>/models/manifest.json ($SKINLAB_CGAL_DATA overrides the archive path).
Manifest read_manifest(const std::filesystem::path& path);

/// The files a model is made of; empty paths where there is none.
struct ModelFiles {
  std::string name;
  std::filesystem::path mesh;
  std::filesystem::path labels;
  std::filesystem::path hierarchy;
};

/// A name from the manifest (its mesh extracted and verified), or a mesh path with its
/// sibling STEM.skel and (except for an OBJ, whose groups are its parts) STEM.seg when they
/// exist. Throws InputError for an unknown name or a
/// missing file, and when the archive or a checksum does not match.
ModelFiles resolve_model(const std::string& name_or_path);
/// Reads the mesh and labels, builds the SegmentedModel and attaches the hierarchy. With a .seg
/// and a .skel, label value i is the i-th segment of the .skel (depth-first order).
SegmentedModel load_model(const ModelFiles& files);

/// SHA-256 of `data` as lowercase hex.
std::string sha256_hex(std::string_view data);

}  // namespace skinlab
