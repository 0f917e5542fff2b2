// The sizes lab's page: the preset's sizes, shapes and parameter counts, and GPT-2's run with its
// times.
import { h } from '../../render/h.mjs';
import { grouped } from '../kit/format.mjs';
import { weightsNote } from '../kit/notes.mjs';
import { choice } from '../kit/choice.mjs';
import { SIZE_NAMES } from './index.mjs';

/** "(B = 1, T = 1024, d_out = 768)": a shape with the core's dimension names. */
export function namedShapeText(dims, shape) {
  const names = dims.split(',').map((d) => (d === 'D' ? 'd_out' : d));
  return `(${shape.map((n, i) => `${names[i]} = ${grouped(n)}`).join(', ')})`;
}

// A time of 0 means the clock did not tick: say so rather than print 0 ms.
const ms = (v, t) =>
  v <= 0 ? t('time.none') : v >= 100 ? `${v.toFixed(0)} ms` : `${v.toPrecision(2)} ms`;

function describeTables(d, t) {
  return [
    h(
      'table',
      { class: 'lab-numbers lab-table', dataset: { table: 'stages' } },
      h('caption', {}, t('stages.caption')),
      h(
        'thead',
        {},
        h(
          'tr',
          {},
          h('th', { scope: 'col' }, t('col.stage')),
          h('th', { scope: 'col' }, t('col.shape')),
        ),
      ),
      h(
        'tbody',
        {},
        d.stages.map((s) =>
          h(
            'tr',
            { dataset: { stage: s.name, shape: s.shape.join(',') } },
            h('th', { scope: 'row' }, s.name),
            h('td', {}, namedShapeText(s.dims, s.shape)),
          ),
        ),
      ),
    ),
    h(
      'table',
      { class: 'lab-numbers lab-table', dataset: { table: 'parameters' } },
      h('caption', {}, t('parameters.caption')),
      h(
        'thead',
        {},
        h(
          'tr',
          {},
          h('th', { scope: 'col' }, t('col.parameter')),
          h('th', { scope: 'col' }, t('col.shape')),
          h('th', { scope: 'col' }, t('col.count')),
        ),
      ),
      h(
        'tbody',
        {},
        d.parameters.map((p) =>
          h(
            'tr',
            { dataset: { parameter: p.name, count: p.count } },
            h('th', { scope: 'row' }, p.name),
            h('td', {}, p.shape.map(grouped).join(' × ')),
            h('td', { class: 'num' }, grouped(p.count)),
          ),
        ),
      ),
      h(
        'tfoot',
        {},
        h(
          'tr',
          {},
          h('th', { scope: 'row', colspan: 2 }, t('total')),
          h(
            'td',
            { class: 'num lab-total', dataset: { count: d.parameterCount } },
            grouped(d.parameterCount),
          ),
        ),
      ),
    ),
  ];
}

function described(d, name, actions, t) {
  const s = d.sizes;
  return h(
    'div',
    { class: 'lab-content' },
    choice({
      legend: t('size.legend'),
      name: 'sizes-preset',
      choices: Object.fromEntries(SIZE_NAMES.map((size) => [size, t(`preset.${size}`)])),
      value: name,
      onPick: (preset) => actions.setParams({ preset }),
    }),
    h(
      'p',
      { dataset: { preset: name } },
      t('size.text', {
        dIn: grouped(s.d_in),
        dOut: grouped(s.d_out),
        h: s.h,
        dh: s.d_h,
        T: grouped(s.T),
        count: grouped(d.parameterCount),
        flops: grouped(Math.round(d.flops / 1e6)),
      }),
    ),
    h(
      'p',
      { class: d.runsHere ? 'help' : 'lab-note' },
      d.runsHere ? t('size.runs') : t('size.described', { why: d.whyNot }),
    ),
    h('div', { class: 'lab-grid' }, describeTables(d, t)),
  );
}

function gpt2Result(r, t) {
  const [, T, D] = r.output.shape;
  return [
    h(
      'p',
      { dataset: { counted: r.counted, shape: r.output.shape.join(',') } },
      t('gpt2.result', { T, sentence: r.sentence, D, count: grouped(r.counted) }),
    ),
    h(
      'ul',
      {},
      h('li', {}, t('gpt2.build', { time: ms(r.buildMs, t) })),
      h('li', {}, t('gpt2.first', { time: ms(r.firstMs, t) })),
      h(
        'li',
        {},
        t('gpt2.second', {
          time: ms(r.secondMs, t),
          flops: grouped(Math.round(r.flops / 1e6)),
        }),
      ),
    ),
  ];
}

/** The lab's nodes; `error`: the core's message when GPT-2's run was refused; `progress`: the run's. */
export function view(data, params, actions, error, progress, t) {
  const status = progress || error?.message || (data.gpt2 ? t('done') : '');
  return [
    weightsNote(t, data.trained, t('subject')),
    h('p', {}, t('intro')),
    described(data.described, data.preset, actions, t),
    h(
      'section',
      { 'aria-label': t('gpt2.label') },
      h('h3', {}, t('gpt2.heading')),
      h(
        'button',
        {
          type: 'button',
          class: 'lab-run',
          disabled: Boolean(progress),
          onclick: () => actions.setParams({ run: params.run + 1 }),
        },
        t('gpt2.run'),
      ),
      h('p', { role: 'status', class: 'lab-status' }, status),
      h('div', { class: 'lab-run-result' }, data.gpt2 ? gpt2Result(data.gpt2, t) : null),
    ),
  ];
}
