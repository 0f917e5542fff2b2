// The native build of the core (the ceiling): build/native/attention_bench, run as a child process.
//   attention_bench --shape S2|S3|S5 --reps N --threads K
//   → one JSON line {"shape":"S3","threads":1,"medianMs":..,"iqrMs":..,"gflops":..}
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { flops } from './stats.mjs';
import { baseRow } from './run.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const NATIVE_BINARY = path.join(root, 'build/native/attention_bench');
export const NATIVE_SHAPES = new Set(['S2', 'S3', 'S5']);

export function nativeAvailable() {
  try {
    fs.accessSync(NATIVE_BINARY, fs.constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * Builds attention_bench in build/native when it is missing or out of date: the default build
 * (scripts/build.sh, the test command) leaves it out, since no test runs it. Returns a reason when
 * it cannot be built (the rows then say "not built"), or '' when the binary is ready.
 */
export function buildNative(log) {
  const cmake = (args) => spawnSync('cmake', args, { cwd: root, encoding: 'utf8' });
  if (!fs.existsSync(path.join(root, 'build/native/CMakeCache.txt'))) {
    const configured = cmake(['-S', '.', '-B', 'build/native', '-DCMAKE_BUILD_TYPE=Release']);
    if (configured.status !== 0)
      return `cmake could not configure build/native: ${configured.stderr}`;
  }
  log('native: building build/native/attention_bench (cmake --build … --target attention_bench)');
  const built = cmake(['--build', 'build/native', '-j', '2', '--target', 'attention_bench']);
  return built.status === 0 ? '' : `building attention_bench failed: ${built.stdout.slice(-1500)}`;
}

/** Wall time × threads of all binary runs: an estimate of their CPU time (see cpu.mjs). */
export const nativeCpu = { ms: 0 };

function runBinary(args, timeoutMs) {
  const t0 = performance.now();
  const threads = Number(args[args.indexOf('--threads') + 1]) || 1;
  return new Promise((resolve) => {
    const child = spawn(NATIVE_BINARY, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c) => (stdout += c));
    child.stderr.on('data', (c) => (stderr = (stderr + c).slice(-2000)));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('error', (error) => {
      clearTimeout(timer);
      resolve({ code: -1, stdout, stderr: String(error.message) });
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      nativeCpu.ms += (performance.now() - t0) * threads;
      resolve({ code: signal ? `signal ${signal}` : code, stdout, stderr });
    });
  });
}

/**
 * Participants for benchShape's rounds: each sample is one process run with --reps 1 (the binary
 * warms up with one forward of its own first, then times one).
 */
export function nativeParticipants(shapeName, threadCounts) {
  return threadCounts.map((threads) => {
    const base = {
      threads,
      label: 'native C++ (ceiling)',
      build: 'build/native/attention_bench',
      note: 'one attention_bench process per sample (--reps 1, after its own warm-up forward); no output check',
    };
    if (!nativeAvailable())
      return { ...base, skip: `${path.relative(root, NATIVE_BINARY)} not found (not built yet)` };
    const args = ['--shape', shapeName, '--reps', '1', '--threads', String(threads)];
    return {
      ...base,
      async sample() {
        const res = await runBinary(args, 10 * 60 * 1000);
        const parsed = parseLine(res.stdout);
        if (res.code !== 0 || !parsed || !Number.isFinite(parsed.medianMs)) {
          throw new Error(
            `attention_bench ${args.join(' ')} → exit ${res.code}: ${why(res) || 'no JSON line'}`,
          );
        }
        return { ms: parsed.medianMs, simd: parsed.simd ?? null };
      },
    };
  });
}

function parseLine(stdout) {
  const line = stdout
    .trim()
    .split('\n')
    .reverse()
    .find((l) => l.trim().startsWith('{'));
  try {
    return line ? JSON.parse(line) : null;
  } catch {
    return null;
  }
}

const why = (res) =>
  res.stderr.trim().split('\n').slice(-2).join(' | ') || res.stdout.trim().slice(-200);

/** One row from the binary's own timing loop (S5); status 'skipped' when the binary is missing. */
export async function benchNative(shapeName, shape, threads, reps) {
  const row = {
    ...baseRow(shapeName, shape, { kind: 'native', threads }, 'native C++ (ceiling)'),
    build: 'build/native/attention_bench',
    note: 'its own timing loop in one process, run after the others (not interleaved)',
  };
  if (!nativeAvailable()) {
    return {
      ...row,
      status: 'skipped',
      note: `${path.relative(root, NATIVE_BINARY)} not found (not built yet)`,
    };
  }
  const args = ['--shape', shapeName, '--reps', String(reps), '--threads', String(threads)];
  const res = await runBinary(args, 10 * 60 * 1000);
  const parsed = parseLine(res.stdout);
  if (res.code !== 0 || !parsed || !Number.isFinite(parsed.medianMs)) {
    return {
      ...row,
      status: 'error',
      note: `attention_bench ${args.join(' ')} → exit ${res.code}: ${why(res) || 'no JSON line'}`,
    };
  }
  const fl = flops(shape);
  return {
    ...row,
    threads: parsed.threads ?? threads,
    simd: parsed.simd ?? null,
    medianMs: parsed.medianMs,
    iqrMs: parsed.iqrMs ?? null,
    reps: parsed.reps ?? reps,
    gflops: fl / (parsed.medianMs * 1e6),
    gflopsReported: parsed.gflops ?? null,
    flops: fl,
    raw: parsed,
  };
}
