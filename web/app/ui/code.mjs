// The lecture's PyTorch on the stage panel: the line(s) of the class that compute the step, in a
// block the student can fold, a "copy as PyTorch" button (a runnable snippet that prints the
// numbers on screen: web/lib/pytorch.mjs), and the step's downloads (ui/export.mjs).
import { h } from './dom.mjs';
import { stepCode } from '../../lib/pytorch-lines.mjs';

// What a click does (the snippet's writer, web/lib/pytorch.mjs, the clipboard, the files) loads
// when a reader first points at or tabs to the code or the downloads, not with the page: none of
// it draws anything, and the page's first view then loads fewer bytes before its numbers.
let loading = null;
const loadActions = () => (loading ??= import('./code-actions.mjs'));
const warmUp = { onpointerover: loadActions, onfocusin: loadActions };

/** The step's lines as one <pre><code> block, each group under a comment naming its method. */
export function codeText(slug, settings) {
  const { groups } = stepCode(slug, settings);
  return groups.map((g) => [`# ${g.where}`, ...g.lines].join('\n')).join('\n\n');
}

/** What a rendered step shows: [{ name, pass }] from its figures, in order, once each. */
export function shownStages(section) {
  const seen = new Set();
  const shown = [];
  for (const figure of section?.querySelectorAll('figure.tensor') ?? []) {
    const pass = figure.dataset.trace === 'training' ? 'training' : 'settings';
    const key = `${pass}:${figure.dataset.tensor}`;
    if (seen.has(key)) continue;
    seen.add(key);
    shown.push({ name: figure.dataset.tensor, pass });
  }
  return shown;
}

/**
 * A "Copy as PyTorch" button: copies snippet() to the clipboard, or, where the clipboard is not
 * available (permissions, a page over http), shows it in a text area to copy by hand.
 */
export function copyButton(snippet, label = 'Copy as PyTorch') {
  const status = h('p', { class: 'copy-status', role: 'status' });
  const fallback = h('textarea', {
    class: 'snippet-text',
    readonly: true,
    rows: 12,
    hidden: true,
    'aria-label': 'The PyTorch snippet, to copy by hand',
  });
  const button = h(
    'button',
    {
      type: 'button',
      class: 'copy-pytorch',
      dataset: { action: 'copy-pytorch' },
      onclick: async () => {
        const { copySnippet } = await loadActions();
        copySnippet(await snippet(), { status, fallback });
      },
    },
    label,
  );
  return h('div', { class: 'copy-box' }, button, status, fallback);
}

/**
 * The folding block of the step's lines, with the copy button. `folding`: { open } shared by the
 * steps of one page, so the student's choice holds from step to step.
 */
export function codeBlock(step, index, ctx, section, folding = { open: true }) {
  const { note } = stepCode(step.slug, ctx.settings);
  const text = codeText(step.slug, ctx.settings);
  const title = `step ${index + 1}, ${step.title}`;
  return h(
    'details',
    {
      class: 'code-lines',
      open: folding.open,
      ontoggle: (e) => (folding.open = e.target.open),
      ...warmUp,
    },
    h('summary', {}, 'The PyTorch of this step'),
    text ? h('pre', { tabindex: '0' }, h('code', { class: 'language-python' }, text)) : null,
    note ? h('p', { class: 'code-note' }, note) : null,
    // The snippet rebuilds the module from its seed: it prints the trained numbers only with the
    // trained state_dict, which it does not carry, so it is offered for the random weights only.
    ctx.result.trained
      ? h(
          'p',
          { class: 'code-note' },
          'Copy as PyTorch rebuilds the lecture’s seeded random weights, so it is offered with the random weights only.',
        )
      : copyButton(async () =>
          (await loadActions()).snippetFor(ctx.result, shownStages(section()), title),
        ),
  );
}

/** The step's downloads: its tensors as JSON or CSV, and any of its maps as PNG or SVG. */
export function exportMenu(step, ctx, section) {
  const data = ({ exportData }) =>
    exportData({
      what: step.slug,
      title: step.title,
      result: ctx.result,
      shown: shownStages(section()),
      dims: ctx.dims,
    });
  const save = ({ download, fileName }, ext, type, text) =>
    download(new Blob([text], { type }), fileName(step.slug, ctx.settings, ext));
  const maps = () => [...(section()?.querySelectorAll('.map') ?? [])];
  const mapName = (el) => {
    const figure = el.closest('figure');
    const label = figure.querySelector('.tensor-name')?.textContent ?? el.dataset.tensor;
    const head = el.dataset.head !== undefined ? `, head ${Number(el.dataset.head) + 1}` : '';
    return `${label}${head}, batch item ${Number(el.dataset.item) + 1}`;
  };
  const mapFile = ({ fileName }, el, ext) => {
    const head = el.dataset.head !== undefined ? `_head${Number(el.dataset.head) + 1}` : '';
    const pass = el.closest('[data-trace="training"]') ? '_training-preview' : '';
    const what = `${step.slug}_${el.dataset.tensor}${head}_item${Number(el.dataset.item) + 1}${pass}`;
    return fileName(what, ctx.settings, ext);
  };
  const select = h('select', { id: 'export-map', class: 'export-map' });
  const fill = () =>
    select.replaceChildren(
      ...maps().map((el, i) => h('option', { value: String(i) }, mapName(el))),
    );
  const chosen = () => maps()[Number(select.value)];
  // Each button's action, with the loaded actions (code-actions.mjs).
  const button = (text, action, act) =>
    h(
      'button',
      { type: 'button', dataset: { action }, onclick: async () => act(await loadActions()) },
      text,
    );
  return h(
    'details',
    { class: 'stage-export', ontoggle: (e) => e.target.open && fill(), ...warmUp },
    h('summary', {}, 'Download this step'),
    h(
      'div',
      { class: 'export-row' },
      button('Numbers as JSON', 'export-json', (a) =>
        save(a, 'json', 'application/json', a.toJson(data(a))),
      ),
      button('Numbers as CSV', 'export-csv', (a) => save(a, 'csv', 'text/csv', a.toCsv(data(a)))),
    ),
    h(
      'div',
      { class: 'export-row' },
      h('label', { for: 'export-map' }, 'Map'),
      select,
      button('PNG', 'export-png', async (a) => {
        const el = chosen();
        const blob = el && (await a.mapToPng(el));
        if (blob) a.download(blob, mapFile(a, el, 'png'));
      }),
      button('SVG', 'export-svg', async (a) => {
        const el = chosen();
        const svg = el && (await a.mapToSvg(el, `${mapName(el)} (attention-lab, ${step.title})`));
        if (svg) a.download(new Blob([svg], { type: 'image/svg+xml' }), mapFile(a, el, 'svg'));
      }),
    ),
  );
}

/** The stage panel's additions on the page (mount.mjs's stageTools): the code and the downloads. */
export function createStageTools() {
  const folding = { open: true };
  return (step, index, ctx, drawn) => [
    codeBlock(step, index, ctx, drawn, folding),
    exportMenu(step, ctx, drawn),
  ];
}
