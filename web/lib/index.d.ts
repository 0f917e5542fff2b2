// Types for attention-lab's JavaScript API (dist/index.mjs). Hand-written: keep them in step with
// web/lib/index.mjs, web/lib/options.mjs and cpp/attention/api/stages.hpp. tests/js/dts.test.mjs checks
// that StageName below lists exactly the stages the WASM core reports.
//
// Dimension names used throughout (as in the lectures):
//   B     batch size                       (option `batch`)
//   T     number of tokens                 (option `tokens`)
//   d_in  input embedding size             (option `dIn`)
//   d_out output size                      (option `dOut`)
//   h     number of heads                  (option `heads`)
//   d_h   size of one head: d_out / h for 'mha', d_out for 'wrapper' and 'causal'
//   D     width of queries/keys/values/output: d_out for 'mha' and 'causal', h · d_out for 'wrapper'
// Every tensor is a flat Float32Array in row-major (C) order, as PyTorch stores it.

/**
 * The name of one stage of the forward pass, in lecture order. The shape after each name is the
 * shape of its tensor in `ForwardResult.trace`.
 */
export type StageName =
  /** (B, T, d_in) — the token embeddings x, one row per token. */
  | 'inputs'
  /** (B, T, D) — x · W_queryᵀ (+ bias with `qkvBias`): what each token is looking for. */
  | 'queries'
  /** (B, T, D) — x · W_keyᵀ (+ bias): what each token offers to be matched against. */
  | 'keys'
  /** (B, T, D) — x · W_valueᵀ (+ bias): what each token passes on when attended to. */
  | 'values'
  /** (B, T, h, d_h) — 'mha': the queries viewed as h heads, before the transpose (same numbers). */
  | 'queryView'
  /** (B, T, h, d_h) — 'mha': the keys viewed as h heads. */
  | 'keyView'
  /** (B, T, h, d_h) — 'mha': the values viewed as h heads. */
  | 'valueView'
  /** (B, h, T, d_h) — queries split into heads: view (B, T, h, d_h), then transpose(1, 2). */
  | 'queryHeads'
  /** (B, h, T, d_h) — keys split into heads. */
  | 'keyHeads'
  /** (B, h, T, d_h) — values split into heads. */
  | 'valueHeads'
  /** (B, h, T, T) — queryHeads · keyHeadsᵀ per head: row i scores token i's query against every key. */
  | 'attentionScores'
  /**
   * (B, T, h, h) — 'mha' with forgottenTranspose: queryView · keyViewᵀ, the scores of a forgotten
   * transpose (each token's heads against its own heads).
   */
  | 'forgottenTranspose'
  /** (B, h, T, T) — attentionScores ÷ √d_h (absent with scale false). */
  | 'scaledScores'
  /**
   * (B, h, T, T) — scaledScores with −∞ above the diagonal (only with masking 'neg-inf'; with
   * `causal: false` nothing is masked and it equals scaledScores). −∞ is a real -Infinity.
   */
  | 'maskedScores'
  /** (B, h, T, T) — masking 'naive' only: softmax over every token, the future included. */
  | 'unmaskedWeights'
  /** (B, h, T, T) — masking 'naive' only: the future set to 0; rows no longer sum to 1. */
  | 'zeroedWeights'
  /** (B, h, T, T) — the attention weights: every row sums to 1; the future is exactly 0 when causal. */
  | 'attentionWeights'
  /** (B, h, T, T) — 'simplified' (h = 1): the scores divided by their row sums, the notebook's first try. */
  | 'sumNormalisedWeights'
  /** (B, h, T, T) — the dropout mask: 1 = kept, 0 = dropped (all 1 in eval mode or with dropout 0). */
  | 'dropoutMask'
  /** (B, h, T, T) — attentionWeights × dropoutMask × 1/(1 − p); equals attentionWeights in eval mode. */
  | 'droppedWeights'
  /** (B, h, T, d_h) — droppedWeights · valueHeads per head: one context vector per token and head. */
  | 'contextHeads'
  /** (B, T, D) — the heads transposed back and concatenated. */
  | 'mergedHeads'
  /** (B, T, D) — out_proj(mergedHeads) for 'mha'; equal to mergedHeads for 'wrapper' and 'causal'. */
  | 'output';

/** One entry of `AttentionLab.stages`. */
export interface StageInfo {
  /** The stage's name, also its key in `ForwardResult.trace`. */
  readonly name: StageName;
  /** Its shape as comma-separated dimension names, e.g. "B,h,T,T" (see the header of this file). */
  readonly dims: string;
}

/** A tensor: its shape and its values in row-major order. */
export interface Tensor {
  shape: number[];
  data: Float32Array;
}

/** What forward() returns. Both are copies: they stay valid after later calls. */
export interface ForwardResult {
  /** (B, T, D): the context vectors. */
  output: Tensor;
  /**
   * Every stage the configuration produced, keyed by name and inserted in lecture order (so
   * Object.keys(trace) is in lecture order). Which stages appear depends on `masking`: 'neg-inf'
   * gives maskedScores, 'naive' gives unmaskedWeights and zeroedWeights instead. Empty ({}) with
   * `trace: false`.
   */
  trace: Partial<Record<StageName, Tensor>>;
}

