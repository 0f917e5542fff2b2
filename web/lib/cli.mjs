#!/usr/bin/env node
// attention-lab's command line: `forward` runs the API on a JSON file of options and prints JSON;
// `explain` runs a sentence through causal multi-head attention and prints every stage, explained.
// No dependencies beyond the package itself. Exit codes: 0 ok, 1 an error from the library or the
// core (bad option values, memory), 2 a usage error (unknown flag, malformed value, unreadable file).
import { readFileSync } from 'node:fs';
import { createAttentionLab, AttentionLabError } from './index.mjs';

const HELP = `attention-lab: causal multi-head self-attention, stage by stage, real numbers

Usage:
  attention-lab explain "a sentence" [options]  every stage, explained
  attention-lab forward --config FILE.json      forward() on a JSON options file
  attention-lab --help | --version

Run "attention-lab explain --help" or "attention-lab forward --help" for the
options of each command.

Exit status: 0 success, 1 the library rejected a value (the message names the
option, the value and what is allowed), 2 a usage error (unknown flag, value
that is not a number, unreadable file).
`;

const FORWARD_HELP = `Usage: attention-lab forward --config FILE.json [--no-trace]

Runs lab.forward(options) with the options in FILE.json and prints the result
as JSON:
  { "output": { "shape": [B, T, D], "data": [...] },
    "trace":  { "<stage>": { "shape": [...], "data": [...] }, ... } }
Stages appear in lecture order; data is row-major, as plain arrays of the
float32 values, each with the fewest digits that read back as the same float32.

Options:
  --config FILE   the JSON file with forward()'s options; "-" reads stdin.
                  "inputs" is a plain array of numbers (B*T*d_in, row-major);
                  "weights" is optional ({ "W_query.weight": [...], ... }).
                  Example: {"inputs": [0.43, 0.15, 0.89, 0.55, 0.87, 0.66],
                            "dIn": 3, "dOut": 2, "heads": 2}
  --no-trace      print only the output ("trace": {}); same as "trace": false
  -h, --help      this help

JSON has no infinities: -Infinity (the masked scores) is written as the
string "-Infinity"; likewise "Infinity" and "NaN", should they ever occur.
`;

// Teaching defaults: the lecture's MultiHeadAttention example (d_in 3, d_out 2, 2 heads, seed 123),
// so `explain "Your journey starts with one step"` prints the book's own numbers.
const EXPLAIN_DEFAULTS = { dIn: 3, dOut: 2, heads: 2, seed: 123, batch: 1, decimals: 4 };

const EXPLAIN_HELP = `Usage: attention-lab explain "a sentence" [options]

Tokenizes the sentence (GPT-2), gives each token a d_in-vector (lab.embed),
runs one forward pass and prints every stage in lecture order: its name, its
shape with named dimensions, what it is, and its numbers (batch item 0; T x T
matrices head by head with token labels; -inf for masked scores).

Options (defaults: the lecture's MultiHeadAttention example)      default
  --d-in N        embedding size d_in                               3
  --d-out N       output size d_out (per head for --module wrapper) 2
  --heads N       number of heads h; for mha it must divide d_out   2
                  (1 for --module causal)
  --module M      mha | wrapper | causal                            mha
  --masking M     neg-inf | naive                                   neg-inf
  --layout L      fused | loop (same numbers, other computation)    fused
  --no-causal     let every token attend to every token
  --qkv-bias      give W_query, W_key and W_value a bias
  --dropout P     dropout probability in [0, 1); needs --training   0
  --training      training mode: apply dropout
  --seed S        seed of weights and token vectors, 0..4294967295  123
  --batch B       stack the sentence B times                        1
  --stage NAME    print only this stage (e.g. attentionWeights)
  --decimals D    digits after the decimal point, 0..8              4
  -h, --help      this help

"Your journey starts with one step" uses the lecture's own vectors for d_in 3,
so with the defaults its output rows are the book's (first row 0.3190 0.4858).
With d_out 2 and 2 heads each head is 1 wide; try --d-out 4 for 2-wide heads.
`;

const STRING_CHOICES = {
  module: ['mha', 'wrapper', 'causal'],
  masking: ['neg-inf', 'naive'],
  layout: ['fused', 'loop'],
};

