#!/usr/bin/env node
// Frame times while a student plays with the page: dragging the sliders (the scrubber, d_h in the
// √d_h lab), stepping the number fields with the arrow keys (dropout p, the masking lab's gap),
// playing the steps and typing into the sentence, each with real input events in headless
// Chromium, at the lectures' size, at 64 tokens and at GPT-2's sizes. The frame times come from the
// browser's own timeline (scripts/frame-trace.mjs): per frame an input changed, the main thread's
// work from the task that handled it to the frame's commit, as wall-clock time (work, the figure
// to hold against a frame's budget, 16 ms at 60 frames a second, on an idle machine) and as the
// thread's CPU time (cpu, which other processes on a shared machine do not lengthen; the figure
// to compare two versions by there). Not a test (timings depend on the machine): it prints
// medians and 95th percentiles; --root measures another build.
//
// On a shared machine one run's medians move by a quarter from one run to the next, more than most
// changes move them. So two builds are compared in rounds (--against DIR --rounds N): each round
// measures both, one after the other, the first of the pair alternating from round to round, and
// the report gives each run's CPU median beside the median of the runs.
//
//   bash scripts/build.sh site && npm run -s measure:frames [-- --only drag-dh,type --sizes t64]
//   npm run -s measure:frames -- --only dropout-keys --sizes lectures --against /tmp/before --rounds 4
//
// Every setting is in the address, so a line of the output can be opened as it was measured.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { startServer, launch, checkSite, sentenceOf, ROOT } from '../tests/e2e/helpers.mjs';
import { framesOf, quantile, TRACE_CATEGORIES } from './frame-trace.mjs';
import { INTERACTIONS } from './frame-interactions.mjs';

const T64 = sentenceOf(64);
/** The sizes measured: the lectures' example, the page's largest at 64 tokens, GPT-2 small's. */
export const SIZES = {
  lectures: {
    label: 'lectures: T = 6, d_in = d_out = 6, h = 2, B = 2',
    query: { sentence: 'dream big and work for it', dIn: 6, dOut: 6, heads: 2, batch: 2 },
  },
  t64: {
    label: 'T = 64, d_in = 16, d_out = 96, h = 12, B = 4',
    query: { sentence: T64, dIn: 16, dOut: 96, heads: 12, batch: 4 },
  },
  gpt2: {
    label: 'GPT-2: T = 64, d_in = d_out = 768, h = 12, B = 1',
    query: { sentence: T64, dIn: 768, dOut: 768, heads: 12, batch: 1 },
  },
};
// The page's build, which measure-frames measures unless told --root.
const SITE = path.join(ROOT, 'build', 'site');
// The settings every run writes, whatever the size: the page's defaults, spelled out.
const COMMON = { weights: 'random', module: 'mha', seed: 123, masking: 'neg-inf', layout: 'fused' };

const USAGE = `Usage: node scripts/measure-frames.mjs [options]   (after bash scripts/build.sh site)
  --only LIST     interactions (default all: ${INTERACTIONS.map((i) => i.id).join(',')})
  --sizes LIST    sizes (default each interaction's own: ${Object.keys(SIZES).join(',')})
  --root DIR      another build of the page (default build/site)
  --against DIR   a second build, measured in the same rounds as the first, to compare them
  --rounds N      how many runs of each interaction and size, per build (default 1)
  --json          one JSON line per run (interaction, size, build, round), instead of the table
  --breakdown     under each row, where a frame's main-thread time goes (medians by kind)
  --help`;

function options() {
  try {
    const { values } = parseArgs({
      options: {
        only: { type: 'string' },
        sizes: { type: 'string' },
        root: { type: 'string' },
        against: { type: 'string' },
        rounds: { type: 'string', default: '1' },
        json: { type: 'boolean', default: false },
        breakdown: { type: 'boolean', default: false },
        help: { type: 'boolean', default: false },
      },
    });
    if (!/^[1-9][0-9]?$/.test(values.rounds))
      throw new Error(`--rounds ${values.rounds}: a whole number from 1 to 99`);
    return { ...values, rounds: Number(values.rounds) };
  } catch (err) {
    console.error(`measure-frames: ${err.message}\n${USAGE}`);
    process.exit(2);
  }
}

/** The address of `interaction` at `size`: every setting spelled out. */
export function queryOf(interaction, size) {
  const params = new URLSearchParams({
    ...COMMON,
    ...SIZES[size].query,
    ...interaction.query,
  });
  return `?${params}`;
}

// One interaction at one size in a fresh page: its frames, read from the trace of the drive.
async function measure(browser, url, interaction) {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  try {
    await page.goto(url);
    await page.waitForFunction(() => document.documentElement.dataset.ready === 'true');
    await interaction.prepare?.(page);
    await page.waitForTimeout(500); // the first paint's layout and the URL write settle
    await browser.startTracing(page, { categories: TRACE_CATEGORIES });
    await interaction.drive(page);
    await page.waitForTimeout(300); // the last frame is committed
    const trace = JSON.parse((await browser.stopTracing()).toString());
    return framesOf(trace, interaction.trigger);
  } finally {
    await page.close();
  }
}

const fmt = (x) => (Number.isFinite(x) ? x.toFixed(1).padStart(6) : '     –');

