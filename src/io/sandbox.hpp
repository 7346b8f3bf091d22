// SPDX-License-Identifier: GPL-3.0-or-later
// Running a step on untrusted input in a child process with bounded time, memory and output, so
// that a crash, a hang or an allocation without bound in a library we do not control (Assimp)
// becomes an InputError in the parent instead of taking the parent with it.
#pragma once

#include <functional>
#include <string>

namespace skinlab {

struct SandboxLimits {
  double seconds = 60.0;     ///< wall-clock time (also the child's CPU-time limit)
  long megabytes = 4096;     ///< address space (resident size under sanitizers) and result size
};

/// The limits of mesh imports: SKINLAB_IMPORT_SECONDS and SKINLAB_IMPORT_MB from the
/// environment when set (positive numbers; anything else is an InputError), else the defaults
/// above.
SandboxLimits import_limits();

/// Runs `work` in a forked child under `limits` (address space, CPU time, no file writes, no core
/// file) and returns the bytes it returned. An InputError thrown in the child is rethrown in the
/// parent with its message. Otherwise throws InputError "`what`: the importer crashed (signal N)",
/// "... timed out after S s" or "... needed more than N MB". The parent's own memory grows only by
/// the result.
std::string run_sandboxed(const std::string& what, const SandboxLimits& limits, const std::function<std::string()>& work);

}  // namespace skinlab
