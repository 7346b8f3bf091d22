// SPDX-License-Identifier: GPL-3.0-or-later
#include "skinlab/io/model_library.hpp"

#include <archive.h>
#include <archive_entry.h>
#include <dlfcn.h>
#include <openssl/evp.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <fstream>
#include <memory>
#include <nlohmann/json.hpp>
#include <sstream>

#include "skinlab/core/atomic_file.hpp"
#include "skinlab/core/error.hpp"
#include "skinlab/core/lexer.hpp"
#include "skinlab/io/json_file.hpp"
#include "skinlab/io/mesh_formats.hpp"
#include "skinlab/io/read_mesh.hpp"

namespace skinlab {

namespace fs = std::filesystem;

namespace {

std::string env_or_empty(const char* name) {
  const char* value = std::getenv(name);
  return value != nullptr ? std::string(value) : std::string();
}

// The bytes of one member of a (compressed) tar archive.
std::string extract_member(const fs::path& archive_path, const std::string& member) {
  std::unique_ptr<archive, decltype(&archive_read_free)> reader(archive_read_new(), archive_read_free);
  archive_read_support_filter_all(reader.get());
  archive_read_support_format_all(reader.get());
  if (archive_read_open_filename(reader.get(), archive_path.c_str(), 1 << 16) != ARCHIVE_OK)
    throw InputError(archive_path.string() + ": cannot open the CGAL data archive (" +
                     archive_error_string(reader.get()) + "); install libcgal-demo or set SKINLAB_CGAL_DATA");
  archive_entry* entry = nullptr;
  while (archive_read_next_header(reader.get(), &entry) == ARCHIVE_OK) {
    if (member != archive_entry_pathname(entry)) continue;
    std::string data(static_cast<std::size_t>(archive_entry_size(entry)), '\0');
    const la_ssize_t got = archive_read_data(reader.get(), data.data(), data.size());
    if (got != static_cast<la_ssize_t>(data.size()))
      throw InputError(archive_path.string() + ": cannot read member " + member);
    return data;
  }
  throw InputError(archive_path.string() + ": has no member " + member);
}

std::string json_string(const nlohmann::json& entry, const char* key, const fs::path& manifest) {
  if (!entry.contains(key) || entry[key].is_null()) return {};
  if (!entry[key].is_string())
    throw InputError(manifest.string() + ": model field '" + key + "' must be a string or null");
  return entry[key].get<std::string>();
}

// An optional unit direction [x, y, z] (`fallback` when absent).
Vec3 json_direction(const nlohmann::json& entry, const char* key, const fs::path& manifest, const Vec3& fallback) {
  if (!entry.contains(key)) return fallback;
  const auto& v = entry[key];
  if (!v.is_array() || v.size() != 3 || !v[0].is_number() || !v[1].is_number() || !v[2].is_number())
    throw InputError(manifest.string() + ": model field '" + key + "' must be [x, y, z]");
  const Vec3 d(v[0].get<double>(), v[1].get<double>(), v[2].get<double>());
  if (std::abs(d.norm() - 1) > 1e-6)
    throw InputError(manifest.string() + ": model field '" + key + "' must be a unit vector");
  return d;
}

}  // namespace

namespace {

bool holds_data(const fs::path& dir) {
  std::error_code error;
  return fs::is_regular_file(dir / "models" / "manifest.json", error);
}

// The data beside the program or library this code is in: share/skinlab in one of its folder's
// ancestors (an install's prefix, or a build folder, whose share/skinlab links to the sources).
// dladdr names the shared object when skinlab is one (the Python module), else the program.
fs::path data_beside_this_binary() {
  Dl_info info{};
  if (dladdr(reinterpret_cast<void*>(&holds_data), &info) == 0 || info.dli_fname == nullptr) return {};
  std::error_code error;
  fs::path binary =
      fs::canonical(info.dli_fname[0] == '/' ? fs::path(info.dli_fname) : fs::path("/proc/self/exe"), error);
  if (error) return {};
  for (fs::path dir = binary.parent_path(); !dir.empty(); dir = dir.parent_path()) {
    if (holds_data(dir / "share" / "skinlab")) return dir / "share" / "skinlab";
    if (dir == dir.root_path()) break;
  }
  return {};
}

fs::path& chosen_root() {
  static fs::path root;
  return root;
}

}  // namespace

void set_skinlab_root(const fs::path& root) { chosen_root() = root; }

fs::path skinlab_root() {
  const std::string root = env_or_empty("SKINLAB_ROOT");
  if (!root.empty()) return root;
  if (!chosen_root().empty()) return chosen_root();
  static const fs::path found = [] {
    if (fs::path beside = data_beside_this_binary(); !beside.empty()) return beside;
    if (holds_data(SKINLAB_INSTALL_DATA)) return fs::path(SKINLAB_INSTALL_DATA);
    return fs::path();
  }();
  if (found.empty())
    throw InputError(std::string("cannot find skinlab's data (models/manifest.json) beside this program or in ") +
                     SKINLAB_INSTALL_DATA + "; set SKINLAB_ROOT to the folder that holds models/");
  return found;
}

fs::path model_cache_dir() {
  const std::string cache = env_or_empty("SKINLAB_CACHE");
  if (!cache.empty()) return cache;
  const fs::path root = skinlab_root();
  if (::access(root.c_str(), W_OK) == 0) return root / ".cache" / "models";
  // An install's data folder is read-only to its users: their own cache.
  const std::string xdg = env_or_empty("XDG_CACHE_HOME"), home = env_or_empty("HOME");
  return (xdg.empty() ? fs::path(home.empty() ? "/tmp" : home) / ".cache" : fs::path(xdg)) / "skinlab" / "models";
}

Manifest read_manifest(const fs::path& path) {
  const nlohmann::json doc = read_json_file(path);
  Manifest manifest;
  const std::string archive_override = env_or_empty("SKINLAB_CGAL_DATA");
  manifest.archive =
      archive_override.empty() ? fs::path(json_string(doc, "archive", path)) : fs::path(archive_override);
  if (!doc.contains("models") || !doc["models"].is_array())
    throw InputError(path.string() + ": expected a 'models' array");
  for (const auto& m : doc["models"]) {
    ModelEntry entry;
    entry.name = json_string(m, "name", path);
    entry.source = json_string(m, "source", path);
    entry.sha256 = json_string(m, "sha256", path);
    entry.mesh = json_string(m, "mesh", path);
    entry.labels = json_string(m, "labels", path);
    entry.hierarchy = json_string(m, "hierarchy", path);
    if (entry.name.empty() || entry.source.empty() || entry.sha256.size() != 64)
      throw InputError(path.string() + ": every model needs a name, a source and a 64-digit sha256");
    if (const std::string set = json_string(m, "set", path); !set.empty()) entry.set = set;
    entry.thesis_model = json_string(m, "thesis_model", path);
    if (entry.thesis_model.empty()) entry.thesis_model = entry.name;
    entry.up = json_direction(m, "up", path, entry.up);
    entry.forward = json_direction(m, "forward", path, entry.forward);
    if (std::abs(entry.up.dot(entry.forward)) > 1e-6)
      throw InputError(path.string() + ": model '" + entry.name + "': up and forward must be orthogonal");
    manifest.models.push_back(std::move(entry));
  }
  return manifest;
}

std::vector<std::string> model_names_in_set(const Manifest& manifest, const std::string& set) {
  std::vector<std::string> names;
  for (const ModelEntry& entry : manifest.models)
    if (entry.set == set) names.push_back(entry.name);
  return names;
}

std::vector<std::string> model_sets(const Manifest& manifest) {
  std::vector<std::string> sets;
  for (const ModelEntry& entry : manifest.models)
    if (std::find(sets.begin(), sets.end(), entry.set) == sets.end()) sets.push_back(entry.set);
  return sets;
}

std::string sha256_hex(std::string_view data) {
  unsigned char digest[EVP_MAX_MD_SIZE];
  unsigned int size = 0;
  if (EVP_Digest(data.data(), data.size(), digest, &size, EVP_sha256(), nullptr) != 1)
    throw std::runtime_error("SHA-256 failed");
  static const char* const hex = "0123456789abcdef";
  std::string out;
  for (unsigned i = 0; i < size; ++i) {
    out += hex[digest[i] >> 4];
    out += hex[digest[i] & 15];
  }
  return out;
}

namespace {

const ModelEntry* find_entry(const Manifest& manifest, const std::string& name) {
  for (const ModelEntry& entry : manifest.models)
    if (entry.name == name) return &entry;
  return nullptr;
}

[[noreturn]] void unknown_model(const Manifest& manifest, const std::string& name) {
  std::string names;
  for (const ModelEntry& entry : manifest.models) names += (names.empty() ? "" : ", ") + entry.name;
  throw InputError("'" + name + "' is neither a mesh file nor a standard model (" + names + ")");
}

bool is_file(const fs::path& path) { return fs::exists(path) && fs::is_regular_file(path); }

// The entry's source mesh, extracted into the cache unless a verified copy is there.
fs::path extract_source(const Manifest& manifest, const ModelEntry& entry) {
  const fs::path cached = model_cache_dir() / (entry.name + fs::path(entry.source).extension().string());
  if (fs::exists(cached) && sha256_hex(read_whole_file(cached)) == entry.sha256) return cached;
  const std::string data = extract_member(manifest.archive, entry.source);
  const std::string digest = sha256_hex(data);
  if (digest != entry.sha256)
    throw InputError(manifest.archive.string() + ": " + entry.source + " has sha256 " + digest +
                     ", the manifest expects " + entry.sha256);
  fs::create_directories(cached.parent_path());
  write_file_atomically(cached, [&](std::ostream& out) { out << data; });
  return cached;
}

}  // namespace

ModelFiles resolve_model(const std::string& name_or_path) {
  const fs::path as_path(name_or_path);
  if (is_file(as_path)) {
    ModelFiles files{as_path.stem().string(), as_path, {}, {}};
    fs::path sibling = as_path;
    // An OBJ carries its parts as groups; other formats may have their labels beside them.
    const MeshFormat& format = mesh_format(as_path);
    if (!format.names_its_parts && fs::exists(sibling.replace_extension(".seg"))) files.labels = sibling;
    if (fs::exists(sibling.replace_extension(".skel"))) files.hierarchy = sibling;
    if (format.reader == MeshReader::obj)
      if (const std::optional<Upright> upright = read_obj_upright(as_path)) {
        files.up = upright->up;
        files.forward = upright->forward;
      }
    return files;
  }
  const fs::path root = skinlab_root();
  const Manifest manifest = read_manifest(root / "models" / "manifest.json");
  const ModelEntry* entry = find_entry(manifest, name_or_path);
  if (entry == nullptr) unknown_model(manifest, name_or_path);
  ModelFiles files{entry->name, {}, {}, {}, entry->up, entry->forward};
  files.mesh = entry->mesh.empty() ? extract_source(manifest, *entry) : root / "models" / entry->mesh;
  if (!entry->labels.empty()) files.labels = root / "models" / entry->labels;
  if (!entry->hierarchy.empty()) files.hierarchy = root / "skeletons" / entry->hierarchy;
  return files;
}

fs::path resolve_source_mesh(const std::string& name_or_path) {
  if (is_file(name_or_path)) return name_or_path;
  const Manifest manifest = read_manifest(skinlab_root() / "models" / "manifest.json");
  const ModelEntry* entry = find_entry(manifest, name_or_path);
  if (entry == nullptr) unknown_model(manifest, name_or_path);
  return extract_source(manifest, *entry);
}

SegmentedModel load_model(const ModelFiles& files) {
  SkelFile skel;
  std::vector<std::string> seg_names;
  if (!files.hierarchy.empty()) {
    skel = read_skel(files.hierarchy);
    for (const SkelJoint& joint : skel.joints) seg_names.push_back(joint.name);
  }
  // Parts come from the labels when there are any: their problems are the labels' to report.
  const std::string source = (files.labels.empty() ? files.mesh : files.labels).string();
  SegmentedModel model = SegmentedModel::build(read_labeled_mesh(files.mesh, files.labels, seg_names), source);
  if (!files.hierarchy.empty()) model.attach_hierarchy(skel);
  return model;
}

std::string read_whole_file(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw InputError(path.string() + ": cannot open file for reading");
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

bool is_plain_name(const std::string& name) {
  return !name.empty() && name.size() <= 100 && name.front() != '-' && name.front() != '.' &&
         name.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_.-") ==
             std::string::npos;
}

}  // namespace skinlab
