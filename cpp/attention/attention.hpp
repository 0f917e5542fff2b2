// attention-lab's core: causal multi-head self-attention as the lectures build it, stage by stage.
// Include this one header; it composes the stage functions (pipeline.hpp) into a Model.
#pragma once

#include "config.hpp"          // IWYU pragma: export
#include "describe.hpp"        // IWYU pragma: export
#include "dropout.hpp"         // IWYU pragma: export
#include "embeddings.hpp"      // IWYU pragma: export
#include "errors.hpp"          // IWYU pragma: export
#include "experiment.hpp"      // IWYU pragma: export
#include "masking_limits.hpp"  // IWYU pragma: export
#include "model.hpp"           // IWYU pragma: export
#include "options.hpp"         // IWYU pragma: export
#include "pipeline.hpp"        // IWYU pragma: export
#include "stages.hpp"          // IWYU pragma: export
#include "weights.hpp"         // IWYU pragma: export
