// A seeded fuzzer of train(): tiny budgets (a 4-wide model, one or two steps) on hostile text
// (NUL, binary, lone surrogates, direction marks, special-token text, empty), absurd option values,
// an AbortSignal fired at a random moment, and several calls at once. Call i of a seed is made from
// (seed, i) alone. Rules: a call resolves with a weights file ("ATLM") of the steps asked for, or
// rejects with an AttentionLabError naming an option, or, when its signal fired, an AbortError;
// a call of the reference options gives the same file every time (nothing left over from a
// refusal or an abort changes a later run). The RSS is sampled every 1,000 calls.
//
// node tests/fuzz/train-fuzz.mjs [--calls N] [--seed S]
import { fileURLToPath } from 'node:url';
import { rng } from './weights-mutations.mjs';

const PACKAGE = process.env.API_FUZZ_PACKAGE ?? new URL('../../dist/index.mjs', import.meta.url);
const TEXT = 'The dog saw the ball, and it ran. The cat sat on the mat. '.repeat(8);
const TINY = { vocabulary: 8, width: 4, heads: 1, context: 8, steps: 2, batch: 2 };
const TEXTS = [
  () => TEXT,
  () => '\0'.repeat(300),
  (r) => String.fromCharCode(...Array.from({ length: 600 }, () => Math.floor(r() * 65536))),
  () => 'dog \ud800 cat \udfff '.repeat(40),
  () => '\u202e dog \u200f cat \u2066 '.repeat(40),
  () => '<|endoftext|> the '.repeat(40),
  () => '',
  () => '   ',
  () => 'ab',
];
const ABSURD = [0, -1, 1.5, NaN, Infinity, 2 ** 32 + 2, 1e12, '2', null, {}, [], true];
const KEYS = ['steps', 'batch', 'vocabulary', 'width', 'heads', 'context', 'dropout', 'seed'];
const MORE = ['learningRate', 'warmup', 'clip', 'maxFlops', 'maxBytes', 'stepsPerCall'];

const pick = (r, list) => list[Math.floor(r() * list.length)];

function callOf(seed, i) {
  const r = rng(seed, i);
  const options = { ...TINY, steps: 1 + Math.floor(r() * 2), text: pick(r, TEXTS)(r) };
  if (r() < 0.3) options[pick(r, [...KEYS, ...MORE])] = pick(r, ABSURD);
  const abortAt = r() < 0.2 ? Math.floor(r() * 4) : -1; // 0 before the call, else ms later
  return { options, abortAt, together: r() < 0.05 ? 3 : 1 };
}

async function one(train, { options, abortAt }) {
  const controller = new AbortController();
  if (abortAt === 0) controller.abort();
  else if (abortAt > 0) setTimeout(() => controller.abort(), abortAt);
  try {
    const result = await train({ ...options, signal: controller.signal });
    const ok = new TextDecoder().decode(result.file.subarray(0, 4)) === 'ATLM';
    return ok && result.info.steps === options.steps ? null : 'a result that is not a file';
  } catch (error) {
    if (error?.name === 'AbortError' && controller.signal.aborted) return null;
    if (error?.name === 'AttentionLabError' && error.option) return null;
    return `${error?.name}: ${error?.message}`;
  }
}

/** Runs the calls; resolves { calls, failures: [{ index, message }], rss: [MiB], seconds, ok }. */
export async function runTrainFuzz({ calls = 2000, seed = 1 } = {}) {
  const { train } = await import(PACKAGE);
  const reference = (await train({ text: TEXT, ...TINY })).file;
  const summary = { calls: 0, failures: [], rss: [] };
  const started = performance.now();
  for (let i = 0; i < calls; ++i) {
    const call = callOf(seed, i);
    const answers = await Promise.all(
      Array.from({ length: call.together }, () => one(train, call)),
    );
    for (const message of answers) if (message) summary.failures.push({ index: i, message });
    if (i % 100 === 99) {
      const file = (await train({ text: TEXT, ...TINY })).file;
      if (file.length !== reference.length || !file.every((b, k) => b === reference[k]))
        summary.failures.push({ index: i, message: 'the reference run made another file' });
    }
    if (i % 1000 === 0) summary.rss.push(Math.round(process.memoryUsage().rss / 2 ** 20));
    summary.calls = i + 1;
  }
  summary.seconds = (performance.now() - started) / 1000;
  summary.ok = summary.failures.length === 0;
  return summary;
}

export const formatSummary = (s) =>
  [
    `train fuzz: ${s.calls} calls in ${s.seconds.toFixed(0)} s, ${s.failures.length} failures; ` +
      `RSS every 1,000 calls (MiB): ${s.rss.join(' ')}`,
    ...s.failures.slice(0, 20).map((f) => `  call ${f.index}: ${f.message}`),
  ].join('\n');

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const arg = (name, fallback) => {
    const at = process.argv.indexOf(name);
    return at < 0 ? fallback : Number(process.argv[at + 1]);
  };
  const summary = await runTrainFuzz({ calls: arg('--calls', 2000), seed: arg('--seed', 1) });
  console.log(formatSummary(summary));
  process.exitCode = summary.ok ? 0 : 1;
}
