// Sizes, products and work are checked in 64-bit arithmetic before anything is allocated, with
// the same limits on every path; a pool can be stopped before its owner lets go of it. Each case
// here was a crash, a wrap-around or a hang found by the adversarial audit (issue: hardening).
#include <catch2/catch.hpp>
#include <chrono>
#include <future>

#include "support/check.hpp"

using namespace attention;

namespace {

// validate(c) throws E naming `option`, with `fragment` in its message.
template <class E>
void refuses(const Config& c, const std::string& option, const std::string& fragment) {
  try {
    validate(c);
    FAIL("expected an error about " << option);
  } catch (const E& e) {
    INFO(e.what());
    CHECK(e.option() == option);
    CHECK(std::string(e.what()).find(fragment) != std::string::npos);
  }
}

Config one_token(int d_out, int heads, Module module) {
  Config c;
  c.batch = 1;
  c.tokens = 1;
  c.d_in = 1;
  c.d_out = d_out;
  c.heads = heads;
  c.module = module;
  return c;
}

}  // namespace

TEST_CASE("the wrapper's width h·d_out is computed without int overflow", "[limits]") {
  // heads · d_out = 2^32 wrapped to 0 in Config::width() and the weights were written at address 0.
  refuses<OptionError>(one_token(65536, 65536, Module::wrapper), "heads",
                       "h·d_out must be at most 1048576");
  refuses<OptionError>(one_token(1 << 20, 2048, Module::wrapper), "heads", "2147483648");
}

TEST_CASE("out_proj's D·D is checked before the weights are allocated", "[limits]") {
  // D·D = 2^32 wrapped in WebAssembly's 32-bit size_t and pack_weights read out of bounds.
  Config c = one_token(65536, 1, Module::mha);
  c.trace = false;
  refuses<MemoryError>(c, "dOut", "out_proj's weight (D·D) would hold 4294967296 values");
  c.d_out = 16384;  // D·D = 2^28: exactly the limit
  c.max_flops = INFINITY;
  CHECK_NOTHROW(validate(c));
}

TEST_CASE("(B,h,T,T) stages are limited on every path that computes them, trace or not",
          "[limits]") {
  Config c = one_token(2, 1, Module::mha);
  c.tokens = 65536;
  c.trace = false;
  SECTION("the fast path never holds one: only its work counts") {
    CHECK_NOTHROW(validate(c));
  }
  SECTION("naive masking") {
    c.masking = Masking::naive;
    refuses<MemoryError>(c, "trace", "masking = 'naive' computes every (B,h,T,T) stage");
  }
  SECTION("dropout in training") {
    c.training = true;
    c.dropout = 0.1;
    refuses<MemoryError>(c, "trace", "dropout in training computes every (B,h,T,T) stage");
  }
  SECTION("a trace") {
    c.trace = true;
    refuses<MemoryError>(c, "trace", "trace = true keeps every (B,h,T,T) stage");
  }
}

TEST_CASE("a forward pass over the work limit is refused up front, and can be allowed",
          "[limits]") {
  Config c = one_token(2, 1, Module::mha);
  c.tokens = 1 << 20;
  c.trace = false;
  refuses<WorkError>(c, "maxFlops", "pass a larger maxFlops to run it on purpose");
  c.max_flops = 1e13;
  CHECK_NOTHROW(validate(c));
  // The lecture's and the benchmark's shapes are far below the limit.
  Config s5 = one_token(768, 12, Module::mha);
  s5.tokens = 4096;
  s5.d_in = 768;
  s5.trace = false;
  CHECK(forward_flops(s5) < Config{}.max_flops);
  CHECK_NOTHROW(validate(s5));
}

TEST_CASE("the flop count follows the path: the fast path skips the masked half", "[limits]") {
  Config c = one_token(8, 2, Module::mha);
  c.tokens = 100;
  c.d_in = 4;
  c.trace = false;
  const double fast = forward_flops(c);
  c.trace = true;
  const double stages = forward_flops(c);
  // projections 2·T·d_in·3D + out_proj 2·T·D² on both; attention 4·T·Tk·D with Tk = (T+1)/2 or T.
  CHECK(fast == Approx(2.0 * 100 * 4 * 24 + 2.0 * 100 * 64 + 4.0 * 100 * 50.5 * 8));
  CHECK(stages ==
        Approx(2.0 * 100 * 4 * 24 + 2.0 * 100 * 64 + 4.0 * 100 * 100 * 8 + 10.0 * 2 * 100 * 100));
}

TEST_CASE("the experiment refuses more work than one forward pass may take",
          "[limits][experiment]") {
  HeadExperimentOptions o;
  o.heads = {1 << 20};
  o.head_size = 1024;
  CHECK_THROWS_AS(head_experiment(o), Error);
  o.heads = std::vector<int>(65, 2);
  CHECK_THROWS_AS(head_experiment(o), OptionError);
}

TEST_CASE("tiny heads in a huge batch count their set-up, not only their flops", "[limits]") {
  // Found by the API fuzzer: headExperiment({ heads: [2], batch: 1048576 }) ran for minutes, its
  // ~1 GFLOP far below the limit, its 2 million attentions of 6 tokens each all set-up.
  HeadExperimentOptions o;
  o.heads = {2};
  o.repeats = 1;
  o.batch = 1 << 20;
  try {
    head_experiment(o);
    FAIL("the experiment ran");
  } catch (const WorkError& e) {
    CHECK(e.option() == "heads");
  }
  Config c = one_token(2, 2, Module::wrapper);
  c.batch = 1 << 20;
  c.tokens = 6;
  c.trace = false;
  CHECK(forward_flops(c) < 1e10);
  CHECK(forward_work(c) == Approx(forward_flops(c) + kSetupOpsPerHead * (1 << 20) * 2));
  c.trace = true;  // every stage kept: each attention's set-up costs more
  CHECK(forward_work(c) == Approx(forward_flops(c) + kStageSetupOpsPerHead * (1 << 20) * 2));
  c.trace = false;
  c.heads = 8;  // 2^20 × 8 attentions of one token: 2.5e11 in set-up alone
  c.tokens = 1;
  refuses<WorkError>(c, "maxFlops", "pass a larger maxFlops to run it on purpose");
}

TEST_CASE("a stopped pool never waits for its workers again", "[threads]") {
  if (ThreadPool::max_threads() < 2) return;  // built without threads: nothing to stop
  Config c = check::lecture_config();
  c.trace = false;
  c.tokens = 64;
  c.d_in = 16;
  c.d_out = 16;
  std::vector<float> x(std::size_t(c.batch) * c.tokens * c.d_in);
  for (std::size_t i = 0; i < x.size(); ++i) x[i] = std::sin(0.1f * float(i));
  const Tensor alone = Model(c).forward(x).output;

  // The JS side stops the pool, then terminates the threads; a model still holds the pool and is
  // disposed afterwards. Its destructor used to wait forever for the terminated workers.
  auto pool = std::make_shared<ThreadPool>(2);
  auto model = std::make_unique<Model>(c);
  model->set_thread_pool(pool);
  model->forward(x);
  pool->stop();
  CHECK(pool->stopped());
  CHECK(ThreadPool::available_threads() ==
        ThreadPool::max_threads());                    // the workers were given back
  CHECK(model->forward(x).output.data == alone.data);  // runs on the calling thread, same bits
  auto done = std::async(std::launch::async, [&] {
    model.reset();
    pool.reset();
  });
  REQUIRE(done.wait_for(std::chrono::seconds(10)) == std::future_status::ready);
}
