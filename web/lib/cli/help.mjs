// The command line's --help texts. The option flags are described from the core's option table:
// each flag with its range or choices, its default, the table's help and its rule, so the help
// cannot disagree with what the core accepts.
import { STAGES } from '../contract.mjs';
import { COMMANDS, commandFlags } from './commands.mjs';
import { WIDTH, wrap } from './text.mjs';
import { STEP_STAGES } from '../steps.mjs';

export const MAIN_HELP = `attention-lab: causal multi-head self-attention, stage by stage, real numbers

Usage:
  attention-lab explain "a sentence" [options]  every stage, explained
  attention-lab forward --config FILE.json      forward() on a JSON options file
  attention-lab describe [--preset gpt2]        shapes and parameters, any size
  attention-lab dropout [--p 0.5 --seed 123]    the notebook's dropout, 6x6 ones
  attention-lab explain "..." --weights trained  the trained model's numbers
  attention-lab heads [--json]                  its heads' measured roles
  attention-lab train --text FILE [options]     train such a model yourself
  attention-lab lesson --step softmax [--scorm] one file for disk or LMS
  attention-lab --help | --version

Run "attention-lab COMMAND --help" for the options of each command.

Exit status: 0 success, 1 the library rejected a value (the message names the
option, the value and what is allowed), 2 a usage error (unknown flag, value
that is not a number, unreadable file).
`;

const EXPLAIN_INTRO = `Usage: attention-lab explain "a sentence" [options]

Tokenizes the sentence (GPT-2), gives each token a d_in-vector (lab.embed),
runs one forward pass and prints every stage in lecture order: its name, its
shape with named dimensions, what it is, and its numbers (batch item 0; T x T
matrices head by head with token labels; -inf for masked scores).

The options of forward(), from the core's option table. Defaults: the lecture's
MultiHeadAttention example (d_in 3, d_out 2, heads 2, seed 123), otherwise the
API's; the core checks every value and names what is allowed.
`;

const EXPLAIN_OUTRO = `
"Your journey starts with one step" uses the lecture's own vectors for d_in 3,
so with the defaults its output rows are the book's (first row 0.3190 0.4858).
With d_out 2 and 2 heads each head is 1 wide; try --d-out 4 for 2-wide heads.

--weights trained runs the sentence through the language model trained on the
Brown Corpus instead (a sentence up to its context length): the block's stages,
each head's measured role, and the top-5 next tokens after each position.
`;

const FORWARD_INTRO = `Usage: attention-lab forward --config FILE.json [options]

Runs lab.forward(options) with the options in FILE.json and prints the result
as JSON:
  { "output": { "shape": [B, T, D], "data": [...] },
    "trace":  { "<stage>": { "shape": [...], "data": [...] }, ... } }
Stages appear in lecture order; data is row-major, as plain arrays of the
float32 values, each with the fewest digits that read back as the same float32.

FILE.json holds forward()'s options: "inputs" is a plain array of numbers
(B*T*d_in, row-major); "weights" is optional ({ "W_query.weight": [...], ... }).
Example: {"inputs": [0.43, 0.15, 0.89, 0.55, 0.87, 0.66], "dIn": 3, "dOut": 2}

Options (a flag overrides the file's value; the defaults are the API's):
`;

const FORWARD_OUTRO = `
JSON has no infinities: -Infinity (the masked scores) is written as the
string "-Infinity"; likewise "Infinity" and "NaN", should they ever occur.
`;

const LAB_INTROS = {
  heads: `Usage: attention-lab heads [--weights trained] [--json]

The heads of the language model trained on the Brown Corpus (docs/TRAINING.md):
for each head, the share of its attention weight that lands on the previous
token, the first token, itself, punctuation, the nouns before a pronoun and the
determiners and adjectives before a noun, measured on held-out text when the
weights file was written, next to the same shares of the random-weight model
the training started from. Each head is labelled with the role whose share is
the largest multiple of the random model's.

Options:
`,
  train: `Usage: attention-lab train (--text FILE [--heldout FILE] | --corpus DIR) [options]

Trains the small language model of docs/TRAINING.md around the lecture's
attention block (token and position embeddings, one causal MultiHeadAttention,
an unembedding) on your text: GPT-2 tokens, AdamW, dropout in training only, a
progress bar with the loss, tokens/s and the time left. Then it measures the
model on held-out text against a unigram and a bigram model, measures each
head's role against the random weights it started from, and writes a weights
file: attention-lab explain "..." --weights FILE shows it, lab.loadWeights(bytes)
loads it. The same options give the same file, byte for byte. It runs in
WebAssembly on one thread; \`npm run train\` in the repository runs the native
trainer (about three times faster on two cores) for the shipped model.
Plain text has no word classes: only punctuation is recognised, so the two
word-class roles are measured only with --corpus.

Options:
`,
  describe: `Usage: attention-lab describe [--preset lecture|gpt2|gpt3] [options]

Describes a model without building it (lab.describe): the shape of every stage
of its trace, every parameter under its state_dict name with its count, the
total, the work of one forward pass, and whether this machine's limits let it
run. GPT-3's sizes are described though they are never allocated. The chapter's
exercise: --preset gpt2 gives 2,360,064 parameters.

Options (flags override the preset; tokens and dIn are needed):
`,
  dropout: `Usage: attention-lab dropout [--p P] [--seed S] [--shape AxB] [--rng cpu|mkl]

torch.manual_seed(seed); torch.nn.Dropout(p)(torch.ones(shape)), as the
notebook runs it (lab.dropout): the dropped tensor, and how many values were
kept. --rng mkl gives the mask PyTorch builds with MKL draw on Intel CPUs for the
same seed (another mask: the notebook's is the default CPU one).

Options:
`,
};

