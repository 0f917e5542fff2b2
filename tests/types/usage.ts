// The whole public API of attention-lab as a TypeScript user writes it, type-checked (never run)
// against the built types, dist/index.d.mts: `npx tsc -p tests/types` (strict; see tsconfig.json).
// Every `@ts-expect-error` line is a misuse the types must refuse: if the types stop refusing it,
// tsc reports the directive as unused and the check fails.
import {
  AttentionLabError,
  DEFAULTS,
  LIMITS,
  MAX_SENTENCE_CHARS,
  MAX_SENTENCE_TOKENS,
  MAX_THREADS,
  OPTIONS,
  OPTION_NAMES,
  PRESETS,
  STAGES,
  createAttentionLab,
  type AttentionLab,
  type AttentionModel,
  type CreateAttentionLabOptions,
  type Embedding,
  type ErrorKind,
  type ForwardOptions,
  type ForwardResult,
  type HeadExperimentRow,
  type LayoutName,
  type Limits,
  type MaskingName,
  type ModelOptions,
  type ModuleName,
  type OptionInfo,
  type OptionName,
  type Preset,
  type ResolvedOptions,
  type StageInfo,
  type StageName,
  type Tensor,
  type Token,
  type Weights,
  type TrainedModel,
  type Explanation,
  type HeadRoles,
  NEXT_TOKENS,
  WEIGHTS,
  roleLabel,
  train,
  readCorpus,
  HELDOUT_SHARE,
  MAX_TRAINING_CHARS,
  type TrainingResult,
  type TrainingProgress,
  type CorpusTokens,
} from 'attention-lab';

