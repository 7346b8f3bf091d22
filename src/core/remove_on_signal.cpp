// SPDX-License-Identifier: GPL-3.0-or-later
#include "skinlab/core/remove_on_signal.hpp"

#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstring>

namespace skinlab {

namespace {

constexpr std::size_t kMaxPath = 4096;

// Fixed storage: the handler may only read memory and make async-signal-safe calls.
enum SlotState { kFree, kClaimed, kReady };
struct Slot {
  std::atomic<int> state{kFree};
  char path[kMaxPath] = {};
};
Slot g_slots[RemoveOnSignal::kSlots];

void remove_path(const char* path) {
  if (::unlink(path) == 0 || errno == ENOENT) return;
  // A folder: rm -rf in a child, since walking a tree allocates and the handler must not.
  const pid_t pid = ::fork();
  if (pid == 0) {
    ::execl("/bin/rm", "rm", "-rf", "--", path, static_cast<char*>(nullptr));
    ::_exit(127);
  }
  if (pid > 0) {
    int status = 0;
    while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
  }
}

void on_signal(int sig) {
  for (Slot& slot : g_slots)
    if (slot.state.load() == kReady) remove_path(slot.path);
  ::signal(sig, SIG_DFL);
  ::raise(sig);
}

}  // namespace

void install_signal_cleanup() {
  struct sigaction action {};
  action.sa_handler = on_signal;
  sigemptyset(&action.sa_mask);
  ::sigaction(SIGINT, &action, nullptr);
  ::sigaction(SIGTERM, &action, nullptr);
}

RemoveOnSignal::RemoveOnSignal(const std::filesystem::path& path) {
  const std::string text = std::filesystem::absolute(path).string();
  if (text.size() >= kMaxPath) return;
  for (int i = 0; i < kSlots; ++i) {
    Slot& slot = g_slots[i];
    int expected = kFree;
    if (!slot.state.compare_exchange_strong(expected, kClaimed)) continue;
    std::memcpy(slot.path, text.c_str(), text.size() + 1);
    slot.state.store(kReady);
    slot_ = i;
    return;
  }
}

RemoveOnSignal::~RemoveOnSignal() {
  if (slot_ >= 0) g_slots[slot_].state.store(kFree);
}

}  // namespace skinlab
