// The worker pool (see threads.hpp).
#include "threads.hpp"

#include <algorithm>

#include "errors.hpp"

#ifndef ATTENTION_MAX_THREADS
#define ATTENTION_MAX_THREADS 64
#endif

namespace attention {

int ThreadPool::max_threads() { return kThreadsAvailable ? ATTENTION_MAX_THREADS : 1; }

ThreadPool::ThreadPool(int threads) {
  if (threads < 1 || threads > max_threads()) {
    throw OptionError("threads", "threads = " + std::to_string(threads) +
                                     ": this build can use 1 to " + std::to_string(max_threads()) +
                                     " threads" +
                                     (kThreadsAvailable ? "" : " (it was built without threads)"));
  }
  for (int w = 1; w < threads; ++w) workers_.emplace_back([this, w] { work(w); });
}

ThreadPool::~ThreadPool() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    stopping_ = true;
  }
  wake_.notify_all();
  for (std::thread& t : workers_) t.join();
}

void ThreadPool::run_units(Job& job, int worker) {
  for (int unit = job.next.fetch_add(1); unit < job.units; unit = job.next.fetch_add(1)) {
    (*job.fn)(unit, worker);
    job.finished.fetch_add(1, std::memory_order_release);
  }
}

void ThreadPool::work(int worker) {
  long seen = 0;
  for (;;) {
    Job* job = nullptr;
    {
      std::unique_lock<std::mutex> lock(mutex_);
      wake_.wait(lock, [&] { return stopping_ || (generation_ != seen && job_ != nullptr); });
      if (stopping_) return;
      seen = generation_;
      job = job_;
      ++active_;
    }
    run_units(*job, worker);
    std::lock_guard<std::mutex> lock(mutex_);
    --active_;
  }
}

void ThreadPool::parallel_for(int units, const std::function<void(int, int)>& fn) {
  if (units <= 0) return;
  if (workers_.empty() || units == 1) {
    for (int unit = 0; unit < units; ++unit) fn(unit, 0);
    return;
  }
  Job job;
  job.fn = &fn;
  job.units = units;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    job_ = &job;
    ++generation_;
  }
  wake_.notify_all();
  run_units(job, 0);
  // The caller takes part, then waits for the units still running elsewhere (they are short),
  // and withdraws the job only when no worker holds it any more.
  for (;;) {
    if (job.finished.load(std::memory_order_acquire) == units) {
      std::lock_guard<std::mutex> lock(mutex_);
      if (active_ == 0) {
        job_ = nullptr;
        return;
      }
    }
    std::this_thread::yield();
  }
}

}  // namespace attention
