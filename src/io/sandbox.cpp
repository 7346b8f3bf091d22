// SPDX-License-Identifier: GPL-3.0-or-later
#include "skinlab/io/sandbox.hpp"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <new>

#include "skinlab/core/error.hpp"
#include "skinlab/core/lexer.hpp"

namespace skinlab {

namespace {

// Sanitizers reserve terabytes of shadow address space up front: under them the address-space
// limit would refuse every allocation, so the parent's watch of the resident size bounds memory.
#if defined(__SANITIZE_ADDRESS__)
constexpr bool kLimitAddressSpace = false;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
constexpr bool kLimitAddressSpace = false;
#else
constexpr bool kLimitAddressSpace = true;
#endif
#else
constexpr bool kLimitAddressSpace = true;
#endif

enum Tag : char { kResult = 'R', kInputError = 'E', kOutOfMemory = 'M' };

void write_all(int fd, const char* data, std::size_t size) {
  while (size > 0) {
    const ssize_t n = ::write(fd, data, size);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) ::_exit(3);
    data += n;
    size -= static_cast<std::size_t>(n);
  }
}

[[noreturn]] void run_child(int fd, const SandboxLimits& limits, const std::function<std::string()>& work) {
  const rlim_t bytes = static_cast<rlim_t>(limits.megabytes) << 20;
  const rlim_t cpu = static_cast<rlim_t>(std::ceil(limits.seconds));
  const rlimit memory{bytes, bytes}, time{cpu, cpu + 1}, none{0, 0};
  if (kLimitAddressSpace) ::setrlimit(RLIMIT_AS, &memory);
  ::setrlimit(RLIMIT_CPU, &time);
  ::setrlimit(RLIMIT_FSIZE, &none);  // an importer has no business writing files
  ::setrlimit(RLIMIT_CORE, &none);
  // A crash in the importer kills the child by its signal, whatever handler the parent installed:
  // a fuzzer's or a sanitizer's would try to write a report from a process that may write nothing
  // (under libFuzzer every importer crash left an empty crash file beside the parent's findings).
  for (int sig : {SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT, SIGTRAP, SIGXCPU, SIGXFSZ}) ::signal(sig, SIG_DFL);
  std::string message;
  char tag = kResult;
  try {
    message = work();
  } catch (const InputError& e) {
    tag = kInputError;
    message = e.what();
  } catch (const std::bad_alloc&) {
    tag = kOutOfMemory;
    message.clear();
  } catch (const std::exception& e) {
    tag = kInputError;
    message = e.what();
  }
  write_all(fd, &tag, 1);
  write_all(fd, message.data(), message.size());
  ::close(fd);
  ::_exit(0);  // no destructors or atexit handlers of the parent's state
}

long resident_megabytes(pid_t pid) {
  std::ifstream statm("/proc/" + std::to_string(pid) + "/statm");
  long pages = 0, resident = 0;
  if (!(statm >> pages >> resident)) return 0;
  return resident * (::sysconf(_SC_PAGESIZE) / 1024) / 1024;
}

double positive_setting(const char* name, double fallback) {
  const char* text = std::getenv(name);
  if (text == nullptr) return fallback;
  double value = 0;
  if (!parse_double(text, value) || !std::isfinite(value) || value <= 0 || value > 1e6)
    throw InputError(std::string(name) + ": expected a number in (0, 1e6], found " + quote(text));
  return value;
}

}  // namespace

SandboxLimits import_limits() {
  SandboxLimits limits;
  limits.seconds = positive_setting("SKINLAB_IMPORT_SECONDS", limits.seconds);
  limits.megabytes = static_cast<long>(positive_setting("SKINLAB_IMPORT_MB", static_cast<double>(limits.megabytes)));
  return limits;
}

std::string run_sandboxed(const std::string& what, const SandboxLimits& limits,
                          const std::function<std::string()>& work) {
  int fds[2];
  if (::pipe2(fds, O_CLOEXEC) != 0) throw std::runtime_error(what + ": pipe: " + std::strerror(errno));
  const pid_t pid = ::fork();
  if (pid < 0) {
    ::close(fds[0]);
    ::close(fds[1]);
    throw std::runtime_error(what + ": fork: " + std::strerror(errno));
  }
  if (pid == 0) {
    ::close(fds[0]);
    run_child(fds[1], limits, work);
  }
  ::close(fds[1]);
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::duration<double>(limits.seconds);
  const std::size_t max_bytes = static_cast<std::size_t>(limits.megabytes) << 20;
  std::string received;
  enum class Stop { done, timed_out, too_large } stop = Stop::done;
  char buffer[1 << 16];
  for (;;) {
    if (std::chrono::steady_clock::now() > deadline) {
      stop = Stop::timed_out;
      break;
    }
    if (resident_megabytes(pid) > limits.megabytes || received.size() > max_bytes) {
      stop = Stop::too_large;
      break;
    }
    pollfd p{fds[0], POLLIN, 0};
    const int ready = ::poll(&p, 1, 20);
    if (ready < 0 && errno != EINTR) break;
    if (ready <= 0) continue;
    const ssize_t n = ::read(fds[0], buffer, sizeof buffer);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;  // end of file: the child finished or died
    received.append(buffer, static_cast<std::size_t>(n));
  }
  ::close(fds[0]);
  if (stop != Stop::done) ::kill(pid, SIGKILL);
  int status = 0;
  while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  const std::string limit_mb = std::to_string(limits.megabytes) + " MB";
  if (stop == Stop::timed_out)
    throw InputError(what + ": the importer timed out after " + format_double(limits.seconds) +
                     " s (SKINLAB_IMPORT_SECONDS sets the limit)");
  if (stop == Stop::too_large)
    throw InputError(what + ": the importer needed more than " + limit_mb + " (SKINLAB_IMPORT_MB sets the limit)");
  if (WIFSIGNALED(status)) {
    const int sig = WTERMSIG(status);
    if (sig == SIGXCPU || sig == SIGKILL)
      throw InputError(what + ": the importer timed out after " + format_double(limits.seconds) +
                       " s of CPU time (SKINLAB_IMPORT_SECONDS sets the limit)");
    throw InputError(what + ": the importer crashed (signal " + std::to_string(sig) + ", " + strsignal(sig) + ")");
  }
  if (received.empty() || WEXITSTATUS(status) != 0)
    throw InputError(what + ": the importer crashed (exit status " + std::to_string(WEXITSTATUS(status)) + ")");
  const char tag = received.front();
  received.erase(0, 1);
  if (tag == kInputError) throw InputError(received);
  if (tag == kOutOfMemory)
    throw InputError(what + ": the importer needed more than " + limit_mb + " (SKINLAB_IMPORT_MB sets the limit)");
  return received;
}

}  // namespace skinlab
