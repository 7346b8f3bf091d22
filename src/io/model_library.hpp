// SPDX-License-Identifier: GPL-3.0-or-later
// Standard models by name: models/manifest.json lists each model's source mesh (a member of the
// CGAL data archive, Debian's libcgal-dev, with its sha256 for provenance), the refined mesh the
// segmentation made from it (models/NAME.off: the source with its part borders cut along planes),
// and its labels and hierarchy files. A source mesh is extracted into a git-ignored cache when it
// is needed (to segment it again) and its checksum verified on every use.
#pragma once

#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include "skinlab/core/segmented_model.hpp"

namespace skinlab {

struct ModelEntry {
  std::string name;
  std::string source;     ///< member path inside the archive
  std::string sha256;     ///< of the extracted mesh, lowercase hex
  std::string mesh;       ///< the refined mesh under models/ (the labels index its triangles);
                          ///< empty: the model is the source mesh itself
  std::string labels;     ///< .seg under models/, empty when the model is one component
  std::string hierarchy;  ///< .skel under skeletons/, empty when there is none
  /// Unit directions in model coordinates: the model stands along `up` and faces `forward`
  /// (orthogonal). The viewer and pictures show `up` upwards; files keep model coordinates.
  Vec3 up = Vec3::UnitY();
  Vec3 forward = Vec3::UnitZ();
  /// Which set of models the entry belongs to: "standard" (the default; what "standard" means
  /// in experiment definitions and bench) or another set, e.g. "thesis-parts": the same sources
  /// segmented a second time at the thesis' part counts (docs/models.md).
  std::string set = "standard";
  /// The thesis model whose published numbers (experiments/thesis_reference.json) this entry is
  /// compared with: its own name unless the manifest says otherwise.
  std::string thesis_model;
};

struct Manifest {
  std::filesystem::path archive;  ///< the CGAL data archive
  std::vector<ModelEntry> models;
};

/// The folder holding models/, skeletons/, clips/, experiments/: $SKINLAB_ROOT; else the one
/// set_skinlab_root named; else share/skinlab
/// in an ancestor of the folder of this program (or of the shared object skinlab is linked
/// into): an install prefix, or a build folder (its share/skinlab links to the sources); else
/// the data folder of the install this library was built for. Throws InputError naming
/// SKINLAB_ROOT when none holds models/manifest.json.
std::filesystem::path skinlab_root();
/// Where a program that is not beside the data finds it: after $SKINLAB_ROOT, before the search
/// (an installed package's CMake variable SKINLAB_DATA_DIR names it).
void set_skinlab_root(const std::filesystem::path& root);
/// Where extracted meshes are kept: $SKINLAB_CACHE, else <root>/.cache/models where the root
/// is writable, else $XDG_CACHE_HOME (or ~/.cache)/skinlab/models.
std::filesystem::path model_cache_dir();
/// Reads <root>/models/manifest.json ($SKINLAB_CGAL_DATA overrides the archive path).
Manifest read_manifest(const std::filesystem::path& path);

/// The names of the manifest's models in `set`, in manifest order.
std::vector<std::string> model_names_in_set(const Manifest& manifest, const std::string& set);
/// The manifest's sets, in order of first appearance ("standard" first when it has models).
std::vector<std::string> model_sets(const Manifest& manifest);

/// The files a model is made of; empty paths where there is none.
struct ModelFiles {
  std::string name;
  std::filesystem::path mesh;
  std::filesystem::path labels;
  std::filesystem::path hierarchy;
  Vec3 up = Vec3::UnitY();       ///< as ModelEntry; for a mesh file +Y and +Z, or an OBJ's own
  Vec3 forward = Vec3::UnitZ();  ///< `# up` and `# forward` comments (read_obj_upright)
};

/// A name from the manifest (its refined mesh, or its source extracted and verified when it has
/// none), or a mesh path with its
/// sibling STEM.skel and (except for an OBJ, whose groups are its parts) STEM.seg when they
/// exist. Throws InputError for an unknown name or a
/// missing file, and when the archive or a checksum does not match.
ModelFiles resolve_model(const std::string& name_or_path);
/// The mesh a model was made from: for a name from the manifest its source, extracted from the
/// archive and verified against the checksum; a path is itself. Throws InputError as
/// resolve_model does.
std::filesystem::path resolve_source_mesh(const std::string& name_or_path);
/// Reads the mesh and labels, builds the SegmentedModel and attaches the hierarchy. With a .seg
/// and a .skel, label value i is the i-th segment of the .skel (depth-first order).
SegmentedModel load_model(const ModelFiles& files);

/// Whether `name` can name a model or a part everywhere skinlab writes one (tables, file stems,
/// .skel, OBJ groups, clips): letters, digits, '_', '.' and '-', at most 100, not starting with
/// '-' or '.'.
bool is_plain_name(const std::string& name);

/// The bytes of a file; InputError when it cannot be read.
std::string read_whole_file(const std::filesystem::path& path);

/// SHA-256 of `data` as lowercase hex.
std::string sha256_hex(std::string_view data);

}  // namespace skinlab
