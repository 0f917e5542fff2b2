// The command line's flags and their parsing. Every option of forward() becomes a flag, derived
// from the core's option table (contract.mjs): `dOut` → `--d-out`, booleans as `--x` / `--no-x`,
// choices and numbers read as the table says; the core itself checks ranges and rules. Each
// command adds its own few flags (--stage, --decimals, --config).
import { parseArgs } from 'node:util';
import { OPTIONS } from '../contract.mjs';
import { kebabCase, readText } from '../setting-text.mjs';

/** A mistake in the command line itself (exit status 2), as opposed to a value the core refuses. */
export class UsageError extends Error {}

/** The flag of an option name: `--` and the name in kebab case (`maxFlops` → `--max-flops`). */
export const flagOf = (name) => `--${kebabCase(name)}`;

// The lecture's MultiHeadAttention example, MultiHeadAttention(3, 2, 6, 0.0, num_heads=2) with
// torch.manual_seed(123): explain's defaults, so it prints the book's own numbers.
export const LECTURE_EXAMPLE = Object.freeze({ dIn: 3, dOut: 2, heads: 2, seed: 123 });

// --weights: the lecture's seeded random weights, or the model trained on the Brown Corpus.
const WEIGHTS_FLAG = Object.freeze({
  flag: '--weights',
  key: 'weights',
  type: 'text',
  placeholder: 'random|trained|FILE',
  default: 'random',
  help:
    "random: the lecture's seeded weights (every option applies); trained: the language model " +
    'trained on the Brown Corpus, whose block the weights file fixes (the architecture options ' +
    "apply to the random weights only), with each head's measured role and the top-5 next tokens; " +
    'FILE: a weights file that `attention-lab train` wrote, shown the same way',
});

// --seed of the commands with their own seed (dropout's draw, train's whole run).
const seedFlag = (help) => ({
  flag: '--seed',
  key: 'seed',
  type: 'integer',
  placeholder: 'S',
  default: 123,
  range: '0..4294967295',
  help,
});

/**
 * What each command takes besides the option table: its own flags, the options it has no flag
 * for (and why: its --help says so), and the defaults it uses instead of the table's.
 */
