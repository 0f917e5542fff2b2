// `attention-lab explain "a sentence"`: one forward pass of the sentence, and every trace stage in
// lecture order with its named shape, what it is (stage-text.mjs, shared with the page) and its
// numbers for batch item 0.
import { createAttentionLab } from '../index.mjs';
import { STAGES } from '../contract.mjs';
import {
  PLAIN,
  MODULE_CLASSES,
  formatNumber,
  namedShape,
  printable,
  sizesOf,
  tokenLabel,
} from '../present.mjs';
import { explainStage } from '../stage-text.mjs';
import { STEP_STAGES, stageNamed } from '../steps.mjs';
import { didYouMean } from '../suggest.mjs';
import { UsageError, parseCommand } from './args.mjs';
import { LECTURE_EXAMPLE } from './flags.mjs';
import { commandHelp } from './help.mjs';
import { WIDTH, clip, headMatrices, matrix, wrap } from './text.mjs';
import { explainTrained } from './trained.mjs';
import { explainJson } from './explain-json.mjs';

const STAGE_NAMES = STAGES.map((s) => s.name);
const MAX_HEADS_SHOWN = 4;
const JSON_TRAINED =
  '--json prints the run of the random weights (--weights random); for the trained model, ' +
  '`attention-lab heads --json` prints its heads as JSON';

export async function explainCommand(args) {
  const { options: given, own, positionals, help } = parseCommand('explain', args);
  if (help) return void process.stdout.write(commandHelp('explain'));
  const sentence = oneSentence(positionals);
  const decimals = checkDecimals(own.decimals);
  if (own.stage !== undefined) own.stage = traceStageOf(own.stage, given.masking);
  if (own.weights !== 'random') {
    if (own.json) throw new UsageError(JSON_TRAINED);
    return explainTrained(sentence, given, own, stageBlock);
  }

  const lab = await createAttentionLab();
  const { dIn, seed } = { ...LECTURE_EXAMPLE, ...given };
  const embedding = lab.embed(sentence, { dIn, seed, batch: given.batch });
  const model = lab.createModel(modelOptions(given, embedding));
  const config = model.options;
  let trace;
  try {
    trace = model.forward(embedding.inputs).trace;
  } finally {
    model.dispose();
  }
  if (own.stage !== undefined && !trace[own.stage]) {
    throw new UsageError(`--stage '${own.stage}' is not part of this run: ${whyAbsent(own.stage)}`);
  }

  if (own.json) {
    const sizes = sizesOf(trace);
    const run = { embedding, config, sizes, trace, stages: STAGES, only: own.stage };
    return void process.stdout.write(explainJson(run));
  }
  const run = {
    config,
    sizes: sizesOf(trace),
    labels: embedding.tokens.map((t) => tokenLabel(t.text)),
    format: (v) => formatNumber(v, decimals, PLAIN),
  };
  const out = own.stage === undefined ? header(embedding, run) : [];
  let index = 0;
  for (const { name, dims } of STAGES) {
    if (!trace[name]) continue;
    ++index;
    if (own.stage === undefined || name === own.stage) {
      out.push('', ...stageBlock(index, name, dims, trace[name], run));
    }
  }
  if (out[0] === '') out.shift();
  process.stdout.write(out.join('\n') + '\n');
}

// --stage takes what the element's `stage` attribute takes: a trace stage (attentionWeights) or a
// step of the page (softmax), which means the stage that step is about.
function traceStageOf(stage, masking) {
  const name = stageNamed(stage, STAGE_NAMES, masking);
  if (name !== undefined) return name;
  const known = [...STAGE_NAMES, ...STEP_STAGES.map((s) => s.slug)];
  throw new UsageError(
    `--stage '${stage}'${didYouMean(stage, known)}: the stages are ${STAGE_NAMES.join(', ')}; ` +
      `the page's steps are ${STEP_STAGES.map((s) => s.slug).join(', ')}`,
  );
}

function oneSentence(positionals) {
  if (positionals.length === 0) {
    throw new UsageError('explain needs a sentence: attention-lab explain "the dog ran"');
  }
  if (positionals.length > 1) {
    const quoted = positionals.map((p) => `'${p}'`).join(' ');
    throw new UsageError(
      `explain takes one sentence, but got ${positionals.length} arguments (${quoted}); ` +
        'put the sentence in quotes',
    );
  }
  // Outer whitespace is a quoting accident, and GPT-2 would make it a token of its own.
  return positionals[0].trim();
}

function checkDecimals(decimals) {
  if (!Number.isInteger(decimals) || decimals < 0 || decimals > 8) {
    throw new UsageError(`--decimals ${decimals}: must be from 0 to 8`);
  }
  return decimals;
}

// The given options over the lecture's example; the sentence decides the tokens.
function modelOptions(given, embedding) {
  const options = { ...LECTURE_EXAMPLE, ...given };
  // The example's 2 heads are MultiHeadAttention's: the one-head classes keep their own default
  // unless --heads says otherwise, and the attention without weights keeps d_out = d_in.
  const multiHead =
    given.module === undefined || given.module === 'mha' || given.module === 'wrapper';
  if (!multiHead && given.heads === undefined) delete options.heads;
  if (given.module === 'simplified' && given.dOut === undefined) delete options.dOut;
  return { ...options, inputs: embedding.inputs, tokens: embedding.tokens.length, trace: true };
}

