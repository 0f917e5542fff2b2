// Lab 4: dropout. The notebook's 6 × 6 ones through nn.Dropout(0.5) with seed 123, as both kinds of
// PyTorch build draw it; the share kept in each draw; and the running mean of many dropped copies
// of the page's attention weights, which approaches the undropped weights because the survivors
// are scaled by 1/(1 − p). Every number is the core's (lab.dropout, lab.dropoutStatistics).
import { h, m, replace } from '../ui/dom.mjs';
import { NOTEBOOK, notebookMask, pageWeights, statisticsView } from './dropout-draw.mjs';
import { weightsNote } from './page.mjs';

export { NOTEBOOK };

export const slug = 'dropout';
export const title = 'Dropout: what 1/(1 − p) buys';
export const stage = 'dropout';
export const summary =
  'The notebook’s 6 × 6 mask on both kinds of PyTorch build, the share kept per draw, and the mean of many draws.';

export const RNGS = Object.freeze({
  cpu: 'PyTorch’s own generator (the notebook’s mask: Debian, macOS, AMD CPUs)',
  mkl: 'Intel MKL’s generator (PyTorch’s pip wheels on Intel CPUs)',
});
/** This lab's limit on draws: the page stays responsive (the API takes up to 100,000). */
export const MAX_DRAWS = 5000;
/** At most this many weights dropped in all (draws × T²): about a fifth of a second in WASM. */
export const MAX_WORK = 4_000_000;
/** The most draws for a sentence of T tokens. */
export const drawLimit = (T) => Math.min(MAX_DRAWS, Math.floor(MAX_WORK / (T * T)));
const DEFAULTS = { p: 0.5, draws: 1000, seed: 123 };

function numberControl(id, label, help, current) {
  const input = h('input', {
    type: 'number',
    id,
    step: 'any',
    value: String(current),
    'aria-describedby': `${id}-help ${id}-msg`,
  });
  const message = h('p', { class: 'msg', id: `${id}-msg`, role: 'alert' });
  const node = h(
    'div',
    { class: 'lab-control' },
    h('label', { for: id }, label),
    input,
    h('span', { class: 'help', id: `${id}-help` }, help),
    message,
  );
  return { input, message, node };
}

