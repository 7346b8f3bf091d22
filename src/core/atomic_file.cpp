// SPDX-License-Identifier: GPL-3.0-or-later
#include "skinlab/core/atomic_file.hpp"

#include <signal.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <fstream>
#include <mutex>
#include <set>

#include "skinlab/core/error.hpp"
#include "skinlab/core/lexer.hpp"
#include "skinlab/core/remove_on_signal.hpp"

namespace skinlab {

namespace {

std::string reason(int error) { return std::strerror(error); }

constexpr std::string_view kTemporarySuffix = ".skinlab-tmp";

// Removes `NAME.skinlab-tmpPID` files of processes that no longer run, once per folder per process.
void sweep_stale_temporaries(const std::filesystem::path& folder) {
  static std::mutex mutex;
  static std::set<std::filesystem::path> swept;
  const std::lock_guard lock(mutex);
  if (!swept.insert(folder).second) return;
  std::error_code error;
  for (const auto& entry : std::filesystem::directory_iterator(folder.empty() ? "." : folder, error)) {
    const std::string name = entry.path().filename().string();
    const auto at = name.rfind(kTemporarySuffix);
    if (at == std::string::npos || at + kTemporarySuffix.size() == name.size()) continue;
    long pid = 0;
    if (!parse_long(name.substr(at + kTemporarySuffix.size()), pid) || pid <= 0 || pid == ::getpid()) continue;
    if (::kill(static_cast<pid_t>(pid), 0) != 0 && errno == ESRCH) std::filesystem::remove(entry.path(), error);
  }
}

}  // namespace

void write_file_atomically(const std::filesystem::path& path, const std::function<void(std::ostream&)>& write) {
  sweep_stale_temporaries(path.parent_path());
  std::filesystem::path temp = path;
  temp += std::string(kTemporarySuffix) + std::to_string(::getpid());
  const RemoveOnSignal guard(temp);
  try {
    {
      errno = 0;
      std::ofstream out(temp, std::ios::binary);
      if (!out) throw InputError(path.string() + ": cannot open for writing: " + reason(errno));
      write(out);
      out.flush();
      if (!out) throw InputError(path.string() + ": write failed: " + reason(errno ? errno : EIO));
      out.close();
      if (!out) throw InputError(path.string() + ": write failed: " + reason(errno ? errno : EIO));
    }
    std::error_code error;
    std::filesystem::rename(temp, path, error);
    if (error) throw InputError(path.string() + ": cannot replace: " + error.message());
  } catch (...) {
    std::error_code ignored;
    std::filesystem::remove(temp, ignored);
    throw;
  }
}

OutputSet::~OutputSet() {
  if (committed_) return;
  std::error_code ignored;
  for (const auto& file : files_) std::filesystem::remove(file, ignored);
  for (auto it = folders_.rbegin(); it != folders_.rend(); ++it) std::filesystem::remove(*it, ignored);
}

void OutputSet::create_directories(const std::filesystem::path& dir) {
  std::vector<std::filesystem::path> missing;
  for (std::filesystem::path p = dir; !p.empty() && !std::filesystem::exists(p); p = p.parent_path()) {
    missing.push_back(p);
    if (p == p.parent_path()) break;
  }
  std::error_code error;
  std::filesystem::create_directories(dir, error);
  if (error || !std::filesystem::is_directory(dir))
    throw InputError(dir.string() + ": cannot create the output folder: " +
                     (error ? error.message() : std::string("a file is in the way")));
  folders_.insert(folders_.end(), missing.rbegin(), missing.rend());
  // The outermost folder created holds the rest.
  if (!missing.empty()) on_signal_.push_back(std::make_unique<RemoveOnSignal>(missing.back()));
}

void OutputSet::commit() {
  committed_ = true;
  on_signal_.clear();
}

void OutputSet::write(const std::filesystem::path& path, const std::function<void(std::ostream&)>& write) {
  write_file_atomically(path, write);
  files_.push_back(path);
}

}  // namespace skinlab
