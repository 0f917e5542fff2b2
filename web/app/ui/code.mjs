// The lecture's PyTorch on the stage panel: the line(s) of the class that compute the step, in a
// block the student can fold, a "copy as PyTorch" button (a runnable snippet that prints the
// numbers on screen: web/lib/pytorch.mjs), and the step's downloads (ui/export.mjs).
import { h } from './dom.mjs';
import { copySnippet } from './clipboard.mjs';
import { stepCode, pytorchSnippet, SNIPPET_STAGES } from '../../lib/pytorch.mjs';
import { exportData, toJson, toCsv, fileName, download, mapToPng, mapToSvg } from './export.mjs';
import { PREVIEW_STAGES } from '../state/needs.mjs';

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

/** Every stage of the pass (and, in evaluation mode, the dropout step's training preview). */
export function allStages(result) {
  const shown = SNIPPET_STAGES.filter((name) => name in result.trace).map((name) => ({
    name,
    pass: 'settings',
  }));
  if (!result.settings.training)
    shown.push(...PREVIEW_STAGES.map((name) => ({ name, pass: 'training' })));
  return shown;
}

/** The runnable snippet that prints `shown` for this result. */
export function snippetFor(result, shown, title) {
  const { trace, tokens, settings } = result;
  const names = (pass) => shown.filter((s) => s.pass === pass).map((s) => s.name);
  const preview = names('training').length
    ? { dropout: result.trainingPreview.settings.dropout, stages: names('training') }
    : null;
  return pytorchSnippet({
    settings,
    tokens,
    inputs: trace.inputs.data,
    shape: trace.inputs.shape,
    stages: names('settings'),
    preview,
    title,
  });
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
      onclick: () => copySnippet(snippet(), { status, fallback }),
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
      : copyButton(() => snippetFor(ctx.result, shownStages(section()), title)),
  );
}

/** The step's downloads: its tensors as JSON or CSV, and any of its maps as PNG or SVG. */
export function exportMenu(step, ctx, section) {
  const data = () =>
    exportData({
      what: step.slug,
      title: step.title,
      result: ctx.result,
      shown: shownStages(section()),
      dims: ctx.dims,
    });
  const save = (ext, type, text) =>
    download(new Blob([text], { type }), fileName(step.slug, ctx.settings, ext));
  const maps = () => [...(section()?.querySelectorAll('.map') ?? [])];
  const mapName = (el) => {
    const figure = el.closest('figure');
    const label = figure.querySelector('.tensor-name')?.textContent ?? el.dataset.tensor;
    const head = el.dataset.head !== undefined ? `, head ${Number(el.dataset.head) + 1}` : '';
    return `${label}${head}, batch item ${Number(el.dataset.item) + 1}`;
  };
  const mapFile = (el, ext) => {
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
  const button = (text, action, onclick) =>
    h('button', { type: 'button', dataset: { action }, onclick }, text);
  return h(
    'details',
    { class: 'stage-export', ontoggle: (e) => e.target.open && fill() },
    h('summary', {}, 'Download this step'),
    h(
      'div',
      { class: 'export-row' },
      button('Numbers as JSON', 'export-json', () =>
        save('json', 'application/json', toJson(data())),
      ),
      button('Numbers as CSV', 'export-csv', () => save('csv', 'text/csv', toCsv(data()))),
    ),
    h(
      'div',
      { class: 'export-row' },
      h('label', { for: 'export-map' }, 'Map'),
      select,
      button('PNG', 'export-png', async () => {
        const el = chosen();
        const blob = el && (await mapToPng(el));
        if (blob) download(blob, mapFile(el, 'png'));
      }),
      button('SVG', 'export-svg', async () => {
        const el = chosen();
        const svg = el && (await mapToSvg(el, `${mapName(el)} (attention-lab, ${step.title})`));
        if (svg) download(new Blob([svg], { type: 'image/svg+xml' }), mapFile(el, 'svg'));
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
