// The threaded build: chosen explicitly in Node, bit-identical to the single-threaded build for
// any thread count, and it lets Node exit. Also the head-count experiment and memory reporting.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createAttentionLab, AttentionLabError, MAX_THREADS } from '../../dist/index.mjs';

const shape = { tokens: 150, dIn: 48, dOut: 48, heads: 6, qkvBias: true, seed: 7, trace: false };
const inputs = Float32Array.from({ length: 150 * 48 }, (_, i) => Math.sin(i * 0.37));

function sameBits(a, b) {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; ++i) if (!Object.is(a[i], b[i])) return false;
  return true;
}

test("threads 'auto' in Node picks the single-threaded build", async () => {
  const lab = await createAttentionLab();
  assert.equal(lab.build, 'single');
  assert.equal(lab.threads, 1);
  assert.equal(lab.simd, true);
});

test('1, 2, 3 and 4 threads give bit-identical outputs, equal to the single-threaded build', async () => {
  const single = await createAttentionLab({ threads: 1 });
  const reference = single.forward({ ...shape, inputs }).output.data;
  for (let threads = 2; threads <= MAX_THREADS; ++threads) {
    const lab = await createAttentionLab({ threads });
    assert.equal(lab.build, 'threads');
    assert.equal(lab.threads, threads);
    const model = lab.createModel(shape);
    for (let run = 0; run < 3; ++run) {
      assert.ok(
        sameBits(model.forward(inputs).output.data, reference),
        `${threads} threads, run ${run}`,
      );
    }
    model.dispose();
    lab.terminate();
    assert.throws(
      () => lab.createModel(shape),
      (e) => e instanceof AttentionLabError && e.option === 'lab',
    );
  }
});

test('terminate right after forward passes, twenty times over: no thread runs on freed memory', async () => {
  // Before terminate() waited for the threads to finish exiting, a worker now and then failed
  // with "memory access out of bounds" after the lab was gone. Emscripten's worker catches that
  // and only prints it, so the test reads what the workers print.
  const printed = [];
  const streams = [process.stdout, process.stderr];
  const writes = streams.map((stream) => stream.write);
  streams.forEach((stream, i) => {
    stream.write = (chunk, ...rest) => {
      printed.push(String(chunk));
      return writes[i].call(stream, chunk, ...rest);
    };
  });
  try {
    for (let round = 0; round < 20; ++round) {
      const lab = await createAttentionLab({ threads: MAX_THREADS });
      const model = lab.createModel(shape);
      model.forward(inputs);
      model.forward(inputs);
      model.dispose();
      lab.terminate();
    }
    await new Promise((resolve) => setTimeout(resolve, 300)); // let late worker output arrive
  } finally {
    streams.forEach((stream, i) => (stream.write = writes[i]));
  }
  const errors = printed.filter((text) =>
    /out of bounds|uncaught exception|RuntimeError/i.test(text),
  );
  assert.deepEqual(errors, []);
});

