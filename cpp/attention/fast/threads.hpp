// A fixed pool of worker threads for the fast forward pass. Work is split into numbered units
// (row blocks, heads × query blocks); which thread runs a unit never changes what it computes, so
// the output is bit-identical for 1, 2 or N threads. Builds without threads run every unit inline.
#pragma once

#include <atomic>
#include <condition_variable>
#include <functional>
#include <memory>
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

// The threaded WebAssembly build preloads this many pthread workers and never uses more threads
// (starting one more would wait forever for a worker). CMakeLists.txt reads the number from here
// for -sPTHREAD_POOL_SIZE, and the JS API from the core: this line is its one home.
constexpr int kWasmPoolSize = 4;

class ThreadPool {
 public:
  // `threads` counts the calling thread: threads − 1 workers are started (never more than
  // max_threads(), so an Emscripten pthread pool cannot be exhausted and deadlock).
  explicit ThreadPool(int threads);
  ~ThreadPool();
  ThreadPool(const ThreadPool&) = delete;
  ThreadPool& operator=(const ThreadPool&) = delete;

  int size() const { return workers_ + 1; }

  // Tells the workers to leave and waits until every running one has left its loop; afterwards
  // parallel_for runs every unit on the calling thread. The JS side calls it before terminating
  // the threads (a terminated worker never leaves, so a later wait for it would hang). Idempotent;
  // the destructor calls it too.
  void stop();
  bool stopped() const { return stopped_; }

  // Runs fn(unit, worker) for unit in [0, units); worker in [0, size()) indexes per-thread scratch.
  void parallel_for(int units, const std::function<void(int unit, int worker)>& fn);

  // The most threads this build may use at once, across every pool of the process (in WebAssembly
  // the size of the pthread pool: starting one more would wait forever for a worker).
  static int max_threads();
  // Threads still free for a new pool (counting its calling thread).
  static int available_threads();

 private:
  // One parallel_for call; lives on the caller's stack until every worker has let go of it.
  struct Job {
    const std::function<void(int, int)>* fn;
    int units;
    std::atomic<int> next{0};
    std::atomic<int> finished{0};
  };
  // What the workers share with the pool. Workers hold it too, so the pool need not join them
  // (a browser's main thread should not block on a worker that may not even have started): they
  // see `stopping` and leave on their own. The pool does wait for the workers that are running
  // to leave work(): the JS side terminates the threads right after, and a thread still running
  // code then (spinning, say) would touch memory that is being freed.
  struct Shared {
    std::mutex mutex;
    std::condition_variable wake;
    Job* job = nullptr;                 // guarded by mutex
    std::atomic<long> generation{0};    // written under mutex; spinning workers read it without
    int active = 0;                     // workers holding job, guarded by mutex
    std::atomic<bool> stopping{false};  // written under mutex; spinning workers read it without
    std::atomic<int> running{0};        // workers inside work()
  };
  static void work(std::shared_ptr<Shared> shared, int worker);
  static void run_units(Job& job, int worker);

  std::shared_ptr<Shared> shared_;
  int workers_ = 0;
  bool stopped_ = false;
};

}  // namespace attention
