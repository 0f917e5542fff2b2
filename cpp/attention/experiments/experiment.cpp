// The loop-versus-fused experiment (see experiment.hpp).
#include "attention/experiments/experiment.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <string>

#include "attention/api/errors.hpp"
#include "attention/api/model.hpp"
#include "attention/reference/embeddings.hpp"

namespace attention {
namespace {

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  const std::size_t n = v.size();
  return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

// The shortest span one timing sample may cover. In a browser the clock is performance.now(),
// which ticks every 5 µs on a cross-origin-isolated page and every 100 µs on others, while a
// 2-head pass takes 1.5 µs: a sample of one call would read 0. So a sample repeats the pass until
// it spans this long and reports the time per call.
constexpr double kMinSampleMs = 1.0;

using Clock = std::chrono::steady_clock;

double elapsed_ms(Clock::time_point since) {
  return std::chrono::duration<double, std::milli>(Clock::now() - since).count();
}

}  // namespace

std::vector<HeadExperimentRow> head_experiment(const HeadExperimentOptions& o,
                                               std::shared_ptr<ThreadPool> pool) {
  if (o.heads.empty())
    throw OptionError("heads", "heads is an empty list; give head counts such as [2, 400, 4000]");
  if (o.repeats < 1 || o.repeats > 1000) {
    throw OptionError("repeats",
                      "repeats = " + std::to_string(o.repeats) + ": must be from 1 to 1000");
  }
  if (o.heads.size() > 64) {
    throw OptionError("heads", "heads lists " + std::to_string(o.heads.size()) +
                                   " head counts; at most 64 are allowed");
  }
  // The whole experiment is refused up front when its total work is over the limit of one forward
  // pass: both forms, every head count, the warm-up and the repeats.
  double total_flops = 0.0;
  for (int h : o.heads) {
    Config c;
    c.module = Module::wrapper;
    c.batch = o.batch;
    c.tokens = o.tokens;
    c.d_in = o.d_in;
    c.d_out = o.head_size;
    c.heads = h;
    c.trace = false;
    validate(c);  // names the bad option (heads < 1, head size < 1, ...)
    total_flops += 2.0 * (o.repeats + 1) * forward_work(c);
  }
  if (total_flops > Config{}.max_flops) {
    throw WorkError("heads",
                    "the experiment needs about " +
                        std::to_string(static_cast<long long>(total_flops / 1e9)) +
                        " GFLOP over all head counts and repeats, more than the limit of " +
                        std::to_string(static_cast<long long>(Config{}.max_flops / 1e9)) +
                        " GFLOP: use fewer or smaller heads, fewer tokens or fewer repeats");
  }
  std::vector<HeadExperimentRow> rows;
  for (int h : o.heads) {
    Config c;
    c.module = Module::wrapper;
    c.batch = o.batch;
    c.tokens = o.tokens;
    c.d_in = o.d_in;
    c.d_out = o.head_size;
    c.heads = h;
    c.seed = o.seed;
    c.trace = false;
    Config loop_config = c;
    loop_config.layout = Layout::loop;
    Model fused(c), loop(loop_config);
    fused.set_thread_pool(pool);
    loop.set_thread_pool(pool);

    // The lecture's inputs when they fit (d_in 3, 6 tokens), otherwise a fixed pattern.
    std::vector<float> x(std::size_t(c.batch) * c.tokens * c.d_in);
    const Preset& preset = lecture_preset();
    for (std::size_t i = 0; i < x.size(); ++i) {
      x[i] = (c.d_in == preset.d_in && c.tokens == int(preset.words.size()))
                 ? preset.embeddings[i % preset.embeddings.size()]
                 : std::sin(0.37f * float(i));
    }
    // Warm-up (packs the weights, sizes the buffers), then how many calls make one sample.
    const Tensor loop_out = loop.forward(x).output;
    const Tensor fused_out = fused.forward(x).output;
    auto sample = [&](Model& model, int calls) {  // ms per call
      const auto t0 = Clock::now();
      for (int i = 0; i < calls; ++i) model.forward(x);
      return elapsed_ms(t0) / calls;
    };
    auto calls_per_sample = [&](Model& model) {
      int calls = 1;
      while (sample(model, calls) * calls < kMinSampleMs && calls < (1 << 20)) calls *= 2;
      return calls;
    };
    const int loop_calls = calls_per_sample(loop), fused_calls = calls_per_sample(fused);
    std::vector<double> loop_ms, fused_ms;
    for (int r = 0; r < o.repeats; ++r) {
      loop_ms.push_back(sample(loop, loop_calls));
      fused_ms.push_back(sample(fused, fused_calls));
    }
    double diff = 0.0;
    for (std::size_t i = 0; i < loop_out.size(); ++i)
      diff = std::max(diff, double(std::abs(loop_out.data[i] - fused_out.data[i])));
    rows.push_back({h, median(loop_ms), median(fused_ms), diff});
  }
  return rows;
}

}  // namespace attention