export const COMMANDS = {
  explain: {
    defaults: LECTURE_EXAMPLE,
    withoutFlag: {
      tokens: 'T is the number of tokens of the sentence',
      trace: 'explain prints the trace, so it is always kept',
    },
    own: [
      {
        flag: '--stage',
        key: 'stage',
        type: 'text',
        placeholder: 'NAME',
        help: 'print only this stage, e.g. attentionWeights (the stages are listed below)',
      },
      {
        flag: '--decimals',
        key: 'decimals',
        type: 'integer',
        placeholder: 'D',
        default: 4,
        range: '0..8',
        help: 'digits after the decimal point',
      },
      WEIGHTS_FLAG,
    ],
  },
  heads: {
    defaults: {},
    tableOptions: false,
    withoutFlag: {},
    own: [
      { ...WEIGHTS_FLAG, placeholder: 'trained|FILE', default: 'trained' },
      {
        flag: '--json',
        key: 'json',
        type: 'boolean',
        help: "print every head's role shares as JSON: { head, role, share } rows, trained and random",
      },
    ],
  },
  train: {
    defaults: {},
    tableOptions: false,
    withoutFlag: {},
    own: [
      {
        flag: '--text',
        key: 'text',
        type: 'text',
        placeholder: 'FILE',
        help: 'train on this UTF-8 text file (its last tenth is held out unless --heldout is given)',
      },
      {
        flag: '--heldout',
        key: 'heldout',
        type: 'text',
        placeholder: 'FILE',
        help: 'measure on this text file instead of the last tenth of --text',
      },
      {
        flag: '--corpus',
        key: 'corpus',
        type: 'text',
        placeholder: 'DIR',
        help: 'train on DIR/train.bin and measure on DIR/heldout.bin, the tagged Brown Corpus files of `node scripts/prepare_corpus.mjs` (every head role measurable)',
      },
      {
        flag: '--out',
        key: 'out',
        type: 'text',
        placeholder: 'FILE',
        default: 'model.atlm',
        help: 'the weights file to write (explain --weights FILE, lab.loadWeights(bytes))',
      },
      {
        flag: '--steps',
        key: 'steps',
        type: 'integer',
        default: 3000,
        range: '1..10000000',
        help: 'training steps',
      },
      {
        flag: '--batch',
        key: 'batch',
        type: 'integer',
        default: 32,
        range: '1..4096',
        help: 'windows of --context tokens per step',
      },
      {
        flag: '--lr',
        key: 'learningRate',
        type: 'number',
        placeholder: 'X',
        default: 0.01,
        range: '(0, 1)',
        help: 'the peak learning rate, after 100 steps of warm-up; a cosine down to a tenth of it',
      },
      {
        flag: '--vocabulary',
        key: 'vocabulary',
        type: 'integer',
        default: 2048,
        range: '2..65536',
        help: 'V: the V - 1 most frequent tokens of the text keep their own id, the rest share one',
      },
      {
        flag: '--width',
        key: 'width',
        type: 'integer',
        default: 64,
        range: '1..4096',
        help: 'd, the embedding width (d_in = d_out of the block)',
      },
      {
        flag: '--heads',
        key: 'heads',
        type: 'integer',
        default: 4,
        range: '1..d',
        help: 'h, which must divide d',
      },
      {
        flag: '--context',
        key: 'context',
        type: 'integer',
        default: 64,
        range: '2..4096',
        help: 'tokens per training window, the longest sentence the model reads',
      },
      {
        flag: '--dropout',
        key: 'dropout',
        type: 'number',
        placeholder: 'P',
        default: 0.1,
        range: '[0, 1)',
        help: 'attention dropout while training',
      },
      seedFlag('the initial weights, the windows and every dropout mask'),
      {
        flag: '--max-flops',
        key: 'maxFlops',
        type: 'number',
        placeholder: 'X',
        default: 1e11,
        range: '(0, ∞)',
        help: 'the work limit of one step in floating-point operations (about ten seconds on one thread), checked before training starts',
      },
      {
        flag: '--max-bytes',
        key: 'maxBytes',
        type: 'number',
        placeholder: 'X',
        default: 2 ** 30,
        range: '(0, ∞)',
        help: 'the memory limit of the whole run in bytes, checked before training starts',
      },
      {
        flag: '--float32',
        key: 'float32',
        type: 'boolean',
        default: false,
        help: 'store float32 numbers (default: int8 rows, a quarter of the size)',
      },
      {
        flag: '--json',
        key: 'json',
        type: 'boolean',
        default: false,
        help: "print the result as JSON (the file, its sizes, the losses, the heads' roles)",
      },
      { flag: '--quiet', key: 'quiet', type: 'boolean', default: false, help: 'no progress bar' },
    ],
  },
  describe: {
    defaults: {},
    withoutFlag: {},
    own: [
      {
        flag: '--preset',
        key: 'preset',
        type: 'choice',
        choices: ['lecture', 'gpt2', 'gpt3'],
        help:
          "start from the lecture's toy (d = 6, 2 heads), GPT-2 small's attention block (768, 12 " +
          "heads, T = 1024) or GPT-3's (12288, 96 heads, T = 2048); flags override it",
      },
      { flag: '--json', key: 'json', type: 'boolean', help: 'print the description as JSON' },
    ],
  },
  dropout: {
    defaults: {},
    tableOptions: false,
    withoutFlag: {},
    own: [
      {
        flag: '--p',
        key: 'p',
        type: 'number',
        placeholder: 'P',
        default: 0.5,
        range: '[0, 1)',
        help: 'the dropout probability',
      },
      seedFlag('torch.manual_seed(seed) right before the draw'),
      {
        flag: '--shape',
        key: 'shape',
        type: 'text',
        placeholder: 'AxB',
        default: '6x6',
        help: 'the shape of the tensor of ones to drop (the notebook: 6x6)',
      },
      {
        flag: '--rng',
        key: 'rng',
        type: 'choice',
        choices: ['cpu', 'mkl'],
        default: 'cpu',
        help: "cpu: PyTorch's default CPU kernel (the notebook's mask); mkl: PyTorch builds with MKL on Intel CPUs",
      },
      { flag: '--json', key: 'json', type: 'boolean', help: 'print { output, mask } as JSON' },
    ],
  },
  forward: {
    defaults: {},
    withoutFlag: {},
    own: [
      {
        flag: '--config',
        key: 'config',
        type: 'text',
        placeholder: 'FILE',
        help: 'the JSON file with forward()\'s options; "-" reads stdin',
      },
    ],
  },
};

