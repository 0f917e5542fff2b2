// describe(): shapes and parameter counts without allocating (see describe.hpp).
#include "attention/api/describe.hpp"

#include <algorithm>
#include <map>

#include "attention/api/errors.hpp"
#include "attention/api/model.hpp"
#include "attention/reference/weights.hpp"

namespace attention {
namespace {

// Which stages a configuration's trace holds, read off a real forward pass of a tiny model with the
// same structure (module, masking, scaling, causal mask, dropout, forgotten transpose): so this
// list cannot drift from what forward() does.
std::vector<Stage> stages_of(const Config& c) {
  Config tiny = c;
  tiny.batch = 1;
  tiny.tokens = 2;
  tiny.d_in = 1;
  tiny.heads = std::min(c.heads, 2);
  tiny.d_out = c.module == Module::mha ? tiny.heads : 1;
  if (c.module == Module::simplified) tiny.d_out = tiny.d_in;
  tiny.trace = true;
  tiny.dropout_seed.reset();
  tiny.max_flops = Config{}.max_flops;
  tiny.max_trace_bytes = Config{}.max_trace_bytes;
  const std::vector<float> inputs(2, 0.5f);
  std::vector<Stage> list;
  for (const auto& entry : Model(tiny).forward(inputs).trace.stages) list.push_back(entry.first);
  return list;
}

std::vector<long long> shape_of(Stage stage, const Config& c) {
  const std::map<std::string, long long> size = {{"B", c.batch},   {"T", c.tokens},
                                                 {"d_in", c.d_in}, {"D", c.width()},
                                                 {"h", c.heads},   {"d_h", c.head_size()}};
  std::vector<long long> shape;
  std::string dims = kStages[static_cast<std::size_t>(stage)].dims;
  for (std::size_t start = 0; start <= dims.size();) {
    const std::size_t comma = std::min(dims.find(',', start), dims.size());
    shape.push_back(size.at(dims.substr(start, comma - start)));
    start = comma + 1;
  }
  return shape;
}

}  // namespace

Description describe(const Config& c) {
  validate_options(c);
  Description d;
  d.width = c.width();
  d.head_size = c.head_size();
  for (Stage stage : stages_of(c)) d.stages.emplace_back(stage, shape_of(stage, c));
  for (const auto& [name, shape] : parameter_shapes(c)) {
    long long count = 1;
    for (int n : shape) count *= n;
    d.parameters.emplace_back(name, std::vector<long long>(shape.begin(), shape.end()));
    d.parameter_count += count;
  }
  d.flops = forward_flops(c);
  d.trace_bytes = c.trace || materialises_scores(c) ? trace_bytes(c) : 0.0;
  try {
    validate(c);
  } catch (const Error& e) {
    d.runs_here = false;
    d.why_not = e.what();
  }
  return d;
}

}  // namespace attention
