// The trained model's file: what is written is read back (exactly in float32, within half a
// quantisation step in int8 rows), and a damaged, truncated or foreign file is refused by name.
#include "attention/train/model_file.hpp"

#include <catch2/catch.hpp>
#include <cmath>

#include "attention/api/errors.hpp"

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

TEST_CASE("the head roles are read back from the file's facts", "[model-file]") {
  TrainedModel t = small_trained_model();  // h = 2
  t.facts = {{"roles", "previous first self punctuation pronoun-noun noun-determiner"},
             {"roles.queries", "100 100 100 100 7 20"},
             {"roles.trained.0", "0.640000 0.100000 0.050000 0.100000 0.200000 0.300000"},
             {"roles.trained.1", "0.100000 0.500000 0.050000 0.100000 0.200000 0.300000"},
             {"roles.random.0", "0.160000 0.100000 0.100000 0.200000 0.300000 0.400000"},
             {"roles.random.1", "0.160000 0.100000 0.100000 0.200000 0.300000 0.400000"}};
  const std::vector<std::uint8_t> bytes = write_model_file(t, Quantisation::int8_rows);
  const TrainedModel back = read_model_file(bytes.data(), bytes.size());
  const FileHeadRoles roles = head_roles(back);
  REQUIRE(roles.trained.shares.size() == 2);
  CHECK(roles.trained.shares[0][0] == 0.64);
  CHECK(roles.random.shares[1][3] == 0.2);
  CHECK(roles.trained.queries[4] == 7);
  CHECK(strongest_role(roles.trained.shares[0], roles.random) == HeadRole::previous);  // 4×
  CHECK(strongest_role(roles.trained.shares[1], roles.random) == HeadRole::first);     // 5×
  SECTION("a missing or malformed line is refused") {
    TrainedModel broken = back;
    broken.facts.pop_back();  // no roles.random.1
    CHECK_THROWS_AS(head_roles(broken), InputError);
    broken = back;
    broken.facts[2].second = "0.64 0.1";  // too few numbers
    CHECK_THROWS_AS(head_roles(broken), InputError);
    broken = back;
    broken.facts[2].second = "0.64 0.1 0.05 0.1 0.2 1.5";  // not a share
    CHECK_THROWS_AS(head_roles(broken), InputError);
    broken.facts[2].second = "0.64 0.1 0.05 0.1 0.2 0.3x";  // not a number
    CHECK_THROWS_AS(head_roles(broken), InputError);
    broken = back;
    broken.facts[0].second = "previous first";  // other roles than this build measures
    CHECK_THROWS_AS(head_roles(broken), InputError);
  }
}
