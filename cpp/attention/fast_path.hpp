// The fast path's private state: packed weights per group of heads and reusable scratch buffers.
// Only model.cpp and fast_forward.cpp see it.
#pragma once

#include <vector>

#include "flash.hpp"
#include "gemm.hpp"
#include "model.hpp"

namespace attention {

struct Model::FastPath {
  int group = 0;  // heads per group
  struct Group {
    PackedB qkv;                   // [W_qᵀ | W_kᵀ | W_vᵀ] for this group's heads
    std::vector<float> qkv_bias;   // aligned with qkv's columns (empty without qkv_bias)
    int key_column = 0, value_column = 0;
  };
  std::vector<Group> groups;
  PackedB out;                 // out_projᵀ (mha only)
  std::vector<float> out_bias;  // padded to out.N
  // Scratch, kept between calls so that a model used in a loop does not allocate.
  std::vector<float> qkv, packed_keys, rows, context;
  std::vector<FlashScratch> flash;
};

}  // namespace attention
