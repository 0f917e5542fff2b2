// Step 11: the output projection out_proj mixes the heads (module mha only).
import EN from '../strings/en.mjs';
import { wordsOf, format } from '../strings/index.mjs';
import { h, m } from '../ui/dom.mjs';
import { headColour, blend, tint, tintRgb } from '../ui/colour.mjs';
import { tensorFigure, headLegend } from '../ui/tensor.mjs';
import { nextTokensExplained, nextTokensTable } from '../ui/trained-notes.mjs';
import { explainWords } from './words.mjs';

export const slug = 'output';
export const title = EN['step.output.title'];
export const short = EN['step.output.short'];
export const traceStages = ['output', 'mergedHeads'];
export const main = () => 'output';

export function explain(ctx) {
  const { settings } = ctx;
  const t = explainWords(ctx);
  if (settings.module !== 'mha') {
    const none = h('strong', {}, t('output.none', { module: settings.module }));
    return [
      h(
        'p',
        { class: 'note' },
        settings.module === 'wrapper' ? t('output.noneWrapper', { none }) : none,
      ),
      h('p', {}, t(ctx.embedded ? 'output.mhaEmbedded' : 'output.chooseMha')),
    ];
  }
  const { D } = ctx.result.sizes;
  return [
    h(
      'p',
      {},
      t('output.layer', {
        outProj: m('out_proj'),
        size: m('d_out × d_out'),
        all: h('em', {}, t('output.all')),
      }),
    ),
    nextTokensExplained(ctx),
    h('p', {}, D <= 96 ? t('output.blend') : t('output.values', { D })),
  ];
}

// Share of each head in output[b, t, j]: Σ over the head's columns k of |W[j, k] · merged[b, t, k]|.
function shares(ctx, b, t, j) {
  const { trace, sizes } = ctx.result;
  const W = ctx.result.weights['out_proj.weight'].data;
  const D = sizes.D;
  const row = trace.mergedHeads.data.subarray((b * sizes.T + t) * D, (b * sizes.T + t + 1) * D);
  const out = new Array(sizes.h).fill(0);
  for (let k = 0; k < D; ++k) out[Math.floor(k / sizes.dh)] += Math.abs(W[j * D + k] * row[k]);
  return out;
}

// Each cell as a bar of head colours, each as wide as the head's share (where cells are wide
// enough to show it; the tooltip lists the shares everywhere).
function stripes(colours, shareAt) {
  return (g, l) => {
    if (l.band > 1 || l.cellW < 8) return;
    for (let r = 0; r < l.gridH / l.cellH; ++r)
      for (let c = 0; c < l.drawnCols; ++c) {
        const s = shareAt(r, c);
        const total = s.reduce((x, y) => x + y, 0) || 1;
        let x = l.left + c * l.cellW;
        s.forEach((share, i) => {
          const w = ((l.cellW - 1) * share) / total;
          g.fillStyle = colours[i];
          g.fillRect(x, l.top + r * l.cellH, w, l.cellH - 1);
          x += w;
        });
      }
  };
}

export function render(ctx) {
  const S = wordsOf(ctx);
  const { sizes } = ctx.result;
  if (ctx.settings.module !== 'mha') {
    return tensorFigure(ctx, 'output', {
      label: S['map.outputMerged'],
      columns: 'features',
      kind: 'heads',
      headColumns: true,
      corner: S['axis.token'],
    });
  }
  const b = Math.min(ctx.view.item, sizes.B - 1);
  const colours = Array.from({ length: sizes.h }, (_, i) => headColour(i));
  // Painting every cell's head shares costs T·D·D products (64 · 768 · 768 = 38 million at GPT-2's
  // width): above the page's teaching widths the cells show their value, the shares are on hover.
  const blended = sizes.D <= 96;
  const tinted = colours.map((c) => tint(c, 0.55));
  const output = tensorFigure(ctx, 'output', {
    label: S['map.output'],
    columns: 'features',
    corner: S['axis.token'],
    legend: blended ? false : undefined,
    rgb: blended ? (v, r, c) => tintRgb(blend(colours, shares(ctx, b, r, c)), 0.55) : undefined,
    paintCells: blended ? () => stripes(tinted, (r, c) => shares(ctx, b, r, c)) : undefined,
    describeExtra: () => (r, c) => {
      const s = shares(ctx, b, r, c);
      const total = s.reduce((x, y) => x + y, 0) || 1;
      const share = (x, i) =>
        format(S['tip.share'], { n: i + 1, percent: Math.round((100 * x) / total) });
      return [format(S['tip.mix'], { shares: s.map(share).join(', ') })];
    },
  });
  output.append(headLegend(sizes.h, S));
  const figures = h(
    'div',
    { class: 'figure-row' },
    tensorFigure(ctx, 'mergedHeads', {
      label: S['map.mergedInput'],
      columns: 'features',
      kind: 'heads',
      headColumns: true,
      corner: S['axis.token'],
      legend: false,
    }),
    output,
  );
  const next = nextTokensTable(ctx);
  return next ? h('div', {}, figures, next) : figures;
}
