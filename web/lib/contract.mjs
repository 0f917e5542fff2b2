// The core's description of itself, generated from the C++ sources by `npm run contract`
// (scripts/contract.mjs): the option table (cpp/attention/api/options.cpp, defaults from Config in
// config.hpp), the trace stages (stages.hpp) and the limits (config.hpp, threads.hpp).
// Do not edit: change the C++ and run `npm run contract`; tests/js/contract.test.mjs fails when
// this file and the core disagree.

/** Every option of forward() and createModel() except inputs and weights, in lecture order. */
export const OPTIONS = deepFreeze([
  {
    "name": "batch",
    "type": "integer",
    "default": 1,
    "min": 1,
    "max": 1048576,
    "maxExclusive": false,
    "meaning": "the batch size B",
    "help": "B: how many sequences go through together (the lecture stacks its sentence twice)",
    "rule": "",
    "inferred": false,
    "optional": false,
    "moduleDefaults": {}
  },
  {
    "name": "tokens",
    "type": "integer",
    "default": 1,
    "min": 1,
    "max": 1048576,
    "maxExclusive": false,
    "meaning": "the number of tokens T",
    "help": "T: tokens per sequence; row i of the attention weights is token i's query",
    "rule": "with inputs, tokens and dIn follow from inputs.length = batch·tokens·dIn",
    "inferred": true,
    "optional": false,
    "moduleDefaults": {}
  },
  {
    "name": "dIn",
    "type": "integer",
    "default": 3,
    "min": 1,
    "max": 1048576,
    "maxExclusive": false,
    "meaning": "the input embedding size d_in",
    "help": "d_in: the length of each token's embedding vector",
    "rule": "with inputs, tokens and dIn follow from inputs.length = batch·tokens·dIn",
    "inferred": true,
    "optional": false,
    "moduleDefaults": {}
  },
  {
    "name": "dOut",
    "type": "integer",
    "default": 2,
    "min": 1,
    "max": 1048576,
    "maxExclusive": false,
    "meaning": "the output size d_out",
    "help": "d_out: the width of queries, keys and values (MultiHeadAttention splits it into h heads of d_out / h; for the wrapper it is each head's width)",
    "rule": "",
    "inferred": false,
    "optional": false,
    "moduleDefaults": {}
  },
  {
    "name": "heads",
    "type": "integer",
    "default": 1,
    "min": 1,
    "max": 1048576,
    "maxExclusive": false,
    "meaning": "the number of heads h",
    "help": "h: attention heads side by side, each with its own queries, keys and values",
    "rule": "for module 'mha' heads must divide dOut; every module but 'wrapper' and 'mha' has exactly one head",
    "inferred": false,
    "optional": false,
    "moduleDefaults": {}
  },
  {
    "name": "qkvBias",
    "type": "boolean",
    "default": false,
    "meaning": "qkv_bias",
    "help": "give W_query, W_key and W_value a bias (qkv_bias = True)",
    "rule": "",
    "inferred": false,
    "optional": false,
    "moduleDefaults": {}
  },
  {
    "name": "scale",
    "type": "boolean",
    "default": true,
    "meaning": "scaling",
    "help": "divide the scores by √d_h before the softmax, so that long dot products do not make it a one-hot row",
    "rule": "",
    "inferred": false,
    "optional": false,
    "moduleDefaults": {
      "simplified": false
    }
  },
  {
    "name": "causal",
    "type": "boolean",
    "default": true,
    "meaning": "causal masking",
    "help": "hide the future: scores above the diagonal become −∞ before the softmax",
    "rule": "",
    "inferred": false,
    "optional": false,
    "moduleDefaults": {
      "simplified": false,
      "sa_v1": false,
      "sa_v2": false
    }
  },
  {
    "name": "dropout",
    "type": "number",
    "default": 0,
    "min": 0,
    "max": 1,
    "maxExclusive": true,
    "meaning": "the dropout probability p",
    "help": "p: the share of attention weights dropped in training; survivors are scaled by 1/(1−p)",
    "rule": "",
    "inferred": false,
    "optional": false,
    "moduleDefaults": {}
  },
  {
    "name": "training",
    "type": "boolean",
    "default": false,
    "meaning": "training mode",
    "help": "training mode: dropout acts (in evaluation mode the weights pass through unchanged)",
    "rule": "",
    "inferred": false,
    "optional": false,
    "moduleDefaults": {}
  },
  {
    "name": "seed",
    "type": "integer",
    "default": 123,
    "min": 0,
    "max": 4294967295,
    "maxExclusive": false,
    "meaning": "the seed (as torch.manual_seed takes it)",
    "help": "torch.manual_seed(seed): the same seed gives PyTorch's weights and dropout masks",
    "rule": "",
    "inferred": false,
    "optional": false,
    "moduleDefaults": {}
  },
  {
    "name": "dropoutSeed",
    "type": "integer",
    "min": 0,
    "max": 4294967295,
    "maxExclusive": false,
    "meaning": "the dropout seed",
    "help": "torch.manual_seed(dropoutSeed) right before the dropout draw, as the notebook re-seeds before dropping the attention weights (unset: the stream goes on from the weights' draws)",
    "rule": "",
    "inferred": false,
    "optional": true,
    "moduleDefaults": {}
  },
  {
    "name": "dropoutRng",
    "type": "choice",
    "default": "cpu",
    "choices": [
      "cpu",
      "mkl"
    ],
    "meaning": "the dropout generator",
    "help": "whose random numbers dropout draws: PyTorch's default CPU kernel (cpu, the notebook's mask) or MKL's MCG31m1 (mkl: PyTorch builds with MKL on Intel CPUs)",
    "rule": "",
    "inferred": false,
    "optional": false,
    "moduleDefaults": {}
  },
  {
    "name": "module",
    "type": "choice",
    "default": "mha",
    "choices": [
      "simplified",
      "sa_v1",
      "sa_v2",
      "causal",
      "wrapper",
      "mha"
    ],
    "meaning": "the module",
    "help": "the chapter's class, in lecture order: attention without weights (simplified), SelfAttention_v1 (sa_v1), SelfAttention_v2 (sa_v2), CausalAttention (causal), MultiHeadAttentionWrapper (wrapper), MultiHeadAttention (mha)",
    "rule": "",
    "inferred": false,
    "optional": false,
    "moduleDefaults": {}
  },
  {
    "name": "masking",
    "type": "choice",
    "default": "neg-inf",
    "choices": [
      "neg-inf",
      "naive"
    ],
    "meaning": "the masking",
    "help": "−∞ above the diagonal before the softmax (neg-inf), or the naive route: softmax, zero the future, renormalise (naive)",
    "rule": "",
    "inferred": false,
    "optional": false,
    "moduleDefaults": {}
  },
  {
    "name": "layout",
    "type": "choice",
    "default": "fused",
    "choices": [
      "fused",
      "loop"
    ],
    "meaning": "the layout",
    "help": "one weight-split matmul for all heads (fused), or a loop over per-head modules (loop)",
    "rule": "",
    "inferred": false,
    "optional": false,
    "moduleDefaults": {}
  },
  {
    "name": "forgottenTranspose",
    "type": "boolean",
    "default": false,
    "meaning": "the forgotten transpose",
    "help": "also compute Q·Kᵀ on the (B,T,h,d_h) views, as if transpose(1, 2) were forgotten: (B,T,h,h) scores between heads instead of (B,h,T,T) between tokens (mha)",
    "rule": "",
    "inferred": false,
    "optional": false,
    "moduleDefaults": {}
  },
  {
    "name": "trace",
    "type": "boolean",
    "default": true,
    "meaning": "trace",
    "help": "keep every intermediate stage (false: only the output, on the blocked fast path)",
    "rule": "",
    "inferred": false,
    "optional": false,
    "moduleDefaults": {}
  },
  {
    "name": "maxTraceBytes",
    "type": "number",
    "default": 268435456,
    "min": 0,
    "max": Infinity,
    "maxExclusive": false,
    "meaning": "the memory limit for the (B,h,T,T) stages",
    "help": "the most bytes the (B,h,T,T) stages of one forward pass may hold (Infinity: no limit)",
    "rule": "",
    "inferred": false,
    "optional": false,
    "moduleDefaults": {}
  },
  {
    "name": "maxFlops",
    "type": "number",
    "default": 100000000000,
    "min": 1,
    "max": Infinity,
    "maxExclusive": false,
    "meaning": "the work limit",
    "help": "the most floating-point operations one forward pass may take; raise it to run a larger model on purpose (Infinity: no limit)",
    "rule": "",
    "inferred": false,
    "optional": false,
    "moduleDefaults": {}
  }
]);

