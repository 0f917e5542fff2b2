// Ratios to the best peer, the table and the issue's targets (PASS/FAIL). No Node modules: the
// bench page (web/bench) builds the same table in the browser; the machine info and the JSON file
// are in report-node.mjs.
import { MICRO } from './shapes.mjs';
import { fmtDiff } from './run.mjs';
const ok = (r) => r.status === 'ok' && Number.isFinite(r.medianMs);
const SHAPE_ORDER = ['S1', 'S2', 'S3', 'S4', 'S5'];

/** "best peer" = fastest non-attention-lab, non-native implementation at the same shape and thread count. */
export function addRatios(rows) {
  for (const row of rows) {
    if (!ok(row) || row.shape === 'S4') continue;
    const best = bestPeer(rows, row.shape, (r) => r.threads === row.threads);
    if (best) {
      row.bestPeer = `${best.implementation} (${best.threads} thr)`;
      row.ratioToBestPeer = best.medianMs / row.medianMs;
    }
  }
}

function bestPeer(rows, shape, filter = () => true) {
  let best = null;
  for (const r of rows) {
    if (r.shape !== shape || r.role !== 'peer' || !ok(r) || !filter(r)) continue;
    if (!best || r.medianMs < best.medianMs) best = r;
  }
  return best;
}

const layoutOrder = (r) =>
  r.implementation.endsWith(' loop') ? 0 : r.implementation.endsWith(' fused') ? 1 : 2;

export function sortRows(rows) {
  const familyOrder = { ours: 0, native: 1, ort: 2, tfjs: 3, js: 4 };
  return [...rows].sort(
    (a, b) =>
      SHAPE_ORDER.indexOf(a.shape) - SHAPE_ORDER.indexOf(b.shape) ||
      (a.tokens ?? 0) - (b.tokens ?? 0) ||
      (a.heads ?? 0) - (b.heads ?? 0) ||
      a.threads - b.threads ||
      familyOrder[a.family] - familyOrder[b.family] ||
      layoutOrder(a) - layoutOrder(b) ||
      a.implementation.localeCompare(b.implementation),
  );
}

function fmtTime(ms, micro) {
  if (!Number.isFinite(ms)) return '—';
  if (micro) return `${(ms * 1000).toFixed(ms * 1000 < 10 ? 2 : 1)} µs`;
  if (ms < 1) return `${ms.toFixed(4)} ms`;
  return `${ms.toFixed(ms < 10 ? 3 : ms < 1000 ? 2 : 0)} ms`;
}

const simdText = (s) =>
  s === true ? 'on' : s === false ? 'off' : s === null || s === undefined ? '?' : String(s);

export const TABLE_HEADER = [
  'shape',
  'implementation',
  'thr',
  'SIMD',
  'median',
  'IQR',
  'GFLOP/s',
  'vs best peer',
  'reps',
  'max|Δ|',
  'notes',
];
/** Columns holding numbers (right-aligned in text, and in the bench page's table). */
export const NUMERIC_COLUMNS = new Set([2, 4, 5, 6, 7, 8, 9]);

/**
 * The table's cells, one array of strings per row in TABLE_HEADER's order, sorted; notes are
 * footnotes ("[1]" in a row's notes cell is notes[0]). The text table and the bench page's HTML
 * table are both made from these.
 */
