// Promises of docs/SECURITY.md about hostile weights files and training options, kept by the core:
// a file's header is checked against its length before anything is allocated, accepted weights
// never give a silent NaN, a file reports the dropout it was trained with, and a training run's
// work and memory are estimated and refused before it starts.
#include <catch2/catch.hpp>
#include <cmath>
#include <cstring>
#include <limits>
#include <string>

#include "attention/api/errors.hpp"
#include "attention/train/model_file.hpp"
#include "attention/train/training_run.hpp"

using namespace attention;

namespace {

TrainedModel tiny_trained_model() {
  LanguageModelConfig c;
  c.vocabulary = 6;
  c.width = 8;
  c.heads = 2;
  c.context = 5;
  TrainedModel t{init_language_model(c), {}, {}};
  t.vocabulary.gpt2_ids = {464, 13, 11, 290, 50256};
  return t;
}

void put_u32(std::vector<std::uint8_t>& bytes, std::size_t at, std::uint32_t v) {
  for (int k = 0; k < 4; ++k) bytes[at + k] = static_cast<std::uint8_t>(v >> (8 * k));
}

// A file whose header is consistent (size and CRC-32 right) but asks for far more parameters than
// it holds: the header and V − 1 vocabulary ids, nothing else.
std::vector<std::uint8_t> header_only_file(std::uint32_t V, std::uint32_t d, std::uint32_t h,
                                           std::uint32_t context) {
  std::vector<std::uint8_t> bytes(40 + (std::size_t(V - 1) * 2 + 3) / 4 * 4, 0);
  std::memcpy(bytes.data(), "ATLM", 4);
  put_u32(bytes, 4, kModelFileVersion);
  put_u32(bytes, 8, static_cast<std::uint32_t>(bytes.size()));
  const std::uint32_t sizes[] = {V, d, h, context, 1u, 0u};
  for (int k = 0; k < 6; ++k) put_u32(bytes, 16 + 4 * k, sizes[k]);
  put_u32(bytes, 12, crc32(bytes.data() + 16, bytes.size() - 16));
  return bytes;
}

std::string message_of(const std::vector<std::uint8_t>& bytes) {
  try {
    read_model_file(bytes.data(), bytes.size());
  } catch (const InputError& e) {
    return e.what();
  }
  return "(accepted)";
}

}  // namespace

TEST_CASE("a weights file whose header asks for more bytes than it has is refused before reading",
          "[holes][model-file]") {
  // V = 65536, d = 512: its parameters alone would be about 270 MB.
  const std::vector<std::uint8_t> bytes = header_only_file(65536, 512, 1, 4096);
  const std::string message = message_of(bytes);
  INFO(message);
  // The refusal states what the header asks for, computed before any parameter is allocated
  // (not "it ends inside tok_emb.weight", found after allocating every parameter).
  CHECK(message.find("its header's sizes need") != std::string::npos);
  CHECK(message.find(std::to_string(bytes.size())) != std::string::npos);
  SECTION("the largest sizes the format allows, in 64-bit arithmetic") {
    const std::vector<std::uint8_t> largest = header_only_file(65536, 4096, 1, 4096);
    CHECK(message_of(largest).find("its header's sizes need") != std::string::npos);
  }
}

TEST_CASE("a weights file whose sizes no model has is refused as a weights file",
          "[holes][model-file]") {
  // Sizes within the header's ranges that the model's own check refuses: heads that do not divide
  // the width, no heads, no width, a vocabulary of one, a context of one. The refusal names the
  // file (the option weightsFile), not an option the caller never gave.
  const std::uint32_t cases[][4] = {
      {6, 8, 3, 5}, {6, 8, 0, 5}, {6, 0, 1, 5}, {1, 8, 2, 5}, {6, 8, 2, 1}};
  for (const auto& c : cases) {
    const std::vector<std::uint8_t> bytes = header_only_file(c[0], c[1], c[2], c[3]);
    INFO("V " << c[0] << ", d " << c[1] << ", h " << c[2] << ", context " << c[3]);
    try {
      read_model_file(bytes.data(), bytes.size());
      FAIL("accepted");
    } catch (const Error& e) {
      CHECK(std::string(e.kind()) == "InputError");
      CHECK(e.option() == "weightsFile");
      CHECK(std::string(e.what()).find("the weights file is not usable: its sizes") !=
            std::string::npos);
    }
  }
}