/** Which of the lecture's PyTorch classes to reproduce. */
export type ModuleName =
  /**
   * Attention without trainable weights: queries = keys = values = the inputs (d_out = d_in), no
   * scaling by default, no mask, no dropout.
   */
  | 'simplified'
  /** SelfAttention_v1: torch.rand (d_in, d_out) parameters used as x @ W; no mask, no dropout. */
  | 'sa_v1'
  /** SelfAttention_v2: nn.Linear projections (optional qkv bias); no mask, no dropout. */
  | 'sa_v2'
  /** CausalAttention: a single head of size d_out (heads must be 1), masked, with dropout. */
  | 'causal'
  /** MultiHeadAttentionWrapper: h independent CausalAttention heads of size d_out, concatenated. */
  | 'wrapper'
  /** MultiHeadAttention: one weight split into h heads of d_out / h columns, then out_proj. */
  | 'mha';

/** Whose random numbers dropout draws. */
export type DropoutRngName =
  /** PyTorch's default CPU kernel: the notebook's mask. */
  | 'cpu'
  /** MKL's MCG31m1, as PyTorch builds with MKL draw on Intel CPUs: another mask for the same seed. */
  | 'mkl';

/** How the future is hidden. */
export type MaskingName =
  /** −∞ above the diagonal before the softmax (the lecture's final version). */
  | 'neg-inf'
  /** softmax over everything, zero the future, divide by the row sums (the lecture's first try). */
  | 'naive';

/** How the heads are computed; both give the same numbers. */
export type LayoutName =
  /** one matrix multiplication for all heads, then a view/transpose (the weight split). */
  | 'fused'
  /** a loop over heads, each with its own slice of the weights. */
  | 'loop';

/** The kind of an AttentionLabError. */
export type ErrorKind =
  'OptionError' | 'InputError' | 'MemoryError' | 'WorkError' | 'NumericalError' | 'Error';

/** Anything the API accepts as a list of numbers; it is copied to a Float32Array. */
export type NumberArray = Float32Array | Float64Array | number[];

/**
 * Parameters under their PyTorch state_dict names, each row-major:
 * - 'mha': W_query.weight, W_key.weight, W_value.weight (d_out, d_in); with qkvBias also
 *   W_query.bias, W_key.bias, W_value.bias (d_out); out_proj.weight (d_out, d_out), out_proj.bias (d_out).
 * - 'causal': W_query.weight, W_key.weight, W_value.weight (d_out, d_in) (+ .bias (d_out)).
 * - 'wrapper': heads.<i>.W_query.weight etc. for i = 0 … h − 1, each (d_out, d_in) (+ .bias).
 * Every key must be present, no other key is accepted, and every value must be finite.
 * A value may also be a Tensor-like { data } (the shape is not read), so the result of
 * stateDict() can be passed back directly.
 */
export type Weights = Record<string, NumberArray | { data: NumberArray; shape?: number[] }>;

