// Waiting for a quiet machine between samples. An engine's process can keep a CPU busy after its
// sample has returned: onnxruntime-web's worker threads spin after a run (about 16 ms of CPU time
// in the 12 ms after a 2-thread S2 run), and V8 may still be collecting garbage on background
// threads. The bench's fixed gap covers what it measured; this wait covers the rest: after the
// gap it waits until the engine processes' threads together use less than `share` of one CPU over
// `windowMs`. CPU time per thread comes from Linux's /proc/<pid>/task/<tid>/schedstat (ns); where
// that is missing the wait is skipped.
import fs from 'node:fs';

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Nanoseconds on a CPU so far, summed over every thread of the processes; null without /proc. */
export function threadsCpuNs(pids) {
  let total = 0;
  let seen = false;
  for (const pid of pids) {
    let tids;
    try {
      tids = fs.readdirSync(`/proc/${pid}/task`);
    } catch {
      continue; // exited
    }
    for (const tid of tids) {
      try {
        total += Number(
          fs.readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').split(' ')[0],
        );
        seen = true;
      } catch {
        /* the thread ended meanwhile */
      }
    }
  }
  return seen ? total : null;
}

/**
 * Waits until the processes' threads use < share of a CPU over windowMs (at most maxMs).
 * Returns { waitedMs, quiet } (quiet false: gave up at maxMs, or no /proc).
 */
export async function waitForQuiet(pids, { windowMs = 5, share = 0.05, maxMs = 1000 } = {}) {
  const t0 = performance.now();
  let before = threadsCpuNs(pids);
  if (before === null) return { waitedMs: 0, quiet: false };
  let start = performance.now();
  for (;;) {
    await sleep(windowMs);
    const now = performance.now();
    const after = threadsCpuNs(pids);
    if (after === null) return { waitedMs: now - t0, quiet: false };
    if (after - before < share * (now - start) * 1e6) return { waitedMs: now - t0, quiet: true };
    if (now - t0 > maxMs) return { waitedMs: now - t0, quiet: false };
    before = after;
    start = now;
  }
}
