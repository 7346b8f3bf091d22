// SPDX-License-Identifier: GPL-3.0-or-later
#include "skinlab/skeleton/skeleton_method.hpp"

#include "skinlab/core/error.hpp"
#include "skinlab/core/registry.hpp"

namespace skinlab {

// Each entry function is defined in its method's file (methods/); declared here, from the list.
#define SKINLAB_SKELETON_METHOD(name) SkeletonMethod name##_skeleton_method();
#include "skinlab/skeleton/methods/skeleton_method_list.hpp"
#undef SKINLAB_SKELETON_METHOD

const std::vector<SkeletonMethod>& skeleton_methods() {
  static const std::vector<SkeletonMethod> entries{
#define SKINLAB_SKELETON_METHOD(name) name##_skeleton_method(),
#include "skinlab/skeleton/methods/skeleton_method_list.hpp"
#undef SKINLAB_SKELETON_METHOD
  };
  return entries;
}

const SkeletonMethod& find_skeleton_method(const std::string& name) {
  if (const SkeletonMethod* method = find_named(skeleton_methods(), name)) return *method;
  throw InputError("unknown skeleton method '" + name + "' (expected one of: " + names_text(skeleton_methods()) + ")");
}

std::vector<std::string> skeleton_method_names() { return names_of(skeleton_methods()); }

std::vector<std::string> skeleton_method_phases(const SkeletonMethod& method) {
  std::vector<std::string> phases;
  if (method.kernel_centroids) phases = {"surfaces", "hull", "kernel", "covariance"};
  if (method.refines) phases.push_back("refinement");
  if (method.principal_axes) phases.push_back("axes");
  return phases;
}

std::string skeleton_method_help() {
  std::string help = "Skeleton method:";
  for (const SkeletonMethod& method : skeleton_methods()) help += "\n  " + method.name + ": " + method.summary;
  return help;
}

}  // namespace skinlab
