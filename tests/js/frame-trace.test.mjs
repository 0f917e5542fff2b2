// scripts/frame-trace.mjs reads frame times from Chromium's timeline; here from a small trace
// written by hand, so that what each figure counts is pinned down: a frame from the task that
// handled its input to its commit, and `all`, the thread's CPU time until the next input's frame.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { framesOf } from '../../scripts/frame-trace.mjs';

const MAIN = { pid: 1, tid: 7 };
const ms = (x) => x * 1000; // the trace counts microseconds
// A top-level task from `a` to `b` ms that kept the thread busy for `cpu` ms of it.
const task = (a, b, cpu) => ({
  ...MAIN,
  ph: 'X',
  name: 'RunTask',
  ts: ms(a),
  dur: ms(b - a),
  tdur: ms(cpu),
});
const input = (at) => ({
  ...MAIN,
  ph: 'X',
  name: 'EventDispatch',
  ts: ms(at),
  dur: ms(0.5),
  args: { data: { type: 'input' } },
});
const commit = (a, b) => ({ ...MAIN, ph: 'X', name: 'Commit', ts: ms(a), dur: ms(b - a) });

const TRACE = {
  traceEvents: [
    { ...MAIN, ph: 'M', name: 'thread_name', args: { name: 'CrRendererMain' } },
    // The first input: handled in 0–5 ms, its frame committed at 12 ms, then the address written
    // after the frame (14–15 ms).
    task(0, 5, 4),
    input(1),
    task(10, 12, 2),
    commit(10.5, 12),
    task(14, 15, 1),
    // The second: handled in 20–23 ms, committed at 31 ms; 40–42 ms, what it left for later.
    task(20, 23, 3),
    input(21),
    task(30, 31, 1),
    commit(30.2, 31),
    task(40, 42, 2),
  ],
};

test('a frame runs from the task that handled its input to its commit; all, to the next one', () => {
  const frames = framesOf(TRACE, { types: ['input'] });
  assert.equal(frames.length, 2);
  const round = (x) => Math.round(x * 1000) / 1000;
  const figures = frames.map(({ cpu, work, span, all }) => [cpu, work, span, all].map(round));
  assert.deepEqual(figures, [
    [6, 7, 12, 7], // cpu 4 + 2, busy 5 + 2, 0 → 12 ms; all: the address's 1 ms too
    [4, 4, 11, 6], // cpu 3 + 1, busy 3 + 1, 20 → 31 ms; all: to the trace's end at 42 ms
  ]);
});

test('inputs before the same frame’s commit are one frame (a drag’s coalesced moves)', () => {
  const events = [...TRACE.traceEvents, input(3)];
  const frames = framesOf({ traceEvents: events }, { types: ['input'] });
  assert.equal(frames.length, 2);
  assert.equal(Math.round(frames[0].cpu), 6);
});
