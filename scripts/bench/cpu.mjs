// How much of the machine did other processes use during the run? Machine-wide busy time comes
// from os.cpus(); our own share is this process plus its children (engine processes and native
// binary runs) — on Linux from /proc/self/stat (utime, stime, cutime, cstime: children that have
// been waited for, which all of ours are by the end), elsewhere from what the engine processes
// reported (native runs then count as wall time × threads).
import fs from 'node:fs';
import os from 'node:os';

const CLOCK_TICKS = 100; // USER_HZ, 100 on every mainstream Linux

export function cpuSnapshot() {
  let busy = 0;
  let idle = 0;
  for (const { times: t } of os.cpus()) {
    busy += t.user + t.nice + t.sys + t.irq;
    idle += t.idle;
  }
  return { busyMs: busy, idleMs: idle, ownMs: ownCpuMs(), at: performance.now() };
}

function ownCpuMs() {
  try {
    const stat = fs.readFileSync('/proc/self/stat', 'utf8');
    // Fields after the parenthesized command name; utime is field 14 (1-based), cstime 17.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = [11, 12, 13, 14].reduce((sum, i) => sum + Number(fields[i]), 0);
    return Number.isFinite(ticks) ? (ticks * 1000) / CLOCK_TICKS : null;
  } catch {
    return null;
  }
}

/**
 * Shares of the machine's CPU capacity over the run: { busy, own, others } in [0, 1].
 * fallbackOwnMs: our CPU time when /proc is unavailable.
 */
export function cpuShares(start, end, fallbackOwnMs) {
  const busy = end.busyMs - start.busyMs;
  const total = busy + (end.idleMs - start.idleMs);
  const own = start.ownMs !== null && end.ownMs !== null ? end.ownMs - start.ownMs : fallbackOwnMs;
  if (!(total > 0)) return null;
  return {
    busy: busy / total,
    own: Math.min(1, own / total),
    others: Math.max(0, (busy - own) / total),
    source: start.ownMs !== null ? '/proc/self/stat' : 'engine reports',
  };
}