/** The options of createModel(): everything about the module except its inputs. */
export interface ModelOptions {
  /**
   * B, the batch size: how many sequences are processed at once.
   * Integer from 1 to 1048576. Default 1.
   */
  batch?: number;
  /**
   * T, the number of tokens per sequence. Integer from 1 to 1048576. Default: inferred from
   * `inputs` as inputs.length / (batch · dIn); required when no inputs are given.
   */
  tokens?: number;
  /**
   * d_in, the size of each input embedding. Integer from 1 to 1048576. Default: inferred from
   * `inputs` as inputs.length / (batch · tokens); required when no inputs are given. Give dIn or
   * tokens (or both) together with inputs.
   */
  dIn?: number;
  /**
   * d_out, the output size, as the module's constructor takes it: the total width for 'mha' (split
   * into heads of d_out / h), the size of each head for 'wrapper' (output width h · d_out) and for
   * 'causal'. Integer from 1 to 1048576. Default 2.
   */
  dOut?: number;
  /**
   * h, the number of attention heads. Integer from 1 to 1048576; for 'mha' it must divide dOut;
   * for 'causal' it must be 1. Default 1 (so 'causal' works without it).
   */
  heads?: number;
  /** Whether W_query, W_key and W_value have a bias (qkv_bias in the lectures). Default false. */
  qkvBias?: boolean;
  /**
   * Whether the scores are divided by √d_h before the softmax. Off, the masked scores are the
   * notebook's unscaled ones (cell 108) and there is no scaledScores stage. Default true (false
   * for 'simplified', as in the notebook).
   */
  scale?: boolean;
  /**
   * Whether token i may only attend to tokens 0 … i. false: plain self-attention. Default true
   * (false for 'simplified', 'sa_v1' and 'sa_v2', which have no mask).
   */
  causal?: boolean;
  /**
   * p, the dropout probability applied to the attention weights (only when `training` is true).
   * Number in [0, 1). Default 0.
   */
  dropout?: number;
  /**
   * Training mode (module.train()): dropout is applied. false is eval mode (module.eval()): dropout
   * is ignored and dropoutMask is all 1. Default false.
   */
  training?: boolean;
  /**
   * torch.manual_seed(seed) before the module is built: with no `weights`, the same seed gives the
   * same parameters (and dropout masks) as PyTorch. Integer from 0 to 4294967295. Default 123.
   */
  seed?: number;
  /**
   * torch.manual_seed(dropoutSeed) right before the dropout draw, as the notebook re-seeds before
   * dropping the attention weights. Integer from 0 to 4294967295. Default: none (the stream goes
   * on from the weights' draws).
   */
  dropoutSeed?: number;
  /** Whose random numbers dropout draws: 'cpu' or 'mkl'. Default 'cpu'. */
  dropoutRng?: DropoutRngName;
  /** Which of the chapter's classes to reproduce (see ModuleName). Default 'mha'. */
  module?: ModuleName;
  /** How the future is masked: 'neg-inf' or 'naive'. Default 'neg-inf'. */
  masking?: MaskingName;
  /** How the heads are computed: 'fused' or 'loop' (same numbers). Default 'fused'. */
  layout?: LayoutName;
  /**
   * 'mha' only: also compute Q·Kᵀ on the (B, T, h, d_h) views, as if transpose(1, 2) were
   * forgotten, into the forgottenTranspose stage, (B, T, h, h). Default false.
   */
  forgottenTranspose?: boolean;
  /**
   * Whether forward() returns every stage in `trace` (true) or only the output (false, faster and
   * much smaller). Default true.
   */
  trace?: boolean;
  /**
   * The largest trace (in bytes) that may be recorded; a bigger one throws a MemoryError with
   * option 'trace'. A positive number. Default 268435456 (256 MiB).
   */
  maxTraceBytes?: number;
  /**
   * The work limit: the most floating-point operations one forward pass may take (an estimate
   * computed from the sizes before anything runs). Over it, a WorkError says how many are needed;
   * raise it to run a larger model on purpose, or pass Infinity. Default 100000000000 (1e11, about
   * ten seconds on one thread of a typical laptop).
   */
  maxFlops?: number;
  /**
   * The parameters to use instead of the seeded initialisation (see Weights). The random stream
   * still advances past the constructor's draws, so dropout masks match PyTorch's for the same
   * seed. Default: none (initialise like PyTorch from `seed`).
   */
  weights?: Weights;
  /**
   * Optional in createModel(): only used to infer `tokens` or `dIn`; pass the data to forward().
   */
  inputs?: NumberArray;
}

/** The options of lab.forward(): the model options plus the inputs. */
export interface ForwardOptions extends ModelOptions {
  /**
   * The input embeddings, (B, T, d_in) row-major: batch · tokens · dIn finite numbers.
   * Required.
   */
  inputs: NumberArray;
}

/** A model's options with every default filled in (what AttentionModel.options returns). */
export interface ResolvedOptions {
  batch: number;
  tokens: number;
  dIn: number;
  dOut: number;
  heads: number;
  qkvBias: boolean;
  scale: boolean;
  causal: boolean;
  dropout: number;
  training: boolean;
  seed: number;
  /** Present only when set. */
  dropoutSeed?: number;
  dropoutRng: DropoutRngName;
  module: ModuleName;
  masking: MaskingName;
  layout: LayoutName;
  forgottenTranspose: boolean;
  trace: boolean;
  maxTraceBytes: number;
  maxFlops: number;
}

/** The name of an option of forward() / createModel(). */
export type OptionName = keyof ForwardOptions;

/** The second argument of AttentionModel.forward(). */
export interface ModelForwardOptions {
  /** Receives the output, (B, T, D) row-major; returned as output.data. */
  output?: Float32Array;
  /**
   * An earlier forward()'s trace (models created with trace: true) whose arrays are written over
   * with this pass's stages where their lengths match (other stages get new arrays); the returned
   * trace holds them. Do not pass a trace you still read.
   */
  trace?: Partial<Record<StageName, Tensor>>;
  /**
   * The stages to return (models created with trace: true): the trace holds only these, in
   * lecture order, and the others are not copied out of WebAssembly memory. Default: every stage.
   */
  stages?: readonly StageName[];
}

/**
 * A module that keeps its weights, and its dropout random stream, between forward() calls (like a
 * PyTorch module). Holds WebAssembly memory: call dispose() when done.
 */
export interface AttentionModel {
  /** The options the model was created with, defaults filled in (no inputs, no weights). */
  readonly options: ResolvedOptions;
  /**
   * One forward pass on (B, T, d_in) row-major inputs of exactly batch · tokens · dIn finite
   * numbers. In training mode each call draws new dropout masks, as PyTorch does.
   * With `{ output }` the result is written into that Float32Array of B · T · D values (D = dOut,
   * or heads · dOut for the wrapper), which comes back as `output.data`: reuse one array across
   * many calls instead of receiving a new one each time. With `{ trace }` (an earlier result's
   * trace) the stages are written into its arrays in the same way.
   * @throws AttentionLabError (InputError for wrong length or non-finite values; OptionError for an
   * output array of the wrong type or length, or a trace that is not an object or given to a model
   * without trace; Error after dispose())
   */
  forward(inputs: NumberArray, options?: ModelForwardOptions): ForwardResult;
  /** The parameters under their PyTorch state_dict names (copies); see Weights for the keys. */
  stateDict(): Record<string, Tensor>;
  /** Frees the WASM memory; any later call throws. Calling it twice is harmless. */
  dispose(): void;
}

