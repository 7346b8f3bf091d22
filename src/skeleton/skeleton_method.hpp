// SPDX-License-Identifier: GPL-3.0-or-later
// The skeleton methods as a table (thesis §3.2-3.3): each is one file in skeleton/methods/ that
// defines its entry, plus one line in methods/skeleton_method_list.hpp. Commands, the viewer's
// keys, the experiment tables and the rig ask an entry (or the skeleton's has_* flags it sets)
// what a method produces; nothing compares method names.
#pragma once

#include <string>
#include <vector>

namespace skinlab {

class SkeletonBuilder;

struct SkeletonMethod {
  std::string name;     ///< as `--method` takes it
  std::string summary;  ///< one line for --help and the docs
  /// What it produces (Skeleton::has_kernel_centroids, has_principal_axes). Kernel centroids
  /// mean the analysis phase runs: closed surfaces, hulls, kernels, principal directions.
  bool kernel_centroids = false;
  bool principal_axes = false;
  bool refines = false;  ///< runs Local and Parent refinement [VF08 §3.3] after the analysis
  /// Adds the joints and bones of one component; called parents first.
  void (*build_component)(SkeletonBuilder& builder, int component) = nullptr;
};

/// In the thesis' order (the viewer's keys 1, 2, ... follow it).
const std::vector<SkeletonMethod>& skeleton_methods();
/// Throws InputError naming the registered methods when `name` is not one.
const SkeletonMethod& find_skeleton_method(const std::string& name);
std::vector<std::string> skeleton_method_names();
/// The timed phases the method runs, in order, as SkeletonTimings names them (every method
/// then builds its components' joints, counted in the total).
std::vector<std::string> skeleton_method_phases(const SkeletonMethod& method);
/// "opening: ..., centroid: ..." for --help.
std::string skeleton_method_help();

}  // namespace skinlab