function whyAbsent(stage) {
  if (stage === 'maskedScores') return 'it belongs to --masking neg-inf (the default)';
  if (stage === 'unmaskedWeights' || stage === 'zeroedWeights') return 'it needs --masking naive';
  return 'this configuration does not produce it';
}

// The run in a few lines: the sentence, its tokens, the module, the sizes and the settings.
function header(embedding, { config: c, sizes: s, labels }) {
  const hanging = { rest: '          ' };
  const tokens = labels.length <= 24 ? labels : [...labels.slice(0, 20), '…', ...labels.slice(-2)];
  const vectors =
    embedding.source === 'lecture'
      ? "the lecture notebook's own 3-d vectors"
      : `seeded per token id (seed ${c.seed}), d_in = ${s.d_in}`;
  const mode = c.training
    ? `training: dropout p=${c.dropout}`
    : `eval: no dropout${c.dropout ? ` (p=${c.dropout} acts only with --training)` : ''}`;
  const lines = [
    ...wrap(`sentence  ${printable(JSON.stringify(clip(embedding.sentence, 140)))}`, hanging),
    ...wrap(`tokens    ${labels.length} (GPT-2): ${tokens.join(' | ')}`, hanging),
    `vectors   ${vectors}`,
    `module    ${c.module} (${MODULE_CLASSES[c.module]}), seed ${c.seed}`,
    `sizes     B=${s.B}, T=${s.T}, d_in=${s.d_in}, d_out=${c.dOut}, h=${s.h}, d_h=${s.d_h}, ` +
      `D=${c.module === 'wrapper' ? 'h·d_out=' : ''}${s.D}`,
    `settings  ${c.causal ? 'causal' : 'not causal'}, masking ${c.masking}, ` +
      `layout ${c.layout}, ${c.qkvBias ? 'qkv bias' : 'no qkv bias'}`,
    `mode      ${mode}`,
  ];
  if (s.B > 1) {
    const masks = c.training && c.dropout > 0 ? '; each gets its own dropout mask' : '';
    lines.push(
      ...wrap(
        `batch     showing item b=0 of ${s.B} (every item holds the same sentence${masks})`,
        hanging,
      ),
    );
  }
  return lines;
}

// "── 11. attentionWeights (B=1, h=2, T=6, T=6) ──", what it is, and its numbers.
function stageBlock(index, name, dims, { shape, data }, run) {
  const title = `${index}. ${name} ${namedShape(dims, shape)}`;
  const lines = [`── ${title} ${'─'.repeat(Math.max(3, WIDTH - title.length - 4))}`];
  const text = explainStage(name, run.config, run.sizes, PLAIN);
  if (text) lines.push(...wrap(text, { rest: '   ' }));
  const names = dims.split(',');
  const { labels, format } = run;
  if (shape.length === 3) {
    // (B, T, X): rows are tokens, batch item 0.
    const [, rows, cols] = shape;
    lines.push(...matrix(data.subarray(0, rows * cols), rows, cols, { rowLabels: labels, format }));
  } else if (shape.length === 4 && names[1] === 'T') {
    // (B, T, h, X), the views before the transpose: one matrix per token, batch item 0, its rows
    // the heads (the forgotten transpose's columns are heads too).
    const [, tokens, heads, cols] = shape;
    const headLabels = Array.from({ length: heads }, (_, h) => `head ${h}`);
    const square = names[3] === 'h';
    const shown = Math.min(tokens, MAX_HEADS_SHOWN);
    lines.push(
      ...headMatrices(data, shown, heads, cols, {
        rowLabels: headLabels,
        colLabels: square ? headLabels : undefined,
        format,
        title: (t) =>
          `  token ${t}: ${labels[t]}${square ? '  (its heads against its heads)' : ''}`,
      }),
    );
    if (tokens > shown) {
      const more = tokens - shown;
      lines.push(
        `  … ${more} more ${more === 1 ? 'token' : 'tokens'} (use --stage ${name} with a shorter sentence)`,
      );
    }
  } else if (shape.length === 4) {
    // (B, h, T, X): one matrix per head, batch item 0; T × T matrices have tokens as columns.
    const [, heads, rows, cols] = shape;
    const square = names[3] === 'T';
    const shown = Math.min(heads, MAX_HEADS_SHOWN);
    lines.push(
      ...headMatrices(data, shown, rows, cols, {
        rowLabels: labels,
        colLabels: square ? labels : undefined,
        format,
        title: (h) => `  head ${h}${square ? '  (rows: queries, columns: keys)' : ''}`,
      }),
    );
    if (heads > shown) {
      lines.push(`  … ${heads - shown} more heads (use --stage ${name} with fewer --heads)`);
    }
  } else {
    const first = Array.from(data.subarray(0, 8), format).join(' ');
    lines.push(`  ${first}${data.length > 8 ? ' …' : ''}`);
  }
  return lines;
}
