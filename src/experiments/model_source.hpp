// SPDX-License-Identifier: GPL-3.0-or-later
// The models an experiment or `bench` runs on, wherever they come from: a standard model by
// name, a segmented mesh by path (an OBJ whose groups are its parts, OFF + .seg + .skel, an
// Assimp file), or a raw closed mesh segmented on the fly and cached; and the clips each one
// plays (docs/experiments.md, "Models").
#pragma once

#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "skinlab/io/model_library.hpp"

namespace skinlab {

struct ModelSource {
  std::string name;  ///< as the tables show it
  ModelFiles files;
  std::vector<std::filesystem::path> clips;  ///< in the order played
  /// Where the clips came from, for a table's notes: "given", "clips/NAME_*.clip",
  /// "beside the mesh" or "generated"; or why there are none.
  std::string clips_origin;
};

/// The model `name_or_path` names (resolve_model) under `name` (empty: its own), with its clips:
/// `clips` when given; else clips/NAME_*.clip; else, for a mesh path, STEM_*.clip beside it;
/// else, when it has a hierarchy, an exercise clip (rigging/exercise_clip.hpp) generated into
/// the cache (model_cache_dir()/clips/). Throws InputError as resolve_model does, and for a
/// clip that is not a file.
ModelSource model_source(const std::string& name_or_path, const std::string& name = {},
                         const std::vector<std::filesystem::path>& clips = {});

/// A raw closed mesh segmented with `segment` (an object of segmentation parameters,
/// segmentation/segment_params_json.hpp) into model_cache_dir()/segmented/DIGEST/NAME.obj and
/// NAME.skel, where DIGEST covers the mesh's bytes, the parameters and skinlab's version and
/// commit; a segmentation already there is reused. Throws InputError starting with `where` for bad
/// parameters, and as segment_body_parts does for a mesh it cannot segment.
std::filesystem::path segment_into_cache(const std::filesystem::path& mesh, const std::string& name,
                                         const nlohmann::json& segment, const std::string& where);

/// The clips of a model of the manifest: clips/NAME_*.clip, sorted.
std::vector<std::filesystem::path> model_clips(const std::string& name);

/// Why `source` has nothing to animate ("no hierarchy ...", or its clips_origin when it has no
/// clips), or "" when it has a hierarchy and clips.
std::string nothing_to_play(const ModelSource& source);

/// The clips beside a mesh file: STEM_*.clip in its folder, sorted.
std::vector<std::filesystem::path> clips_beside(const std::filesystem::path& mesh);

/// The files matching a glob `pattern` (POSIX glob: *, ?, [...]), sorted; empty when none does.
std::vector<std::filesystem::path> glob_files(const std::string& pattern);

/// Whether `text` is a glob pattern rather than a path.
bool is_glob(const std::string& text);

}  // namespace skinlab