const SYNTAX_COLUMN = 30;

/** The --help text of a command. */
export function commandHelp(command) {
  const flags = commandFlags(command);
  const derived = flags.filter((spec) => spec.option).flatMap((s) => flagEntry(s, command));
  const own = flags.filter((spec) => !spec.option).flatMap((s) => flagEntry(s, command));
  if (['describe', 'dropout', 'heads', 'train'].includes(command)) {
    return [LAB_INTROS[command], ...own, ...derived, ...helpEntry(), ''].join('\n');
  }
  const lines =
    command === 'explain'
      ? [
          EXPLAIN_INTRO,
          ...derived,
          '',
          'Options of explain:',
          ...own,
          ...helpEntry(),
          ...withoutFlags(command),
          ...stageList(),
          EXPLAIN_OUTRO,
        ]
      : [FORWARD_INTRO, ...own, ...derived, ...helpEntry(), FORWARD_OUTRO];
  return lines.join('\n').replace(/\n{3,}/g, '\n\n');
}

// "--d-out N   integer 1..1048576; default 2", then the table's help and rule, indented.
function flagEntry(spec, command) {
  const facts = [domain(spec), defaultText(spec, command)].filter(Boolean).join('; ');
  const syntax = `  ${flagSyntax(spec)}`;
  const oneLine = `${syntax.padEnd(SYNTAX_COLUMN)}${facts}`.trimEnd();
  const head =
    syntax.length < SYNTAX_COLUMN && oneLine.length <= WIDTH
      ? [oneLine]
      : [syntax, `${' '.repeat(SYNTAX_COLUMN)}${facts}`];
  const indent = { first: '      ' };
  const rule = spec.option?.rule;
  return [
    ...head,
    ...wrap(spec.option?.help ?? spec.help, indent),
    ...(rule ? wrap(`rule: ${rule}`, indent) : []),
  ];
}

function flagSyntax(spec) {
  if (spec.type === 'boolean') return `${spec.flag}, --no-${spec.flag.slice(2)}`;
  if (spec.type === 'choice') return `${spec.flag} ${spec.choices.join('|')}`;
  return `${spec.flag} ${spec.placeholder ?? (spec.type === 'integer' ? 'N' : 'X')}`;
}

// The range as the core's messages write it: integers as min..max, numbers as an interval.
function domain(spec) {
  if (spec.range) return `${spec.type} ${spec.range}`;
  const o = spec.option;
  if (o?.type === 'integer') return `integer ${o.min}..${o.max}`;
  if (o?.type === 'number') return `number in [${o.min}, ${o.max}${o.maxExclusive ? ')' : ']'}`;
  return '';
}

function defaultText(spec, command) {
  const { option, key } = spec;
  const value = COMMANDS[command].defaults[key] ?? (option ? option.default : spec.default);
  // The table's default of an inferred size applies only when there are no inputs to infer from.
  if (option?.inferred && !(key in COMMANDS[command].defaults)) return 'default: from inputs';
  if (value === undefined) return '';
  if (spec.type === 'boolean') return `default ${value ? 'on' : 'off'}`;
  // CausalAttention has one head, so explain's 2 heads give way to it.
  const causal = command === 'explain' && key === 'heads' ? ' (causal: 1)' : '';
  return `default ${value}${causal}`;
}

function helpEntry() {
  return [`${'  -h, --help'.padEnd(SYNTAX_COLUMN)}this help`];
}

// The options a command has no flag for, and why.
function withoutFlags(command) {
  const reasons = Object.entries(COMMANDS[command].withoutFlag);
  if (reasons.length === 0) return [];
  const width = Math.max(...reasons.map(([name]) => name.length)) + 2;
  return [
    '',
    `No flag for these options of forward():`,
    ...reasons.flatMap(([name, why]) =>
      wrap(`${name.padEnd(width)}${why}`, { first: '  ', rest: ' '.repeat(width + 2) }),
    ),
  ];
}

function stageList() {
  const names = STAGES.map((s) => s.name).join(', ');
  const steps = STEP_STAGES.map((s) => s.slug).join(', ');
  return [
    '',
    ...wrap(`Stages: ${names}.`, { rest: '  ' }),
    ...wrap(`Steps (as the page and the element name them): ${steps}.`, { rest: '  ' }),
  ];
}
