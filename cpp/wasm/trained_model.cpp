// The trained language model's adapter (see trained_model.hpp): JS values in, the core's
// model_file.hpp and language_model.hpp do the work, JS values out.
#include "trained_model.hpp"

#include <emscripten/bind.h>

#include <cmath>
#include <string>
#include <vector>

#include "attention/api/errors.hpp"
#include "attention/train/language_model.hpp"
#include "attention/train/roles.hpp"
#include "js_values.hpp"

namespace attention::wasm {
namespace {

// The file's bytes out of a Uint8Array, in one copy.
std::vector<std::uint8_t> bytes_of(const val& bytes) {
  if (!bytes.instanceof (val::global("Uint8Array")))
    throw InputError("weightsFile", "the weights file must be given as a Uint8Array of its bytes");
  std::vector<std::uint8_t> out(bytes["length"].as<std::size_t>());
  val(emscripten::typed_memory_view(out.size(), out.data())).call<void>("set", bytes);
  return out;
}

// The sentence's GPT-2 ids, each checked (an integer token of GPT-2's vocabulary).
std::vector<int> gpt2_ids_of(const val& ids, int context) {
  if (!ids.isArray() && !ids.instanceof (val::global("Int32Array")))
    throw InputError("tokens", "the token ids must be an array of GPT-2 token ids");
  const int T = ids["length"].as<int>();
  if (T < 1 || T > context)
    throw InputError("sentence", "the sentence has " + std::to_string(T) +
                                     " tokens; the trained model reads 1 to " +
                                     std::to_string(context) + " (its context length)");
  std::vector<int> out(T);
  for (int t = 0; t < T; ++t) {
    const val v = ids[t];
    const double id = v.isNumber() ? v.as<double>() : -1.0;
    if (!(id >= 0 && id < kGpt2Vocabulary && id == std::floor(id)))
      throw InputError("tokens", "token " + std::to_string(t) + " is not a GPT-2 token id");
    out[t] = static_cast<int>(id);
  }
  return out;
}

val shares_to_js(const HeadRoleShares& roles) {
  val heads = val::array();
  for (const std::vector<double>& head : roles.shares)
    heads.call<void>("push", float64_array(head));
  return heads;
}

}  // namespace

WasmTrainedModel::WasmTrainedModel(val bytes) {
  attempt(&failure_, [&] {
    const std::vector<std::uint8_t> file = bytes_of(bytes);
    trained_ = std::make_unique<TrainedModel>(read_model_file(file.data(), file.size()));
    head_roles(*trained_);  // a file whose role facts do not read is refused now, not later
  });
}

val WasmTrainedModel::info() const {
  val out = val::object();
  if (!trained_) return out;
  const LanguageModelConfig& c = trained_->model.config;
  out.set("vocabulary", c.vocabulary);
  out.set("width", c.width);
  out.set("heads", c.heads);
  out.set("context", c.context);
  out.set("dropout", c.dropout);
  val facts = val::array();
  for (const auto& [key, value] : trained_->facts) {
    val pair = val::array();
    pair.call<void>("push", key);
    pair.call<void>("push", value);
    facts.call<void>("push", pair);
  }
  out.set("facts", facts);
  return out;
}

val WasmTrainedModel::stateDict() const {
  val out = val::object();
  if (!trained_) return out;
  const LanguageModel& m = trained_->model;
  for (const auto& [name, tensor] : state_dict(attention_config(m.config, 1, false), m.attention)) {
    val entry = val::object();
    entry.set("shape", shape_of(tensor));
    entry.set("data", float32_copy(tensor.data.data(), tensor.size()));
    out.set(name, entry);
  }
  return out;
}

val WasmTrainedModel::roles() const {
  return value_or_error([&] {
    if (!trained_) throw Error("weightsFile", "the weights file could not be read (see error())");
    const FileHeadRoles roles = head_roles(*trained_);
    val names = val::array(), descriptions = val::array(), queries = val::array();
    for (int r = 0; r < kHeadRoles; ++r) {
      names.call<void>("push", std::string(role_name(HeadRole(r))));
      descriptions.call<void>("push", std::string(role_description(HeadRole(r))));
      queries.call<void>("push", static_cast<double>(roles.trained.queries[r]));
    }
    // Each head's label: the role whose share is the largest multiple of the random model's.
    val strongest = val::array();
    for (const std::vector<double>& head : roles.trained.shares) {
      const int best = static_cast<int>(strongest_role(head, roles.random));
      double random_share = 0.0;
      for (const std::vector<double>& r : roles.random.shares) random_share += r[best];
      random_share /= static_cast<double>(roles.random.shares.size());
      val label = val::object();
      label.set("role", std::string(role_name(HeadRole(best))));
      label.set("share", head[best]);
      label.set("lift", random_share > 0 ? head[best] / random_share : 0.0);
      strongest.call<void>("push", label);
    }
    val out = val::object();
    out.set("names", names);
    out.set("descriptions", descriptions);
    out.set("queries", queries);
    out.set("trained", shares_to_js(roles.trained));
    out.set("random", shares_to_js(roles.random));
    out.set("strongest", strongest);
    return out;
  });
}

val WasmTrainedModel::run(val gpt2Ids, int k) const {
  return value_or_error([&] {
    if (!trained_) throw Error("weightsFile", "the weights file could not be read (see error())");
    const LanguageModel& m = trained_->model;
    const Vocabulary& vocabulary = trained_->vocabulary;
    const std::vector<int> ids = vocabulary.model_ids(gpt2_ids_of(gpt2Ids, m.config.context));
    const LanguageModelForward f = language_model_forward(m, ids);  // evaluation: no dropout
    val next = val::array();
    for (const std::vector<NextToken>& position : next_tokens(f.logits, k)) {
      val row = val::array();
      for (const NextToken& n : position) {
        val token = val::object();
        token.set("modelId", n.id);
        token.set("id", n.id == vocabulary.other() ? -1 : vocabulary.gpt2_ids[n.id]);
        token.set("probability", n.probability);
        row.call<void>("push", token);
      }
      next.call<void>("push", row);
    }
    val out = val::object();
    out.set(
        "modelIds",
        val::global("Int32Array").new_(val(emscripten::typed_memory_view(ids.size(), ids.data()))));
    out.set("inputs", float32_copy(f.inputs.data.data(), f.inputs.size()));
    out.set("next", next);
    return out;
  });
}

}  // namespace attention::wasm
