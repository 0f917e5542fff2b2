// A seeded fuzzer of the weights-file surface: lab.loadWeights(bytes) and the CLI's --weights FILE,
// on files made from the shipped one and from two small files train() writes: truncated,
// bit-flipped, with huge declared sizes, wrong counts, NaN / ±∞ / huge weights (their CRC-32
// recomputed, so the value check and not the checksum must catch them), a vocabulary beyond GPT-2's,
// damaged facts, random mutations, and things that are not bytes at all.
//
// Rules, per call:
//   refusal   a refused file is refused with an AttentionLabError whose option and message name
//             the file (option weightsFile or weights, a message that says what is wrong);
//   corrupt   a file whose bytes changed and whose CRC-32 was not recomputed is refused;
//   nonfinite a file holding NaN or ±∞ is refused, whatever its CRC-32;
//   accepted  an accepted file explains a sentence with finite probabilities that sum to 1;
//   bits      after every refusal a small model loaded at the start still explains the reference
//             sentence with the same bits; after every 50th, the shipped model loaded at the start
//             too, and a fresh load of the shipped file;
//   cli       `attention-lab explain … --weights FILE` (every 250th call) exits 0, or 1 or 2 with a
//             message naming the file and no stack trace;
//   hang / crash  the calls run in a child process; a call over --hang-ms (10 s) is killed and
//             recorded, and so is a child that dies; the run goes on at the next call.
//
// node tests/fuzz/weights-fuzz.mjs [--calls N] [--seed S] [--from I] [--hang-ms MS] [--report F]
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { mutateFile, rng } from './weights-mutations.mjs';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const PACKAGE = process.env.API_FUZZ_PACKAGE ?? path.join(HERE, '../../dist/index.mjs');
const CLI = path.join(path.dirname(PACKAGE), 'cli.mjs');
const SENTENCE = 'The dog saw the ball.'; // 6 tokens: within the small files' context of 16

// The bits of an explanation: every next-token probability, as text (exact for a double).
const bitsOf = (run) =>
  JSON.stringify(run.next.map((row) => row.map((n) => [n.id, n.probability])));

function checkExplained(run, vocabulary) {
  for (const row of run.next) {
    let sum = 0;
    for (const n of row) {
      if (!Number.isFinite(n.probability) || n.probability < 0 || n.probability > 1)
        return `a probability of ${n.probability}`;
      sum += n.probability;
    }
    // With every token listed (a vocabulary of five or fewer), the row is the whole distribution.
    if (row.length === vocabulary && Math.abs(sum - 1) > 1e-6) return `probabilities sum to ${sum}`;
  }
  for (const x of run.inputs.data) if (!Number.isFinite(x)) return `an input of ${x}`;
  for (const x of run.forward.output.data) if (!Number.isFinite(x)) return `an output of ${x}`;
  return null;
}

// A refusal is an AttentionLabError about the weights, with a message that says something.
function checkRefusal(error) {
  if (error?.name !== 'AttentionLabError') return `not an AttentionLabError: ${String(error)}`;
  if (!['weightsFile', 'weights'].includes(error.option)) return `option '${error.option}'`;
  if (!/weights/.test(error.message) || /unknown exception/.test(error.message))
    return `message: ${error.message}`;
  return null;
}

// The CLI on the file: a clear answer, never a stack trace or NaN.
function checkCli(bytes, dir, index) {
  const file = path.join(dir, `call-${index}.atlm`);
  fs.writeFileSync(file, bytes);
  const r = spawnSync(process.execPath, [CLI, 'explain', 'the dog saw it.', '--weights', file], {
    encoding: 'utf8',
    timeout: 60_000,
  });
  fs.rmSync(file, { force: true });
  if (r.error) return `the CLI did not finish: ${r.error.message}`;
  if (r.status === 0) return /NaN/.test(r.stdout) ? 'the CLI printed NaN' : null;
  if (![1, 2].includes(r.status)) return `the CLI exited with ${r.status}: ${r.stderr}`;
  if (/^\s+at /m.test(r.stderr)) return `a stack trace: ${r.stderr}`;
  if (!/weights/.test(r.stderr)) return `a message that does not name the file: ${r.stderr}`;
  return null;
}

