// The trained model's file: what is written is read back (exactly in float32, within half a
// quantisation step in int8 rows), and a damaged, truncated or foreign file is refused by name.
#include "attention/model_file.hpp"

#include <catch2/catch.hpp>
#include <cmath>

#include "attention/errors.hpp"

using namespace attention;

namespace {

TrainedModel small_trained_model() {
  LanguageModelConfig c;
  c.vocabulary = 6;
  c.width = 8;
  c.heads = 2;
  c.context = 5;
  TrainedModel t{init_language_model(c), {}, {}};
  t.vocabulary.gpt2_ids = {464, 13, 11, 290, 50256};  // model ids 0 … 4; 5 is shared
  t.facts = {{"loss.heldout", "4.25"}, {"corpus", "Brown Corpus, every tenth document held out"}};
  return t;
}

}  // namespace

TEST_CASE("the weights file round-trips", "[model-file]") {
  TrainedModel t = small_trained_model();
  SECTION("float32: every parameter, the vocabulary and the facts, exactly") {
    const std::vector<std::uint8_t> bytes = write_model_file(t, Quantisation::float32);
    TrainedModel back = read_model_file(bytes.data(), bytes.size());
    CHECK(back.vocabulary.gpt2_ids == t.vocabulary.gpt2_ids);
    CHECK(back.facts == t.facts);
    REQUIRE(back.fact("loss.heldout") != nullptr);
    CHECK(*back.fact("loss.heldout") == "4.25");
    CHECK(back.fact("absent") == nullptr);
    std::vector<NamedParameter> a = parameters(t.model), b = parameters(back.model);
    for (std::size_t k = 0; k < a.size(); ++k) CHECK(*a[k].values == *b[k].values);
  }
  SECTION("int8 rows: each matrix within half a step of its row's scale; what quantised() gives") {
    const std::vector<std::uint8_t> bytes = write_model_file(t, Quantisation::int8_rows);
    TrainedModel back = read_model_file(bytes.data(), bytes.size());
    LanguageModel rounded = quantised(t.model);
    std::vector<NamedParameter> a = parameters(t.model), b = parameters(back.model),
                                q = parameters(rounded);
    for (std::size_t k = 0; k < a.size(); ++k) {
      CHECK(*b[k].values == *q[k].values);
      if (a[k].shape.size() != 2) {
        CHECK(*b[k].values == *a[k].values);  // vectors stay float32
        continue;
      }
      const int cols = a[k].shape[1];
      for (std::size_t row = 0; row < a[k].values->size() / cols; ++row) {
        float largest = 0.0f;
        for (int j = 0; j < cols; ++j)
          largest = std::max(largest, std::abs((*a[k].values)[row * cols + j]));
        for (int j = 0; j < cols; ++j) {
          const float e = (*a[k].values)[row * cols + j] - (*b[k].values)[row * cols + j];
          CHECK(std::abs(e) <= 0.5f * largest / 127.0f * 1.0001f);
        }
      }
    }
  }
}

TEST_CASE("a damaged weights file is refused", "[model-file]") {
  const std::vector<std::uint8_t> bytes =
      write_model_file(small_trained_model(), Quantisation::int8_rows);
  std::vector<std::uint8_t> bad = bytes;
  bad[bad.size() / 2] ^= 0x10;  // one bit in the parameters
  CHECK_THROWS_AS(read_model_file(bad.data(), bad.size()), InputError);
  CHECK_THROWS_AS(read_model_file(bytes.data(), bytes.size() - 4), InputError);  // truncated
  bad = bytes;
  bad[0] = 'X';  // not our file
  CHECK_THROWS_AS(read_model_file(bad.data(), bad.size()), InputError);
  CHECK_THROWS_AS(read_model_file(bytes.data(), 10), InputError);
  CHECK(crc32(reinterpret_cast<const std::uint8_t*>("123456789"), 9) ==
        0xCBF43926u);  // the check value
}