/** Every trace stage, in lecture order, with its dimension names. */
export const STAGES = deepFreeze([
  {
    "name": "inputs",
    "dims": "B,T,d_in"
  },
  {
    "name": "queries",
    "dims": "B,T,D"
  },
  {
    "name": "keys",
    "dims": "B,T,D"
  },
  {
    "name": "values",
    "dims": "B,T,D"
  },
  {
    "name": "queryView",
    "dims": "B,T,h,d_h"
  },
  {
    "name": "keyView",
    "dims": "B,T,h,d_h"
  },
  {
    "name": "valueView",
    "dims": "B,T,h,d_h"
  },
  {
    "name": "queryHeads",
    "dims": "B,h,T,d_h"
  },
  {
    "name": "keyHeads",
    "dims": "B,h,T,d_h"
  },
  {
    "name": "valueHeads",
    "dims": "B,h,T,d_h"
  },
  {
    "name": "attentionScores",
    "dims": "B,h,T,T"
  },
  {
    "name": "forgottenTranspose",
    "dims": "B,T,h,h"
  },
  {
    "name": "scaledScores",
    "dims": "B,h,T,T"
  },
  {
    "name": "maskedScores",
    "dims": "B,h,T,T"
  },
  {
    "name": "unmaskedWeights",
    "dims": "B,h,T,T"
  },
  {
    "name": "zeroedWeights",
    "dims": "B,h,T,T"
  },
  {
    "name": "attentionWeights",
    "dims": "B,h,T,T"
  },
  {
    "name": "sumNormalisedWeights",
    "dims": "B,h,T,T"
  },
  {
    "name": "dropoutMask",
    "dims": "B,h,T,T"
  },
  {
    "name": "droppedWeights",
    "dims": "B,h,T,T"
  },
  {
    "name": "contextHeads",
    "dims": "B,h,T,d_h"
  },
  {
    "name": "mergedHeads",
    "dims": "B,T,D"
  },
  {
    "name": "output",
    "dims": "B,T,D"
  }
]);

/** The core's limits: the threaded build's pool size, the largest dimension and tensor. */
export const LIMITS = deepFreeze({
  "poolSize": 4,
  "maxDimension": 1048576,
  "maxTensorElements": 268435456,
  "maxEmbedValues": 16777216
});

function deepFreeze(value) {
  if (value && typeof value === 'object') for (const v of Object.values(value)) deepFreeze(v);
  return Object.freeze(value);
}