/** One GPT-2 token of a sentence. */
export interface Token {
  /** The token id in the GPT-2 vocabulary (r50k_base). */
  id: number;
  /** Its text, with its leading space (" journey"); the bytes of a character split across tokens in hex (" ⟨E2 9D⟩"). */
  text: string;
}

/** What embed() returns. */
export interface Embedding {
  /** The sentence as given. */
  sentence: string;
  /** Its GPT-2 tokens. */
  tokens: Token[];
  /** (B, T, d_in) row-major, ready to pass as `inputs`: the sentence repeated `batch` times. */
  inputs: Float32Array;
  /** [B, T, d_in]. */
  shape: [number, number, number];
  /**
   * 'lecture': the lecture sentence with dIn 3, so the notebook's own hand-written vectors;
   * 'seeded': a deterministic vector per token id and seed (values in [0, 1], two decimals).
   */
  source: 'lecture' | 'seeded';
  /** The tokenizer's vocabulary, e.g. "gpt2 (r50k_base, 50257 tokens)". */
  vocabulary: string;
}

/** Options of embed(). */
export interface EmbedOptions {
  /** d_in, the size of each token vector. Integer ≥ 1 (at most 1048576). Default 3. */
  dIn?: number;
  /** Which vectors the tokens get: integer from 0 to 4294967295. Default 123. */
  seed?: number;
  /** B: how many copies of the sentence to stack. Integer ≥ 1. Default 1. */
  batch?: number;
}

/** One of the lectures' example sentences. */
export interface Preset {
  readonly id: string;
  readonly sentence: string;
  /** Set when the preset has its own vectors for this d_in (the lecture's journey sentence: 3). */
  readonly dIn?: number;
  readonly note: string;
}

/** The loaded WASM core. Create it with createAttentionLab(). */
export interface AttentionLab {
  /** Every stage the core can produce, in lecture order, with its dimension names. */
  readonly stages: readonly StageInfo[];
  /** The lectures' example sentences (the same array as PRESETS). */
  readonly presets: readonly Preset[];
  /**
   * One forward pass of a freshly built module (weights from `seed` or `weights`).
   * @throws AttentionLabError naming the offending option
   */
  forward(options: ForwardOptions): ForwardResult;
  /**
   * A module that keeps its weights between forward() calls. `tokens` and `dIn` are required
   * unless `inputs` is given to infer them.
   * @throws AttentionLabError naming the offending option
   */
  createModel(options: ModelOptions): AttentionModel;
  /** Loads the tokenizer's tables (at once unless created with tokenizer: 'lazy'). */
  loadTokenizer(): Promise<void>;
  /** Whether tokenize() and embed() can take this sentence now (before loadTokenizer()). */
  canTokenize(sentence: string): boolean;
  /**
   * The GPT-2 tokens of a sentence.
   * @throws AttentionLabError (option 'sentence') for a non-string or empty sentence, or for a
   * sentence the tokenizer is needed for while it is not loaded (tokenizer: 'lazy')
   */
  tokenize(sentence: string): Token[];
  /**
   * Sentence → tokens → (B, T, d_in) embeddings: the same token always gets the same vector for a
   * given seed and d_in, whatever the sentence around it. At most MAX_SENTENCE_TOKENS tokens.
   * @throws AttentionLabError (option 'sentence', 'dIn', 'seed' or 'batch')
   */
  embed(sentence: string, options?: EmbedOptions): Embedding;
  /**
   * Trained weights: 'trained' (the language model trained on the Brown Corpus that ships with
   * the package, docs/TRAINING.md) or the bytes of a weights file. The file is fetched (browsers,
   * relative to the module) or read from disk (Node) on the first call only; later calls give the
   * same model until it is disposed.
   * @throws AttentionLabError (option 'weights' for an unknown name or an unreadable file,
   * 'weightsFile' for a damaged one), as a rejected promise
   */
  loadWeights(source?: WeightsName | Uint8Array | ArrayBuffer): Promise<TrainedModel>;
  /** Which WASM build is loaded: 'single' (any page) or 'threads' (cross-origin-isolated pages, Node). */
  readonly build: 'single' | 'threads';
  /**
   * Why the lab runs on one thread on a page that offers threads (its Content-Security-Policy
   * forbids workers from blob: URLs, or the workers never started), for the page to show; ''
   * otherwise.
   */
  readonly threadsNote: string;
  /**
   * Threads used by passes without a trace and fused passes with one, the calling thread included.
   * A lab made with waitForThreads: false counts its workers while they load (its passes run on
   * the calling thread meanwhile), and 1 once it has given them up (threadsNote then says why).
   */
  readonly threads: number;
  /** Whether the kernels run as WebAssembly SIMD (always true: every build needs SIMD128). */
  readonly simd: boolean;
  /**
   * Whether the relaxed-SIMD build is loaded: its kernels use f32x4.relaxed_madd (fused
   * multiply-add where the CPU has it), so results differ from the SIMD128 build in the last bits.
   */
  readonly relaxedSimd: boolean;
  /** The WASM memory's size in bytes; memory only grows, so this is also its peak so far. */
  memoryBytes(): number;
  /**
   * The core's size limits, the same in every build: no dimension over `maxDimension` (1048576)
   * and no tensor over `maxTensorElements` (2^28 values, 1 GiB of float32); embed() makes at most
   * `maxEmbedValues` (2^24 values, 64 MiB).
   */
  readonly limits: Limits;
  /** The core's option table, in lecture order (the same as the exported OPTIONS). */
  readonly options: readonly OptionInfo[];
  /**
   * For leak checks: the WASM memory's size, the bytes malloc has handed out and not taken back,
   * and the number of live Embind handles. A failed call leaves the last two where they were.
   */
  diagnostics(): { memoryBytes: number; heapBytesInUse: number; handles: number };
  /**
   * The lecture's timing experiment: MultiHeadAttentionWrapper's heads (size `headSize`, no output
   * projection) computed by a loop over per-head modules and by one weight-split matmul, timed
   * inside WASM with alternating runs. Defaults: heads [2, 400, 4000], headSize 3, tokens 6,
   * batch 2, dIn 3 (the lecture's batch), repeats 15, seed 123.
   * @throws AttentionLabError (option 'heads', 'repeats', …)
   */
  headExperiment(options?: HeadExperimentOptions): HeadExperimentRow[];
  /**
   * A model described without building it: every stage's shape, every parameter's count, the
   * work, and whether it runs here. Takes forward()'s options without inputs (tokens and dIn are
   * then required). GPT-3's sizes can be described though they cannot be allocated here.
   * @throws AttentionLabError for options that are invalid anywhere
   */
  describe(options: ModelOptions): Description;
  /**
   * torch.manual_seed(seed); torch.nn.Dropout(p)(input) in training mode, on any tensor.
   * @throws AttentionLabError (option 'input', 'shape', 'p' → 'dropout', 'seed', 'rng')
   */
  dropout(options: DropoutOptions): { output: Tensor; mask: Tensor };
  /**
   * `draws` dropouts of `input` (draw k seeded with seed + k): per draw the share kept and the
   * errors of the running mean of the dropped values against the input, and the final mean.
   */
  dropoutStatistics(options: DropoutOptions & { draws?: number }): {
    keptShare: Float64Array;
    maxError: Float64Array;
    meanAbsError: Float64Array;
    mean: Tensor;
  };
  /** The naive and the −∞ masking routes, gap by gap (at most 1000 gaps, each in ±1000). */
  maskingLimits(options: { gaps: number[] }): MaskingRow[];
  /**
   * Stops the worker threads of the threaded build; the lab and its models cannot compute
   * afterwards (they throw an AttentionLabError), and disposing them still works. Safe to call twice.
   */
  terminate(): void;
}

