// libFuzzer harness for the trained model's weights file (natively, under ASan + UBSan): the
// reader (cpp/attention/train/model_file.cpp) on mutated files, and one small forward pass of every
// file it accepts.
//
// The first byte of an input says how to treat the rest, which is the file:
//   bit 0  recompute the CRC-32 of bytes [16, size) after mutation, so that the fuzzer gets past
//          the checksum and reaches the sizes, facts, vocabulary and parameters behind it;
//   bit 1  also write the file's true length into its header's size field;
//   bit 2  the forward pass's tokens are GPT-2 ids mapped through the file's vocabulary cut (as
//          loadWeights's explain() maps a sentence), rather than model ids;
//   bits 4-7  how many tokens the forward pass reads (1 to 16, at most the file's context).
// Without bit 0 a mutated file must be refused by its CRC (or its length): that path is fuzzed too.
//
// What counts as a bug (the harness aborts naming the step, so libFuzzer saves the input):
//   - any exception that is not an attention::Error: std::bad_alloc and std::length_error too,
//     because the reader must compare the header's sizes with the file's length before allocating;
//   - a refusal of the file (by the reader or by head_roles) that does not name it: its option must
//     be weightsFile, the option JS, the CLI and the page report a damaged file under;
//   - an accepted file whose model breaks what the reader promises: sizes outside the config's
//     ranges, a vocabulary or a parameter of the wrong length, a parameter that is not finite or
//     over 1e4 in magnitude;
//   - a forward pass with those weights that returns a non-finite input, hidden state or logit, or
//     next-token probabilities that are not finite in [0, 1], without throwing a typed error;
//   - anything ASan or UBSan reports (out-of-bounds reads of a short file, overflow in the size
//     arithmetic, leaks).
//
// Build and run: scripts/fuzz.sh weights [SECONDS]. Seeds: tests/fuzz/corpus/weights/ (small files
// train() wrote) and the shipped file web/weights/*.atlm, each with a first byte prepended.
#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <string>
#include <typeinfo>
#include <vector>

#include "attention/api/errors.hpp"
#include "attention/train/language_model.hpp"
#include "attention/train/model_file.hpp"

namespace {

const char* g_step = "start";

[[noreturn]] void bug(const std::string& what) {
  std::fprintf(stderr, "model_file_fuzz: BUG in step %s: %s\n", g_step, what.c_str());
  std::abort();
}

void put_u32(std::vector<std::uint8_t>& file, std::size_t at, std::uint32_t v) {
  for (int k = 0; k < 4; ++k) file[at + k] = static_cast<std::uint8_t>(v >> (8 * k));
}

// The reader's promises about a file it accepted.
void check_accepted(attention::TrainedModel& t) {
  g_step = "check the accepted model";
  const attention::LanguageModelConfig& c = t.model.config;
  if (c.vocabulary < 2 || c.vocabulary > 65536 || c.width < 1 || c.width > 4096 || c.heads < 1 ||
      c.width % c.heads != 0 || c.context < 1 || c.context > 4096)
    bug("accepted sizes out of range: V " + std::to_string(c.vocabulary) + ", d " +
        std::to_string(c.width) + ", h " + std::to_string(c.heads) + ", context " +
        std::to_string(c.context));
  if (!(c.dropout >= 0.0 && c.dropout < 1.0)) bug("accepted dropout out of [0, 1)");
  if (t.vocabulary.gpt2_ids.size() + 1 != static_cast<std::size_t>(c.vocabulary))
    bug("the vocabulary cut has the wrong length");
  for (int id : t.vocabulary.gpt2_ids)
    if (id < 0 || id >= attention::kGpt2Vocabulary) bug("a vocabulary id beyond GPT-2's");
  for (const attention::NamedParameter& p : attention::parameters(t.model)) {
    std::size_t values = 1;
    for (int size : p.shape) values *= static_cast<std::size_t>(size);
    if (p.values->size() != values) bug(p.name + " has the wrong number of values");
    for (float x : *p.values)
      if (!std::isfinite(x) || std::abs(x) > 1e4f) bug(p.name + " holds " + std::to_string(x));
  }
}

// One forward pass of `tokens` ids drawn from the file's own bytes (model ids, or GPT-2 ids through
// the vocabulary cut): finite stages and probabilities, or a typed error.
void check_forward(const attention::TrainedModel& t, int tokens, bool gpt2,
                   const std::uint8_t* data, std::size_t size) {
  const attention::LanguageModelConfig& c = t.model.config;
  const int T = std::min(tokens, c.context);
  std::vector<int> ids(T);
  for (int k = 0; k < T; ++k) {
    const std::size_t at = (std::size_t(k) * 7919u) % size;
    const int word = data[at] | data[(at + 1) % size] << 8;
    ids[k] = word % (gpt2 ? attention::kGpt2Vocabulary : c.vocabulary);
  }
  if (gpt2) {
    g_step = "Vocabulary::model_ids";
    ids = t.vocabulary.model_ids(ids);
    for (int id : ids)
      if (id < 0 || id >= c.vocabulary) bug("model_ids gave an id outside the vocabulary");
  }
  g_step = "language_model_forward";
  const attention::LanguageModelForward f = attention::language_model_forward(t.model, ids);
  g_step = "check the forward pass";
  for (const attention::Tensor* stage : {&f.inputs, &f.hidden, &f.logits})
    for (float x : stage->data)
      if (!std::isfinite(x)) bug("a non-finite value in the forward pass: " + std::to_string(x));
  g_step = "next_tokens";
  const int k = std::min(5, c.vocabulary);
  const auto next = attention::next_tokens(f.logits, k);
  if (next.size() != static_cast<std::size_t>(T)) bug("next_tokens gave the wrong number of rows");
  for (const auto& row : next) {
    if (row.size() != static_cast<std::size_t>(k)) bug("next_tokens gave the wrong row length");
    for (const attention::NextToken& n : row)
      if (!(n.probability >= 0.0 && n.probability <= 1.0) || n.id < 0 || n.id >= c.vocabulary)
        bug("a next token out of range: id " + std::to_string(n.id) + ", probability " +
            std::to_string(n.probability));
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  const std::uint8_t mode = data[0];
  std::vector<std::uint8_t> file(data + 1, data + size);
  if ((mode & 2) && file.size() >= 16) put_u32(file, 8, static_cast<std::uint32_t>(file.size()));
  if ((mode & 1) && file.size() >= 16)
    put_u32(file, 12, attention::crc32(file.data() + 16, file.size() - 16));
  g_step = "read_model_file";
  try {
    attention::TrainedModel t = attention::read_model_file(file.data(), file.size());
    check_accepted(t);
    g_step = "head_roles";
    try {
      attention::head_roles(t);
    } catch (const attention::Error& e) {
      // A file whose role facts do not read is refused by loadWeights; its weights still run.
      if (e.option() != "weightsFile") bug("head_roles refused under option " + e.option());
    }
    check_forward(t, 1 + (mode >> 4), (mode & 4) != 0, file.data(), file.size());
  } catch (const attention::Error& e) {
    // A typed refusal: what a damaged file must get, under the option that names the file.
    if (std::string(g_step) == "read_model_file" && e.option() != "weightsFile")
      bug("the file was refused under option " + e.option() + ": " + e.what());
  } catch (const std::exception& e) {
    bug(std::string("an exception that is not an attention::Error: ") + typeid(e).name() + ": " +
        e.what());
  } catch (...) {
    bug("an exception that is not a std::exception");
  }
  return 0;
}
