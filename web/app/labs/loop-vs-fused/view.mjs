// The loop-vs-fused lab's page: why the lecture's loop was slow, its times, the controls (head
// counts, a coarser clock to see what an unresolved time looks like, the run), and the results.
import { h } from '../../render/h.mjs';
import { weightsNote } from '../kit/notes.mjs';
import { durationText, MIN_TICKS } from './timing.mjs';
import { lectureTable, resultParts } from './results.mjs';

// The clock's choices: '' (the browser's) or a tick in ms; each named in the lab's words.
const CLOCKS = ['', '1', '16', '1000'];

function controls(params, actions, error, running, t) {
  // The head counts are taken when the timing is asked for, as they are in the field then.
  const start = (field) => actions.setParams({ heads: field.value, run: params.run + 1 });
  return h(
    'div',
    { class: 'control lvf-controls' },
    h('label', { for: 'lvf-heads' }, t('heads.label')),
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
    h('label', { for: 'lvf-clock' }, t('clock.label')),
    h(
      'select',
      { id: 'lvf-clock', onchange: (e) => actions.setParams({ clock: e.target.value }) },
      CLOCKS.map((value) =>
        h('option', { value, selected: value === params.clock }, t(`clock.${value || 'browser'}`)),
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
      t('run'),
    ),
    h('p', { class: 'msg', id: 'lvf-heads-msg', role: 'alert' }, error?.message ?? ''),
  );
}

function clockLine({ resolution, core }, t) {
  if (resolution === null) return '';
  const built = t(core.build === 'threads' ? 'core.threads' : 'core.single', {
    threads: t(core.threads === 1 ? 'thread' : 'threads', { n: core.threads }),
  });
  return Number.isFinite(resolution)
    ? t('clock.resolution', { resolution: durationText(resolution), ticks: MIN_TICKS, core: built })
    : t('clock.coarse', { core: built });
}

/** The lab's nodes; `error`: a refused head list; `progress`: what the timing is doing. */
export function view(data, params, actions, error, progress, t) {
  const n = data.rows.length;
  const status = progress || (data.done ? t(n === 1 ? 'done.one' : 'done.many', { n }) : '');
  return [
    weightsNote(t, data.trained, t('subject')),
    h('p', {}, t('intro')),
    h('p', {}, t('here')),
    lectureTable(t),
    controls(params, actions, error, Boolean(progress), t),
    h('p', { class: 'lab-status', role: 'status' }, status),
    h('p', { class: 'help lvf-clock-line' }, clockLine(data, t)),
    h('div', { class: 'lvf-results' }, n ? resultParts(data.rows, data.resolution, t) : null),
  ];
}