/** The names lab.loadWeights() accepts. */
export type WeightsName = 'trained';

/** A GPT-2 token as the trained model sees it. */
export interface TrainedToken extends Token {
  /** Its id in the model's cut vocabulary (0 … V − 1). */
  modelId: number;
  /**
   * True when the token is not among the V − 1 the model keeps: it shares the last id, V − 1, with
   * every other rare token (then, for a predicted token, id is −1 and text is '').
   */
  shared: boolean;
}

/** One of the most probable next tokens at a position. */
export interface NextToken extends TrainedToken {
  /** softmax(logits)[modelId] at that position. */
  probability: number;
}

/** What TrainedModel.explain() returns. */
export interface Explanation {
  sentence: string;
  tokens: TrainedToken[];
  /** The block's inputs, (1, T, d): token embedding + position embedding. */
  inputs: Tensor;
  /** The trained block's options as the core resolved them (MultiHeadAttention, evaluation mode). */
  options: ResolvedOptions;
  /** The trained block's forward pass on the inputs, as lab.forward() gives it: output and trace. */
  forward: ForwardResult;
  /**
   * Per position t, the NEXT_TOKENS most probable tokens after tokens 0 … t, most probable first
   * (all V of them when the model has fewer).
   */
  next: NextToken[][];
}

/** A head's measured role shares, keyed by role name ('previous', 'first', 'self', …). */
export type RoleShares = Record<string, number>;

/** What TrainedModel.roles() returns (the facts measured on held-out text when the file was written). */
export interface HeadRoles {
  /** The roles, in order: name, what it measures, and how many held-out queries it was measured on. */
  roles: { name: string; description: string; queries: number }[];
  /** Each trained head (head counts from 1) and its strongest role: the largest multiple (lift) of the random model's share. */
  trained: {
    head: number;
    role: string;
    share: number;
    lift: number;
    description: string;
    /** "head 3: 64 % of its weight on the previous token". */
    label: string;
    shares: RoleShares;
  }[];
  /** The same shares for the random-weight model the training started from. */
  random: { head: number; shares: RoleShares }[];
}

