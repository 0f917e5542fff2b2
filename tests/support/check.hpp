// Test helpers: compare tensors and report the largest difference, as llm.c's check_tensor does.
#pragma once

#include <algorithm>
#include <catch2/catch.hpp>
#include <cmath>
#include <string>
#include <vector>

#include "attention/attention.hpp"

namespace check {

struct Difference {
  double max = 0.0;
  std::size_t where = 0;
  bool mismatched_infinity = false;
};

// Largest |a − b|; an infinity must meet the same infinity.
inline Difference max_difference(const std::vector<float>& a, const std::vector<float>& b) {
  Difference d;
  for (std::size_t i = 0; i < std::min(a.size(), b.size()); ++i) {
    if (std::isinf(a[i]) || std::isinf(b[i])) {
      if (a[i] != b[i]) d.mismatched_infinity = true;
      continue;
    }
    const double diff = std::abs(double(a[i]) - double(b[i]));
    if (diff > d.max || std::isnan(diff)) {
      d.max = std::isnan(diff) ? INFINITY : diff;
      d.where = i;
    }
  }
  return d;
}

// REQUIREs equal shapes and every value within `tolerance`, printing the max difference.
inline void tensors_close(const std::string& what, const std::vector<int>& shape_a,
                          const std::vector<float>& a, const std::vector<int>& shape_b,
                          const std::vector<float>& b, double tolerance) {
  INFO(what);
  REQUIRE(shape_a == shape_b);
  REQUIRE(a.size() == b.size());
  const Difference d = max_difference(a, b);
  INFO("max |difference| = " << d.max << " at flat index " << d.where);
  CHECK_FALSE(d.mismatched_infinity);
  CHECK(d.max <= tolerance);
}

inline void tensors_close(const std::string& what, const attention::Tensor& a,
                          const attention::Tensor& b, double tolerance) {
  tensors_close(what, a.shape, a.data, b.shape, b.data, tolerance);
}

// The lecture's batch: "Your journey starts with one step" stacked twice, (2, 6, 3).
inline std::vector<float> lecture_batch() {
  std::vector<float> x = attention::lecture_preset().embeddings;
  std::vector<float> batch = x;
  batch.insert(batch.end(), x.begin(), x.end());
  return batch;
}

inline attention::Config lecture_config(attention::Module module = attention::Module::mha) {
  attention::Config c;
  c.batch = 2;
  c.tokens = 6;
  c.d_in = 3;
  c.d_out = 2;
  c.heads = module == attention::Module::causal ? 1 : 2;
  c.module = module;
  c.seed = 123;
  return c;
}

}  // namespace check
