// SPDX-License-Identifier: GPL-3.0-or-later
#include "skinlab/skinning/worker_pool.hpp"

namespace skinlab {

WorkerPool::WorkerPool(int threads) {
  for (int i = 1; i < threads; ++i) workers_.emplace_back([this] { work(); });
}

WorkerPool::~WorkerPool() {
  {
    std::lock_guard lock(mutex_);
    stop_ = true;
  }
  wake_.notify_all();
  for (std::thread& t : workers_) t.join();
}

void WorkerPool::drain(std::unique_lock<std::mutex>& lock) {
  while (next_ < tasks_) {
    const int i = next_++;
    lock.unlock();
    (*task_)(i);
    lock.lock();
    if (++finished_ == tasks_) done_.notify_all();
  }
}

void WorkerPool::work() {
  long seen = 0;
  std::unique_lock lock(mutex_);
  while (true) {
    wake_.wait(lock, [&] { return stop_ || generation_ != seen; });
    if (stop_) return;
    seen = generation_;
    drain(lock);
  }
}

void WorkerPool::run(int tasks, const std::function<void(int)>& task) {
  if (workers_.empty() || tasks <= 1) {
    for (int i = 0; i < tasks; ++i) task(i);
    return;
  }
  std::unique_lock lock(mutex_);
  task_ = &task;
  tasks_ = tasks;
  next_ = 0;
  finished_ = 0;
  ++generation_;
  wake_.notify_all();
  drain(lock);
  done_.wait(lock, [&] { return finished_ == tasks_; });
  task_ = nullptr;
}

}  // namespace skinlab
