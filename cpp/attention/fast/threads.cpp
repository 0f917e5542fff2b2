// The worker pool (see threads.hpp).
#include "attention/fast/threads.hpp"

#include <algorithm>
#include <chrono>

#include "attention/api/errors.hpp"

namespace attention {

namespace {
// Worker threads started by all pools of this process.
std::atomic<int> workers_started{0};

// After a job, a worker watches for the next one this long before it sleeps. A forward pass is a
// few jobs back to back, a fraction of a millisecond apart: spinning through those gaps saves a
// wake-up each. Kept short: WebAssembly has no pause instruction, so a spinning worker takes
// issue slots from a sibling hyperthread of the host.
constexpr auto kSpin = std::chrono::microseconds(300);

void spin_pause() {
#if defined(__x86_64__) || defined(__i386__)
  __builtin_ia32_pause();
#endif
}
}  // namespace

int ThreadPool::max_threads() {
#if defined(__EMSCRIPTEN__)
  return kThreadsAvailable ? kWasmPoolSize : 1;
#else
  return 64;
#endif
}

int ThreadPool::available_threads() {
  return max_threads() - workers_started.load();
}

ThreadPool::ThreadPool(int threads) {
  if (threads < 1 || threads > max_threads()) {
    throw OptionError("threads", "threads = " + std::to_string(threads) +
                                     ": this build can use 1 to " + std::to_string(max_threads()) +
                                     " threads" +
                                     (kThreadsAvailable ? "" : " (it was built without threads)"));
  }
  const int wanted = threads - 1;
  int started = workers_started.load();
  do {
    if (started + wanted > max_threads() - 1) {
      throw OptionError("threads", "threads = " + std::to_string(threads) + ": only " +
                                       std::to_string(max_threads() - started) +
                                       " are free (other pools hold the rest of the " +
                                       std::to_string(max_threads()) + "); release them first");
    }
  } while (!workers_started.compare_exchange_weak(started, started + wanted));
  shared_ = std::make_shared<Shared>();
  workers_ = wanted;
  for (int w = 1; w < threads; ++w) std::thread(work, shared_, w).detach();
}

ThreadPool::~ThreadPool() {
  stop();
}

void ThreadPool::stop() {
  if (stopped_) return;
  {
    std::lock_guard<std::mutex> lock(shared_->mutex);
    shared_->stopping = true;
  }
  shared_->wake.notify_all();
  while (shared_->running.load(std::memory_order_acquire) > 0) std::this_thread::yield();
  stopped_ = true;
  workers_started.fetch_sub(workers_);
}

void ThreadPool::run_units(Job& job, int worker) {
  for (int unit = job.next.fetch_add(1); unit < job.units; unit = job.next.fetch_add(1)) {
    (*job.fn)(unit, worker);
    job.finished.fetch_add(1, std::memory_order_release);
  }
}

void ThreadPool::work(std::shared_ptr<Shared> shared, int worker) {
  shared->running.fetch_add(1, std::memory_order_acq_rel);
  long seen = 0;
  for (;;) {
    const auto deadline = std::chrono::steady_clock::now() + kSpin;
    for (int i = 1; shared->generation.load(std::memory_order_acquire) == seen &&
                    !shared->stopping.load(std::memory_order_relaxed);
         ++i) {
      if (i % 256 == 0 && std::chrono::steady_clock::now() > deadline) break;
      spin_pause();
    }
    Job* job = nullptr;
    {
      std::unique_lock<std::mutex> lock(shared->mutex);
      shared->wake.wait(lock, [&] {
        return shared->stopping || (shared->generation != seen && shared->job != nullptr);
      });
      if (shared->stopping) break;
      seen = shared->generation;
      job = shared->job;
      ++shared->active;
    }
    run_units(*job, worker);
    std::lock_guard<std::mutex> lock(shared->mutex);
    --shared->active;
  }
  shared->running.fetch_sub(1, std::memory_order_release);
}

void ThreadPool::parallel_for(int units, const std::function<void(int, int)>& fn) {
  if (units <= 0) return;
  if (workers_ == 0 || stopped_ || units == 1) {
    for (int unit = 0; unit < units; ++unit) fn(unit, 0);
    return;
  }
  Shared& s = *shared_;
  Job job;
  job.fn = &fn;
  job.units = units;
  {
    std::lock_guard<std::mutex> lock(s.mutex);
    s.job = &job;
    s.generation.fetch_add(1, std::memory_order_release);
  }
  s.wake.notify_all();
  run_units(job, 0);
  // The caller takes part, then waits for the units still running elsewhere (they are short),
  // and withdraws the job only when no worker holds it any more.
  for (;;) {
    if (job.finished.load(std::memory_order_acquire) == units) {
      std::lock_guard<std::mutex> lock(s.mutex);
      if (s.active == 0) {
        s.job = nullptr;
        return;
      }
    }
    std::this_thread::yield();
  }
}

}  // namespace attention
