// Dropout on its own, as the notebook runs it: torch.manual_seed(seed); nn.Dropout(p)(x) on any
// tensor, with PyTorch's default CPU generator (the notebook's mask) or MKL's (another mask for the
// same seed, from PyTorch builds with MKL on Intel CPUs). And what 1/(1−p) buys: over many draws
// the mean of the dropped values approaches the undropped ones.
#pragma once

#include <cstdint>
#include <vector>

#include "attention/api/config.hpp"

namespace attention {

struct DropoutResult {
  std::vector<float> output;  // survivors × 1/(1−p), the rest 0
  std::vector<float> keep;    // 1 kept, 0 dropped
};

// torch.manual_seed(seed); torch.nn.Dropout(p)(input) in training mode. Throws OptionError for p
// outside [0, 1) and InputError for non-finite input.
DropoutResult dropout_like_torch(const std::vector<float>& input, double p, std::uint32_t seed,
                                 DropoutRng rng = DropoutRng::cpu);

struct DropoutStatistics {
  std::vector<double> kept_share;  // per draw: the share of values kept (near 1 − p, not exact)
  std::vector<double> max_error;   // after k + 1 draws: max |mean of the dropped − input|
  std::vector<double> mean_abs_error;  // after k + 1 draws: mean |mean of the dropped − input|
  std::vector<float> mean;             // the mean of all draws' dropped values
};

// `draws` dropouts of `input`, draw k seeded with seed + k (as if the notebook's cell were run with
// each seed). Throws OptionError for draws outside 1 … 100000 or more than 1e8 values in all.
DropoutStatistics dropout_statistics(const std::vector<float>& input, double p, int draws,
                                     std::uint32_t seed, DropoutRng rng = DropoutRng::cpu);

}  // namespace attention
