// SPDX-License-Identifier: GPL-3.0-or-later
// A fixed set of worker threads that split one frame's vertex loop between the cores; kept for
// the life of a deformer, so a frame costs a wake-up, not a thread start.
#pragma once

#include <condition_variable>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace skinlab {

class WorkerPool {
 public:
  /// `threads` in all, the caller included (1: no worker threads, run() works inline).
  explicit WorkerPool(int threads);
  ~WorkerPool();
  WorkerPool(const WorkerPool&) = delete;
  WorkerPool& operator=(const WorkerPool&) = delete;

  int threads() const { return static_cast<int>(workers_.size()) + 1; }
  /// Runs task(0) ... task(tasks - 1) over the threads and returns when all are done.
  void run(int tasks, const std::function<void(int)>& task);

 private:
  void work();
  /// Takes tasks until none is left; `lock` holds mutex_ on entry and on return.
  void drain(std::unique_lock<std::mutex>& lock);

  std::vector<std::thread> workers_;
  std::mutex mutex_;
  std::condition_variable wake_, done_;
  const std::function<void(int)>* task_ = nullptr;
  int tasks_ = 0, next_ = 0, finished_ = 0;
  long generation_ = 0;
  bool stop_ = false;
};

}  // namespace skinlab