/** The trained language model (lab.loadWeights('trained')). */
export interface TrainedModel {
  /** The file's sizes and the facts of its training (losses, baselines, corpus, …) as strings. */
  readonly info: {
    vocabulary: number;
    width: number;
    heads: number;
    context: number;
    /** The dropout it was trained with (its training.dropout fact; 0.1 when the file has none). */
    dropout: number;
    facts: Readonly<Record<string, string>>;
  };
  /** The forward() options of the trained block. */
  readonly options: ModelOptions;
  /** Whether dispose() was called. */
  readonly disposed: boolean;
  /** The block's parameters under their state_dict names. */
  stateDict(): Record<string, Tensor>;
  /** Every head's measured role shares, trained and random. */
  roles(): HeadRoles;
  /**
   * A sentence (at most `info.context` GPT-2 tokens) through the trained model.
   * @throws AttentionLabError (option 'sentence')
   */
  explain(sentence: string): Explanation;
  /** Frees the model's WASM memory. */
  dispose(): void;
}

/** The names lab.loadWeights() accepts, with the file each one reads. */
export const WEIGHTS: Readonly<Record<WeightsName, string>>;

/** How many next tokens explain() lists per position (5). */
export const NEXT_TOKENS: number;

/** Tokens as train() and readCorpus() hold them: GPT-2 ids and their word classes (corpus.hpp). */
export interface CorpusTokens {
  ids: Int32Array;
  /** 0 other, 1 pronoun, 2 noun, 3 determiner, 4 adjective, 5 verb, 6 punctuation. */
  classes: Uint8Array;
}

/** One report of train()'s progress, after a step. */
export interface TrainingProgress {
  step: number;
  steps: number;
  /** The batch's mean cross-entropy, nats per token. */
  loss: number;
  /** The learning rate of this step. */
  rate: number;
  tokens: number;
  seconds: number;
  tokensPerSecond: number;
  secondsLeft: number;
}

/** Options of train(): the text, the model's sizes, the training's settings. */
export interface TrainingOptions {
  /** The training text (GPT-2 tokens); without `heldout` its last tenth is held out. */
  text?: string;
  heldout?: string;
  /** Instead of text: tagged tokens (readCorpus of scripts/prepare_corpus.mjs's files). */
  corpus?: { train: CorpusTokens; heldout: CorpusTokens };
  /** V (2048): the V − 1 most frequent tokens keep their own id, the rest share one. */
  vocabulary?: number;
  /** d (64). */
  width?: number;
  /** h (4), dividing d. */
  heads?: number;
  /** Tokens per window (64). */
  context?: number;
  /** Attention dropout while training (0.1). */
  dropout?: number;
  steps?: number;
  batch?: number;
  learningRate?: number;
  warmup?: number;
  finalRate?: number;
  weightDecay?: number;
  clip?: number;
  seed?: number;
  /**
   * The work limit of one step in floating-point operations (1e11, about ten seconds on one
   * thread): checked before training starts (WorkError), since the signal is heard between steps.
   */
  maxFlops?: number;
  /** The memory limit of the whole run in bytes (2^30): checked before it starts (MemoryError). */
  maxBytes?: number;
  /** Store float32 (default false: int8 rows). */
  float32?: boolean;
  onProgress?: (progress: TrainingProgress) => void;
  /** Called once after the last step, before the measurements (one blocking call). */
  onMeasuring?: (info: TrainingResult['info']) => void;
  /** Checked while the text is tokenised and between steps: an aborted signal rejects with its reason. */
  signal?: AbortSignal;
  /** Steps per call into WebAssembly between progress reports (1). */
  stepsPerCall?: number;
}

/** What train() resolves to. */
export interface TrainingResult {
  /** A weights file (the format of the shipped one): lab.loadWeights(file). */
  file: Uint8Array;
  info: {
    vocabulary: number;
    width: number;
    heads: number;
    context: number;
    dropout: number;
    parameters: number;
    trainingTokens: number;
    heldoutTokens: number;
    /** The share of the training tokens that keep their own id. */
    coverage: number;
    steps: number;
    batch: number;
    seed: number;
    learningRate: number;
  };
  /** Held-out cross-entropy in nats per token, the model and the baselines on the same predictions. */
  report: {
    heldout: number;
    perplexity: number;
    heldoutFloat32: number;
    heldoutUntrained: number;
    unigram: number;
    bigram: number;
  };
  /** Training time (the steps). */
  seconds: number;
  /** The measurements' time: held-out losses, baselines, head roles. */
  measuringSeconds: number;
}

/**
 * Trains the language model of docs/TRAINING.md (in its own WebAssembly module, loaded on the first
 * call). The same options give the same file, byte for byte.
 */
export function train(options: TrainingOptions): Promise<TrainingResult>;

/** A corpus file of scripts/prepare_corpus.mjs ("ATCP"), read by the core. */
export function readCorpus(bytes: Uint8Array): Promise<CorpusTokens>;

/** The share of train()'s text held out when no `heldout` is given (0.1, its end). */
export const HELDOUT_SHARE: number;

/** The most characters of text train() reads (10,000,000). */
export const MAX_TRAINING_CHARS: number;

/** "head 3: 64 % of its weight on the previous token". */
export function roleLabel(head: number, share: number, description: string): string;

