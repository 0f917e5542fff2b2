// The trained model's file as bytes: the layout that write_model_file (model_file_write.cpp)
// writes and read_model_file (model_file.cpp) reads, kept in one place so the two cannot drift.
// Internal to those two files. Little-endian, every section starting on a multiple of 4 bytes:
//   0   "ATLM"
//   4   u32 version (1)
//   8   u32 size of the whole file in bytes
//   12  u32 CRC-32 of bytes [16, size)
//   16  u32 V, u32 d, u32 h, u32 context, u32 quantisation (0 float32, 1 int8 rows), u32 F
//   40  F bytes of facts, UTF-8 "key value\n" lines, then zero padding
//       (V − 1) × u16: the GPT-2 id of model ids 0 … V − 2, then zero padding
//       every parameter in state_dict order (language_model.hpp's parameters()):
//         vectors (biases): float32 values;
//         matrices, float32: the values; int8 rows: one float32 scale per row, then the int8
//         values row by row, then zero padding
#pragma once

#include <cstddef>
#include <cstdint>

#include "attention/train/language_model.hpp"

namespace attention::model_file_layout {

constexpr std::size_t kHeaderBytes = 40;

// Matrices are what int8 rows quantise; vectors (biases) stay float32.
inline bool is_matrix(const NamedParameter& p) {
  return p.shape.size() == 2;
}

inline std::uint64_t round_up4(std::uint64_t n) {
  return (n + 3) / 4 * 4;
}

}  // namespace attention::model_file_layout
