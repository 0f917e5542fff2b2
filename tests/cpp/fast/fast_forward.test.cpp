// The fast path (no trace: blocked SIMD matmuls, online softmax, threads) computes the same
// attention as the stage-by-stage path, and gives bit-identical results for any thread count.
#include <catch2/catch.hpp>
#include <memory>

#include "support/check.hpp"

using namespace attention;

namespace {

std::vector<float> inputs_for(const Config& c, float phase = 0.0f) {
  std::vector<float> x(std::size_t(c.batch) * c.tokens * c.d_in);
  for (std::size_t i = 0; i < x.size(); ++i) x[i] = std::sin(float(i) * 0.61f + phase);
  return x;
}

Tensor run(Config c, const std::vector<float>& x, int threads = 1) {
  Model model(c);
  if (threads > 1) model.set_thread_pool(std::make_shared<ThreadPool>(threads));
  return model.forward(x).output;
}

struct Shape {
  Module module;
  int batch, tokens, d_in, d_out, heads;
  bool causal, bias;
};

}  // namespace

TEST_CASE("the fast path equals the stage-by-stage path", "[fast]") {
  const Shape shapes[] = {
      {Module::mha, 2, 6, 3, 2, 2, true, false},      // the lecture's toy
      {Module::mha, 1, 1, 4, 4, 2, true, true},       // a single token
      {Module::mha, 2, 50, 16, 24, 3, true, true},    // T crosses a query block, d_h = 8
      {Module::mha, 1, 130, 32, 64, 1, true, false},  // T crosses key blocks, d_h = 64
      {Module::mha, 1, 61, 16, 32, 2, true, false},   // 2×16 tiles with an odd last row, d_h = 16
      {Module::mha, 1, 97, 20, 12, 4, false, true},   // not causal, d_h = 3
      {Module::wrapper, 2, 9, 6, 3, 5, true, false},  // the lecture's head experiment, small
      {Module::causal, 3, 70, 5, 7, 1, true, true},   // d_h = 7, several batches
  };
  for (const Shape& s : shapes) {
    DYNAMIC_SECTION(to_string(s.module) << " B=" << s.batch << " T=" << s.tokens
                                        << " d_in=" << s.d_in << " d_out=" << s.d_out
                                        << " h=" << s.heads << (s.causal ? " causal" : " full")) {
      Config c;
      c.module = s.module;
      c.batch = s.batch;
      c.tokens = s.tokens;
      c.d_in = s.d_in;
      c.d_out = s.d_out;
      c.heads = s.heads;
      c.causal = s.causal;
      c.qkv_bias = s.bias;
      c.seed = 5;
      const std::vector<float> x = inputs_for(c);
      const Tensor reference = run(c, x);  // trace on: the stage-by-stage path
      for (Layout layout : {Layout::fused, Layout::loop}) {
        Config fast = c;
        fast.trace = false;
        fast.layout = layout;
        REQUIRE(Model(fast).uses_fast_path());
        check::tensors_close(std::string("fast ") + to_string(layout), run(fast, x), reference,
                             1e-5);
      }
    }
  }
}

TEST_CASE("the fast path gives bit-identical results for 1, 2, 3 and 4 threads",
          "[fast][threads]") {
  if (!kThreadsAvailable) {  // the single-threaded WASM build (the threaded one is tested from JS)
    CHECK_THROWS_WITH(ThreadPool(2), Catch::Contains("built without threads"));
    return;
  }
  Config c;
  c.batch = 2;
  c.tokens = 150;
  c.d_in = 48;
  c.d_out = 48;
  c.heads = 6;
  c.qkv_bias = true;
  c.trace = false;
  const std::vector<float> x = inputs_for(c, 0.3f);
  const Tensor one = run(c, x, 1);
  for (int threads : {2, 3, 4}) {
    INFO(threads << " threads");
    CHECK(run(c, x, threads).data == one.data);
  }
  // A model keeps its pool and buffers between calls; the second call matches the first.
  Model model(c);
  model.set_thread_pool(std::make_shared<ThreadPool>(2));
  CHECK(model.forward(x).output.data == one.data);
  CHECK(model.forward(x).output.data == one.data);
}

TEST_CASE("long inputs are processed in groups of heads within a memory budget", "[fast][memory]") {
  Config c;
  c.tokens = 4096;
  c.d_in = 768;
  c.d_out = 768;
  c.heads = 12;
  c.trace = false;
  // (B·T, 3·d_out) for all 12 heads would be 36 MB; one head at a time needs 3 MB.
  CHECK(Model(c).heads_per_group() == 1);
  c.tokens = 128;
  CHECK(Model(c).heads_per_group() == 12);
  c.layout = Layout::loop;
  CHECK(Model(c).heads_per_group() == 1);
}

TEST_CASE("dropout in training mode and the naive mask keep the stage-by-stage path", "[fast]") {
  Config c = check::lecture_config();
  c.trace = false;
  CHECK(Model(c).uses_fast_path());
  c.training = true;
  c.dropout = 0.1;
  CHECK_FALSE(Model(c).uses_fast_path());
  c.dropout = 0.0;
  CHECK(Model(c).uses_fast_path());
  c.masking = Masking::naive;
  CHECK_FALSE(Model(c).uses_fast_path());
}

TEST_CASE("thread pool limits", "[threads][errors]") {
  CHECK_THROWS_AS(ThreadPool(0), OptionError);
  CHECK_THROWS_AS(ThreadPool(ThreadPool::max_threads() + 1), OptionError);
  ThreadPool pool(std::min(2, ThreadPool::max_threads()));
  std::vector<int> hits(100, 0);
  pool.parallel_for(100, [&](int unit, int worker) {
    REQUIRE(worker < pool.size());
    hits[unit] += 1;
  });
  CHECK(hits == std::vector<int>(100, 1));
}

TEST_CASE("all pools together never start more threads than the build allows", "[threads]") {
  const int max = ThreadPool::max_threads();
  ThreadPool big(max);  // takes every worker
  CHECK(ThreadPool::available_threads() == 1);
  CHECK_THROWS_AS(ThreadPool(2), OptionError);
  CHECK_NOTHROW(ThreadPool(1));  // the calling thread alone is always possible
}