/** Options of AttentionLab.headExperiment(). */
export interface HeadExperimentOptions {
  heads?: number[];
  headSize?: number;
  tokens?: number;
  batch?: number;
  dIn?: number;
  repeats?: number;
  seed?: number;
}

/** One row of AttentionLab.headExperiment(): medians in milliseconds per forward pass. */
export interface HeadExperimentRow {
  heads: number;
  loopMs: number;
  fusedMs: number;
  /** Largest |loop − fused| over the outputs (0 or float32 rounding). */
  maxDifference: number;
}

/** Options of createAttentionLab(). */
export interface CreateAttentionLabOptions {
  /**
   * 'auto' (default): the threaded build with up to MAX_THREADS threads on cross-origin-isolated
   * pages, the single-threaded build elsewhere and in Node; or a number from 1 to MAX_THREADS
   * (more than 1 needs SharedArrayBuffer: a cross-origin-isolated page, or Node).
   */
  threads?: 'auto' | number;
  /**
   * 'auto' (default): the relaxed-SIMD build (fused multiply-add) where WebAssembly.validate
   * accepts relaxed_madd, the SIMD128 build elsewhere; true: the relaxed build, or an
   * AttentionLabError (option 'relaxedSimd') where the engine lacks it; false: SIMD128.
   * Ignored with wasmBinary (the bytes decide).
   */
  relaxedSimd?: 'auto' | boolean;
  /**
   * Where to find a file of the core (called with 'attention-core.wasm',
   * 'attention-core-threads.wasm', or their relaxed twins 'attention-core-relaxed.wasm' and
   * 'attention-core-threads-relaxed.wasm', and a path prefix; in browsers the threaded build's worker is
   * always started from a blob: URL, so it is not asked for the worker script; in Node it is asked
   * for 'attention-core-threads.worker.cjs');
   * default: beside attention-core.mjs.
   */
  locateFile?: (path: string, prefix: string) => string;
  /**
   * The folder that holds the package's dist/ files when they are not beside the code that imports
   * them (a bundler that does not emit them, such as esbuild): a URL, absolute or relative to the
   * page (in Node also a folder's path), e.g. '/assets/attention-lab/'. The core's .wasm files, and
   * for threads attention-core-threads.mjs, are loaded from there. locateFile, when given, wins.
   */
  baseUrl?: string | URL;
  /** The bytes of attention-core.wasm, to skip fetching it. */
  wasmBinary?: ArrayBuffer | Uint8Array;
  /**
   * 'eager' (default): the tokenizer's tables (tokenizer.mjs, about half a megabyte) load with the
   * core; 'lazy': only by loadTokenizer(), loadWeights() or train(). Until then tokenize() and
   * embed() take only the presets' and the page's set-up sentences (see canTokenize()).
   */
  tokenizer?: 'eager' | 'lazy';
  /**
   * true (default): resolve once the threaded build's workers have loaded the core (or, when they
   * never do, on one thread with threadsNote, or an AttentionLabError for an explicit threads
   * count). false: resolve as soon as the core is instantiated; passes run on the calling thread
   * until the workers have loaded, and for good when they never do (threadsNote then says why,
   * about 20 s later). The teaching page uses false: its first numbers need no threads.
   */
  waitForThreads?: boolean;
}

/** Loads the WebAssembly core (once per call) and returns the API object. */
export function createAttentionLab(options?: CreateAttentionLabOptions): Promise<AttentionLab>;

/** The one error type the API throws for bad options, bad inputs and exhausted memory. */
export class AttentionLabError extends Error {
  constructor(message: string, details?: { option?: string; kind?: ErrorKind; cause?: unknown });
  readonly name: 'AttentionLabError';
  /**
   * The offending option ('heads', 'dropout', 'inputs', 'trace', 'sentence', …; for a weight
   * "weights.<key>"), 'model' for a disposed model, 'memory' when WASM memory ran out, or ''.
   */
  option: string;
  /** What went wrong: OptionError, InputError, MemoryError, NumericalError or Error. */
  kind: ErrorKind;
}

/** The most threads the threaded build uses (the size of its WebAssembly pthread pool). */
export const MAX_THREADS: number;

/** The lectures' example sentences; PRESETS[0] is the notebook's "Your journey starts with one step". */
export const PRESETS: readonly Preset[];

/** The default of every option (dIn and tokens: undefined, i.e. inferred from the inputs). */
export const DEFAULTS: Readonly<{
  batch: 1;
  dIn: undefined;
  tokens: undefined;
  dOut: 2;
  heads: 1;
  qkvBias: false;
  scale: true;
  causal: true;
  dropout: 0;
  training: false;
  seed: 123;
  dropoutRng: 'cpu';
  module: 'mha';
  masking: 'neg-inf';
  layout: 'fused';
  forgottenTranspose: false;
  trace: true;
  maxTraceBytes: 268435456;
  maxFlops: 100000000000;
}>;

/** One stage of a Description: its name, dimension names and shape. */
export interface StageShape {
  readonly name: StageName;
  readonly dims: string;
  readonly shape: number[];
}

