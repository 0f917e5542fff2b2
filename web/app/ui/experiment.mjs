// The multi-head lecture's timing experiment, live: a loop over one small attention module per head
// against one matmul with the weights split into heads (lab.headExperiment). Only the full page
// shows it (mount.mjs). One head count runs at a time, with a yield to the event loop in between,
// so the page keeps drawing and the progress line updates; errors are shown inline.
import { h, replace } from './dom.mjs';

export const DEFAULT_HEADS = Object.freeze([2, 400, 4000]);
/** More heads than this would block the page for too long in one call. */
export const MAX_HEADS = 10000;
export const MAX_COUNTS = 8;
const HEAD_SIZE = 3;
const REPEATS = 15;

/** "2, 400 4000" → { heads: [2, 400, 4000] } or { error: 'message' }. */
export function parseHeads(text) {
  const parts = String(text)
    .split(/[\s,;]+/)
    .filter(Boolean);
  if (!parts.length) return { error: 'Enter at least one head count, for example 2, 400, 4000.' };
  if (parts.length > MAX_COUNTS)
    return { error: `At most ${MAX_COUNTS} head counts at once (you entered ${parts.length}).` };
  const heads = [];
  for (const part of parts) {
    if (!/^\d+$/.test(part))
      return { error: `“${part}” is not a whole number: enter head counts such as 2, 400, 4000.` };
    const n = Number(part);
    if (n < 1 || n > MAX_HEADS)
      return { error: `${part} heads: use a count from 1 to ${MAX_HEADS}.` };
    heads.push(n);
  }
  return { heads };
}

const yieldToPage = () => new Promise((resolve) => setTimeout(resolve, 0));

/** Milliseconds for people: 3 significant digits, no exponent. */
function ms(v) {
  if (!Number.isFinite(v)) return String(v);
  if (v === 0) return '0';
  if (v >= 100) return v.toFixed(0);
  if (v >= 1) return v.toFixed(2);
  return v.toPrecision(3);
}
const ratio = (loop, fused) => (fused > 0 ? `${(loop / fused).toFixed(2)}×` : '—');
const diff = (v) => (v === 0 ? '0' : v.toExponential(1).replace('-', '\u2212'));

function buildNote(lab) {
  const threads = lab.threads;
  const build =
    lab.build === 'threads' ? 'threaded WebAssembly build' : 'single-threaded WebAssembly build';
  return (
    `Timed in this browser by the ${build} (build “${lab.build}”, ${threads} ${threads === 1 ? 'thread' : 'threads'}); ` +
    `each time is the median of ${REPEATS} runs, with heads of size ${HEAD_SIZE}, 6 tokens and a batch of 2.`
  );
}

/**
 * Builds the experiment into `root` (an empty element). Returns { destroy() }.
 * lab: the loaded AttentionLab (headExperiment, build, threads).
 */
