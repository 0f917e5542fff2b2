// attention-lab's core: causal multi-head self-attention as the lectures build it, stage by stage.
// Include this one header; it composes the stage functions (pipeline.hpp) into a Model.
#pragma once

#include "attention/api/config.hpp"                  // IWYU pragma: export
#include "attention/api/describe.hpp"                // IWYU pragma: export
#include "attention/api/errors.hpp"                  // IWYU pragma: export
#include "attention/api/model.hpp"                   // IWYU pragma: export
#include "attention/api/options.hpp"                 // IWYU pragma: export
#include "attention/api/stages.hpp"                  // IWYU pragma: export
#include "attention/experiments/dropout.hpp"         // IWYU pragma: export
#include "attention/experiments/experiment.hpp"      // IWYU pragma: export
#include "attention/experiments/masking_limits.hpp"  // IWYU pragma: export
#include "attention/reference/embeddings.hpp"        // IWYU pragma: export
#include "attention/reference/pipeline.hpp"          // IWYU pragma: export
#include "attention/reference/weights.hpp"           // IWYU pragma: export