// flag → [option key, kind]; kinds: int, number, string, choice, flag (boolean), negflag.
const EXPLAIN_FLAGS = {
  '--d-in': ['dIn', 'int'],
  '--d-out': ['dOut', 'int'],
  '--heads': ['heads', 'int'],
  '--dropout': ['dropout', 'number'],
  '--training': ['training', 'flag'],
  '--seed': ['seed', 'int'],
  '--batch': ['batch', 'int'],
  '--module': ['module', 'choice'],
  '--masking': ['masking', 'choice'],
  '--layout': ['layout', 'choice'],
  '--no-causal': ['causal', 'negflag'],
  '--qkv-bias': ['qkvBias', 'flag'],
  '--stage': ['stage', 'string'],
  '--decimals': ['decimals', 'int'],
};
const FORWARD_FLAGS = {
  '--config': ['config', 'string'],
  '--no-trace': ['trace', 'negflag'],
};

class UsageError extends Error {}

function version() {
  try {
    return (
      JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).version ??
      'unknown'
    );
  } catch {
    return 'unknown';
  }
}

/** Parses argv (after the command) against a flag table: { values, positionals, help }. */
function parseArgs(args, table, command) {
  const values = {};
  const positionals = [];
  let help = false;
  for (let i = 0; i < args.length; ++i) {
    const arg = args[i];
    if (arg === '--') {
      positionals.push(...args.slice(i + 1));
      break;
    }
    if (arg === '-h' || arg === '--help') {
      help = true;
      continue;
    }
    if (!arg.startsWith('-') || arg === '-' || /^-\d/.test(arg)) {
      positionals.push(arg);
      continue;
    }
    const eq = arg.indexOf('=');
    const flag = eq > 0 ? arg.slice(0, eq) : arg;
    const spec = table[flag];
    if (!spec) {
      throw new UsageError(
        `unknown option '${flag}' for '${command}'; the options are: ${Object.keys(table).join(', ')}, --help`,
      );
    }
    const [key, kind] = spec;
    if (kind === 'flag' || kind === 'negflag') {
      if (eq > 0) throw new UsageError(`${flag} takes no value (got '${arg.slice(eq + 1)}')`);
      values[key] = kind === 'flag';
      continue;
    }
    let text;
    if (eq > 0) text = arg.slice(eq + 1);
    else if (i + 1 < args.length) text = args[++i];
    else throw new UsageError(`${flag} needs a value`);
    values[key] = parseValue(flag, key, kind, text);
  }
  return { values, positionals, help };
}

function parseValue(flag, key, kind, text) {
  if (kind === 'string') {
    if (text === '') throw new UsageError(`${flag} needs a value`);
    return text;
  }
  if (kind === 'choice') {
    const allowed = STRING_CHOICES[key];
    if (!allowed.includes(text)) {
      throw new UsageError(`${flag} '${text}': allowed are ${allowed.join(', ')}`);
    }
    return text;
  }
  const value = text.trim() === '' ? NaN : Number(text);
  if (kind === 'int' && !Number.isInteger(value)) {
    throw new UsageError(`${flag} '${text}': must be a whole number`);
  }
  if (!Number.isFinite(value)) throw new UsageError(`${flag} '${text}': must be a number`);
  return value;
}

async function readStdin() {
  const chunks = [];
  for await (const chunk of process.stdin) chunks.push(chunk);
  return Buffer.concat(chunks).toString('utf8');
}

// ---------------------------------------------------------------------------------------------
// forward

async function forwardCommand(args) {
  const { values, positionals, help } = parseArgs(args, FORWARD_FLAGS, 'forward');
  if (help) return void process.stdout.write(FORWARD_HELP);
  if (positionals.length > 0) {
    throw new UsageError(
      `forward takes no arguments besides its options (got '${positionals[0]}')`,
    );
  }
  if (values.config === undefined)
    throw new UsageError('forward needs --config FILE.json (or --config - for stdin)');
  const source =
    values.config === '-' ? 'the config on stdin' : `the config file '${printable(values.config)}'`;
  let text;
  try {
    text = values.config === '-' ? await readStdin() : readFileSync(values.config, 'utf8');
  } catch (error) {
    throw new UsageError(`cannot read ${source}: ${error.code ?? 'unreadable'}`);
  }
  let options;
  try {
    options = JSON.parse(text);
  } catch {
    // Not JSON.parse's own message: it quotes the file's first bytes, whatever the file holds.
    throw new UsageError(`${source} is not valid JSON (it must hold one JSON object of forward() options)`);
  }
  if (options === null || typeof options !== 'object' || Array.isArray(options)) {
    throw new UsageError(
      `${source} must hold a JSON object of forward() options, e.g. {"inputs": [...], "dIn": 3}`,
    );
  }
  if (values.trace === false) options.trace = false;
  const lab = await createAttentionLab();
  const result = lab.forward(options);
  process.stdout.write(resultToJson(result));
}

