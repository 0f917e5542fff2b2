// The trained language model as one small binary file (docs/TRAINING.md describes the format):
// a header with a CRC-32, the facts of its training as "key value" lines (sizes, corpus, held-out
// loss, baselines, every head's measured role shares), the vocabulary cut (model id → GPT-2 id),
// and the parameters in state_dict order, matrices quantised to int8 with one float32 scale per
// row (or all float32). Reading checks everything and throws InputError("weightsFile", ...).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "attention/train/corpus.hpp"
#include "attention/train/language_model.hpp"
#include "attention/train/roles.hpp"

namespace attention {

enum class Quantisation : std::uint32_t {
  float32 = 0,
  int8_rows = 1,  // each row of a matrix: int8 values × one float32 scale (its max |x| / 127)
};

struct TrainedModel {
  LanguageModel model;
  Vocabulary vocabulary;
  std::vector<std::pair<std::string, std::string>> facts;  // in file order
  const std::string* fact(const std::string& key) const;   // nullptr when absent
};

constexpr std::uint32_t kModelFileVersion = 1;

std::vector<std::uint8_t> write_model_file(const TrainedModel& trained, Quantisation quantisation);
TrainedModel read_model_file(const std::uint8_t* bytes, std::size_t count);

// The model as the file stores it: every matrix rounded to int8 per row and back (what the page
// runs), so that its loss and head roles can be measured before it is written.
LanguageModel quantised(const LanguageModel& model);

// The head roles measured when the file was written, read back from its facts: "roles" (the
// role names, in HeadRole order), "roles.queries", and one line of shares per head for the
// trained model ("roles.trained.<h>") and for the random-weight model it started from
// ("roles.random.<h>"). Throws InputError("weightsFile", ...) when a line is missing or does not
// fit.
struct FileHeadRoles {
  HeadRoleShares trained, random;
};
FileHeadRoles head_roles(const TrainedModel& trained);

// CRC-32 (IEEE 802.3, as zlib and PNG compute it).
std::uint32_t crc32(const std::uint8_t* bytes, std::size_t count);

}  // namespace attention
