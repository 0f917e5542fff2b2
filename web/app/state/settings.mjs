// The page's settings schema: every setting of a forward pass (the core's options, read from its
// table in web/lib/contract.mjs, plus the page's own sentence and weights), the view's keys, the
// page's defaults and limits, and the facts derived from settings alone (the options the core
// takes, the dropout p of the evaluation-mode preview). Plain data and pure functions.
import { OPTIONS } from '../../lib/contract.mjs';

/** The core's options this page does not offer, each with the reason. */
export const HIDDEN_OPTIONS = Object.freeze({
  tokens: 'T follows from the sentence: it is the number of its tokens',
  trace: 'the page shows every stage, so it always asks for the trace',
  maxTraceBytes: "the page's own limits (LIMITS below) keep a pass far below it",
  maxFlops: "the page's own limits (LIMITS below) keep a pass far below it",
  scale: 'the stepper always shows the ÷ √d_h step; turning it off is a lab of its own',
  dropoutSeed: "the stepper draws one model's dropout; the notebook's re-seeded dropout is a lab",
  dropoutRng: "the stepper shows the notebook's (CPU) mask; the other platform's is a lab",
  forgottenTranspose: 'the stepper shows the transpose done right; forgetting it is a lab',
});

/**
 * Choices the stepper offers where it offers fewer than the core: it walks the classes that have
 * every step (a mask, heads, a merge); the notebook's earlier classes are drawn by the labs.
 */
export const PAGE_CHOICES = Object.freeze({
  module: Object.freeze(['causal', 'wrapper', 'mha']),
});

/**
 * The page's teaching defaults where they differ from the API's. The API starts from the smallest
 * model; the page starts from the lecture's own set-up, so the first view is the lecture's example.
 */
export const PAGE_DEFAULTS = Object.freeze({
  heads: 2, // the lecture's MultiHeadAttention(…, num_heads=2): two heads to compare
  batch: 2, // the lecture stacks its sentence twice: torch.stack((inputs, inputs))
  dropout: 0.5, // the lecture's dropout example, Dropout(0.5); it acts only in training mode
});

/** The text the page tokenizes: not an option of the core, which takes embeddings. */
const SENTENCE = Object.freeze({
  name: 'sentence',
  type: 'text',
  default: 'Your journey starts with one step',
});

/**
 * Which weights the block computes with: the lecture's seeded random ones (every setting below
 * applies), or the language model trained on the Brown Corpus (lab.loadWeights('trained'), read
 * only when asked for; its block is fixed by the weights file). Not an option of the core either.
 */
export const WEIGHTS_SETTING = Object.freeze({
  name: 'weights',
  type: 'choice',
  choices: Object.freeze(['random', 'trained']),
  default: 'random',
  meaning: 'the weights',
  help:
    "which weights the block computes with; random: the lecture's seeded weights (every pattern " +
    'is noise); trained: a small language model trained on the Brown Corpus, whose heads have ' +
    'measured roles',
});

/** The settings that are the page's own, not options of the core. */
export const PAGE_SETTINGS = Object.freeze(['sentence', 'weights']);

/**
 * Every setting of a forward pass, under the JS API's own option names: the sentence and the
 * weights, then the core's options in its (lecture) order, with the page's defaults.
 */
export const SETTINGS = Object.freeze([
  SENTENCE,
  WEIGHTS_SETTING,
  ...OPTIONS.filter((o) => !(o.name in HIDDEN_OPTIONS)).map((o) =>
    Object.freeze({
      ...o,
      default: o.name in PAGE_DEFAULTS ? PAGE_DEFAULTS[o.name] : o.default,
      ...(o.name in PAGE_CHOICES ? { choices: PAGE_CHOICES[o.name] } : {}),
    }),
  ),
]);

/**
 * What is looked at: the step (its slug), one head or all, which batch item, numbers in cells, and
 * the open lab (its slug, '' for none; the full page draws it, web/app/labs/).
 */
export const VIEW = Object.freeze([
  { name: 'step', type: 'text', default: '' },
  { name: 'head', type: 'text', default: 'all' },
  { name: 'item', type: 'integer', default: 0 },
  { name: 'numbers', type: 'boolean', default: true },
  { name: 'lab', type: 'text', default: '' },
  { name: 'exercise', type: 'text', default: '' }, // the open exercise (web/app/exercises/)
]);

const SETTING = new Map(SETTINGS.map((s) => [s.name, s]));
// Store listeners get one set of changed names, so a view key must never shadow a setting.
for (const v of VIEW)
  if (SETTING.has(v.name)) throw new Error(`view key '${v.name}' is also a setting`);

/** The setting's description (the core's table entry, or the sentence's). */
export const setting = (name) => SETTING.get(name);

/** The allowed values of a choice option, from the core's table. */
export const choicesOf = (name) => SETTING.get(name).choices;

const defaults = (list) => Object.fromEntries(list.map((s) => [s.name, s.default]));
export const DEFAULT_SETTINGS = Object.freeze(defaults(SETTINGS));
export const DEFAULT_VIEW = Object.freeze(defaults(VIEW));

/**
 * What this page can draw readably, a fact of the page, not of the core: the most tokens of a
 * sentence, the largest d_in, h and B, and the widest tensor in columns (D, the width of queries,
 * keys, values and the output, as the trace reports it).
 *
 * 64 tokens: every T × T map is drawn whole, and on a 320 px phone a map has about 200 px for its
 * cells, so 64 tokens keep 3 px a cell: any more and a cell would be narrower than a fingertip's
 * aim can tell apart even with the zoom of the hover box. It is also GPT-2's context of 1,024
 * tokens cut to what one screen can hold, and leaves room for non-English sentences, which take
 * two to four times the tokens of an English one.
 *
 * 768 columns (d_in and D): GPT-2 small's width, with its 12 heads of 64, can be tried. Maps wider
 * than their space are drawn in bands (ui/heatmap.mjs), with every exact number on hover and in
 * the table; the T × T maps per head stay exact, cell for cell.
 */
export const LIMITS = Object.freeze({ tokens: 64, dIn: 768, heads: 12, batch: 4, width: 768 });

/**
 * The page's upper limit of a size option, or undefined. d_out is never wider than D, so the width
 * bounds it before the pass; D itself is checked on the trace.
 */
export const pageMax = (name) =>
  name === 'dOut' ? LIMITS.width : name in LIMITS ? LIMITS[name] : undefined;

/** The settings the core takes: every one but the page's own (the sentence and the weights). */
export const coreOptions = (settings) =>
  Object.fromEntries(
    SETTINGS.filter((s) => !PAGE_SETTINGS.includes(s.name)).map((s) => [s.name, settings[s.name]]),
  );

/**
 * The dropout p of the training-mode preview that the dropout step shows in evaluation mode: the
 * block's own p, or the lecture's Dropout(0.5) when it is 0.
 */
export const previewDropout = (dropout) => (dropout > 0 ? dropout : 0.5);
