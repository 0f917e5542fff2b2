// The bench page (bench.html): shows what the browser can tell about itself, runs the benchmark
// (driver.mjs) on a click, or at once with ?run, and renders the harness's own table. The outcome
// is also on window.benchResult and <html data-state>, for `npm run bench -- --browser` and the
// page's test.
import { NUMERIC_COLUMNS, tableCells } from '../../scripts/bench/report.mjs';
import { SHAPES } from '../../scripts/bench/shapes.mjs';
import { optionsFromQuery, runBenchmark } from './driver.mjs';
import { environment } from './environment.mjs';

const $ = (id) => document.getElementById(id);
const setState = (state) => (document.documentElement.dataset.state = state);

function showEnvironment(env) {
  const yesNo = (b) => (b ? 'yes' : 'no');
  const items = [
    ['Browser', env.browser],
    ['Logical cores (navigator.hardwareConcurrency)', String(env.hardwareConcurrency ?? '?')],
    ['Cross-origin isolated (threads possible)', yesNo(env.crossOriginIsolated)],
    ['SharedArrayBuffer (threads need it too)', yesNo(env.sharedArrayBuffer)],
    ['WebAssembly SIMD128', yesNo(env.simd128)],
    ['WebAssembly relaxed SIMD (fused multiply-add)', yesNo(env.relaxedSimd)],
    ['CPU model', 'not exposed to pages (npm run bench -- --browser adds it)'],
  ];
  $('env').replaceChildren(...items.flatMap(([k, v]) => [el('dt', k), el('dd', v)]));
  $('isolation-note').hidden = env.crossOriginIsolated;
}

function showShapeChoices(opts) {
  for (const [name, shape] of Object.entries(SHAPES)) {
    const input = el('input');
    input.type = 'checkbox';
    input.name = 'shape';
    input.value = name;
    input.checked = opts.only.includes(name);
    const label = el('label');
    label.append(input, ` ${name}: ${shape.title}`);
    $('shapes').append(label);
  }
}

function el(tag, text) {
  const node = document.createElement(tag);
  if (text !== undefined) node.textContent = text;
  return node;
}

function showTable(rows) {
  const { header, lines, notes } = tableCells(rows);
  const head = el('tr');
  header.forEach((h, i) => {
    const th = el('th', h);
    th.scope = 'col';
    if (NUMERIC_COLUMNS.has(i)) th.className = 'num';
    head.append(th);
  });
  $('results').tHead.replaceChildren(head);
  let previous = null;
  const body = lines.map((cells) => {
    const tr = el('tr');
    const shape = cells[0].split(' ')[0];
    if (previous !== null && shape !== previous) tr.classList.add('shape-start');
    previous = shape;
    if (cells[1].startsWith('attention-lab')) tr.classList.add('ours');
    cells.forEach((c, i) => {
      const td = el(i === 0 ? 'th' : 'td', c);
      if (i === 0) td.scope = 'row';
      if (NUMERIC_COLUMNS.has(i)) td.className = 'num';
      tr.append(td);
    });
    return tr;
  });
  $('results').tBodies[0].replaceChildren(...body);
  $('footnotes').replaceChildren(...notes.map((n) => el('li', n)));
}

function log(message) {
  console.log(`[bench] ${message}`); // the Node run forwards these to its stderr
  $('log').textContent += `${message}\n`;
}

async function start(opts) {
  $('start').disabled = true;
  setState('running');
  const checked = [...document.querySelectorAll('input[name=shape]:checked')].map((i) => i.value);
  let lastText = '';
  const progress = (fraction, text) => {
    $('progress').value = fraction;
    $('progress').setAttribute('aria-valuetext', `${Math.round(fraction * 100)}%: ${text}`);
    // The live region speaks per step, not per round: one message a second is plenty.
    const stepText = text.replace(/: round \d+ of \d+$/, ': timing');
    if (stepText !== lastText)
      $('status').textContent = `${Math.round(fraction * 100)}% · ${stepText}`;
    lastText = stepText;
  };
  try {
    const result = await runBenchmark({ ...opts, only: checked }, { log, progress });
    showTable(result.rows);
    $('notes').replaceChildren(...result.notes.map((n) => el('li', n)));
    const blob = new Blob([JSON.stringify(result, null, 2)], { type: 'application/json' });
    $('download').href = URL.createObjectURL(blob);
    $('download').hidden = false;
    $('status').textContent = `Done in ${result.elapsedSec.toFixed(0)} s.`;
    window.benchResult = result;
    setState('done');
  } catch (error) {
    $('status').textContent = `The run failed: ${error.message}`;
    log(`failed: ${error.stack ?? error}`);
    window.benchError = String(error?.message ?? error);
    setState('error');
  } finally {
    $('start').disabled = false;
  }
}

function main() {
  showEnvironment(environment());
  let opts;
  try {
    opts = optionsFromQuery(location.search);
  } catch (error) {
    $('status').textContent = `Bad address: ${error.message}`;
    $('start').disabled = true;
    setState('error');
    return;
  }
  showShapeChoices(opts);
  $('start').addEventListener('click', () => start(opts));
  setState('idle');
  if (new URLSearchParams(location.search).has('run')) start(opts);
}

main();
