// A model described without building it: the shape of every stage its trace would hold, its
// parameters under their state_dict names with their counts, its work and trace memory, and
// whether this machine's limits let it run. GPT-2's and GPT-3's attention blocks can be described
// though GPT-3's could not be allocated here.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "attention/api/config.hpp"
#include "attention/api/stages.hpp"

namespace attention {

struct Description {
  std::vector<std::pair<Stage, std::vector<long long>>> stages;            // lecture order
  std::vector<std::pair<std::string, std::vector<long long>>> parameters;  // state_dict order
  long long parameter_count = 0;
  int width = 0;      // D
  int head_size = 0;  // d_h
  double flops = 0;
  double trace_bytes = 0;
  bool runs_here = true;  // within the memory and work limits
  std::string why_not;    // the error a forward pass would throw, when it would
};

// Throws OptionError for options that are invalid anywhere (heads not dividing d_out, ...); the
// limits of this machine are reported in runs_here / why_not instead.
Description describe(const Config& config);

}  // namespace attention
