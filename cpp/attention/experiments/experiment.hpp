// The lecture's timing experiment: the same multi-head attention computed by a loop over per-head
// modules (then concatenation) and by one weight-split matmul, for growing numbers of heads.
#pragma once

#include <memory>
#include <vector>

#include "attention/fast/threads.hpp"

namespace attention {

struct HeadExperimentOptions {
  std::vector<int> heads = {2, 400, 4000};
  int head_size = 3;  // d_h, as in the lecture
  int tokens = 6;     // the lecture's batch: 2 × "Your journey starts with one step", d_in = 3
  int batch = 2;
  int d_in = 3;
  int repeats = 15;
  std::uint32_t seed = 123;
};

struct HeadExperimentRow {
  int heads;
  double loop_ms;         // ms per pass, loop over heads: the median of `repeats` samples, each
                          // as many passes as span 1 ms (a browser's clock ticks in 5-100 µs)
  double fused_ms;        // the same, one weight-split matmul for all heads
  double max_difference;  // largest |loop − fused| over the outputs
};

// Both forms use MultiHeadAttentionWrapper's weights (h heads of size d_h, no output projection)
// and the fast path without a trace; runs alternate between the two forms. Throws OptionError for
// an empty list, a head count < 1 or repeats < 1.
std::vector<HeadExperimentRow> head_experiment(const HeadExperimentOptions& options,
                                               std::shared_ptr<ThreadPool> pool = nullptr);

}  // namespace attention