/** Compile-time equality of two types: `expectType<Equal<A, B>>(true)` fails unless A is B. */
type Equal<A, B> =
  (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
function expectType<T extends true>(value: T): T {
  return value;
}

// --- Loading the core ----------------------------------------------------------------------------

const lab: AttentionLab = await createAttentionLab();
const auto = await createAttentionLab({ threads: 'auto' });
const loadOptions: CreateAttentionLabOptions = {
  threads: Math.min(2, MAX_THREADS),
  locateFile: (path, prefix) => `${prefix}${path}`,
  wasmBinary: new Uint8Array(0),
};
const threaded = await createAttentionLab(loadOptions);
const build: 'single' | 'threads' = threaded.build;
const threadCount: number = threaded.threads;
const simd: boolean = threaded.simd;
threaded.terminate();
auto.terminate();

// --- One forward pass, every option --------------------------------------------------------------

const { inputs, tokens, shape, source, vocabulary, sentence }: Embedding = lab.embed(
  PRESETS[0]?.sentence ?? 'Your journey starts with one step',
  { dIn: 3, seed: 123, batch: 2 },
);
expectType<Equal<typeof shape, [number, number, number]>>(true);
expectType<Equal<typeof source, 'lecture' | 'seeded'>>(true);
const firstToken: Token | undefined = tokens[0];
const tokenIds: number[] = lab.tokenize('the dog chased the ball').map((t: Token) => t.id);

const everyOption: ForwardOptions = {
  inputs,
  batch: 2,
  tokens: 6,
  dIn: 3,
  dOut: 2,
  heads: 2,
  qkvBias: false,
  causal: true,
  dropout: 0.1,
  training: true,
  seed: 123,
  module: 'mha',
  masking: 'neg-inf',
  layout: 'fused',
  trace: true,
  maxTraceBytes: 256 * 1024 * 1024,
  maxFlops: Infinity,
};
const result: ForwardResult = lab.forward(everyOption);
const output: Tensor = result.output;
const outputShape: number[] = output.shape;
const outputData: Float32Array = output.data;
// A stage may be absent (naive masking has no maskedScores; trace: false gives {}).
const weights: Float32Array | undefined = result.trace.attentionWeights?.data;
for (const stage of STAGES) {
  const info: StageInfo = stage;
  const name: StageName = info.name;
  const dims: string = info.dims;
  const tensor: Tensor | undefined = result.trace[name];
  void [dims, tensor];
}

// Other inputs: any NumberArray; the other modules, maskings and layouts.
lab.forward({ inputs: [0.43, 0.15, 0.89, 0.55, 0.87, 0.66], dIn: 3, module: 'causal' });
lab.forward({ inputs: new Float64Array(12), tokens: 2, heads: 2, module: 'wrapper' });
lab.forward({ inputs, batch: 2, dIn: 3, masking: 'naive', layout: 'loop', trace: false });

// --- Models: weights kept between calls, output written into one array ---------------------------

const modelOptions: ModelOptions = { tokens: 128, dIn: 768, dOut: 768, heads: 12, trace: false };
const model: AttentionModel = lab.createModel(modelOptions);
const resolved: ResolvedOptions = model.options;
const module: ModuleName = resolved.module;
const masking: MaskingName = resolved.masking;
const layout: LayoutName = resolved.layout;
const reused = new Float32Array(128 * 768);
const into: ForwardResult = model.forward(new Float32Array(128 * 768), { output: reused });
model.forward([1, 2, 3]);
// Only some stages, written into an earlier trace's arrays.
const traced = lab.createModel({ inputs, batch: 2, dIn: 3 });
const few = traced.forward(inputs, { stages: ['attentionWeights', 'dropoutMask'] });
traced.forward(inputs, { trace: few.trace, stages: ['attentionWeights'] });
traced.dispose();
const stateDict: Record<string, Tensor> = model.stateDict();
model.dispose();

// stateDict() can be passed back as weights, and so can plain arrays under PyTorch's names.
const copied: Weights = stateDict;
const plain: Weights = {
  'W_query.weight': [1, 0, 0, 1],
  'W_key.weight': new Float32Array(4),
  'W_value.weight': { data: new Float64Array(4), shape: [2, 2] },
};
lab
  .createModel({ inputs: new Float32Array(4), dIn: 2, module: 'causal', weights: plain })
  .dispose();
lab.forward({ inputs, batch: 2, dIn: 3, weights: copied });

// --- The lecture's timing experiment -------------------------------------------------------------

const rows: HeadExperimentRow[] = lab.headExperiment({
  heads: [2, 400],
  headSize: 3,
  tokens: 6,
  batch: 2,
  dIn: 3,
  repeats: 5,
  seed: 123,
});
lab.headExperiment();
const speedups: number[] = rows.map(
  (r) => r.loopMs / r.fusedMs + r.maxDifference * 0 + r.heads * 0,
);

// --- Errors --------------------------------------------------------------------------------------

function describe(error: unknown): string {
  if (!(error instanceof AttentionLabError)) throw error;
  const option: string = error.option;
  const name: 'AttentionLabError' = error.name;
  const kind: ErrorKind = error.kind;
  switch (kind) {
    case 'OptionError':
    case 'InputError':
    case 'MemoryError':
    case 'WorkError':
    case 'NumericalError':
    case 'Error':
      return `${name} ${kind} on ${option}: ${error.message}`;
    default: {
      const unreachable: never = kind;
      return unreachable;
    }
  }
}
try {
  lab.forward({ inputs, dIn: 3, dOut: 4, heads: 3 });
} catch (error) {
  describe(error);
}
const made = new AttentionLabError('heads = 3 does not divide dOut = 4', {
  option: 'heads',
  kind: 'OptionError',
  cause: new Error('inner'),
});
const isError: Error = made;

// --- What the core says about itself -------------------------------------------------------------

const options: readonly OptionInfo[] = OPTIONS;
expectType<Equal<typeof lab.options, readonly OptionInfo[]>>(true);
for (const option of lab.options) {
  const optionName: OptionName = option.name;
  switch (option.type) {
    case 'integer':
    case 'number': {
      const range: [number | undefined, number | undefined, boolean | undefined] = [
        option.min,
        option.max,
        option.maxExclusive,
      ];
      void range;
      break;
    }
    case 'boolean':
      break;
    case 'choice': {
      const choices: readonly string[] | undefined = option.choices;
      void choices;
      break;
    }
    default: {
      const unreachable: never = option.type;
      void unreachable;
    }
  }
  const text: string[] = [option.meaning, option.help, option.rule, String(option.default)];
  const inferred: boolean = option.inferred;
  void [optionName, text, inferred];
}
const names: readonly OptionName[] = OPTION_NAMES;
const limits: Limits = lab.limits;
const sameLimits: Limits = LIMITS;
const sizes: number[] = [limits.poolSize, limits.maxDimension, limits.maxTensorElements];
const diagnostics: { memoryBytes: number; heapBytesInUse: number; handles: number } =
  lab.diagnostics();
const memory: number = lab.memoryBytes();
const stages: readonly StageInfo[] = lab.stages;
const presets: readonly Preset[] = lab.presets;
const preset: Preset | undefined = PRESETS[0];
const presetText: string[] = preset ? [preset.id, preset.sentence, preset.note] : [];
const presetDIn: number | undefined = preset?.dIn;
const maxima: number[] = [MAX_THREADS, MAX_SENTENCE_CHARS, MAX_SENTENCE_TOKENS];

// DEFAULTS holds literal types: the declared default is the value.
expectType<Equal<typeof DEFAULTS.module, 'mha'>>(true);
expectType<Equal<typeof DEFAULTS.dIn, undefined>>(true);
const defaultHeads: 1 = DEFAULTS.heads;
const defaults: ModelOptions = { ...DEFAULTS, dIn: 3, tokens: 6 };

// --- Misuse the types refuse ---------------------------------------------------------------------

// @ts-expect-error an option that does not exist
lab.forward({ inputs, colour: 'red' });
// @ts-expect-error a number option given as a string
lab.forward({ inputs, heads: '2' });
// @ts-expect-error a boolean option given as a number
lab.forward({ inputs, causal: 1 });
// @ts-expect-error a module name that does not exist
lab.forward({ inputs, module: 'transformer' });
// @ts-expect-error a masking that does not exist
lab.forward({ inputs, masking: 'sometimes' });
// @ts-expect-error a layout that does not exist
lab.createModel({ tokens: 2, dIn: 2, layout: 'vertical' });
// @ts-expect-error forward() needs inputs
lab.forward({ dIn: 3, heads: 2 });
// @ts-expect-error inputs are numbers, not strings
lab.forward({ inputs: ['0.43', '0.15'] });
// @ts-expect-error a model writes into a Float32Array only
lab.createModel(modelOptions).forward(new Float32Array(6), { output: new Float64Array(6) });
// @ts-expect-error a stage that does not exist
void result.trace.softmaxWeights;
// @ts-expect-error threads is 'auto' or a number
void createAttentionLab({ threads: 'many' });
// @ts-expect-error embed() takes a sentence, not tokens
lab.embed(tokenIds);
// @ts-expect-error an error kind that does not exist
const typo: ErrorKind = 'TypoError';
// @ts-expect-error the limits are read-only
LIMITS.maxDimension = 1;
// @ts-expect-error the defaults are read-only
DEFAULTS.module = 'wrapper';
for (const option of options) {
  // @ts-expect-error the option table is read-only
  OPTIONS[0] = option;
}
// @ts-expect-error an option name that does not exist
const unknownName: OptionName = 'colour';

// --- Trained weights ------------------------------------------------------------------------------

const trained: TrainedModel = await lab.loadWeights('trained');
const fromBytes: TrainedModel = await lab.loadWeights(new Uint8Array(0));
const explained: Explanation = trained.explain('the dog chased the ball');
const nextAfterFirst: string = explained.next[0]![0]!.text;
const firstShared: boolean = explained.tokens[0]!.shared;
const attention: Float32Array = explained.forward.trace.attentionWeights!.data;
const roles: HeadRoles = trained.roles();
const label: string = roles.trained[0]!.label;
const previousShare: number | undefined = roles.random[0]!.shares['previous'];
const contextLength: number = trained.info.context;
const fileName: string = WEIGHTS.trained;
const nextCount: number = NEXT_TOKENS;
const labelText: string = roleLabel(3, 0.64, 'the previous token');
// @ts-expect-error only the names in WEIGHTS load by name
await lab.loadWeights('gpt2');

// --- Training -------------------------------------------------------------------------------------

const trainingResult: TrainingResult = await train({
  text: 'the dog chased the ball',
  steps: 10,
  width: 32,
  onProgress: (p: TrainingProgress) => p.loss + p.secondsLeft,
  signal: new AbortController().signal,
});
const yours: TrainedModel = await lab.loadWeights(trainingResult.file);
const heldoutLoss: number =
  trainingResult.report.heldout + trainingResult.report.bigram + trainingResult.measuringSeconds;
const corpus: CorpusTokens = await readCorpus(new Uint8Array(0));
await train({ corpus: { train: corpus, heldout: corpus }, float32: true });
const share: number = HELDOUT_SHARE + MAX_TRAINING_CHARS;
// @ts-expect-error the learning rate is a number
await train({ text: 'x', learningRate: '0.01' });

export {
  yours,
  heldoutLoss,
  share,
  build,
  threadCount,
  simd,
  firstToken,
  sentence,
  vocabulary,
  outputShape,
  outputData,
  weights,
  module,
  masking,
  layout,
  into,
  speedups,
  isError,
  names,
  sameLimits,
  sizes,
  diagnostics,
  memory,
  stages,
  presets,
  presetText,
  presetDIn,
  maxima,
  defaultHeads,
  defaults,
  typo,
  unknownName,
  fromBytes,
  nextAfterFirst,
  firstShared,
  attention,
  label,
  previousShare,
  contextLength,
  fileName,
  nextCount,
  labelText,
};
