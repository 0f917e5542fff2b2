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
 * model; the page starts from the lectures' own example, so the first view is the one they draw:
 * "dream big and work for it" as 6-dimensional vectors, projected to d_out = 6 and split into 2
 * heads of 3, so the split, the ÷ √d_h and the 6 × 6 mixing of the heads all have something to show.
 */
export const PAGE_DEFAULTS = Object.freeze({
  dIn: 6, // the lectures' inputs: six tokens of six numbers each (a 6 × 6 matrix)
  dOut: 6, // d_out = d_in = 6, as in the lectures; out_proj is then a 6 × 6 matrix
  heads: 2, // the lecture's MultiHeadAttention(…, num_heads=2): two heads of d_h = 3
  batch: 2, // the lecture stacks its sentence twice: torch.stack((inputs, inputs)), a (2, 6, 6) batch
  dropout: 0.5, // the lecture's dropout example, Dropout(0.5); it acts only in training mode
});

/** The lectures' example sentence: six words, six GPT-2 tokens. */
const LECTURE_SENTENCE = 'dream big and work for it';

/** The text the page tokenizes: not an option of the core, which takes embeddings. */
const SENTENCE = Object.freeze({
  name: 'sentence',
  type: 'text',
  default: LECTURE_SENTENCE,
});

/**
 * Whole set-ups one click away: the settings each one sets (every other setting is kept; both
 * are the seeded random weights, the lectures' and the notebook's own). The
 * lectures' example is the page's default; the book's notebook is the chapter's own code, whose
 * printed numbers the page reproduces: its 3-d vectors of "Your journey starts with one step",
 * MultiHeadAttention(d_in=3, d_out=2, num_heads=2) on torch.stack((inputs, inputs)).
 */
export const SETUPS = Object.freeze(
  [
    {
      id: 'lectures',
      label: "The lectures' example",
      note: '"dream big and work for it": d_in = d_out = 6, 2 heads of 3, a (2, 6, 6) batch',
      settings: {
        sentence: LECTURE_SENTENCE,
        weights: 'random',
        dIn: 6,
        dOut: 6,
        heads: 2,
        batch: 2,
        module: 'mha',
      },
    },
    {
      id: 'notebook',
      label: "The book's notebook",
      note: "the notebook's own 3-d vectors: d_in = 3, d_out = 2, 2 heads of 1, a (2, 6, 3) batch",
      settings: {
        sentence: 'Your journey starts with one step',
        weights: 'random',
        dIn: 3,
        dOut: 2,
        heads: 2,
        batch: 2,
        module: 'mha',
      },
    },
  ].map((s) => Object.freeze({ ...s, settings: Object.freeze(s.settings) })),
);

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
 * What is looked at: the step (its slug), one head or all, which batch item, numbers in cells, the
 * open lab (its slug, '' for none; the full page draws it, web/app/labs/), and the page's colour
 * theme (system: the reader's system setting; a shared link can ask for light for a projector).
 */
export const VIEW = Object.freeze([
  { name: 'step', type: 'text', default: '' },
  { name: 'head', type: 'text', default: 'all' },
  { name: 'item', type: 'integer', default: 0 },
  { name: 'numbers', type: 'boolean', default: true },
  { name: 'lab', type: 'text', default: '' },
  {
    name: 'theme',
    type: 'choice',
    choices: Object.freeze(['system', 'light', 'dark']),
    default: 'system',
  },
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
 * 128 tokens: every T × T map is drawn whole. Sentences in other scripts take two to four times
 * the tokens of an English one (a 44-character Chinese sentence is about 100 GPT-2 tokens), and
 * 128 keeps such a sentence, or an English paragraph, on the page. At 128 tokens every map still
 * fits a 320 px phone whole, at under 2 px a cell (the hover box and the table give each number);
 * beyond that, cells would drop below a pixel and a map could no longer show each token. An edit
 * computes and redraws T × T cells per head, four times the work of 64 tokens, and stays within a
 * few frames. GPT-2's own context is 1,024 tokens; the trained model reads at most 64 (its own).
 *
 * 768 columns (d_in and D): GPT-2 small's width, with its 12 heads of 64, can be tried. Maps wider
 * than their space are drawn in bands (ui/heatmap.mjs), with every exact number on hover and in
 * the table; the T × T maps per head stay exact, cell for cell.
 */
export const LIMITS = Object.freeze({ tokens: 128, dIn: 768, heads: 12, batch: 4, width: 768 });

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
