#!/usr/bin/env node
// How long the page takes from a typed sentence to the painted frame, at the largest size it
// offers: T = 64 tokens, d_out = 96, 12 heads, batch 4 (the aim: 50 ms). Not a test
// (timings depend on the machine); it prints the median of 20 edits for a few steps.
//
//   bash scripts/build.sh site && node scripts/measure-input.mjs [--runs 20] [--steps softmax,dropout]
//
// --gpt2 measures GPT-2 small's sizes instead: d_in = d_out = 768, 12 heads of 64,
// batch 1, where the d-wide tensors are drawn in bands.
//
// --eval measures in evaluation mode (the page's default), where the dropout step adds a traced
// training-mode pass for its preview; the default is training mode, whose pass drops itself.
//
// --root DIR serves another build of the page (a copy of build/site made from another commit), so
// that two versions can be measured in turns, A/B/A/B, on a machine whose speed drifts.
//
// Each sample sets the sentence box to another 64-token sentence, fires its input event and waits
// for the next animation frame plus a task (the frame with the new maps has been painted then).
// Samples are 300 ms apart, so every one is the first key after a pause and computed at once
// (a burst of keys is computed once, 120 ms after its last key).
import { parseArgs } from 'node:util';
import { startServer, launch, checkSite, sentenceOf } from '../tests/e2e/helpers.mjs';

const USAGE = `Usage: node scripts/measure-input.mjs [options]   (after bash scripts/build.sh site)
  --runs N        edits per step (default 20)
  --steps LIST    steps to measure (default softmax,dropout,qkv,context)
  --width PX      the window's width (default 1280)
  --root DIR      another build of the page, for A/B runs (default build/site)
  --gpt2          GPT-2 small's sizes: d_in = d_out = 768, 12 heads, batch 1
  --eval          evaluation mode (the page's default) instead of training mode
  --help`;

let values;
try {
  ({ values } = parseArgs({
    options: {
      runs: { type: 'string', default: '20' },
      steps: { type: 'string', default: 'softmax,dropout,qkv,context' },
      width: { type: 'string', default: '1280' },
      root: { type: 'string' },
      gpt2: { type: 'boolean', default: false },
      eval: { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  }));
} catch (err) {
  console.error(`measure-input: ${err.message}\n${USAGE}`);
  process.exit(2);
}
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
const runs = Number(values.runs);
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

if (!values.root) checkSite();
const server = await startServer({ args: values.root ? ['--root', values.root] : [] });
const browser = await launch();
try {
  const page = await browser.newPage({ viewport: { width: Number(values.width), height: 800 } });
  const [settings, sizes] = values.gpt2
    ? ['dOut=768&heads=12&batch=1&dIn=768', 'd_in = d_out = 768, h = 12, B = 1']
    : ['dOut=96&heads=12&batch=4&dIn=16', 'd_out = 96, h = 12, B = 4'];
  const mode = values.eval ? 'training=false' : 'training=true';
  // Two sentences of 64 tokens each that differ in every word, so each edit recomputes all.
  const a = sentenceOf(64);
  const b = sentenceOf(65).split(' ').slice(1).join(' ');
  console.log(`input → painted frame, T = 64, ${sizes}, ${mode}, ${values.width} px wide`);
  for (const step of values.steps.split(',')) {
    await page.goto(
      `${server.url}?sentence=${encodeURIComponent(a)}&${settings}&${mode}&step=${step}`,
    );
    await page.waitForFunction(() => document.documentElement.dataset.ready === 'true');
    const times = await page.evaluate(
      async ([n, texts]) => {
        const input = document.querySelector('#ctl-sentence');
        const frame = () => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
        const out = [];
        for (let i = 0; i < n + 2; ++i) {
          await new Promise((r) => setTimeout(r, 300));
          const t0 = performance.now();
          input.value = texts[i % 2];
          input.dispatchEvent(new Event('input', { bubbles: true }));
          await frame();
          if (i >= 2) out.push(performance.now() - t0); // two warm-up edits
        }
        return out;
      },
      [runs, [b, a]],
    );
    const cells = await page.evaluate(() => document.querySelectorAll('#stage .map').length);
    console.log(
      `  ${step.padEnd(8)} median ${median(times).toFixed(1)} ms (min ${Math.min(...times).toFixed(1)}, max ${Math.max(...times).toFixed(1)}) over ${times.length} edits, ${cells} maps`,
    );
  }
} finally {
  await browser.close();
  await server.stop();
}
