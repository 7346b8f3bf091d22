// SPDX-License-Identifier: GPL-3.0-or-later
#include "skinlab/experiments/model_source.hpp"

#include <glob.h>

#include <algorithm>
#include <sstream>

#include "skinlab/core/atomic_file.hpp"
#include "skinlab/core/error.hpp"
#include "skinlab/core/mesh_io.hpp"
#include "skinlab/core/version.hpp"
#include "skinlab/io/read_mesh.hpp"
#include "skinlab/rigging/exercise_clip.hpp"
#include "skinlab/segmentation/segment_body_parts.hpp"
#include "skinlab/segmentation/segment_params_json.hpp"

namespace skinlab {

namespace fs = std::filesystem;

namespace {

// The .clip files in `folder` whose names start with `stem` + '_', sorted.
std::vector<fs::path> clips_named(const fs::path& folder, const std::string& stem) {
  std::vector<fs::path> clips;
  std::error_code error;
  for (const auto& entry : fs::directory_iterator(folder, error))
    if (entry.path().extension() == ".clip" && entry.path().filename().string().rfind(stem + "_", 0) == 0)
      clips.push_back(entry.path());
  std::sort(clips.begin(), clips.end());
  return clips;
}

// What a cache entry made by this build is keyed by, beside its inputs: the version and the
// commit, so that changed code never reuses what older code made.
std::string build_key() { return std::string(version()) + " " + build_commit(); }

// The exercise clip of `hierarchy`, generated once into the cache (keyed by the .skel's text).
fs::path exercise_clip_in_cache(const std::string& name, const fs::path& hierarchy) {
  const std::string text = read_whole_file(hierarchy);
  const fs::path clip =
      model_cache_dir() / "clips" / sha256_hex(text + build_key()).substr(0, 16) / (name + "_exercise.clip");
  if (fs::exists(clip)) return clip;
  const ClipFile exercise = exercise_clip(read_skel(hierarchy));
  OutputSet outputs;
  outputs.create_directories(clip.parent_path());
  outputs.write(clip, [&](std::ostream& out) {
    out << "# Exercise clip for " << name << ", generated from " << hierarchy.string() << "\n";
    write_clip(out, exercise);
  });
  outputs.commit();
  return clip;
}

}  // namespace

std::vector<fs::path> model_clips(const std::string& name) { return clips_named(skinlab_root() / "clips", name); }

std::string nothing_to_play(const ModelSource& source) {
  if (source.files.hierarchy.empty()) return "no hierarchy (.skel beside the mesh) to animate";
  return source.clips.empty() ? source.clips_origin : "";
}

std::vector<fs::path> clips_beside(const fs::path& mesh) {
  return clips_named(mesh.parent_path(), mesh.stem().string());
}

bool is_glob(const std::string& text) { return text.find_first_of("*?[") != std::string::npos; }

std::vector<fs::path> glob_files(const std::string& pattern) {
  glob_t found{};
  std::vector<fs::path> files;
  if (::glob(pattern.c_str(), 0, nullptr, &found) == 0)
    for (std::size_t i = 0; i < found.gl_pathc; ++i)
      if (std::error_code error; fs::is_regular_file(found.gl_pathv[i], error)) files.emplace_back(found.gl_pathv[i]);
  ::globfree(&found);
  return files;
}

ModelSource model_source(const std::string& name_or_path, const std::string& name, const std::vector<fs::path>& clips) {
  ModelSource source;
  source.files = resolve_model(name_or_path);
  if (!name.empty()) source.files.name = name;
  source.name = source.files.name;
  std::error_code error;
  const bool is_path = fs::is_regular_file(name_or_path, error);
  if (!clips.empty()) {
    for (const fs::path& clip : clips)
      if (!fs::is_regular_file(clip, error)) throw InputError(clip.string() + ": no such clip");
    source.clips = clips;
    source.clips_origin = "given";
    return source;
  }
  source.clips = model_clips(source.name);
  source.clips_origin = "clips/NAME_*.clip";
  if (source.clips.empty() && is_path) {
    source.clips = clips_beside(source.files.mesh);
    source.clips_origin = "beside the mesh";
  }
  if (source.clips.empty() && !source.files.hierarchy.empty() && read_skel(source.files.hierarchy).joints.size() > 1) {
    source.clips = {exercise_clip_in_cache(source.name, source.files.hierarchy)};
    source.clips_origin = "generated";
  }
  if (source.clips.empty())
    source.clips_origin = source.files.hierarchy.empty() ? "no clips: no hierarchy (.skel) to animate"
                                                         : "no clips: the hierarchy has no joint below its root";
  return source;
}

fs::path segment_into_cache(const fs::path& mesh, const std::string& name, const nlohmann::json& segment,
                            const std::string& where) {
  SegmentRequest request;
  apply_segment_json(segment, where, request, '/');
  const std::string digest = sha256_hex(read_whole_file(mesh) + segment.dump() + build_key()).substr(0, 16);
  const fs::path folder = model_cache_dir() / "segmented" / digest;
  const fs::path obj = folder / (name + ".obj"), skel = folder / (name + ".skel");
  if (fs::exists(obj) && fs::exists(skel)) return obj;
  const LabeledMesh input = read_labeled_mesh(mesh);
  Segmentation result;
  try {
    result = request.parts > 0 ? segment_into_at_most(input.mesh, mesh.string(), request.params, request.parts)
                               : segment_body_parts(input.mesh, mesh.string(), request.params);
  } catch (const InputError& e) {
    throw InputError(where + ": cannot segment " + mesh.string() + ": " + e.what());
  }
  const std::optional<Upright> upright =
      result.up.isZero() ? std::nullopt : std::optional<Upright>(Upright{result.up, result.forward});
  OutputSet outputs;
  outputs.create_directories(folder);
  outputs.write(obj, [&](std::ostream& out) { write_obj(out, result.parts, upright); });
  outputs.write(skel, [&](std::ostream& out) { write_skel(out, result.hierarchy); });
  outputs.commit();
  return obj;
}

}  // namespace skinlab
