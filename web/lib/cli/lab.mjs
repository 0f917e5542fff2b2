// `attention-lab describe` and `attention-lab dropout`: two of the notebook's experiments without a
// sentence. describe prints every stage's shape and every parameter's count for any size (GPT-3's
// too, which is never allocated); dropout runs torch.manual_seed(seed); nn.Dropout(p) on a tensor
// of ones, with either platform's generator.
import { createAttentionLab, SIZE_PRESETS } from '../index.mjs';
import { formatNumber, PLAIN } from '../present.mjs';
import { UsageError, parseCommand } from './args.mjs';
import { commandHelp } from './help.mjs';
import { matrix, wrap } from './text.mjs';

const count = (n) => n.toLocaleString('en-US');

export async function describeCommand(args) {
  const { options: flags, own, positionals, help } = parseCommand('describe', args);
  if (help) return void process.stdout.write(commandHelp('describe'));
  if (positionals.length > 0)
    throw new UsageError(`describe takes no arguments (got '${positionals[0]}')`);
  const options = { ...(own.preset ? SIZE_PRESETS[own.preset] : {}), ...flags };
  const lab = await createAttentionLab();
  const d = lab.describe(options);
  if (own.json) return void process.stdout.write(`${JSON.stringify(d, null, 2)}\n`);
  const lines = [
    `${own.preset ? `preset ${own.preset}: ` : ''}module ${options.module ?? 'mha'}, D = ${d.width}, d_h = ${d.headSize}`,
    '',
    'stages (shape):',
    ...d.stages.map(
      (s) => `  ${s.name.padEnd(22)} (${s.dims}) = (${s.shape.map(count).join(', ')})`,
    ),
    '',
    'parameters:',
    ...d.parameters.map(
      (p) =>
        `  ${p.name.padEnd(22)} ${`(${p.shape.join(', ')})`.padEnd(16)} ${count(p.count).padStart(14)}`,
    ),
    `  ${'total'.padEnd(39)} ${count(d.parameterCount).padStart(14)}`,
    '',
    `work: ${formatNumber(d.flops / 1e9, 1, PLAIN)} GFLOP per forward pass`,
    ...wrap(d.runsHere ? 'runs here: yes' : `runs here: no: ${d.whyNot}`),
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
}

export async function dropoutCommand(args) {
  const { own, positionals, help } = parseCommand('dropout', args);
  if (help) return void process.stdout.write(commandHelp('dropout'));
  if (positionals.length > 0)
    throw new UsageError(`dropout takes no arguments (got '${positionals[0]}')`);
  const shape = parseShape(own.shape);
  const size = shape.reduce((a, b) => a * b, 1);
  const lab = await createAttentionLab();
  const { output, mask } = lab.dropout({
    input: new Float32Array(size).fill(1),
    shape,
    p: own.p,
    seed: own.seed,
    rng: own.rng,
  });
  if (own.json) {
    const plain = (t) => ({ shape: t.shape, data: Array.from(t.data) });
    return void process.stdout.write(
      `${JSON.stringify({ output: plain(output), mask: plain(mask) })}\n`,
    );
  }
  const kept = mask.data.reduce((a, b) => a + b, 0);
  const cols = shape[shape.length - 1];
  const rows = size / cols;
  const labels = (n) => Array.from({ length: n }, (_, i) => String(i));
  const lines = [
    `torch.manual_seed(${own.seed}); nn.Dropout(${own.p})(torch.ones(${shape.join(', ')}))` +
      `  [${own.rng === 'mkl' ? 'MKL generator' : 'default CPU generator'}]`,
    ...matrix(output.data, rows, cols, {
      rowLabels: labels(rows),
      colLabels: labels(cols),
      format: (v) => formatNumber(v, 4, PLAIN),
    }),
    `kept ${kept} of ${size} (${formatNumber((100 * kept) / size, 1, PLAIN)} %, expected ${formatNumber(100 * (1 - own.p), 1, PLAIN)} %); survivors × 1/(1−p) = ${formatNumber(1 / (1 - own.p), 4, PLAIN)}`,
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
}

// "6x6" → [6, 6]: positive integers, at most 4 dimensions.
function parseShape(text) {
  const parts = String(text)
    .split(/[x×,]/)
    .map((p) => p.trim());
  const shape = parts.map(Number);
  if (
    shape.length > 4 ||
    shape.some((n) => !Number.isInteger(n) || n < 1) ||
    parts.some((p) => p === '')
  ) {
    throw new UsageError(
      `--shape '${text}': give positive integers joined by x, e.g. 6x6 or 2x3x4`,
    );
  }
  return shape;
}