// The fewest digits that read back as the same float32 (0.43, not 0.4300000071525574). JSON cannot
// hold ±∞ or NaN: those become the strings "-Infinity", "Infinity", "NaN".
function jsonNumber(v) {
  if (!Number.isFinite(v)) return `"${v}"`;
  for (let digits = 1; digits < 9; ++digits) {
    const text = v.toPrecision(digits);
    if (Math.fround(Number(text)) === v) return String(Number(text));
  }
  return String(v);
}
const tensorJson = ({ shape, data }) =>
  `{"shape":${JSON.stringify(shape)},"data":[${Array.from(data, jsonNumber).join(',')}]}`;

/** One line per tensor, so the JSON stays readable and diff-able. */
function resultToJson({ output, trace }) {
  const stages = Object.entries(trace).map(
    ([name, t]) => `    ${JSON.stringify(name)}: ${tensorJson(t)}`,
  );
  const traceText = stages.length ? `{\n${stages.join(',\n')}\n  }` : '{}';
  return `{\n  "output": ${tensorJson(output)},\n  "trace": ${traceText}\n}\n`;
}

// ---------------------------------------------------------------------------------------------
// explain

const WIDTH = 80;
const MAX_ROWS = 12;

async function explainCommand(args) {
  const { values, positionals, help } = parseArgs(args, EXPLAIN_FLAGS, 'explain');
  if (help) return void process.stdout.write(EXPLAIN_HELP);
  if (positionals.length === 0)
    throw new UsageError('explain needs a sentence: attention-lab explain "the dog ran"');
  if (positionals.length > 1) {
    throw new UsageError(
      `explain takes one sentence, but got ${positionals.length} arguments (${positionals
        .map((p) => `'${p}'`)
        .join(' ')}); put the sentence in quotes`,
    );
  }
  // Outer whitespace is a quoting accident, and GPT-2 would make it a token of its own.
  const sentence = positionals[0].trim();
  const { stage: onlyStage, decimals: decimalsGiven, ...given } = values;
  const decimals = decimalsGiven ?? EXPLAIN_DEFAULTS.decimals;
  if (decimals < 0 || decimals > 8)
    throw new UsageError(`--decimals ${decimals}: must be from 0 to 8`);

  const lab = await createAttentionLab();
  const stageNames = lab.stages.map((s) => s.name);
  if (onlyStage !== undefined && !stageNames.includes(onlyStage)) {
    throw new UsageError(`--stage '${onlyStage}': the stages are ${stageNames.join(', ')}`);
  }

  const { dIn, seed, batch } = { ...EXPLAIN_DEFAULTS, ...given };
  const embedding = lab.embed(sentence, { dIn, seed, batch });
  const options = {
    inputs: embedding.inputs,
    batch,
    tokens: embedding.tokens.length,
    dIn,
    dOut: given.dOut ?? EXPLAIN_DEFAULTS.dOut,
    // CausalAttention has one head: let its default apply unless --heads says otherwise.
    heads: given.heads ?? (given.module === 'causal' ? undefined : EXPLAIN_DEFAULTS.heads),
    seed,
  };
  for (const key of ['module', 'masking', 'layout', 'causal', 'qkvBias', 'dropout', 'training']) {
    if (given[key] !== undefined) options[key] = given[key];
  }
  const model = lab.createModel(options);
  const config = model.options;
  let result;
  try {
    result = model.forward(embedding.inputs);
  } finally {
    model.dispose();
  }

  const labels = embedding.tokens.map((t) => tokenLabel(t.text));
  const out = [];
  if (onlyStage === undefined) out.push(...header(embedding, config, labels));
  const dims = Object.fromEntries(lab.stages.map((s) => [s.name, s.dims.split(',')]));
  let index = 0;
  for (const name of stageNames) {
    const tensor = result.trace[name];
    if (!tensor) continue;
    ++index;
    if (onlyStage !== undefined && name !== onlyStage) continue;
    out.push(...stageBlock(index, name, tensor, dims[name], config, labels, decimals));
  }
  if (onlyStage !== undefined && !result.trace[onlyStage]) {
    throw new UsageError(`--stage '${onlyStage}' is not part of this run: ${whyAbsent(onlyStage)}`);
  }
  if (out[0] === '') out.shift();
  process.stdout.write(out.join('\n') + '\n');
}