/** What describe() returns: a model described without building it. */
export interface Description {
  /** Every stage its trace would hold, in lecture order, with its shape. */
  stages: StageShape[];
  /** Every parameter under its state_dict name, with its shape and count. */
  parameters: { name: string; shape: number[]; count: number }[];
  /** The total number of parameters (GPT-2's attention block: 2360064). */
  parameterCount: number;
  /** D, the width of queries, keys, values and the output. */
  width: number;
  /** d_h, the size of one head. */
  headSize: number;
  /** Floating-point operations of one forward pass (what maxFlops limits). */
  flops: number;
  /** Bytes of the (B, h, T, T) stages of a traced pass (0 on the fast path). */
  traceBytes: number;
  /** Whether this machine's memory and work limits let it run. */
  runsHere: boolean;
  /** When it would not run: the error a forward pass would throw. */
  whyNot: string;
}

/** Options of dropout() and dropoutStatistics(). */
export interface DropoutOptions {
  /** The tensor to drop (required). */
  input: NumberArray;
  /** Its shape; its product must be input.length. Default [input.length]. */
  shape?: number[];
  /** The dropout probability, in [0, 1). Default 0.5 (the notebook's). */
  p?: number;
  /** torch.manual_seed(seed) right before the draw. Default 123 (the notebook's). */
  seed?: number;
  /** 'cpu' (the notebook's mask) or 'mkl' (PyTorch with MKL on Intel CPUs). Default 'cpu'. */
  rng?: DropoutRngName;
}

/** One gap of maskingLimits(): row 1 of a causal 3 × 3 softmax whose scores are [0, 1, 1 + gap]. */
export interface MaskingRow {
  gap: number;
  /** Naive step 1: the softmax over all three keys, the future included. */
  unmasked: Float32Array;
  /** Naive step 3: the past renormalised; absent when the past underflowed to 0. */
  naive?: Float32Array;
  /** The −∞ route's weights: softmax([0, 1]) and 0, whatever the gap. */
  negInf: Float32Array;
  /** max |naive − negInf| over the row; absent with `failure`. */
  maxDifference?: number;
  /** Why the naive route failed (0 / 0), when it did. */
  failure?: string;
}

/** The lectures' sizes: the toy (d = 6, 2 heads), GPT-2 small's block, GPT-3's block. */
export const SIZE_PRESETS: Readonly<{
  lecture: Readonly<ModelOptions>;
  gpt2: Readonly<ModelOptions>;
  gpt3: Readonly<ModelOptions>;
}>;

/** The core's limits, the same in every build. */
export interface Limits {
  /** Worker threads of the threaded build's pool: the most `threads` can be (4). */
  readonly poolSize: number;
  /** The largest any dimension may be (1048576). */
  readonly maxDimension: number;
  /** The most values any one tensor may hold (2^28: 1 GiB of float32). */
  readonly maxTensorElements: number;
  /** The most values embed() makes, batch × tokens × dIn (2^24: 64 MiB of float32). */
  readonly maxEmbedValues: number;
}

/**
 * One option as the core describes it: the single home of its type, default, range and help,
 * from which DEFAULTS, OPTION_NAMES, the CLI's flags, the page's controls, the URL and the
 * element's attributes derive.
 */
export interface OptionInfo {
  readonly name: Exclude<OptionName, 'inputs' | 'weights'>;
  readonly type: 'integer' | 'number' | 'boolean' | 'choice';
  /**
   * The core's default (for `inferred` options, what the core uses when no inputs say otherwise;
   * absent for `optional` ones).
   */
  readonly default?: number | boolean | string;
  /** integer and number: the allowed range, [min, max] or [min, max) with maxExclusive. */
  readonly min?: number;
  readonly max?: number;
  readonly maxExclusive?: boolean;
  /** choice: the allowed strings. */
  readonly choices?: readonly string[];
  /** What it is, as messages start: "the output size d_out". */
  readonly meaning: string;
  /** One line in the lecture's words. */
  readonly help: string;
  /** How it depends on other options ('' when it does not). */
  readonly rule: string;
  /** true for tokens and dIn: inferred from the inputs' length when omitted. */
  readonly inferred: boolean;
  /** true for dropoutSeed: no default, absent means unset. */
  readonly optional: boolean;
  /** Defaults that differ by module, e.g. scale: { simplified: false }. */
  readonly moduleDefaults: Readonly<Record<string, number | boolean | string>>;
}

/** The core's option table (generated from the C++ core; the same as `lab.options`). */
export const OPTIONS: readonly OptionInfo[];

/** The core's trace stages in lecture order (the same as `lab.stages`). */
export const STAGES: readonly StageInfo[];

/** The core's limits (the same as `lab.limits`). */
export const LIMITS: Limits;

/** The name of every option forward() accepts; any other key throws an OptionError. */
export const OPTION_NAMES: readonly OptionName[];

/** The most tokens embed() accepts in one sentence (1024). */
export const MAX_SENTENCE_TOKENS: number;

/**
 * The longest sentence, in UTF-16 code units, that tokenize() and embed() accept (4096): checked
 * before tokenising, which takes more than linear time within one long word.
 */
export const MAX_SENTENCE_CHARS: number;
