// The Node half of the report: the machine's description (os, package versions) and the JSON file
// in bench-results/. Shared by the Node run and the browser run (scripts/bench/browser.mjs).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { FLOP_NOTE } from './stats.mjs';
import { SHAPES } from './shapes.mjs';
import { formatTable } from './report.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export function machineInfo() {
  const cpus = os.cpus();
  // Read package.json files directly: some packages' "exports" hide them from require().
  const version = (name) => {
    try {
      return JSON.parse(
        fs.readFileSync(path.join(root, 'node_modules', name, 'package.json'), 'utf8'),
      ).version;
    } catch {
      return null;
    }
  };
  let labVersion = null;
  try {
    labVersion = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')).version;
  } catch {
    /* ignore */
  }
  return {
    date: new Date().toISOString(),
    cpuModel: cpus[0]?.model ?? null,
    cpuCount: cpus.length,
    availableParallelism: os.availableParallelism?.() ?? null,
    node: process.version,
    v8: process.versions.v8,
    platform: `${os.platform()} ${os.release()} ${os.arch()}`,
    totalMemoryBytes: os.totalmem(),
    loadAverage: os.loadavg(),
    versions: {
      'attention-lab': labVersion,
      'onnxruntime-web': version('onnxruntime-web'),
      '@tensorflow/tfjs-core': version('@tensorflow/tfjs-core'),
      '@tensorflow/tfjs-backend-wasm': version('@tensorflow/tfjs-backend-wasm'),
    },
  };
}

/** Writes bench-results/<prefix>-<ISO timestamp>.json (prefix: bench, or bench-browser). */
export function writeJson(payload, prefix = 'bench') {
  const dir = path.join(root, 'bench-results');
  fs.mkdirSync(dir, { recursive: true });
  const stamp = payload.machine.date.replace(/:/g, '-');
  const file = path.join(dir, `${prefix}-${stamp}.json`);
  const slim = {
    ...payload,
    shapes: SHAPES,
    flopConvention: FLOP_NOTE,
  };
  fs.writeFileSync(
    file,
    `${JSON.stringify(slim, (k, v) => (v === Infinity ? 'Infinity' : v), 2)}\n`,
  );
  return file;
}

/**
 * Prints a run's report to the terminal, the same for the Node run and the browser run: the
 * heading (which names the CPU, since a figure means nothing without it), the table with its
 * footnotes, the notes, and each target's verdict.
 */
export function printReport({ heading, rows, notes, targets }) {
  const { text, notes: footnotes } = formatTable(rows);
  console.log(`\n${heading}\n`);
  console.log(text);
  if (footnotes.length) {
    console.log('');
    footnotes.forEach((n, i) => console.log(`[${i + 1}] ${n}`));
  }
  console.log('\nNotes:');
  for (const n of notes) console.log(`- ${n}`);
  console.log('\nTargets:');
  for (const t of targets) console.log(`${t.status.padEnd(4)} ${t.text}`);
}