function whyAbsent(stage) {
  if (stage === 'maskedScores') return 'it belongs to --masking neg-inf (the default)';
  if (stage === 'unmaskedWeights' || stage === 'zeroedWeights') return 'it needs --masking naive';
  return 'this configuration does not produce it';
}

function header(embedding, c, labels) {
  const D = c.module === 'wrapper' ? c.heads * c.dOut : c.dOut;
  const dH = c.module === 'mha' ? c.dOut / c.heads : c.dOut;
  const moduleName = {
    mha: 'MultiHeadAttention',
    wrapper: 'MultiHeadAttentionWrapper',
    causal: 'CausalAttention',
  };
  const lines = [
    ...wrap(`sentence  ${printable(JSON.stringify(clip(embedding.sentence, 140)))}`, '          '),
    ...wrap(
      `tokens    ${embedding.tokens.length} (GPT-2): ` +
        (labels.length <= 24 ? labels : [...labels.slice(0, 20), '…', ...labels.slice(-2)]).join(
          ' | ',
        ),
      '          ',
    ),
    `vectors   ${
      embedding.source === 'lecture'
        ? "the lecture notebook's own 3-d vectors"
        : `seeded per token id (seed ${c.seed}), d_in = ${c.dIn}`
    }`,
    `module    ${c.module} (${moduleName[c.module]}), seed ${c.seed}`,
    `sizes     B=${c.batch}, T=${c.tokens}, d_in=${c.dIn}, d_out=${c.dOut}, h=${c.heads}, d_h=${dH}` +
      `, D=${c.module === 'wrapper' ? 'h·d_out=' : ''}${D}`,
    `settings  ${c.causal ? 'causal' : 'not causal'}, masking ${c.masking}, layout ${c.layout}, ` +
      `${c.qkvBias ? 'qkv bias' : 'no qkv bias'}`,
    `mode      ${
      c.training
        ? `training: dropout p=${c.dropout}`
        : `eval: no dropout${c.dropout ? ` (p=${c.dropout} acts only with --training)` : ''}`
    }`,
  ];
  if (c.batch > 1) {
    lines.push(
      ...wrap(
        `batch     showing item b=0 of ${c.batch} (every item holds the same sentence` +
          `${c.training && c.dropout > 0 ? '; each gets its own dropout mask' : ''})`,
        '          ',
      ),
    );
  }
  return lines;
}

function wrap(text, indent) {
  const lines = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line && line.length + 1 + word.length > WIDTH) {
      lines.push(line);
      line = indent + word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines;
}

function explanation(name, c) {
  const dH = c.module === 'mha' ? c.dOut / c.heads : c.dOut;
  const bias = c.qkvBias ? ' + bias' : '';
  const p = c.dropout;
  const active = c.training && p > 0;
  switch (name) {
    case 'inputs':
      return 'the token embeddings x: one d_in-vector per token';
    case 'queries':
      return `x · W_queryᵀ${bias}: what each token is looking for`;
    case 'keys':
      return `x · W_keyᵀ${bias}: what each token offers to the queries`;
    case 'values':
      return `x · W_valueᵀ${bias}: what each token passes on when attended to`;
    case 'queryHeads':
      return c.module === 'mha'
        ? `queries split into h=${c.heads} heads of d_h=${dH} columns (view + transpose)`
        : c.module === 'wrapper'
          ? `each of the h=${c.heads} heads' own queries (d_h=${dH})`
          : 'the queries as one head (CausalAttention)';
    case 'keyHeads':
      return 'keys split into heads the same way';
    case 'valueHeads':
      return 'values split into heads the same way';
    case 'attentionScores':
      return "queryHeads · keyHeadsᵀ: row i = token i's query against every key";
    case 'scaledScores':
      return `scores ÷ √d_h = ÷ √${dH}${dH === 1 ? ' = ÷ 1 (no change with d_h = 1)' : ` ≈ ÷ ${Math.sqrt(dH).toFixed(3)}`}: keeps softmax soft`;
    case 'maskedScores':
      return c.causal
        ? '-inf above the diagonal: no token may look at a later one'
        : 'not causal: nothing masked, every token sees every token';
    case 'unmaskedWeights':
      return 'naive masking, step 1: softmax over all tokens, the future included';
    case 'zeroedWeights':
      return c.causal
        ? 'naive step 2: future weights set to 0; rows no longer sum to 1'
        : 'naive step 2: not causal, nothing to zero';
    case 'attentionWeights':
      return c.masking === 'naive'
        ? 'naive step 3: each row divided by its sum: rows sum to 1 again'
        : 'softmax of each row: how much token i attends to token j; rows sum to 1';
    case 'dropoutMask':
      return active
        ? `dropout p=${p}: 1 = weight kept, 0 = dropped (new mask every pass)`
        : `no dropout (${c.training ? 'p = 0' : 'eval mode'}): every weight kept`;
    case 'droppedWeights':
      return active
        ? `kept weights × 1/(1−p) = × ${+(1 / (1 - p)).toFixed(4)}: same expected value`
        : 'equal to attentionWeights (no dropout)';
    case 'contextHeads':
      return 'droppedWeights · valueHeads: a weighted mix of values per token, per head';
    case 'mergedHeads':
      return 'the heads transposed back and concatenated side by side';
    case 'output':
      return c.module === 'mha'
        ? 'out_proj(mergedHeads): a linear layer mixes the heads: the context vectors'
        : `the context vectors (${c.module === 'wrapper' ? 'the wrapper' : 'CausalAttention'} has no out_proj)`;
    default:
      return '';
  }
}

