// SPDX-License-Identifier: GPL-3.0-or-later
// Output files appear whole or not at all: writers fill a temporary sibling and rename it.
#pragma once

#include <filesystem>
#include <functional>
#include <iosfwd>
#include <memory>
#include <vector>

#include "skinlab/core/remove_on_signal.hpp"

namespace skinlab {

/// Calls `write` on a stream to a temporary file next to `path` (`PATH.skinlab-tmpPID`), then renames
/// it onto `path`. If `write` throws, the stream fails or the process gets SIGINT/SIGTERM, the
/// temporary is removed and `path` is untouched. A failure to open, write or rename throws
/// InputError naming the path and the reason (no permission, no space, a folder in the way).
/// The first write into a folder removes the temporaries that killed runs left there (a
/// `.skinlab-tmpPID` whose process is gone; the distinctive suffix keeps a user's own files safe).
void write_file_atomically(const std::filesystem::path& path, const std::function<void(std::ostream&)>& write);

/// The outputs of one command, kept only if it completes: files written through it and folders
/// it created are removed when it is destroyed without commit() (an exception on the way out).
/// The folders it created are also removed, with their contents, on SIGINT or SIGTERM before
/// commit(); files it wrote into folders that existed before stay then (the signal handler has
/// room for a few paths, not for every frame).
class OutputSet {
 public:
  OutputSet() = default;
  OutputSet(const OutputSet&) = delete;
  OutputSet& operator=(const OutputSet&) = delete;
  ~OutputSet();
  /// Creates `dir` and its missing parents; InputError when a file is in the way or it cannot.
  void create_directories(const std::filesystem::path& dir);
  /// write_file_atomically, remembered.
  void write(const std::filesystem::path& path, const std::function<void(std::ostream&)>& write);
  void commit();

 private:
  std::vector<std::filesystem::path> files_, folders_;
  std::vector<std::unique_ptr<RemoveOnSignal>> on_signal_;
  bool committed_ = false;
};

}  // namespace skinlab
