// The trained model's file (see model_file.hpp). Layout, little-endian, every section starting
// on a multiple of 4 bytes:
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
#include "model_file.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdlib>
#include <cstring>

#include "errors.hpp"

namespace attention {
namespace {

constexpr std::size_t kHeaderBytes = 40;

[[noreturn]] void bad(const std::string& why) {
  throw InputError("weightsFile", "the weights file is not usable: " + why);
}

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

struct Reader {
  const std::uint8_t* bytes;
  std::size_t size, at;
  void need(std::size_t n, const char* what) {
    if (n > size - at) bad(std::string("it ends inside ") + what);
  }
  std::uint32_t u32(const char* what) {
    need(4, what);
    const std::uint8_t* p = bytes + at;
    at += 4;
    return std::uint32_t(p[0]) | std::uint32_t(p[1]) << 8 | std::uint32_t(p[2]) << 16 |
           std::uint32_t(p[3]) << 24;
  }
  float f32(const char* what) {
    const std::uint32_t bits = u32(what);
    float v;
    std::memcpy(&v, &bits, 4);
    return v;
  }
  void pad() { at = std::min(size, (at + 3) / 4 * 4); }
};

bool is_matrix(const NamedParameter& p) {
  return p.shape.size() == 2;
}

// The largest parameter magnitude a file may hold. Trained weights stay near 1 (the shipped
// file's largest is 1.7); below this bound every stage of the forward pass stays finite in
// float32 whatever the sizes (inputs 2·10^4, projections 4096·10^4·2·10^4 ≈ 10^12, logits about
// 10^27, all far from float32's 3.4·10^38), so accepted weights can never give a silent NaN.
constexpr float kMaxParameterMagnitude = 1e4f;

std::uint64_t round_up4(std::uint64_t n) {
  return (n + 3) / 4 * 4;
}

// The bytes a file with these sizes has, in 64 bits (the largest sizes need about 2.2 GB):
// header, facts, vocabulary, then every parameter as write_model_file lays it out.
std::uint64_t file_bytes(LanguageModel& model, bool int8_rows, std::uint64_t facts) {
  std::uint64_t n =
      kHeaderBytes + round_up4(facts) + round_up4(2 * (std::uint64_t(model.config.vocabulary) - 1));
  for (const NamedParameter& p : parameters(model)) {  // shapes from the config alone
    std::uint64_t values = 1;
    for (int size : p.shape) values *= std::uint64_t(size);
    n += is_matrix(p) && int8_rows ? 4 * std::uint64_t(p.shape[0]) + round_up4(values) : 4 * values;
  }
  return n;
}

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

std::array<std::uint32_t, 256> crc_table() {
  std::array<std::uint32_t, 256> table{};
  for (std::uint32_t n = 0; n < 256; ++n) {
    std::uint32_t c = n;
    for (int k = 0; k < 8; ++k) c = c & 1 ? 0xEDB88320u ^ (c >> 1) : c >> 1;
    table[n] = c;
  }
  return table;
}

}  // namespace

std::uint32_t crc32(const std::uint8_t* bytes, std::size_t count) {
  static const std::array<std::uint32_t, 256> table = crc_table();
  std::uint32_t c = 0xFFFFFFFFu;
  for (std::size_t i = 0; i < count; ++i) c = table[(c ^ bytes[i]) & 0xFF] ^ (c >> 8);
  return c ^ 0xFFFFFFFFu;
}

const std::string* TrainedModel::fact(const std::string& key) const {
  for (const auto& [k, v] : facts)
    if (k == key) return &v;
  return nullptr;
}

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

namespace {

// The space-separated numbers of one fact (`count` of them), or InputError. (strtod, not a string
// stream: iostreams would add about 100 kB to the WebAssembly module.)
std::vector<double> numbers_of(const TrainedModel& t, const std::string& key, int count) {
  const std::string* text = t.fact(key);
  if (text == nullptr) bad("its facts have no line '" + key + "'");
  std::vector<double> out;
  const char* at = text->c_str();
  for (;;) {
    while (*at == ' ') ++at;
    if (*at == '\0') break;
    char* end = nullptr;
    const double v = std::strtod(at, &end);
    if (end == at || (*end != ' ' && *end != '\0') || !std::isfinite(v))
      bad("its fact '" + key + "' holds something that is not a number");
    out.push_back(v);
    at = end;
  }
  if (static_cast<int>(out.size()) != count)
    bad("its fact '" + key + "' does not hold " + std::to_string(count) + " numbers");
  return out;
}

}  // namespace

FileHeadRoles head_roles(const TrainedModel& t) {
  std::string names;
  for (int r = 0; r < kHeadRoles; ++r)
    names += (r ? " " : "") + std::string(role_name(HeadRole(r)));
  const std::string* written = t.fact("roles");
  if (written == nullptr || *written != names)
    bad("its facts do not list the head roles this build measures (" + names + ")");
  FileHeadRoles out;
  for (double n : numbers_of(t, "roles.queries", kHeadRoles))
    out.trained.queries.push_back(static_cast<long>(n));
  out.random.queries = out.trained.queries;
  for (int h = 0; h < t.model.config.heads; ++h) {
    out.trained.shares.push_back(numbers_of(t, "roles.trained." + std::to_string(h), kHeadRoles));
    out.random.shares.push_back(numbers_of(t, "roles.random." + std::to_string(h), kHeadRoles));
  }
  for (const HeadRoleShares* model : {&out.trained, &out.random})
    for (const std::vector<double>& head : model->shares)
      for (double share : head)
        if (!(share >= 0.0 && share <= 1.0)) bad("a head role share is not between 0 and 1");
  return out;
}

TrainedModel read_model_file(const std::uint8_t* bytes, std::size_t count) {
  if (count < kHeaderBytes || std::memcmp(bytes, "ATLM", 4) != 0)
    bad("it does not start with ATLM (is it the right file?)");
  Reader r{bytes, count, 4};
  const std::uint32_t version = r.u32("the header");
  if (version != kModelFileVersion)
    bad("version " + std::to_string(version) + "; this build reads version " +
        std::to_string(kModelFileVersion));
  const std::uint32_t size = r.u32("the header"), crc = r.u32("the header");
  if (size != count)
    bad("it has " + std::to_string(count) + " bytes, its header says " + std::to_string(size) +
        " (truncated?)");
  if (crc32(bytes + 16, count - 16) != crc) bad("its CRC-32 does not match (the file is damaged)");
  TrainedModel t;
  LanguageModelConfig& c = t.model.config;
  const std::uint32_t V = r.u32("the header"), d = r.u32("the header"), h = r.u32("the header"),
                      context = r.u32("the header"), q = r.u32("the header"),
                      facts = r.u32("the header");
  if (V > 65536 || d > 4096 || h > 4096 || context > 4096 || q > 1)
    bad("its sizes are out of range");
  c.vocabulary = static_cast<int>(V);
  c.width = static_cast<int>(d);
  c.heads = static_cast<int>(h);
  c.context = static_cast<int>(context);
  validate(c);
  // Compared with the file's length before anything is allocated: a header asking for gigabytes
  // is refused by its length, not found out after growing memory to hold them.
  const std::uint64_t expected = file_bytes(t.model, q == 1, facts);
  if (expected != count)
    bad("its header's sizes need " + std::to_string(expected) + " bytes (V = " + std::to_string(V) +
        ", d = " + std::to_string(d) + ", context " + std::to_string(context) + ", " +
        std::to_string(facts) + " bytes of facts), the file has " + std::to_string(count));
  r.need(facts, "the facts");
  const std::string text(reinterpret_cast<const char*>(bytes + r.at), facts);
  r.at += facts;
  r.pad();
  for (std::size_t line = 0; line < text.size();) {
    const std::size_t end = std::min(text.find('\n', line), text.size());
    const std::size_t space = text.find(' ', line);
    if (space == std::string::npos || space > end) bad("a fact line has no value");
    t.facts.emplace_back(text.substr(line, space - line), text.substr(space + 1, end - space - 1));
    line = end + 1;
  }
  // The dropout it was trained with (it acts in training only; info reports it).
  if (t.fact("training.dropout") != nullptr) {
    const double p = numbers_of(t, "training.dropout", 1)[0];
    if (!(p >= 0.0 && p < 1.0)) bad("its fact 'training.dropout' is not a probability in [0, 1)");
    c.dropout = p;
  }
  r.need(std::size_t(V - 1) * 2, "the vocabulary");
  for (std::uint32_t m = 0; m + 1 < V; ++m) {
    const int id = bytes[r.at] | bytes[r.at + 1] << 8;
    r.at += 2;
    if (id >= kGpt2Vocabulary) bad("its vocabulary holds a token id beyond GPT-2's");
    t.vocabulary.gpt2_ids.push_back(id);
  }
  r.pad();
  t.model.token_embedding.resize(std::size_t(V) * d);
  t.model.position_embedding.resize(std::size_t(context) * d);
  t.model.attention.query_weight.resize(std::size_t(d) * d);
  t.model.attention.key_weight.resize(std::size_t(d) * d);
  t.model.attention.value_weight.resize(std::size_t(d) * d);
  t.model.attention.out_weight.resize(std::size_t(d) * d);
  t.model.attention.out_bias.resize(d);
  t.model.unembedding_weight.resize(std::size_t(V) * d);
  t.model.unembedding_bias.resize(V);
  for (const NamedParameter& p : parameters(t.model)) {
    if (!is_matrix(p) || q == 0) {
      r.need(p.values->size() * 4, p.name.c_str());
      for (float& x : *p.values) x = r.f32(p.name.c_str());
    } else {
      const int rows = p.shape[0], cols = p.shape[1];
      std::vector<float> scales(rows);
      for (float& s : scales) {
        s = r.f32(p.name.c_str());
        if (!(s >= 0.0f && s <= kMaxParameterMagnitude / 127.0f))
          bad(p.name + " has a row scale of " + std::to_string(s) + "; a row scale is from 0 to " +
              std::to_string(kMaxParameterMagnitude / 127.0f));
      }
      r.need(std::size_t(rows) * cols, p.name.c_str());
      for (int row = 0; row < rows; ++row)
        for (int k = 0; k < cols; ++k)
          (*p.values)[std::size_t(row) * cols + k] =
              static_cast<float>(static_cast<std::int8_t>(bytes[r.at++])) * scales[row];
      r.pad();
    }
    for (float x : *p.values) {
      if (!std::isfinite(x)) bad(p.name + " holds a value that is not a finite number");
      if (std::abs(x) > kMaxParameterMagnitude)
        bad(p.name + " holds the value " + std::to_string(x) + "; a parameter is at most " +
            std::to_string(kMaxParameterMagnitude) + " in magnitude (trained weights stay near 1)");
    }
  }
  if (r.at != count) bad("it has bytes after its last parameter");
  return t;
}

}  // namespace attention
