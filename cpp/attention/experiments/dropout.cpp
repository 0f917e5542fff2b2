// Dropout on its own and its statistics (see dropout.hpp).
#include "attention/experiments/dropout.hpp"

#include <cmath>
#include <string>

#include "attention/api/errors.hpp"
#include "attention/api/options.hpp"
#include "attention/reference/pipeline.hpp"

namespace attention {
namespace {

void check_input(const std::vector<float>& input) {
  if (input.empty()) throw InputError("input", "input is empty; give at least one value");
  if (static_cast<long long>(input.size()) > kMaxTensorElements) {
    throw MemoryError("input", "input has " + std::to_string(input.size()) +
                                   " values; one tensor may hold at most " +
                                   std::to_string(kMaxTensorElements));
  }
  for (std::size_t e = 0; e < input.size(); ++e) {
    if (!std::isfinite(input[e])) {
      throw InputError("input", "input[" + std::to_string(e) + "] is not a finite number");
    }
  }
}

void check_p(double p) {
  check_option(*find_option("dropout"), OptionValue::of(p));
}

}  // namespace

DropoutResult dropout_like_torch(const std::vector<float>& input, double p, std::uint32_t seed,
                                 DropoutRng rng) {
  check_p(p);
  check_input(input);
  DropoutResult r;
  r.keep.assign(input.size(), 1.0f);
  if (p > 0.0) {  // nn.Dropout(0) returns its input and draws nothing
    TorchGenerator generator(seed);
    draw_keep(generator, p, rng, r.keep.data(), r.keep.size());
  }
  // The scale is formed in float32 and multiplied, as PyTorch's noise.div_(1 − p) does.
  const float scale = 1.0f / static_cast<float>(1.0 - p);
  r.output.resize(input.size());
  for (std::size_t e = 0; e < input.size(); ++e) r.output[e] = input[e] * (r.keep[e] * scale);
  return r;
}

DropoutStatistics dropout_statistics(const std::vector<float>& input, double p, int draws,
                                     std::uint32_t seed, DropoutRng rng) {
  check_p(p);
  check_input(input);
  if (draws < 1 || draws > 100000) {
    throw OptionError("draws", "draws = " + std::to_string(draws) + ": must be from 1 to 100000");
  }
  if (static_cast<double>(draws) * input.size() > 1e8) {
    throw WorkError("draws", "draws × values = " + std::to_string(draws) + " × " +
                                 std::to_string(input.size()) +
                                 " is more than 1e8: use fewer draws or a smaller input");
  }
  DropoutStatistics s;
  std::vector<double> sum(input.size(), 0.0);
  for (int k = 0; k < draws; ++k) {
    const DropoutResult r = dropout_like_torch(input, p, seed + static_cast<std::uint32_t>(k), rng);
    double kept = 0.0, worst = 0.0, total = 0.0;
    for (std::size_t e = 0; e < input.size(); ++e) {
      kept += r.keep[e];
      sum[e] += r.output[e];
      const double error = std::abs(sum[e] / (k + 1) - input[e]);
      worst = std::max(worst, error);
      total += error;
    }
    s.kept_share.push_back(kept / input.size());
    s.max_error.push_back(worst);
    s.mean_abs_error.push_back(total / input.size());
  }
  s.mean.resize(input.size());
  for (std::size_t e = 0; e < input.size(); ++e) s.mean[e] = static_cast<float>(sum[e] / draws);
  return s;
}

}  // namespace attention
