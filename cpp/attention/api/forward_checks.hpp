// What a forward pass refuses, with a message that says why: inputs of the wrong count or not
// finite, and the float32 failures the lecture's routes can meet (scores or outputs that overflow,
// the naive mask's rows that sum to 0). Private to the core's Model.
#pragma once

#include <cstddef>

#include "attention/api/config.hpp"
#include "attention/api/tensor.hpp"
#include "attention/reference/pipeline.hpp"

namespace attention {

// inputs: B·T·d_in finite floats; throws InputError naming the first value that is not.
void check_inputs(const Config& c, const float* inputs, std::size_t n);
// Throws NumericalError when `t` (named `what` in the message) holds an infinity or NaN.
void require_finite_output(const Tensor& t, const char* what);
// The scores the mask and the softmax see.
void require_finite_scores(const Tensor& scaled);
// The naive route fails silently in float32 when a row's past weights all underflow to 0.
void require_renormalisable(const NaiveWeights& naive);

}  // namespace attention