export function tableCells(rows) {
  const notes = [];
  const noteRef = (text) => {
    let i = notes.indexOf(text);
    if (i < 0) i = notes.push(text) - 1;
    return `[${i + 1}]`;
  };
  const lines = [];
  for (const r of sortRows(rows)) {
    const micro = MICRO.has(r.shape);
    const shape = r.shape === 'S4' ? `S4 ${r.variant ?? ''}`.trim() : r.shape;
    const refs = [];
    if (r.note) refs.push(noteRef(r.note));
    if (r.memoryBytes != null) refs.push(`mem ${(r.memoryBytes / 2 ** 20).toFixed(1)} MiB`);
    if (r.memoryNote) refs.push(noteRef(r.memoryNote));
    const good = ok(r);
    lines.push([
      shape,
      r.implementation,
      String(r.threads ?? '?'),
      r.family === 'native'
        ? simdText(r.simd) === '?'
          ? 'native'
          : simdText(r.simd)
        : simdText(r.simd),
      good ? fmtTime(r.medianMs, micro) : r.status,
      good && Number.isFinite(r.iqrMs) ? fmtTime(r.iqrMs, micro) : '—',
      good && Number.isFinite(r.gflops) ? r.gflops.toFixed(r.gflops < 1 ? 3 : 2) : '—',
      good && Number.isFinite(r.ratioToBestPeer) ? `${r.ratioToBestPeer.toFixed(2)}×` : '—',
      good ? String(r.reps ?? '—') : '—',
      Number.isFinite(r.maxDiff) ? fmtDiff(r.maxDiff) : '—',
      refs.join(' '),
    ]);
  }
  return { header: TABLE_HEADER, lines, notes };
}

/** The table as text; footnotes for notes and skipped rows. */
export function formatTable(rows) {
  const { header, lines, notes } = tableCells(rows);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
  const fmtLine = (cells) =>
    cells
      .map((c, i) => (NUMERIC_COLUMNS.has(i) ? c.padStart(widths[i]) : c.padEnd(widths[i])))
      .join('  ')
      .trimEnd();
  const out = [fmtLine(header), widths.map((w) => '-'.repeat(w)).join('  ')];
  let prev = null;
  for (const l of lines) {
    const shapeKey = l[0].split(' ')[0];
    if (prev && shapeKey !== prev) out.push('');
    prev = shapeKey;
    out.push(fmtLine(l));
  }
  return { text: out.join('\n'), notes };
}