test('not waiting for the workers: the same bits while they load and after; terminated while they load, cleanly', async () => {
  const single = await createAttentionLab({ threads: 1 });
  const reference = single.forward({ ...shape, inputs }).output.data;
  const lab = await createAttentionLab({ threads: MAX_THREADS, waitForThreads: false });
  assert.deepEqual([lab.build, lab.threads, lab.threadsNote], ['threads', MAX_THREADS, '']);
  const model = lab.createModel(shape);
  assert.ok(sameBits(model.forward(inputs).output.data, reference), 'while the workers load');
  await new Promise((resolve) => setTimeout(resolve, 500));
  assert.ok(sameBits(model.forward(inputs).output.data, reference), 'once they have');
  assert.deepEqual([lab.threads, lab.threadsNote], [MAX_THREADS, '']);
  lab.terminate();
  // Made and terminated before its workers have loaded: nothing runs on freed memory, and no note.
  const printed = [];
  const write = process.stderr.write;
  process.stderr.write = (chunk, ...rest) => {
    printed.push(String(chunk));
    return write.call(process.stderr, chunk, ...rest);
  };
  try {
    for (let round = 0; round < 10; ++round) {
      const early = await createAttentionLab({ threads: MAX_THREADS, waitForThreads: false });
      early.forward({ ...shape, inputs });
      early.terminate();
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  } finally {
    process.stderr.write = write;
  }
  assert.deepEqual(
    printed.filter((text) =>
      /out of bounds|uncaught exception|RuntimeError|one thread/i.test(text),
    ),
    [],
  );
});

test('a bad waitForThreads option names what is allowed', async () => {
  for (const waitForThreads of ['no', 0, null]) {
    await assert.rejects(createAttentionLab({ waitForThreads }), (e) => {
      assert.ok(e instanceof AttentionLabError);
      assert.equal(e.option, 'waitForThreads');
      assert.match(e.message, /^waitForThreads = .*: allowed are true or false$/);
      return true;
    });
  }
});

test('a bad threads option names what is allowed', async () => {
  for (const threads of [0, MAX_THREADS + 1, 1.5, 'many']) {
    await assert.rejects(createAttentionLab({ threads }), (e) => {
      assert.ok(e instanceof AttentionLabError);
      assert.equal(e.option, 'threads');
      assert.match(e.message, new RegExp(`'auto' or an integer from 1 to ${MAX_THREADS}`));
      return true;
    });
  }
});

test('headExperiment: loop and fused agree, with medians for each head count', async () => {
  const lab = await createAttentionLab();
  const rows = lab.headExperiment({ heads: [2, 40], repeats: 3 });
  assert.deepEqual(
    rows.map((r) => r.heads),
    [2, 40],
  );
  for (const row of rows) {
    assert.ok(row.loopMs > 0 && row.fusedMs > 0, JSON.stringify(row));
    assert.ok(row.maxDifference <= 1e-6, JSON.stringify(row));
  }
  assert.throws(
    () => lab.headExperiment({ heads: [] }),
    (e) => e.option === 'heads',
  );
  assert.throws(
    () => lab.headExperiment({ heads: [0] }),
    (e) => e.option === 'heads',
  );
  assert.throws(
    () => lab.headExperiment({ repeats: 0 }),
    (e) => e.option === 'repeats',
  );
  assert.equal(
    lab.headExperiment({ heads: [3], repeats: 1 }).length,
    1,
    'still usable after errors',
  );
});

test('memoryBytes grows with a large forward pass and stays a multiple of 64 KiB', async () => {
  const lab = await createAttentionLab();
  const before = lab.memoryBytes();
  assert.equal(before % 65536, 0);
  lab.forward({
    tokens: 512,
    dIn: 256,
    dOut: 256,
    heads: 4,
    trace: false,
    inputs: new Float32Array(512 * 256),
  });
  assert.ok(lab.memoryBytes() >= before);
});

test('MAX_THREADS is the threaded build pthread pool size (one number in CMake and JS)', async () => {
  const { default: createCore } = await import('../../dist/attention-core-threads.mjs');
  const core = await createCore();
  for (const worker of core.PThread?.unusedWorkers ?? []) worker.unref?.();
  assert.equal(core.maxThreads(), MAX_THREADS);
  core.PThread?.terminateAllThreads?.();
});

test('the pthread pool holds the workers asked for, from 1 to MAX_THREADS; otherwise MAX_THREADS', async () => {
  const { default: createCore } = await import('../../dist/attention-core-threads.mjs');
  // The loader asks for the engine's threads less the calling one; other values fall back to the
  // build's most, never to an empty pool (the glue waits for the pool to load before it runs).
  for (const [asked, pool] of [
    [1, 1],
    [3, 3],
    [MAX_THREADS, MAX_THREADS],
    [undefined, MAX_THREADS],
    [0, MAX_THREADS],
    [MAX_THREADS + 1, MAX_THREADS],
    [1.5, MAX_THREADS],
    ['2', MAX_THREADS],
  ]) {
    const core = await createCore(asked === undefined ? {} : { pthreadPoolSize: asked });
    const workers = core.PThread?.unusedWorkers ?? [];
    for (const worker of workers) worker.unref?.();
    assert.equal(workers.length, pool, `pthreadPoolSize ${asked}`);
    core.PThread?.terminateAllThreads?.();
  }
});
