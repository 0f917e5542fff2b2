// Training's options and the checks made before a run (see training_options.hpp).
#include "attention/train/training_options.hpp"

#include <cstdio>
#include <string>

#include "attention/api/errors.hpp"

namespace attention {
namespace {

void require(bool ok, const char* option, const std::string& message) {
  if (!ok) throw OptionError(option, message);
}

}  // namespace

void validate(const TrainingOptions& o) {
  require(o.steps >= 1 && o.steps <= 10000000, "steps", "steps must be from 1 to 10^7");
  require(o.batch >= 1 && o.batch <= 4096, "batch", "the batch must be from 1 to 4096 sequences");
  require(o.learning_rate > 0 && o.learning_rate < 1, "learningRate",
          "the learning rate must be in (0, 1)");
  require(o.warmup >= 0, "warmup", "warm-up steps cannot be negative");
  require(o.final_rate >= 0 && o.final_rate <= 1, "finalRate", "the final rate must be in [0, 1]");
  require(o.weight_decay >= 0 && o.weight_decay < 1, "weightDecay",
          "weight decay must be in [0, 1)");
  require(o.beta1 >= 0 && o.beta1 < 1 && o.beta2 >= 0 && o.beta2 < 1, "betas",
          "AdamW's betas must be in [0, 1)");
  require(o.clip > 0, "clip", "the clipping norm must be positive");
  require(o.max_flops > 0, "maxFlops", "maxFlops must be a positive number of operations");
  require(o.max_bytes > 0, "maxBytes", "maxBytes must be a positive number of bytes");
}

double training_step_flops(const LanguageModelConfig& c, const TrainingOptions& o) {
  const double T = c.context, d = c.width, V = c.vocabulary, h = c.heads;
  // One sequence's forward pass: queries, keys, values and out_proj (8·T·d²), attention scores
  // and context vectors (4·T²·d), softmax and dropout (about 10 per (h,T,T) value), the
  // unembedding (2·T·d·V) and the loss's softmax (about 5 per logit). Backward: about twice that.
  const double forward = 8 * T * d * d + 4 * T * T * d + 10 * h * T * T + 2 * T * d * V + 5 * T * V;
  const double parameters = 2 * V * d + T * d + 4 * d * d + d + V;
  // Summing the batch's gradients and AdamW: a few operations per parameter and sequence.
  return double(o.batch) * 3 * forward + (double(o.batch) + 20) * parameters;
}

double training_bytes(const LanguageModelConfig& c, const TrainingOptions& o, int concurrent) {
  const double T = c.context, d = c.width, V = c.vocabulary, h = c.heads;
  const double parameters = 2 * V * d + T * d + 4 * d * d + d + V;
  // Whole copies of the parameters: the model, the random model, AdamW's two moments, the
  // batch's gradient, the stored (quantised) copy, and one gradient per sequence.
  const double copies = double(o.batch) + 6;
  // A sequence in flight: its logits and their gradient (2·T·V), its (h,T,T) stages with their
  // gradients (about 12), and its (T,d) tensors (about 30).
  const double in_flight = 2 * T * V + 12 * h * T * T + 30 * T * d;
  return sizeof(float) * (copies * parameters + double(concurrent) * in_flight);
}

void check_training_limits(const LanguageModelConfig& c, const TrainingOptions& o, int concurrent) {
  const auto sizes = [&] {
    return "batch " + std::to_string(o.batch) + ", context " + std::to_string(c.context) +
           ", width " + std::to_string(c.width) + ", heads " + std::to_string(c.heads) +
           ", vocabulary " + std::to_string(c.vocabulary);
  };
  const auto g = [](double v) {  // three significant digits: 1.47, 679, 1e+11
    char text[32];
    std::snprintf(text, sizeof text, "%.3g", v);
    return std::string(text);
  };
  // Memory first: maxFlops can be raised, WebAssembly's 4 GiB cannot.
  const double bytes = training_bytes(c, o, concurrent);
  if (bytes > o.max_bytes) {
    throw MemoryError("maxBytes", "this training run needs about " + g(bytes / 1048576.0) +
                                      " MiB (" + sizes() +
                                      ": the model, AdamW's moments and one gradient per "
                                      "sequence of the batch), more than maxBytes = " +
                                      g(o.max_bytes) + " bytes (" + g(o.max_bytes / 1048576.0) +
                                      " MiB). Use a smaller batch, width or vocabulary, or pass a "
                                      "larger maxBytes (WebAssembly memory ends at 4 GiB)");
  }
  const double flops = training_step_flops(c, o);
  if (flops > o.max_flops) {
    throw WorkError("maxFlops",
                    "one training step needs about " + g(flops / 1e9) + " GFLOP (" + sizes() +
                        "), more than maxFlops = " + g(o.max_flops) + " operations (" +
                        g(o.max_flops / 1e9) +
                        " GFLOP; 1e+11 is about ten seconds on one thread): progress and the "
                        "abort signal are heard only between steps. Use a smaller batch, context "
                        "or width, or pass a larger maxFlops to train on purpose");
  }
}

}  // namespace attention
