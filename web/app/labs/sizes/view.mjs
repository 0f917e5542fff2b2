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
const ms = (v) =>
  v <= 0
    ? 'under one tick of this clock'
    : v >= 100
      ? `${v.toFixed(0)} ms`
      : `${v.toPrecision(2)} ms`;

function describeTables(d) {
  return [
    h(
      'table',
      { class: 'lab-numbers lab-table', dataset: { table: 'stages' } },
      h('caption', {}, 'Every stage’s shape'),
      h(
        'thead',
        {},
        h('tr', {}, h('th', { scope: 'col' }, 'stage'), h('th', { scope: 'col' }, 'shape')),
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
      h('caption', {}, 'Parameters'),
      h(
        'thead',
        {},
        h(
          'tr',
          {},
          h('th', { scope: 'col' }, 'parameter'),
          h('th', { scope: 'col' }, 'shape'),
          h('th', { scope: 'col' }, 'count'),
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
          h('th', { scope: 'row', colspan: 2 }, 'total'),
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

function described(d, name, actions) {
  const s = d.sizes;
  return h(
    'div',
    { class: 'lab-content' },
    choice({
      legend: 'Size',
      name: 'sizes-preset',
      choices: SIZE_NAMES,
      value: name,
      onPick: (preset) => actions.setParams({ preset }),
    }),
    h(
      'p',
      { dataset: { preset: name } },
      `d_in = ${grouped(s.d_in)}, d_out = ${grouped(s.d_out)}, h = ${s.h}, d_h = d_out / h = ${s.d_h}, `,
      `context T = ${grouped(s.T)}: ${grouped(d.parameterCount)} parameters, about `,
      `${grouped(Math.round(d.flops / 1e6))} million floating-point operations per forward pass.`,
    ),
    h(
      'p',
      { class: d.runsHere ? 'help' : 'lab-note' },
      d.runsHere ? 'The core could build this model here.' : `Described, not built: ${d.whyNot}.`,
    ),
    h('div', { class: 'lab-grid' }, describeTables(d)),
  );
}

function gpt2Result(r) {
  const [, T, D] = r.output.shape;
  return [
    h(
      'p',
      { dataset: { counted: r.counted, shape: r.output.shape.join(',') } },
      `${T} tokens of “${r.sentence}” through d_in = 768, 12 heads of 64: output (B = 1, T = ${T}, d_out = ${D}). `,
      `The model’s own state dict holds ${grouped(r.counted)} numbers.`,
    ),
    h(
      'ul',
      {},
      h('li', {}, `weights drawn: ${ms(r.buildMs)}`),
      h(
        'li',
        {},
        `first forward pass: ${ms(r.firstMs)} (it also packs the weights for the kernels)`,
      ),
      h(
        'li',
        {},
        `second forward pass: ${ms(r.secondMs)} (${grouped(Math.round(r.flops / 1e6))} million operations)`,
      ),
    ),
  ];
}

/** The lab's nodes; `error`: the core's message when GPT-2's run was refused; `progress`: the run's. */
export function view(data, params, actions, error, progress, t) {
  const status = progress || error?.message || (data.gpt2 ? 'Done.' : '');
  return [
    weightsNote(t, data.trained, 'sizes'),
    h(
      'p',
      {},
      'The same class scales from the lecture’s toy to GPT-3: only d_in, d_out and h change, and the ',
      'head size d_h = d_out / h follows (64 in GPT-2, 128 in GPT-3). The parameters are the four ',
      'square matrices (and out_proj’s bias): they grow with d_out², not with the number of tokens, ',
      'while the T × T scores grow with the context length.',
    ),
    described(data.described, data.preset, actions),
    h(
      'section',
      { 'aria-label': 'GPT-2 run here' },
      h('h3', {}, 'GPT-2, for real'),
      h(
        'button',
        {
          type: 'button',
          class: 'lab-run',
          disabled: Boolean(progress),
          onclick: () => actions.setParams({ run: params.run + 1 }),
        },
        'Run GPT-2’s block on the page’s sentence',
      ),
      h('p', { role: 'status', class: 'lab-status' }, status),
      h('div', { class: 'lab-run-result' }, data.gpt2 ? gpt2Result(data.gpt2) : null),
    ),
  ];
}