/** The issue's targets from the rows: [{ id, status: 'PASS'|'FAIL'|'SKIP', text }]. */
export function evaluateTargets(rows, { threads = [1, 2] } = {}) {
  const targets = [];
  const add = (id, status, text) => targets.push({ id, status, text });
  const ours = (shape, t) =>
    rows.find((r) => r.shape === shape && r.role === 'ours' && r.threads === t && ok(r));
  const oursAny = (shape, t) =>
    rows.find((r) => r.shape === shape && r.role === 'ours' && r.threads === t);
  const why = (shape, t) => oursAny(shape, t)?.note ?? `${shape} not in this run`;
  const fmt = (r) => fmtTime(r.medianMs, MICRO.has(r.shape));
  // attention-lab returning a new array per call, shown beside the judged (reused-array) figure.
  const newArray = (shape, t) =>
    rows.find((r) => r.shape === shape && r.role === 'ours-variant' && r.threads === t && ok(r));

  // S2/S3 ≥ 1.5× faster than the best onnxruntime-web and tfjs variant, 1 and 2 threads.
  for (const shape of ['S2', 'S3']) {
    for (const t of threads) {
      const id = `${shape}-${t}thr-vs-peers`;
      const o = ours(shape, t);
      // ORT at the same thread count; tfjs has no threaded variant under Node, so its
      // single-threaded row stands in as "the best tfjs variant" at 2 threads too.
      const best = bestPeer(
        rows,
        shape,
        (r) => (r.family === 'ort' && r.threads === t) || (r.family === 'tfjs' && r.threads <= t),
      );
      if (!o) add(id, 'SKIP', `${shape} ${t} thr: attention-lab not measured (${why(shape, t)})`);
      else if (!best)
        add(id, 'SKIP', `${shape} ${t} thr: no onnxruntime-web/tfjs row to compare with`);
      else {
        const ratio = best.medianMs / o.medianMs;
        const fresh = newArray(shape, t);
        add(
          id,
          ratio >= 1.5 ? 'PASS' : 'FAIL',
          `${shape} ${t} thr: attention-lab ${fmt(o)} vs best ORT/tfjs ${best.implementation} (${best.threads} thr) ${fmt(best)} → ${ratio.toFixed(2)}× (target ≥ 1.5×)` +
            (fresh
              ? `; with a new array per call ${fmt(fresh)}, ${(best.medianMs / fresh.medianMs).toFixed(2)}×`
              : ''),
        );
      }
    }
  }

  // Our 2 threads ≥ 1.8× faster than our 1 thread at S3.
  {
    const one = ours('S3', 1);
    const two = ours('S3', 2);
    if (!one || !two)
      add(
        'S3-thread-scaling',
        'SKIP',
        `S3 2 thr vs 1 thr: ${!two ? `2 threads not measured (${why('S3', 2)})` : `1 thread not measured (${why('S3', 1)})`}`,
      );
    else {
      const ratio = one.medianMs / two.medianMs;
      const [oneNew, twoNew] = [newArray('S3', 1), newArray('S3', 2)];
      add(
        'S3-thread-scaling',
        ratio >= 1.8 ? 'PASS' : 'FAIL',
        `S3 attention-lab 2 thr ${fmt(two)} vs 1 thr ${fmt(one)} → ${ratio.toFixed(2)}× (target ≥ 1.8×)` +
          (oneNew && twoNew
            ? `; with a new array per call ${fmt(twoNew)} vs ${fmt(oneNew)}, ${(oneNew.medianMs / twoNew.medianMs).toFixed(2)}×`
            : ''),
      );
    }
  }

  // S1 ≤ 3 µs per call.
  for (const t of threads) {
    const o = ours('S1', t);
    const id = `S1-${t}thr-per-call`;
    if (!o) add(id, 'SKIP', `S1 ${t} thr: attention-lab not measured (${why('S1', t)})`);
    else
      add(
        id,
        o.medianMs * 1000 <= 3 ? 'PASS' : 'FAIL',
        `S1 ${t} thr: attention-lab ${fmt(o)} per call (target ≤ 3 µs)`,
      );
  }

  // S4: loop and fused with 4000 heads < 3 ms.
  for (const t of threads) {
    const id = `S4-${t}thr-4000-heads`;
    const s4 = rows.filter((r) => r.shape === 'S4' && r.threads === t && r.heads === 4000 && ok(r));
    const loop = s4.find((r) => r.implementation.endsWith('loop'));
    const fused = s4.find((r) => r.implementation.endsWith('fused'));
    if (!loop || !fused) {
      const skip = rows.find((r) => r.shape === 'S4' && r.threads === t && r.status !== 'ok');
      add(id, 'SKIP', `S4 ${t} thr: h=4000 not measured (${skip?.note ?? 'S4 not in this run'})`);
    } else {
      const pass = loop.medianMs < 3 && fused.medianMs < 3;
      add(
        id,
        pass ? 'PASS' : 'FAIL',
        `S4 ${t} thr, h=4000: loop ${fmt(loop)}, fused ${fmt(fused)} (target both < 3 ms)`,
      );
    }
  }

  // S5: peak WASM memory < 64 MB (64 MiB = 67,108,864 bytes; the stricter 64·10⁶ is shown too).
  for (const t of threads) {
    const id = `S5-${t}thr-memory`;
    const o = rows.find((r) => r.shape === 'S5' && r.role === 'ours' && r.threads === t);
    if (!o || o.memoryBytes == null)
      add(
        id,
        'SKIP',
        `S5 ${t} thr: peak memory not measured (${o?.memoryNote ?? o?.note ?? 'S5 not in this run'})`,
      );
    else {
      const mib = o.memoryBytes / 2 ** 20;
      add(
        id,
        o.memoryBytes < 64 * 2 ** 20 ? 'PASS' : 'FAIL',
        `S5 ${t} thr: peak WASM memory ${mib.toFixed(1)} MiB (${(o.memoryBytes / 1e6).toFixed(1)} MB) (target < 64 MiB)` +
          (ok(o) ? `; forward ${fmt(o)}` : ''),
      );
    }
  }
  return targets;
}
