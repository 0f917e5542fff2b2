// Writing the trained model's file (see model_file.hpp; the bytes are model_file_layout.hpp's),
// and the int8 rounding the file applies to every matrix.
#include <algorithm>
#include <cmath>
#include <cstring>

#include "attention/train/model_file.hpp"
#include "attention/train/model_file_layout.hpp"

namespace attention {
namespace {

using model_file_layout::is_matrix;

struct Writer {
  std::vector<std::uint8_t> bytes;
  void u32(std::uint32_t v) {
    for (int k = 0; k < 4; ++k) bytes.push_back(static_cast<std::uint8_t>(v >> (8 * k)));
  }
  void f32(float v) {
    std::uint32_t bits;
    std::memcpy(&bits, &v, 4);
    u32(bits);
  }
  void pad() {
    while (bytes.size() % 4 != 0) bytes.push_back(0);
  }
};

// One row, as int8 and its scale: x ≈ q · scale, q in [−127, 127].
float quantise_row(const float* x, int n, std::int8_t* q) {
  float largest = 0.0f;
  for (int k = 0; k < n; ++k) largest = std::max(largest, std::abs(x[k]));
  const float scale = largest / 127.0f;
  for (int k = 0; k < n; ++k) {
    const float r = scale > 0.0f ? std::nearbyint(x[k] / scale) : 0.0f;
    q[k] = static_cast<std::int8_t>(std::clamp(r, -127.0f, 127.0f));
  }
  return scale;
}

}  // namespace

LanguageModel quantised(const LanguageModel& model) {
  LanguageModel out = model;
  for (const NamedParameter& p : parameters(out)) {
    if (!is_matrix(p)) continue;
    const int rows = p.shape[0], cols = p.shape[1];
    std::vector<std::int8_t> q(cols);
    for (int r = 0; r < rows; ++r) {
      float* x = p.values->data() + std::size_t(r) * cols;
      const float scale = quantise_row(x, cols, q.data());
      for (int k = 0; k < cols; ++k) x[k] = static_cast<float>(q[k]) * scale;
    }
  }
  return out;
}

std::vector<std::uint8_t> write_model_file(const TrainedModel& trained, Quantisation quantisation) {
  const LanguageModelConfig& c = trained.model.config;
  std::string facts;
  for (const auto& [key, value] : trained.facts) facts += key + " " + value + "\n";
  Writer w;
  for (char ch : std::string("ATLM")) w.bytes.push_back(static_cast<std::uint8_t>(ch));
  w.u32(kModelFileVersion);
  w.u32(0);  // size, filled in below
  w.u32(0);  // CRC-32, filled in below
  for (int v : {c.vocabulary, c.width, c.heads, c.context}) w.u32(static_cast<std::uint32_t>(v));
  w.u32(static_cast<std::uint32_t>(quantisation));
  w.u32(static_cast<std::uint32_t>(facts.size()));
  w.bytes.insert(w.bytes.end(), facts.begin(), facts.end());
  w.pad();
  for (int id : trained.vocabulary.gpt2_ids) {
    w.bytes.push_back(static_cast<std::uint8_t>(id & 0xFF));
    w.bytes.push_back(static_cast<std::uint8_t>(id >> 8));
  }
  w.pad();
  LanguageModel model = trained.model;
  for (const NamedParameter& p : parameters(model)) {
    if (!is_matrix(p) || quantisation == Quantisation::float32) {
      for (float x : *p.values) w.f32(x);
      continue;
    }
    const int rows = p.shape[0], cols = p.shape[1];
    std::vector<std::int8_t> q(std::size_t(rows) * cols);
    for (int r = 0; r < rows; ++r)
      w.f32(
          quantise_row(p.values->data() + std::size_t(r) * cols, cols, &q[std::size_t(r) * cols]));
    for (std::int8_t v : q) w.bytes.push_back(static_cast<std::uint8_t>(v));
    w.pad();
  }
  const std::uint32_t size = static_cast<std::uint32_t>(w.bytes.size());
  for (int k = 0; k < 4; ++k) w.bytes[8 + k] = static_cast<std::uint8_t>(size >> (8 * k));
  const std::uint32_t crc = crc32(w.bytes.data() + 16, w.bytes.size() - 16);
  for (int k = 0; k < 4; ++k) w.bytes[12 + k] = static_cast<std::uint8_t>(crc >> (8 * k));
  return w.bytes;
}

}  // namespace attention