function stageBlock(index, name, tensor, dimNames, c, labels, decimals) {
  const { shape, data } = tensor;
  const names = dimNames.length === shape.length ? dimNames : shape.map((_, i) => `d${i}`);
  const shown = shape.map((n, i) => `${names[i]}=${n}`).join(', ');
  const title = `${index}. ${name} (${shown})`;
  const lines = ['', `── ${title} ${'─'.repeat(Math.max(3, WIDTH - title.length - 4))}`];
  const text = explanation(name, c);
  if (text) lines.push(...wrap(text, '   '));
  const fmt = (v) => formatNumber(v, decimals);
  const T = c.tokens;
  if (shape.length === 3) {
    // (B, T, X): rows are tokens, batch item 0.
    const [, rows, cols] = shape;
    const block = data.subarray(0, rows * cols);
    lines.push(...matrix(block, rows, cols, labels, columnNumbers(cols), fmt));
  } else if (shape.length === 4) {
    // (B, h, T, X): one matrix per head, batch item 0.
    const [, heads, rows, cols] = shape;
    const square = names[3] === 'T' && cols === T;
    const headsShown = Math.min(heads, 4);
    const blocks = Array.from({ length: headsShown }, (_, h) =>
      data.subarray(h * rows * cols, (h + 1) * rows * cols),
    );
    // One column width for every head, so the heads line up; T x T matrices also fit short labels.
    let width = Math.max(...blocks.map((b) => cellWidth(b, rows, cols, fmt)));
    if (square) width = Math.max(width, Math.min(7, maxLength(labels)));
    blocks.forEach((block, h) => {
      lines.push(`  head ${h}${square ? '  (rows: queries, columns: keys)' : ''}`);
      lines.push(
        ...matrix(block, rows, cols, labels, square ? labels : columnNumbers(cols), fmt, width),
      );
    });
    if (heads > headsShown)
      lines.push(`  … ${heads - headsShown} more heads (use --stage ${name} with fewer --heads)`);
  } else {
    lines.push(`  ${Array.from(data.subarray(0, 8), fmt).join(' ')}${data.length > 8 ? ' …' : ''}`);
  }
  return lines;
}


const columnNumbers = (n) => Array.from({ length: n }, (_, i) => String(i));

function formatNumber(v, decimals) {
  if (v === -Infinity) return '-inf';
  if (v === Infinity) return 'inf';
  if (Number.isNaN(v)) return 'nan';
  const s = v.toFixed(decimals);
  // -0.0000 reads as a sign error to students: print it as 0.
  return /^-0\.?0*$/.test(s) ? s.slice(1) : s;
}

function tokenLabel(text) {
  const trimmed = text.trim();
  if (trimmed === '') return JSON.stringify(text).slice(1, -1).replace(/ /g, '␣');
  return printable(trimmed.replace(/\s/g, (ch) => JSON.stringify(ch).slice(1, -1)));
}