function report(rows, json, breakdown) {
  if (json) {
    for (const r of rows) console.log(JSON.stringify(r));
    return;
  }
  console.log(
    `${'interaction'.padEnd(28)} ${'size'.padEnd(9)} frames   cpu median    p95  work median    p95  all cpu  (ms)`,
  );
  for (const r of rows) {
    console.log(
      `${r.interaction.padEnd(28)} ${r.size.padEnd(9)} ${String(r.frames).padStart(6)}  ${fmt(r.cpu.median)}    ${fmt(r.cpu.p95)}  ${fmt(r.work.median)}    ${fmt(r.work.p95)}   ${fmt(r.all.median)}`,
    );
    if (breakdown)
      console.log(
        `${' '.repeat(29)}${Object.entries(r.parts)
          .map(([part, ms]) => `${part} ${ms.toFixed(1)}`)
          .join(', ')}`,
      );
  }
}

const summary = (xs) => ({ median: quantile(xs, 0.5), p95: quantile(xs, 0.95) });

// One run's line of the report: medians and 95th percentiles, and the median of each kind of work.
function rowOf(interaction, size, frames, machine, run) {
  return {
    interaction: interaction.label,
    size,
    ...run,
    frames: frames.length,
    cpu: summary(frames.map((f) => f.cpu)),
    work: summary(frames.map((f) => f.work)),
    span: summary(frames.map((f) => f.span)),
    all: summary(frames.map((f) => f.all)),
    // The median of each kind on its own: they need not add up to the work's median.
    parts: Object.fromEntries(
      Object.keys(frames[0]?.parts ?? {}).map((k) => [
        k,
        quantile(
          frames.map((f) => f.parts[k]),
          0.5,
        ),
      ]),
    ),
    machine,
  };
}

// Runs in rounds, of one build or two: each run's CPU median, then the median of the runs' CPU
// and wall-clock medians, per interaction, size and build.
function compare(rows, builds) {
  console.log(
    `${'interaction'.padEnd(28)} ${'size'.padEnd(9)} build: each run's CPU median → median of the runs, CPU / wall-clock / all CPU (ms)`,
  );
  const pairs = [...new Set(rows.map((r) => `${r.interaction}\t${r.size}`))];
  for (const pair of pairs) {
    const [interaction, size] = pair.split('\t');
    builds.forEach((build, i) => {
      const runs = rows.filter(
        (r) => r.interaction === interaction && r.size === size && r.build === build,
      );
      const cpu = runs.map((r) => r.cpu.median);
      const lead = i === 0 ? `${interaction.padEnd(28)} ${size.padEnd(9)}` : ' '.repeat(38);
      const each = cpu.map((x) => x.toFixed(1)).join(', ');
      const [work, all] = ['work', 'all'].map((k) =>
        quantile(
          runs.map((r) => r[k].median),
          0.5,
        ),
      );
      console.log(
        `${lead} ${build}: ${each} →${fmt(quantile(cpu, 0.5))} /${fmt(work)} /${fmt(all)}`,
      );
    });
  }
}

// A directory the server can serve the page from, or a clear refusal.
function checkBuild(dir, flag) {
  if (!fs.existsSync(path.join(dir, 'index.html')))
    throw new Error(
      `measure-frames: ${flag} ${dir}: no index.html there (a build of the page:` +
        ' bash scripts/build.sh site, then a copy of build/site)',
    );
}

async function main() {
  const values = options();
  if (values.help) return console.log(USAGE);
  const only = values.only?.split(',');
  const chosen = INTERACTIONS.filter((i) => !only || only.includes(i.id));
  if (!chosen.length) throw new Error(`measure-frames: no interaction in --only ${values.only}`);
  if (values.root) checkBuild(values.root, '--root');
  else checkSite();
  if (values.against) checkBuild(values.against, '--against');
  if (values.against && path.resolve(values.against) === path.resolve(values.root ?? SITE))
    throw new Error(`measure-frames: --against ${values.against} is the build measured already`);
  const machine = `${os.cpus()[0]?.model ?? 'unknown CPU'}, ${os.cpus().length} cores`;
  console.log(`frame times, headless Chromium, ${machine}, 1280 × 800`);
  for (const [id, s] of Object.entries(SIZES)) console.log(`  ${id}: ${s.label}`);
  // The builds measured: the page's (or --root's) and, with --against, the one it is held against.
  const builds = [
    { name: values.root ?? 'build/site', args: values.root ? ['--root', values.root] : [] },
    ...(values.against ? [{ name: values.against, args: ['--root', values.against] }] : []),
  ];
  const browser = await launch();
  const rows = [];
  try {
    for (const build of builds) build.server = await startServer({ args: build.args });
    for (const interaction of chosen)
      for (const size of values.sizes?.split(',') ?? interaction.sizes) {
        if (!SIZES[size]) throw new Error(`measure-frames: unknown size ${size}`);
        for (let round = 1; round <= values.rounds; ++round) {
          // The first of the pair alternates, so that neither build always runs after the other.
          const order = round % 2 ? builds : [...builds].reverse();
          for (const build of order) {
            const url = `${build.server.url}${queryOf(interaction, size)}`;
            const frames = await measure(browser, url, interaction);
            const row = rowOf(interaction, size, frames, machine, { build: build.name, round });
            rows.push(row);
            if (values.json) report([row], true);
          }
        }
      }
  } finally {
    await browser.close();
    for (const build of builds) await build.server?.stop();
  }
  if (values.json) return;
  if (builds.length === 1 && values.rounds === 1) report(rows, false, values.breakdown);
  else
    compare(
      rows,
      builds.map((b) => b.name),
    );
}

// A mistake in the options is said in one line; anything else keeps its stack.
try {
  await main();
} catch (err) {
  if (!String(err?.message).startsWith('measure-frames:')) throw err;
  console.error(err.message);
  process.exit(2);
}