export function mount(root, { lab, page, params, setParams }) {
  let rng = params.get('dropout.rng') === 'mkl' ? 'mkl' : 'cpu';
  const asked = (key) => params.get(`dropout.${key}`) ?? DEFAULTS[key];
  const controls = {
    p: numberControl(
      'dropout-p',
      'p, the dropout probability',
      'From 0 up to, not including, 1.',
      asked('p'),
    ),
    draws: numberControl(
      'dropout-draws',
      'Draws',
      `From 1 to ${MAX_DRAWS} (fewer for long sentences).`,
      asked('draws'),
    ),
    seed: numberControl(
      'dropout-seed',
      'Seed of the first draw',
      'Draw k uses seed + k.',
      asked('seed'),
    ),
  };
  const maskView = h('div', { class: 'lab-body' });
  const statsView = h('div', { class: 'lab-body' });
  const note = weightsNote(h);
  note.update(page().result);
  let good = null; // the last valid { p, draws, seed }

  const toggle = Object.entries(RNGS).map(([name, text]) =>
    h(
      'label',
      {},
      h('input', {
        type: 'radio',
        name: 'dropout-rng',
        value: name,
        checked: rng === name,
        onchange: () => {
          rng = name;
          setParams({ rng: rng === 'cpu' ? null : rng });
          replace(maskView, notebookMask(lab, rng));
        },
      }),
      ` ${text}`,
    ),
  );

  // Reads the three controls; a refused value shows the core's (or this lab's) message beside its
  // control and the last good statistics stay drawn.
  // `lower`: a draw count over the sentence's limit is lowered to it (the page changed, or the
  // address asked for it) instead of refused (the reader typed it). Returns whether it drew.
  function compute({ write = true, lower = false } = {}) {
    for (const c of Object.values(controls)) {
      c.message.textContent = '';
      c.input.removeAttribute('aria-invalid');
    }
    const read = (c) => (c.input.value.trim() === '' ? c.input.value : Number(c.input.value));
    const candidate = {
      p: read(controls.p),
      draws: read(controls.draws),
      seed: read(controls.seed),
    };
    const refuse = (key, text) => {
      controls[key].message.textContent = text;
      controls[key].input.setAttribute('aria-invalid', 'true');
    };
    const weights = pageWeights(page);
    const limit = drawLimit(weights.T);
    let lowered = '';
    if (Number.isInteger(candidate.draws) && candidate.draws > limit) {
      if (!lower) {
        refuse(
          'draws',
          `draws = ${candidate.draws}: for ${weights.T} tokens this lab draws at most ${limit} times.`,
        );
        return false;
      }
      lowered = `Lowered from ${candidate.draws} to ${limit} draws for ${weights.T} tokens.`;
      candidate.draws = limit;
      controls.draws.input.value = String(limit);
    }
    let stats;
    try {
      stats = lab.dropoutStatistics({
        input: weights.data,
        shape: [weights.T, weights.T],
        ...candidate,
      });
    } catch (err) {
      if (err?.name !== 'AttentionLabError') throw err;
      const key = err.option === 'dropout' ? 'p' : err.option in controls ? err.option : 'p';
      refuse(key, err.message);
      return false;
    }
    good = candidate;
    controls.draws.message.textContent = lowered;
    if (write)
      setParams(
        Object.fromEntries(Object.entries(good).map(([k, v]) => [k, v === DEFAULTS[k] ? null : v])),
      );
    replace(statsView, statisticsView(lab, weights, stats, good));
    return true;
  }
  for (const c of Object.values(controls)) c.input.addEventListener('change', () => compute());

  replace(
    root,
    h(
      'p',
      {},
      'In training, dropout sets each attention weight to 0 with probability p and multiplies the survivors by 1/(1 − p). ',
      'A single draw changes the weights a lot (a row no longer sums to 1); the scaling makes every weight right on average, so the model trained with dropout still fits the model used without it.',
    ),
    h('h3', {}, 'The notebook’s mask'),
    h('fieldset', { class: 'lab-toggle' }, h('legend', {}, 'Whose random numbers'), toggle),
    h(
      'p',
      { class: 'help' },
      'Why two masks: both builds seed PyTorch’s generator with 123, but PyTorch built with MKL hands the draw to MKL’s own generator on Intel CPUs, so the same seed gives other numbers. Neither is wrong.',
    ),
    maskView,
    h('h3', {}, 'Many draws of your sentence’s weights'),
    h(
      'p',
      { class: 'help' },
      'The page’s attention weights (head 1), dropped again and again by ',
      m('lab.dropoutStatistics'),
      '; press Enter or leave a field to recompute.',
    ),
    note.node,
    h(
      'div',
      { class: 'lab-controls' },
      Object.values(controls).map((c) => c.node),
    ),
    statsView,
  );
  replace(maskView, notebookMask(lab, rng));
  // Values from the address that are refused: their message stays, the defaults are drawn.
  if (!compute({ write: false, lower: true })) {
    const refused = Object.values(controls).find((c) => c.message.textContent);
    const text = refused?.message.textContent;
    for (const [key, c] of Object.entries(controls)) c.input.value = String(DEFAULTS[key]);
    compute({ write: false, lower: true });
    if (refused) refused.message.textContent = `${text} Showing the defaults.`;
  }
  const show = (values) => {
    for (const [key, c] of Object.entries(controls)) c.input.value = String(values[key]);
    compute({ write: false, lower: true });
  };
  return {
    // New page weights: the last good values again (a refused one in a field is dropped).
    update() {
      note.update(page().result);
      if (good) show(good);
      else compute({ write: false, lower: true });
    },
    destroy() {},
  };
}