export function createExperiment(root, { lab }) {
  let running = false;
  let destroyed = false;

  const input = h('input', {
    id: 'exp-heads',
    name: 'exp-heads',
    type: 'text',
    inputmode: 'numeric',
    autocomplete: 'off',
    spellcheck: 'false',
    value: DEFAULT_HEADS.join(', '),
    'aria-describedby': 'exp-heads-help exp-msg',
    onkeydown: (e) => {
      if (e.key === 'Enter') {
        e.preventDefault();
        run();
      }
    },
    oninput: () => showMessage(''),
  });
  const button = h(
    'button',
    { type: 'button', class: 'exp-run', onclick: () => run() },
    'Run the timing',
  );
  const message = h('p', { class: 'msg', id: 'exp-msg', role: 'alert' });
  const progress = h('progress', {
    class: 'exp-progress',
    max: 1,
    value: 0,
    hidden: true,
    'aria-label': 'Timing progress',
  });
  const status = h('p', { class: 'exp-status', role: 'status' });
  const body = h('tbody');
  const table = h(
    'table',
    { class: 'exp-table', hidden: true },
    h('caption', {}, 'Milliseconds per forward pass'),
    h(
      'thead',
      {},
      h(
        'tr',
        {},
        h('th', { scope: 'col' }, 'heads'),
        h('th', { scope: 'col' }, 'loop ms'),
        h('th', { scope: 'col' }, 'fused ms'),
        h('th', { scope: 'col' }, 'loop ÷ fused'),
        h('th', { scope: 'col' }, 'max |difference|'),
      ),
    ),
    body,
  );
  const note = h('p', { class: 'help exp-note' });

  replace(
    root,
    h('h2', { id: 'experiment-heading' }, 'Why one matmul? Time the loop against the weight split'),
    h(
      'div',
      { class: 'exp-text' },
      h(
        'p',
        {},
        'The wrapper runs one small attention module per head, one after another, and glues the results together; ',
        'every head pays its own start-up cost and works on tiny matrices. The weight split does the same work as a few big ',
        'matrix multiplications for all heads at once, which a machine runs far better. Both give the same numbers: ',
        'the last column is the largest gap between them.',
      ),
      h(
        'p',
        { class: 'aside' },
        'In the lecture, PyTorch’s loop took about 0.63 s at 4000 heads of size 3. Here a module call is a cheap ',
        'WebAssembly function call rather than a Python call that launches its own kernels, so expect a smaller gap.',
      ),
    ),
    h(
      'div',
      { class: 'control exp-control', dataset: { control: 'exp-heads' } },
      h('label', { for: 'exp-heads' }, 'Head counts'),
      h('div', { class: 'exp-row' }, input, button),
      h(
        'span',
        { class: 'help', id: 'exp-heads-help' },
        `Whole numbers from 1 to ${MAX_HEADS}, separated by commas or spaces.`,
      ),
      message,
    ),
    h('div', { class: 'exp-progress-row' }, progress, status),
    h('div', { class: 'table-wrap' }, table),
    note,
  );

  function showMessage(text) {
    message.textContent = text;
    root.querySelector('.exp-control').classList.toggle('invalid', Boolean(text));
    if (text) input.setAttribute('aria-invalid', 'true');
    else input.removeAttribute('aria-invalid');
  }

  function setRunning(on) {
    running = on;
    button.disabled = on;
    input.readOnly = on;
    root.setAttribute('aria-busy', on ? 'true' : 'false');
    root.dataset.state = on ? 'running' : 'idle';
  }

  function addRow({ heads, loopMs, fusedMs, maxDifference }) {
    const cell = (text, value, time = false) =>
      h('td', { dataset: time ? { value, time: '' } : { value } }, text);
    body.append(
      h(
        'tr',
        { dataset: { heads } },
        h('th', { scope: 'row' }, String(heads)),
        cell(ms(loopMs), loopMs, true),
        cell(ms(fusedMs), fusedMs, true),
        cell(ratio(loopMs, fusedMs), fusedMs > 0 ? loopMs / fusedMs : ''),
        cell(diff(maxDifference), maxDifference),
      ),
    );
  }

  async function run() {
    if (running || destroyed) return;
    const parsed = parseHeads(input.value);
    if (parsed.error) {
      showMessage(parsed.error);
      return;
    }
    showMessage('');
    setRunning(true);
    body.replaceChildren();
    table.hidden = false;
    progress.hidden = false;
    progress.max = parsed.heads.length;
    progress.value = 0;
    let done = 0;
    try {
      for (const heads of parsed.heads) {
        status.textContent = `Timing ${heads} ${heads === 1 ? 'head' : 'heads'} (${done + 1} of ${parsed.heads.length})…`;
        await yieldToPage();
        if (destroyed) return;
        const [row] = lab.headExperiment({ heads: [heads], headSize: HEAD_SIZE, repeats: REPEATS });
        addRow(row);
        progress.value = ++done;
      }
      status.textContent = `Done: ${done} head ${done === 1 ? 'count' : 'counts'} timed.`;
      const tooFast = [...body.querySelectorAll('td[data-time]')].some(
        (td) => Number(td.dataset.value) === 0,
      );
      note.textContent =
        buildNote(lab) +
        (tooFast
          ? ` A time of 0 was faster than this browser’s clock can tell apart (${
              globalThis.crossOriginIsolated
                ? 'about 5 µs'
                : 'about 0.1 ms, as this page is not cross-origin isolated'
            }).`
          : '');
    } catch (err) {
      const known = err && err.name === 'AttentionLabError';
      showMessage(known ? err.message : `The timing failed: ${err?.message ?? err}`);
      status.textContent = done ? `Stopped after ${done} of ${parsed.heads.length}.` : '';
    } finally {
      if (!destroyed) {
        setRunning(false);
        progress.hidden = true;
        if (!body.children.length) table.hidden = true;
      }
    }
  }

  setRunning(false);
  return {
    run,
    destroy() {
      destroyed = true;
    },
  };
}