/**
 * The flags of a command, in lecture order then its own: [{ flag, key, type, choices?, option? }];
 * `option` is the table's entry for flags derived from it.
 */
export function commandFlags(command) {
  const { withoutFlag, own, tableOptions = true } = COMMANDS[command];
  const table = tableOptions ? OPTIONS : [];
  const derived = table
    .filter((o) => !(o.name in withoutFlag))
    .map((option) => ({
      flag: flagOf(option.name),
      key: option.name,
      type: option.type,
      choices: option.choices,
      option,
    }));
  return [...derived, ...own];
}

/**
 * Reads a command's arguments: { options, own, positionals, help }, where options holds the
 * table's options given as flags, and own the command's own flags (with their defaults). Later
 * flags win.
 */
export function parseCommand(command, args) {
  const flags = commandFlags(command);
  const byName = flagsByName(flags);
  // Not strict: parseArgs would refuse "--seed -1" as ambiguous; the tokens let the checks below
  // name every problem in the lecture's terms instead.
  const { tokens } = parseArgs({
    args,
    options: parseArgsConfig(byName),
    strict: false,
    allowPositionals: true,
    tokens: true,
  });
  const own = Object.fromEntries(COMMANDS[command].own.map((spec) => [spec.key, spec.default]));
  const parsed = { options: {}, own, positionals: [], help: false };
  for (const token of tokens) {
    if (token.kind === 'positional') parsed.positionals.push(token.value);
    if (token.kind !== 'option') continue;
    if (token.name === 'help') {
      parsed.help = true;
      continue;
    }
    const entry = byName.get(token.name);
    if (entry === undefined || !token.rawName.startsWith('--'))
      throw unknownFlag(command, token, flags);
    const value = readValue(entry, token);
    (entry.spec.option ? parsed.options : parsed.own)[entry.spec.key] = value;
  }
  return parsed;
}

// parseArgs's names (no dashes) → { spec, value } where value is set for the boolean flags.
function flagsByName(flags) {
  const byName = new Map();
  for (const spec of flags) {
    const name = spec.flag.slice(2);
    if (spec.type === 'boolean') {
      // Node 20's parseArgs has no allowNegative: --no-x is a flag of its own.
      byName.set(name, { spec, value: true });
      byName.set(`no-${name}`, { spec, value: false });
    } else byName.set(name, { spec });
  }
  return byName;
}

function parseArgsConfig(byName) {
  const config = { help: { type: 'boolean', short: 'h' } };
  for (const [name, { spec }] of byName) {
    config[name] = { type: spec.type === 'boolean' ? 'boolean' : 'string' };
  }
  return config;
}

function unknownFlag(command, token, flags) {
  const list = flags.map((s) => (s.type === 'boolean' ? `--[no-]${s.flag.slice(2)}` : s.flag));
  const dash = token.rawName.startsWith('--') ? '' : ' (a sentence starting with - goes after --)';
  return new UsageError(
    `unknown option '${token.rawName}' for '${command}'${dash}; the options are: ` +
      `${list.join(', ')}, --help`,
  );
}

function readValue({ spec, value }, token) {
  const flag = token.rawName;
  if (value !== undefined) {
    if (token.value !== undefined)
      throw new UsageError(`${flag} takes no value (got '${token.value}')`);
    return value;
  }
  // "--heads --d-out 4": the next flag is not --heads's value.
  if (token.value === undefined || (!token.inlineValue && token.value.startsWith('--'))) {
    throw new UsageError(`${flag} needs a value`);
  }
  return parseValue(spec, flag, token.value);
}

// Text that is not a number is a usage error; a number out of range is left to the core, whose
// message names the option and what it allows.
function parseValue(spec, flag, text) {
  const read = readText(spec, text);
  if ('value' in read) return read.value;
  if (spec.type === 'text') throw new UsageError(`${flag} ${read.error}`);
  throw new UsageError(`${flag} '${text}': ${read.error}`);
}