// The child: runs calls [from, from + calls), reporting each before it starts ("> i") and each
// failure ("! i rule message") on stdout.
async function child({ seed, from, calls }) {
  const { createAttentionLab, train } = await import(PACKAGE);
  const lab = await createAttentionLab();
  const text = 'The dog saw the ball, and it ran. The cat sat on the mat. '.repeat(30);
  const small = { vocabulary: 8, width: 4, heads: 2, context: 16, steps: 2, batch: 2, text };
  const bases = {
    shipped: new Uint8Array(fs.readFileSync(path.join(path.dirname(PACKAGE), 'brown.atlm'))),
    int8: (await train(small)).file,
    float32: (await train({ ...small, float32: true })).file,
  };
  const reference = await lab.loadWeights(bases.shipped.slice());
  const expected = bitsOf(reference.explain(SENTENCE));
  const smallReference = await lab.loadWeights(bases.int8.slice());
  const smallExpected = bitsOf(smallReference.explain(SENTENCE));
  let refusals = 0;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'weights-fuzz-'));
  const say = (line) => process.stdout.write(`${line}\n`);
  const fail = (i, rule, message) => say(`! ${i} ${rule} ${message.replace(/\n/g, ' ')}`);
  for (let i = from; i < from + calls; ++i) {
    say(`> ${i}`);
    const call = mutateFile(rng(seed, i), bases);
    let model;
    try {
      model = await lab.loadWeights(call.input);
    } catch (error) {
      const why = checkRefusal(error);
      if (why) fail(i, 'refusal', `${call.what}: ${why}`);
    }
    if (model) {
      if (call.mustRefuse) fail(i, call.mustRefuse, `${call.what}: accepted`);
      try {
        const why = checkExplained(model.explain(SENTENCE), model.info.vocabulary);
        if (why) fail(i, 'accepted', `${call.what}: ${why}`);
        model.roles();
      } catch (error) {
        if (error?.name !== 'AttentionLabError') fail(i, 'accepted', `${call.what}: ${error}`);
      }
      model.dispose();
    } else {
      if (bitsOf(smallReference.explain(SENTENCE)) !== smallExpected) fail(i, 'bits', call.what);
      if (++refusals % 50 === 0) {
        if (bitsOf(reference.explain(SENTENCE)) !== expected) fail(i, 'bits', call.what);
        const fresh = await lab.loadWeights(bases.shipped.slice());
        if (bitsOf(fresh.explain(SENTENCE)) !== expected) fail(i, 'bits', `fresh: ${call.what}`);
        fresh.dispose();
      }
    }
    if (i % 250 === 249 && call.input instanceof Uint8Array) {
      const why = checkCli(call.input, dir, i);
      if (why) fail(i, 'cli', `${call.what}: ${why}`);
    }
  }
  fs.rmSync(dir, { recursive: true, force: true });
  say(`= memory ${lab.memoryBytes()} rss ${process.memoryUsage().rss}`);
}

/**
 * Runs `calls` calls from `seed` in child processes with a watchdog. Resolves { calls, failures:
 * [{ index, rule, message }], hangs: [index], crashes: [{ index, stderr }], memory, rss, ok,
 * seconds }.
 */
export async function runWeightsFuzz({ calls = 2000, seed = 1, from = 0, hangMs = 10_000 } = {}) {
  const summary = { calls: 0, failures: [], hangs: [], crashes: [], seconds: 0 };
  const started = performance.now();
  let next = from;
  const end = from + calls;
  while (next < end) {
    const args = [fileURLToPath(import.meta.url), '--child', '--seed', seed, '--from', next];
    const proc = spawn(process.execPath, [...args, '--calls', end - next].map(String), {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let current = next - 1;
    let stderr = '';
    let timer;
    let hung = false;
    const arm = () => {
      clearTimeout(timer);
      timer = setTimeout(
        () => {
          hung = true;
          proc.kill('SIGKILL');
        },
        hangMs + 60_000 * (current < next),
      ); // the child's start trains two small files
    };
    arm();
    let buffered = '';
    proc.stdout.on('data', (chunk) => {
      buffered += chunk;
      const lines = buffered.split('\n');
      buffered = lines.pop();
      for (const line of lines) {
        const [mark, index, ...rest] = line.split(' ');
        if (mark === '>') {
          current = Number(index);
          summary.calls = Math.max(summary.calls, current - from + 1);
          arm();
        } else if (mark === '!') {
          summary.failures.push({ index: Number(index), rule: rest[0], message: rest.join(' ') });
        } else if (mark === '=') {
          summary.memory = Number(rest[0]);
          summary.rss = Number(rest[2]);
        }
      }
    });
    proc.stderr.on('data', (chunk) => (stderr = (stderr + chunk).slice(-4000)));
    const code = await new Promise((resolve) => proc.on('close', resolve));
    clearTimeout(timer);
    if (code === 0 && !hung) break;
    if (hung) summary.hangs.push(current);
    else summary.crashes.push({ index: current, stderr });
    next = Math.max(current + 1, next + 1);
  }
  summary.seconds = (performance.now() - started) / 1000;
  summary.ok = !summary.failures.length && !summary.hangs.length && !summary.crashes.length;
  return summary;
}

export function formatSummary(s) {
  const lines = [
    `weights fuzz: ${s.calls} calls in ${s.seconds.toFixed(0)} s, ${s.failures.length} failures, ` +
      `${s.hangs.length} hangs, ${s.crashes.length} crashes; WebAssembly memory ${s.memory} ` +
      `bytes, child RSS ${((s.rss ?? 0) / 2 ** 20).toFixed(0)} MiB at the end`,
  ];
  for (const f of s.failures.slice(0, 20)) lines.push(`  call ${f.index}: ${f.message}`);
  for (const h of s.hangs) lines.push(`  call ${h}: hung`);
  for (const c of s.crashes) lines.push(`  call ${c.index}: crashed: ${c.stderr.slice(-400)}`);
  if (s.failures.length + s.hangs.length + s.crashes.length)
    lines.push('  replay one: node tests/fuzz/weights-fuzz.mjs --seed S --from I --calls 1');
  return lines.join('\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const arg = (name, fallback) => {
    const at = process.argv.indexOf(name);
    return at < 0 ? fallback : Number(process.argv[at + 1]);
  };
  const options = { seed: arg('--seed', 1), from: arg('--from', 0), calls: arg('--calls', 2000) };
  if (process.argv.includes('--child')) {
    await child(options);
  } else {
    const summary = await runWeightsFuzz({ ...options, hangMs: arg('--hang-ms', 10_000) });
    console.log(formatSummary(summary));
    const at = process.argv.indexOf('--report');
    if (at > 0) fs.writeFileSync(process.argv[at + 1], `${JSON.stringify(summary, null, 1)}\n`);
    process.exitCode = summary.ok ? 0 : 1;
  }
}
