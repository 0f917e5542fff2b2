// Lab: sizes. The lecture's toy, GPT-2 small and GPT-3 described by the core (every stage's shape,
// every matrix's parameters, nothing allocated), and GPT-2's attention block run for real on the
// page's sentence, with its time.
import { SIZE_PRESETS } from '../../lib/sizes.mjs';
import { pageSettings, apiMessage, grouped } from './page-model.mjs';
import { weightsNote } from './page.mjs';
import { SIZE_NAMES, describePreset, namedShapeText, runGpt2 } from './sizes-compute.mjs';

export const slug = 'sizes';
export const title = 'Sizes';
export const stage = 'split';
export const summary =
  'The toy, GPT-2 and GPT-3: every stage’s shape and every matrix’s parameters, and GPT-2 run here.';

// A time of 0 means the clock did not tick: say so rather than print 0 ms.
const ms = (v) =>
  v <= 0
    ? 'under one tick of this clock'
    : v >= 100
      ? `${v.toFixed(0)} ms`
      : `${v.toPrecision(2)} ms`;

export function mount(root, ctx) {
  const { h, lab } = ctx;
  const message = h('p', { class: 'msg', role: 'alert' });
  const body = h('div', { class: 'lab-content' });
  const runButton = h(
    'button',
    { type: 'button', class: 'lab-run', onclick: () => run() },
    'Run GPT-2’s block on the page’s sentence',
  );
  const runStatus = h('p', { role: 'status', class: 'lab-status' });
  const runResult = h('div', { class: 'lab-run-result' });
  const note = weightsNote(h, 'sizes');
  note.update(ctx.page().result);
  root.append(
    note.node,
    h(
      'p',
      {},
      'The same class scales from the lecture’s toy to GPT-3: only d_in, d_out and h change, and the ',
      'head size d_h = d_out / h follows (64 in GPT-2, 128 in GPT-3). The parameters are the four ',
      'square matrices (and out_proj’s bias): they grow with d_out², not with the number of tokens, ',
      'while the T × T scores grow with the context length.',
    ),
    message,
    body,
    h(
      'section',
      { 'aria-label': 'GPT-2 run here' },
      h('h3', {}, 'GPT-2, for real'),
      runButton,
      runStatus,
      runResult,
    ),
  );

  // ctx.params is the address at mount: the chosen preset lives here from then on.
  const asked = ctx.params.get('sizes.preset');
  // Own keys only: `in` would take 'constructor' (from the prototype) for a preset.
  let name = asked !== null && Object.hasOwn(SIZE_PRESETS, asked) ? asked : 'gpt2';

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

  function render() {
    const radios = Object.entries(SIZE_NAMES).map(([value, text]) =>
      h(
        'label',
        {},
        h('input', {
          type: 'radio',
          name: 'sizes-preset',
          value,
          checked: value === name,
          onchange: () => {
            name = value;
            ctx.setParams({ 'sizes.preset': value === 'gpt2' ? null : value });
            render();
          },
        }),
        ` ${text}`,
      ),
    );
    let d;
    try {
      d = describePreset(lab, SIZE_PRESETS[name]);
      message.textContent = '';
    } catch (err) {
      message.textContent = apiMessage(err);
      return;
    }
    const s = d.sizes;
    body.replaceChildren(
      h('fieldset', { class: 'lab-choice' }, h('legend', {}, 'Size'), radios),
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

  const pause = () => new Promise((resolve) => setTimeout(resolve, 0));

  async function run() {
    const settings = pageSettings(ctx);
    if (!settings || runButton.disabled) return;
    runButton.disabled = true;
    runStatus.textContent = 'Building GPT-2’s block (2.4 million weights) and running it…';
    await pause(); // let the status paint before the core takes the thread
    try {
      const r = runGpt2(lab, SIZE_PRESETS.gpt2, settings.sentence, { seed: settings.seed });
      const [, T, D] = r.output.shape;
      runStatus.textContent = 'Done.';
      runResult.replaceChildren(
        h(
          'p',
          { dataset: { counted: r.counted, shape: r.output.shape.join(',') } },
          `${T} tokens of “${settings.sentence}” through d_in = 768, 12 heads of 64: output (B = 1, T = ${T}, d_out = ${D}). `,
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
      );
    } catch (err) {
      runStatus.textContent = apiMessage(err);
    } finally {
      runButton.disabled = false;
    }
  }

  render();
  return { update: () => note.update(ctx.page().result), destroy() {} };
}