// Control characters (ESC, BEL, …) shown as \u001b escapes: user text never drives the terminal.
function printable(text) {
  return text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

const clip = (s, n) => (s.length <= n ? s : n <= 1 ? '…' : `${s.slice(0, n - 1)}…`);

/** Which indices to show out of n when at most `max` fit: head, '…', tail. */
function pick(n, max) {
  if (n <= max) return Array.from({ length: n }, (_, i) => i);
  const tail = Math.max(1, Math.floor((max - 1) / 4));
  const head = max - 1 - tail;
  return [
    ...Array.from({ length: head }, (_, i) => i),
    -1,
    ...Array.from({ length: tail }, (_, i) => n - tail + i),
  ];
}

const maxLength = (strings) => strings.reduce((m, s) => Math.max(m, s.length), 0);

/** The widest number among the rows a matrix shows (at least 4). */
function cellWidth(block, rows, cols, fmt) {
  let width = 4;
  for (const r of pick(rows, MAX_ROWS)) {
    if (r < 0) continue;
    for (let j = 0; j < cols; ++j) width = Math.max(width, fmt(block[r * cols + j]).length);
  }
  return width;
}

function matrix(block, rows, cols, rowLabels, colLabels, fmt, minWidth = 0) {
  const rowIdx = pick(rows, MAX_ROWS);
  const labelWidth = Math.min(
    10,
    Math.max(1, ...rowIdx.filter((r) => r >= 0).map((r) => rowLabels[r].length)),
  );
  // Column width: the widest number shown, then as many columns as fit in WIDTH.
  const numWidth = Math.max(minWidth, cellWidth(block, rows, cols, fmt));
  const indent = 2;
  const fit = Math.max(2, Math.floor((WIDTH - indent - labelWidth) / (numWidth + 1)));
  const colIdx = pick(cols, fit);
  const cell = (s) => s.padStart(numWidth);
  const headerCells = colIdx.map((j) => cell(j < 0 ? '…' : clip(colLabels[j], numWidth)));
  const lines = [`${' '.repeat(indent + labelWidth)} ${headerCells.join(' ')}`];
  for (const r of rowIdx) {
    if (r < 0) {
      lines.push(
        `${' '.repeat(indent)}${'⋮'.padEnd(labelWidth)} ${colIdx.map(() => cell('⋮')).join(' ')}`,
      );
      continue;
    }
    const cells = colIdx.map((j) => cell(j < 0 ? '…' : fmt(block[r * cols + j])));
    lines.push(
      `${' '.repeat(indent)}${clip(rowLabels[r], labelWidth).padEnd(labelWidth)} ${cells.join(' ')}`,
    );
  }
  return lines;
}

// ---------------------------------------------------------------------------------------------

let currentCommand = '';

async function main(argv) {
  const [command, ...rest] = argv;
  currentCommand = command;
  if (command === '--help' || command === '-h' || command === 'help')
    return void process.stdout.write(HELP);
  if (command === '--version' || command === '-v')
    return void process.stdout.write(`${version()}\n`);
  if (command === undefined) throw new UsageError('no command given');
  if (command === 'forward') return forwardCommand(rest);
  if (command === 'explain') return explainCommand(rest);
  throw new UsageError(`unknown command '${command}'; the commands are: explain, forward`);
}

// `attention-lab explain ... | head` closes the pipe early: that is not an error.
process.stdout.on('error', (error) => {
  if (error.code === 'EPIPE') process.exit(0);
  throw error;
});

main(process.argv.slice(2)).catch((error) => {
  if (error instanceof UsageError) {
    process.stderr.write(
      `attention-lab: ${printable(error.message)}\nRun "attention-lab --help" for usage.\n`,
    );
    process.exitCode = 2;
  } else if (error instanceof AttentionLabError) {
    // Name the flag too when the option has one (the API says dIn, the command line --d-in).
    const flag = Object.entries(EXPLAIN_FLAGS).find(([, [key]]) => key === error.option)?.[0];
    const where = error.option
      ? ` [option: ${error.option}${flag && currentCommand === 'explain' ? `, ${flag}` : ''}]`
      : '';
    process.stderr.write(`attention-lab: ${printable(error.message)}${printable(where)}\n`);
    process.exitCode = 1;
  } else {
    // No stack trace for users (set ATTENTION_LAB_DEBUG=1 to see it).
    const detail = process.env.ATTENTION_LAB_DEBUG ? error?.stack : (error?.message ?? error);
    process.stderr.write(
      `attention-lab: internal error (please report it): ${printable(String(detail ?? error))}\n`,
    );
    process.exitCode = 1;
  }
});
