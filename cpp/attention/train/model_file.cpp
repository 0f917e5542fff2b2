// Reading the trained model's file (see model_file.hpp; the bytes are model_file_layout.hpp's):
// every size, length, value and checksum is checked, and anything that does not fit throws
// InputError("weightsFile", ...) naming what was wrong. Also the CRC-32 both sides compute.
#include "attention/train/model_file.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdlib>
#include <cstring>

#include "attention/api/errors.hpp"
#include "attention/train/model_file_layout.hpp"

namespace attention {
namespace {

using model_file_layout::is_matrix;
using model_file_layout::kHeaderBytes;
using model_file_layout::round_up4;

[[noreturn]] void bad(const std::string& why) {
  throw InputError("weightsFile", "the weights file is not usable: " + why);
}

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

// The largest parameter magnitude a file may hold. Trained weights stay near 1 (the shipped
// file's largest is 1.7); below this bound every stage of the forward pass stays finite in
// float32 whatever the sizes (inputs 2·10^4, projections 4096·10^4·2·10^4 ≈ 10^12, logits about
// 10^27, all far from float32's 3.4·10^38), so accepted weights can never give a silent NaN.
constexpr float kMaxParameterMagnitude = 1e4f;

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

std::array<std::uint32_t, 256> crc_table() {
  std::array<std::uint32_t, 256> table{};
  for (std::uint32_t n = 0; n < 256; ++n) {
    std::uint32_t c = n;
    for (int k = 0; k < 8; ++k) c = c & 1 ? 0xEDB88320u ^ (c >> 1) : c >> 1;
    table[n] = c;
  }
  return table;
}

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

namespace {

// The sizes the header gives, after "ATLM", the version, the length and the CRC-32.
struct Sizes {
  std::uint32_t V, d, h, context, quantisation, facts;
};

// "ATLM", the version, the length and the CRC-32; then the sizes, into the model's config (its
// parameters stay empty). The length those sizes need is compared with the file's before anything
// is allocated: a header asking for gigabytes is refused by its length, not found out after
// growing memory to hold them.
Sizes read_header(Reader& r, LanguageModel& model) {
  if (r.size < kHeaderBytes || std::memcmp(r.bytes, "ATLM", 4) != 0)
    bad("it does not start with ATLM (is it the right file?)");
  r.at = 4;
  const std::uint32_t version = r.u32("the header");
  if (version != kModelFileVersion)
    bad("version " + std::to_string(version) + "; this build reads version " +
        std::to_string(kModelFileVersion));
  const std::uint32_t size = r.u32("the header"), crc = r.u32("the header");
  if (size != r.size)
    bad("it has " + std::to_string(r.size) + " bytes, its header says " + std::to_string(size) +
        " (truncated?)");
  if (crc32(r.bytes + 16, r.size - 16) != crc)
    bad("its CRC-32 does not match (the file is damaged)");
  LanguageModelConfig& c = model.config;
  Sizes s;
  for (std::uint32_t* field : {&s.V, &s.d, &s.h, &s.context, &s.quantisation, &s.facts})
    *field = r.u32("the header");
  if (s.V > 65536 || s.d > 4096 || s.h > 4096 || s.context > 4096 || s.quantisation > 1)
    bad("its sizes are out of range");
  c.vocabulary = static_cast<int>(s.V);
  c.width = static_cast<int>(s.d);
  c.heads = static_cast<int>(s.h);
  c.context = static_cast<int>(s.context);
  // Sizes no model has (heads that do not divide d, a vocabulary of one) are the file's fault: the
  // refusal names the file, not an option the caller never gave.
  try {
    validate(c);
  } catch (const OptionError& e) {
    bad(std::string("its sizes (V = ") + std::to_string(s.V) + ", d = " + std::to_string(s.d) +
        ", h = " + std::to_string(s.h) + ", context " + std::to_string(s.context) +
        ") are no model's: " + e.what());
  }
  const std::uint64_t expected = file_bytes(model, s.quantisation == 1, s.facts);
  if (expected != r.size)
    bad("its header's sizes need " + std::to_string(expected) +
        " bytes (V = " + std::to_string(s.V) + ", d = " + std::to_string(s.d) + ", context " +
        std::to_string(s.context) + ", " + std::to_string(s.facts) +
        " bytes of facts), the file has " + std::to_string(r.size));
  return s;
}

// The "key value" lines, and the dropout the model was trained with (it acts in training only;
// info reports it).
void read_facts(Reader& r, std::uint32_t count, TrainedModel& t) {
  r.need(count, "the facts");
  const std::string text(reinterpret_cast<const char*>(r.bytes + r.at), count);
  r.at += count;
  r.pad();
  for (std::size_t line = 0; line < text.size();) {
    const std::size_t end = std::min(text.find('\n', line), text.size());
    const std::size_t space = text.find(' ', line);
    if (space == std::string::npos || space > end) bad("a fact line has no value");
    t.facts.emplace_back(text.substr(line, space - line), text.substr(space + 1, end - space - 1));
    line = end + 1;
  }
  if (t.fact("training.dropout") != nullptr) {
    const double p = numbers_of(t, "training.dropout", 1)[0];
    if (!(p >= 0.0 && p < 1.0)) bad("its fact 'training.dropout' is not a probability in [0, 1)");
    t.model.config.dropout = p;
  }
}

// The GPT-2 id of each model id but the last (the last stands for every token cut away).
void read_vocabulary(Reader& r, std::uint32_t V, Vocabulary& vocabulary) {
  r.need(std::size_t(V - 1) * 2, "the vocabulary");
  for (std::uint32_t m = 0; m + 1 < V; ++m) {
    const int id = r.bytes[r.at] | r.bytes[r.at + 1] << 8;
    r.at += 2;
    if (id >= kGpt2Vocabulary) bad("its vocabulary holds a token id beyond GPT-2's");
    vocabulary.gpt2_ids.push_back(id);
  }
  r.pad();
}

// Room for every parameter; only once the header's sizes have matched the file's length.
void allocate_parameters(LanguageModel& model, const Sizes& s) {
  model.token_embedding.resize(std::size_t(s.V) * s.d);
  model.position_embedding.resize(std::size_t(s.context) * s.d);
  model.attention.query_weight.resize(std::size_t(s.d) * s.d);
  model.attention.key_weight.resize(std::size_t(s.d) * s.d);
  model.attention.value_weight.resize(std::size_t(s.d) * s.d);
  model.attention.out_weight.resize(std::size_t(s.d) * s.d);
  model.attention.out_bias.resize(s.d);
  model.unembedding_weight.resize(std::size_t(s.V) * s.d);
  model.unembedding_bias.resize(s.V);
}

void read_float32(Reader& r, const NamedParameter& p) {
  r.need(p.values->size() * 4, p.name.c_str());
  for (float& x : *p.values) x = r.f32(p.name.c_str());
}

// One float32 scale per row, each checked, then the int8 values row by row.
void read_int8_rows(Reader& r, const NamedParameter& p) {
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
          static_cast<float>(static_cast<std::int8_t>(r.bytes[r.at++])) * scales[row];
  r.pad();
}

// Every value finite and within kMaxParameterMagnitude, so the forward pass stays finite.
void check_values(const NamedParameter& p) {
  for (float x : *p.values) {
    if (!std::isfinite(x)) bad(p.name + " holds a value that is not a finite number");
    if (std::abs(x) > kMaxParameterMagnitude)
      bad(p.name + " holds the value " + std::to_string(x) + "; a parameter is at most " +
          std::to_string(kMaxParameterMagnitude) + " in magnitude (trained weights stay near 1)");
  }
}

// Every parameter in state_dict order, as the header's quantisation stores it.
void read_parameters(Reader& r, const Sizes& s, LanguageModel& model) {
  allocate_parameters(model, s);
  for (const NamedParameter& p : parameters(model)) {
    if (!is_matrix(p) || s.quantisation == 0) {
      read_float32(r, p);
    } else {
      read_int8_rows(r, p);
    }
    check_values(p);
  }
}

}  // namespace

TrainedModel read_model_file(const std::uint8_t* bytes, std::size_t count) {
  Reader r{bytes, count, 0};
  TrainedModel t;
  const Sizes s = read_header(r, t.model);
  read_facts(r, s.facts, t);
  read_vocabulary(r, s.V, t.vocabulary);
  read_parameters(r, s, t.model);
  if (r.at != count) bad("it has bytes after its last parameter");
  return t;
}

}  // namespace attention
