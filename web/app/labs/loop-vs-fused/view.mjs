// The loop-vs-fused lab's page: why the lecture's loop was slow, its times, the controls (head
// counts, a coarser clock to see what an unresolved time looks like, the run), and the results.
import { h } from '../../render/h.mjs';
import { weightsNote } from '../kit/notes.mjs';
import { durationText, MIN_TICKS } from './timing.mjs';
import { lectureTable, resultParts } from './results.mjs';

const CLOCKS = {
  '': 'this browser’s clock',
  1: 'rounded to 1 ms',
  16: 'rounded to 16 ms',
  1000: 'rounded to 1 s',
};

const INTRO = [
  [
    'The lecture ran MultiHeadAttentionWrapper with 2, 400 and 4000 heads of size 3 and saw the time ',
    'grow with the number of heads; the weight split computes the same heads with one matmul. ',
    'Both forms do the same arithmetic (the operation counts below are the core’s). In PyTorch each ',
    'head of the loop is a Python call into an nn.Module, which launches its own small kernels: a fixed ',
    'cost per call, paid once per head. With 4000 heads that fixed cost is the time.',
  ],
  [
    'Here the core’s loop runs inside one WebAssembly call, so it pays no such cost per head. To see the ',
    'cost a module call adds, the third form calls one small CausalAttention per head from JavaScript, ',
    'as the Python loop does, and concatenates the results.',
  ],
];

function controls(params, actions, error, running) {
  // The head counts are taken when the timing is asked for, as they are in the field then.
  const start = (field) => actions.setParams({ heads: field.value, run: params.run + 1 });
  return h(
    'div',
    { class: 'control lvf-controls' },
    h('label', { for: 'lvf-heads' }, 'Head counts'),
    h('input', {
      id: 'lvf-heads',
      type: 'text',
      inputmode: 'numeric',
      autocomplete: 'off',
      spellcheck: 'false',
      value: params.heads,
      'aria-describedby': 'lvf-heads-msg',
      'aria-invalid': error ? 'true' : null,
      onkeydown: (e) => e.key === 'Enter' && !running && (e.preventDefault(), start(e.target)),
    }),
    h('label', { for: 'lvf-clock' }, 'Clock'),
    h(
      'select',
      { id: 'lvf-clock', onchange: (e) => actions.setParams({ clock: e.target.value }) },
      Object.entries(CLOCKS).map(([value, text]) =>
        h('option', { value, selected: value === params.clock }, text),
      ),
    ),
    h(
      'button',
      {
        type: 'button',
        class: 'lab-run',
        disabled: running,
        onclick: (e) => start(e.currentTarget.parentElement.querySelector('#lvf-heads')),
      },
      'Run the timing',
    ),
    h('p', { class: 'msg', id: 'lvf-heads-msg', role: 'alert' }, error?.message ?? ''),
  );
}

function clockLine({ resolution, core }) {
  if (resolution === null) return '';
  const built = `The core: the ${core.build === 'threads' ? 'threaded' : 'single-threaded'} build, ${core.threads} ${core.threads === 1 ? 'thread' : 'threads'}.`;
  return Number.isFinite(resolution)
    ? `Clock resolution: ${durationText(resolution)}, so every time shown spans at least ${MIN_TICKS} ticks (and 20 ms). ${built}`
    : `The clock did not tick twice while it was watched: it is too coarse to time anything here. ${built}`;
}

/** The lab's nodes; `error`: a refused head list; `progress`: what the timing is doing. */
export function view(data, params, actions, error, progress, t) {
  const n = data.rows.length;
  const status =
    progress || (data.done ? `Done: ${n} head ${n === 1 ? 'count' : 'counts'} timed.` : '');
  return [
    weightsNote(t, data.trained, 'timing'),
    INTRO.map((text) => h('p', {}, text)),
    lectureTable(),
    controls(params, actions, error, Boolean(progress)),
    h('p', { class: 'lab-status', role: 'status' }, status),
    h('p', { class: 'help lvf-clock-line' }, clockLine(data)),
    h('div', { class: 'lvf-results' }, n ? resultParts(data.rows, data.resolution) : null),
  ];
}
