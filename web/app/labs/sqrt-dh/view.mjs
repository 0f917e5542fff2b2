// The √d_h lab's page: the slider of the head size with what it measures, the plots over every
// head size, and the page's own sentence with scaling on and off.
import { h, m } from '../../render/h.mjs';
import { tokenLabel } from '../../ui/format.mjs';
import { fmt, readable, value as quantity } from '../kit/format.mjs';
import { numberTable } from '../kit/table.mjs';
import { linePlot, legend } from '../kit/plot.mjs';
import { weightsNote } from '../kit/notes.mjs';
import { choice } from '../kit/choice.mjs';
import { mean } from '../kit/tensor.mjs';
import { DH_STEPS, SHOWN_ROWS } from './index.mjs';
import { drawn } from '../kit/memo.mjs';

// Measured numbers of the random part: 4 decimals on screen.
const value = (name, v, text = fmt(v)) => quantity(name, v, text);

function spreadPlots(points, dh, t) {
  const x = { min: 1, max: 256, log: true, title: t('plot.x'), ticks: DH_STEPS };
  const mark = [{ x: dh, label: `d_h = ${dh}` }];
  const spreadSeries = [
    { name: t('series.spread'), className: 's-1', points: points.map((p) => [p.dh, p.scoreStd]) },
    {
      name: '√d_h',
      className: 's-3',
      dashed: true,
      points: DH_STEPS.map((d) => [d, Math.sqrt(d)]),
    },
    {
      name: t('series.scaledSpread'),
      className: 's-2',
      points: points.map((p) => [p.dh, p.scaledStd]),
    },
  ];
  const peakSeries = [
    {
      name: t('series.raw'),
      className: 's-1',
      points: points.map((p) => [p.dh, mean(p.largestRaw)]),
    },
    {
      name: t('series.scaled'),
      className: 's-2',
      points: points.map((p) => [p.dh, mean(p.largestScaled)]),
    },
  ];
  const last = points.at(-1);
  return h(
    'div',
    { class: 'lab-tables' },
    h(
      'figure',
      { class: 'lab-figure' },
      linePlot({
        label: t('spread.label', { first: fmt(points[0].scoreStd), last: fmt(last.scoreStd) }),
        x,
        y: { min: 0, max: 17, title: t('spread.y'), ticks: [0, 4, 8, 12, 16] },
        series: spreadSeries,
        marks: mark,
      }),
      h('figcaption', {}, t('spread.caption')),
      legend(spreadSeries),
    ),
    h(
      'figure',
      { class: 'lab-figure' },
      linePlot({
        label: t('peak.label', {
          raw: fmt(mean(last.largestRaw)),
          scaled: fmt(mean(last.largestScaled)),
        }),
        x,
        y: { min: 0, max: 1, title: t('peak.y'), ticks: [0, 0.25, 0.5, 0.75, 1] },
        series: peakSeries,
        marks: mark,
      }),
      h('figcaption', {}, t('peak.caption')),
      legend(peakSeries),
    ),
  );
}

function current(point, tokens, t) {
  const { dh } = point;
  return [
    h(
      'p',
      { class: 'lab-result' },
      t('current.spread', {
        query: value('queryStd', point.queryStd),
        key: value('keyStd', point.keyStd),
        qk: m('q · k'),
        score: value('scoreStd', point.scoreStd),
        root: m(`√${dh} = ${fmt(Math.sqrt(dh))}`),
        scaled: value('scaledStd', point.scaledStd),
      }),
    ),
    h(
      'p',
      { class: 'lab-result' },
      t('current.largest', {
        raw: value('largestRaw', mean(point.largestRaw)),
        scaled: value('largestScaled', mean(point.largestScaled)),
        even: fmt(1 / 36),
      }),
    ),
    numberTable({
      caption: t('largest.caption', { n: SHOWN_ROWS, dh }),
      name: 'largest',
      rowLabels: tokens.map(tokenLabel),
      colLabels: [t('largest.raw'), t('largest.scaled')],
      corner: t('corner.query'),
      rows: point.largestRaw.slice(0, SHOWN_ROWS).map((v, r) => [v, point.largestScaled[r]]),
    }),
  ];
}

// The page's own sentence with scaling on and off: its head 1, first sentence of the batch.
function drawPageView(part, scale, t) {
  const { dh, difference } = part;
  const labels = part.tokens.map(tokenLabel);
  return [
    weightsNote(t, part.trained),
    h(
      'p',
      { class: 'lab-result' },
      t('page.here', {
        dh,
        root: fmt(Math.sqrt(dh)),
        difference: value('pageDifference', difference, readable(difference)),
      }),
      dh === 1 ? t('page.one') : dh <= 4 ? t('page.small') : '',
    ),
    numberTable({
      caption: t('page.caption', { how: t(`scale.${scale}`) }),
      name: 'page-weights',
      rowLabels: labels,
      colLabels: labels,
      corner: t('corner.queryKey'),
      rows: part.weights,
      cellClass: (v) => (v === 0 ? 'masked' : ''),
    }),
  ];
}

// Drawn again only when the compute's kept part changed (a drag moves other parts).
const pageView = drawn(drawPageView);

function slider(dh, actions, error, t) {
  return h(
    'div',
    { class: 'lab-controls' },
    h(
      'div',
      { class: 'lab-control' },
      h('label', { for: 'sqrt-dh-dh' }, t('slider.label')),
      h(
        'div',
        { class: 'exp-row' },
        h('input', {
          type: 'range',
          id: 'sqrt-dh-dh',
          min: 1,
          max: 256,
          step: 1,
          value: dh,
          'aria-describedby': 'sqrt-dh-msg',
          oninput: (e) => actions.setParams({ dh: Number(e.target.value) }),
        }),
        h('output', { for: 'sqrt-dh-dh', class: 'lab-result' }, String(dh)),
      ),
      h('p', { class: 'msg', id: 'sqrt-dh-msg', role: 'alert' }, error?.message ?? ''),
    ),
  );
}

/** The lab's nodes; `error`: why the d_h of the address was not taken. */
export function view({ curve, point, tokens, page }, params, actions, error, progress, t) {
  return [
    h('p', {}, t('intro')),
    h('p', { class: 'help' }, t('below', { module: m('CausalAttention') })),
    weightsNote(t, page.trained, t('subject'), t('thisPart')),
    slider(point.dh, actions, error, t),
    h('div', { class: 'lab-body' }, current(point, tokens, t)),
    h('div', {}, spreadPlots(curve, point.dh, t)),
    h('h3', {}, t('page.heading')),
    choice({
      className: 'lab-toggle',
      legend: t('scale.legend'),
      name: 'sqrt-dh-scale',
      choices: { on: t('scale.on'), off: t('scale.off') },
      value: params.scale,
      onPick: (scale) => actions.setParams({ scale }),
    }),
    h('div', { class: 'lab-body' }, pageView(page, params.scale, t)),
  ];
}