TEST_CASE("a weights file with absurd parameter values is refused at load", "[holes][model-file]") {
  for (Quantisation q : {Quantisation::float32, Quantisation::int8_rows}) {
    TrainedModel t = tiny_trained_model();
    t.model.unembedding_weight[3] = 1.26e36f;  // in int8 rows: a row scale of about 1e34
    const std::vector<std::uint8_t> bytes = write_model_file(t, q);
    CHECK_THROWS_AS(read_model_file(bytes.data(), bytes.size()), InputError);
    t.model.unembedding_weight[3] = 3e38f;
    const std::vector<std::uint8_t> huge = write_model_file(t, q);
    CHECK_THROWS_AS(read_model_file(huge.data(), huge.size()), InputError);
  }
}

TEST_CASE("next-token probabilities are finite or a NumericalError", "[holes][model-file]") {
  Tensor logits({1, 2, 6});  // T = 2, V = 6
  for (std::size_t i = 0; i < logits.size(); ++i) logits.data[i] = float(i % 6);
  CHECK_NOTHROW(next_tokens(logits, 5));
  logits.data[8] = std::numeric_limits<float>::infinity();  // an overflowing logit at t = 1
  CHECK_THROWS_AS(next_tokens(logits, 5), NumericalError);
  logits.data[8] = std::numeric_limits<float>::quiet_NaN();
  CHECK_THROWS_AS(next_tokens(logits, 5), NumericalError);
}

TEST_CASE("a weights file reports the dropout it was trained with", "[holes][model-file]") {
  TrainedModel t = tiny_trained_model();
  t.model.config.dropout = 0.7;
  t.facts = {{"training.dropout", "0.700"}};
  const std::vector<std::uint8_t> bytes = write_model_file(t, Quantisation::int8_rows);
  CHECK(read_model_file(bytes.data(), bytes.size()).model.config.dropout == 0.7);
  SECTION("a dropout fact that is not a probability is refused") {
    t.facts = {{"training.dropout", "1.5"}};
    const std::vector<std::uint8_t> wrong = write_model_file(t, Quantisation::int8_rows);
    CHECK_THROWS_AS(read_model_file(wrong.data(), wrong.size()), InputError);
  }
}

namespace {

// `distinct` different tokens, in turn: the vocabulary cut keeps min(distinct + 1, V) ids.
CorpusTokens plain_corpus(int length, int distinct = 13) {
  CorpusTokens c;
  for (int i = 0; i < length; ++i) {
    c.gpt2.push_back(1000 + i % distinct);
    c.classes.push_back(TokenClass::other);
    c.flags.push_back(0);
  }
  return c;
}

template <class E>
std::string refusal(LanguageModelConfig model, TrainingOptions training, int distinct = 13) {
  try {
    TrainingRun run(plain_corpus(3000, distinct), plain_corpus(100), model, training, nullptr,
                    "test");
  } catch (const E& e) {
    return e.what();
  }
  return "(accepted)";
}

}  // namespace

TEST_CASE("a training run refuses a step over its work limit before it starts", "[holes][train]") {
  LanguageModelConfig model;
  model.width = 1024;
  model.heads = 1;
  model.context = 1024;
  TrainingOptions training;
  training.batch = 16;
  const std::string message = refusal<WorkError>(model, training);
  INFO(message);
  CHECK(message.find("maxFlops") != std::string::npos);
  SECTION("maxFlops sets the limit") {
    model.width = 64;
    model.context = 64;
    CHECK(refusal<WorkError>(model, training) == "(accepted)");
    training.max_flops = 1e6;
    CHECK(refusal<WorkError>(model, training).find("maxFlops = ") != std::string::npos);
  }
}

TEST_CASE("a training run refuses a batch over its memory limit before it starts",
          "[holes][train]") {
  TrainingOptions training;
  training.batch = 4096;  // with V = 2048, d = 64: about 4.4 GiB of gradients
  const std::string message = refusal<MemoryError>(LanguageModelConfig{}, training, 2100);
  INFO(message);
  CHECK(message.find("maxBytes") != std::string::npos);
  CHECK(message.find("batch") != std::string::npos);
  CHECK(message.find("trace") == std::string::npos);  // not a training option
  SECTION("maxBytes sets the limit") {
    training.batch = 32;
    CHECK(refusal<MemoryError>(LanguageModelConfig{}, training, 2100) == "(accepted)");
    training.max_bytes = 1e6;
    CHECK(refusal<MemoryError>(LanguageModelConfig{}, training, 2100).find("maxBytes = ") !=
          std::string::npos);
  }
}
