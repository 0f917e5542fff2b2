// A fixed pool of worker threads for the fast forward pass. Work is split into numbered units
// (row blocks, heads × query blocks); which thread runs a unit never changes what it computes, so
// the output is bit-identical for 1, 2 or N threads. Builds without threads run every unit inline.
#pragma once

#include <atomic>
#include <condition_variable>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace attention {

// True when this build can start threads (natively, or WebAssembly built with -pthread).
constexpr bool kThreadsAvailable =
#if defined(__EMSCRIPTEN__) && !defined(__EMSCRIPTEN_PTHREADS__)
    false;
#else
    true;
#endif

class ThreadPool {
 public:
  // `threads` counts the calling thread: threads − 1 workers are started (never more than
  // max_threads(), so an Emscripten pthread pool cannot be exhausted and deadlock).
  explicit ThreadPool(int threads);
  ~ThreadPool();
  ThreadPool(const ThreadPool&) = delete;
  ThreadPool& operator=(const ThreadPool&) = delete;

  int size() const { return static_cast<int>(workers_.size()) + 1; }

  // Runs fn(unit, worker) for unit in [0, units); worker in [0, size()) indexes per-thread scratch.
  void parallel_for(int units, const std::function<void(int unit, int worker)>& fn);

  // The most threads this build may use (ATTENTION_MAX_THREADS, the size of the WASM pthread pool).
  static int max_threads();

 private:
  // One parallel_for call; lives on the caller's stack until every worker has let go of it.
  struct Job {
    const std::function<void(int, int)>* fn;
    int units;
    std::atomic<int> next{0};
    std::atomic<int> finished{0};
  };
  void work(int worker);
  static void run_units(Job& job, int worker);

  std::vector<std::thread> workers_;
  std::mutex mutex_;
  std::condition_variable wake_;
  Job* job_ = nullptr;    // guarded by mutex_
  long generation_ = 0;   // guarded by mutex_
  int active_ = 0;        // workers holding job_, guarded by mutex_
  bool stopping_ = false;  // guarded by mutex_
};

}  // namespace attention
