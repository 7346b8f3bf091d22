// SPDX-License-Identifier: GPL-3.0-or-later
// Renaming a segmented model's parts everywhere a name is written (`skinlab rename`): the
// hierarchy (.skel: its joint names, which a .seg's labels index, so the .seg needs no change),
// an OBJ's groups, and the clips beside the mesh that drive the parts (STEM_*.clip).
#pragma once

#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include "skinlab/io/model_library.hpp"

namespace skinlab {

/// Renames parts of the model `files` names (a mesh path, not a standard model) per `names`
/// (old -> new), rewriting its .skel, its OBJ groups (for an OBJ) and STEM_*.clip beside the
/// mesh, all or none (atomically, as a set). Returns the files rewritten. Throws InputError,
/// before writing anything, for an old name that is no part, a new name that is not a plain
/// name (letters, digits, '_', '.', '-'; "mover" is the clips' own) or that another part keeps,
/// and a model without a hierarchy.
std::vector<std::filesystem::path> rename_parts(const ModelFiles& files,
                                                const std::map<std::string, std::string>& names);

}  // namespace skinlab
