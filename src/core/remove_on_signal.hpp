// SPDX-License-Identifier: GPL-3.0-or-later
// What an interrupted run must not leave behind: the temporary file being written, a scratch or
// staging folder. SIGINT and SIGTERM remove every registered path, then end the process as the
// signal would have.
#pragma once

#include <filesystem>

namespace skinlab {

/// Installs the SIGINT and SIGTERM handlers (once; `skinlab`'s main calls it).
void install_signal_cleanup();

/// Registers `path` (a file, or a folder removed with its contents) for the lifetime of the
/// object. At most kSlots paths at once; past that, registering does nothing.
class RemoveOnSignal {
 public:
  static constexpr int kSlots = 32;
  explicit RemoveOnSignal(const std::filesystem::path& path);
  ~RemoveOnSignal();
  RemoveOnSignal(const RemoveOnSignal&) = delete;
  RemoveOnSignal& operator=(const RemoveOnSignal&) = delete;

 private:
  int slot_ = -1;
};

}  // namespace skinlab
