// The lectures' comparisons read where the lecture draws them, in the lectures' set-up ("dream big
// and work for it", d_in = d_out = 6, 2 heads, batch 2) at 1280 × 800 and at a projector's
// 1920 × 1080: every map of Q · Kᵀ = scores and of the naive masking carries its number in every
// cell (cells of 40 px or more) and labels on both axes, the maps use the panel's width, and the
// matrix a step is about starts above the fold at 1920 × 1080. Checked on the canvas's pixels,
// not on what the page says it drew: a drawn number is pixels of the number's colour in the middle
// of its cell, a label is opaque pixels beside its row or above its column.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { pageSuite, artifact, afterFrames } from './helpers.mjs';

const suite = pageSuite();
const { newPage, problems } = suite;

const LECTURE = '?sentence=dream+big+and+work+for+it&dIn=6&dOut=6&heads=2&batch=2&numbers=true';
const NAIVE = '&step=mask&causal=true&masking=naive';
const VIEWPORTS = [
  { width: 1280, height: 800 },
  { width: 1920, height: 1080 },
];
const READABLE = 40; // px: the smallest cell the test accepts as readable
const SCORES_MAPS = '#stage .equation .map';
const NAIVE_MAPS = ['unmaskedWeights', 'zeroedWeights', 'attentionWeights']
  .map((t) => `#stage figure[data-tensor="${t}"] .map`)
  .join(', ');

// Reads every map under `selector` off its canvas: its cell size, which cells show a number,
// which rows and columns carry a label, and its box. Runs in the page.
function readMaps(selector) {
  const muted = getComputedStyle(document.querySelector('#stage')).getPropertyValue('--muted');
  const probe = document.createElement('canvas').getContext('2d');
  probe.fillStyle = muted.trim() || '#5a6575';
  probe.fillRect(0, 0, 1, 1);
  const mutedRgb = [...probe.getImageData(0, 0, 1, 1).data.slice(0, 3)];
  const inks = [[0, 0, 0], [255, 255, 255], mutedRgb];
  const dist = (a, b) => Math.max(...a.map((v, i) => Math.abs(v - b[i])));
  return [...document.querySelectorAll(selector)].map((map) => {
    const canvas = map.querySelector('canvas');
    const box = canvas.getBoundingClientRect();
    const [left, top, cw, ch, sumX, sumW] = canvas.dataset.grid.split(',').map(Number);
    const gridW = sumX - left - (sumW > 0 ? 4 : 0);
    const cols = Math.round(gridW / cw);
    const rows = Math.round((box.height - top - 2) / ch);
    const s = canvas.width / box.width; // device pixels per CSS pixel
    const img = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height);
    const px = (x, y) => {
      const o = 4 * (Math.floor(y * s) * canvas.width + Math.floor(x * s));
      return [img.data[o], img.data[o + 1], img.data[o + 2], img.data[o + 3]];
    };
    // The cell's colour is the most frequent one in it (hatching and digits are thin).
    const background = (x0, y0) => {
      const seen = new Map();
      for (let y = y0 + 2; y < y0 + ch - 2; ++y)
        for (let x = x0 + 2; x < x0 + cw - 2; ++x) {
          const key = px(x, y).slice(0, 3).join(',');
          seen.set(key, (seen.get(key) ?? 0) + 1);
        }
      return [...seen]
        .sort((a, b) => b[1] - a[1])[0][0]
        .split(',')
        .map(Number);
    };
    // Pixels of a number's colour (black, white or the muted ink of masked cells) that are far
    // from the cell's own colour, in the middle of the cell where the number is centred.
    const inkPixels = (x0, y0) => {
      const bg = background(x0, y0);
      const wanted = inks.filter((ink) => dist(ink, bg) > 110);
      let n = 0;
      for (let y = y0 + ch * 0.3; y < y0 + ch * 0.8; ++y)
        for (let x = x0 + cw * 0.12; x < x0 + cw * 0.88; ++x) {
          const p = px(x, y).slice(0, 3);
          if (wanted.some((ink) => dist(ink, p) < 45)) ++n;
        }
      return n;
    };
    const opaque = (x0, x1, y0, y1) => {
      let n = 0;
      for (let y = Math.max(0, y0); y < y1; ++y)
        for (let x = Math.max(0, x0); x < x1; ++x) if (px(x, y)[3] > 100) ++n;
      return n;
    };
    const numbered = [];
    for (let r = 0; r < rows; ++r)
      for (let c = 0; c < cols; ++c)
        if (inkPixels(left + c * cw, top + r * ch) >= 4) numbered.push([r, c]);
    const rowLabels = Array.from({ length: rows }, (_, r) =>
      opaque(0, left - 3, top + r * ch + ch * 0.2, top + (r + 0.8) * ch),
    );
    const colLabels = Array.from({ length: cols }, (_, c) =>
      opaque(left + c * cw + cw * 0.1, left + (c + 0.9) * cw, 0, top - 7),
    );
    const figure = map.closest('figure');
    return {
      name: `${figure.dataset.tensor} head ${Number(map.dataset.head) + 1}`,
      shape: figure.dataset.shape.split(',').map(Number),
      rows,
      cols,
      cell: [cw, ch],
      numbered: numbered.length,
      missing: rows * cols - numbered.length,
      rowLabels,
      colLabels,
      left: box.left,
      right: box.right,
      row: (map.closest('.equation, .figure-row') ?? figure).getBoundingClientRect(),
    };
  });
}

// The maps of `selector` as a reader sees them: each scrolled into sight, and painted (a map far
// from the screen is painted as it comes near it, web/app/render/paint-later.mjs).
async function readMapsInSight(page, selector) {
  const count = await page.locator(selector).count();
  for (let i = 0; i < count; ++i) {
    await page.locator(selector).nth(i).scrollIntoViewIfNeeded();
    await afterFrames(page);
  }
  return page.evaluate(readMaps, selector);
}

// Every cell numbered, 40 px or more, a label beside every row and above every column.
function assertReadable(maps, where) {
  for (const m of maps) {
    const what = `${where}: ${m.name}`;
    assert.equal(m.rows * m.cols, m.shape.at(-1) * m.shape.at(-2), `${what}: the cells read off`);
    assert.ok(Math.min(...m.cell) >= READABLE, `${what}: cells ${m.cell.join(' × ')} px`);
    assert.equal(m.missing, 0, `${what}: ${m.missing} of ${m.rows * m.cols} cells show no number`);
    m.rowLabels.forEach((n, r) => assert.ok(n >= 4, `${what}: row ${r + 1} has no label`));
    m.colLabels.forEach((n, c) => assert.ok(n >= 4, `${what}: column ${c + 1} has no label`));
  }
}

// The maps of one comparison span most of the width of the row they are in.
function assertUsesWidth(maps, where) {
  const row = maps[0].row;
  const used = Math.max(...maps.map((m) => m.right)) - Math.min(...maps.map((m) => m.left));
  assert.ok(used >= 0.75 * row.width, `${where}: the maps use ${used} of ${row.width} px`);
}

for (const viewport of VIEWPORTS) {
  const size = `${viewport.width} × ${viewport.height}`;

  test(`${size}: Q · Kᵀ = scores, every cell numbered and both axes labelled`, async () => {
    const page = await newPage(`${LECTURE}&step=scores`, { viewport });
    const maps = await readMapsInSight(page, SCORES_MAPS);
    assert.deepEqual(
      maps.map((m) => m.name),
      ['queryHeads head 1', 'keyHeads head 1', 'attentionScores head 1'],
    );
    assertReadable(maps, size);
    assertUsesWidth(maps, `${size}, the scores equation`);
    await page.locator(SCORES_MAPS).first().scrollIntoViewIfNeeded();
    await page.screenshot({ path: artifact(`readable-scores-${viewport.width}.png`) });
    await page.close();
  });

  test(`${size}: naive masking, six maps in a grid, every cell numbered`, async () => {
    const page = await newPage(`${LECTURE}${NAIVE}`, { viewport });
    const maps = await readMapsInSight(page, NAIVE_MAPS);
    assert.equal(maps.length, 6, 'three tensors of two heads');
    assertReadable(maps, `${size}, naive masking`);
    assertUsesWidth(maps, `${size}, naive masking`);
    await page.locator(NAIVE_MAPS).first().scrollIntoViewIfNeeded();
    await page.screenshot({ path: artifact(`readable-naive-${viewport.width}.png`) });
    await page.close();
  });
}

test('the canvas check sees no number where none is drawn (numbers off)', async () => {
  const page = await newPage(`${LECTURE.replace('numbers=true', 'numbers=false')}${NAIVE}`, {
    viewport: VIEWPORTS[1],
  });
  const maps = await readMapsInSight(page, NAIVE_MAPS);
  assert.equal(maps.length, 6);
  for (const m of maps) assert.equal(m.numbered, 0, `${m.name}: ${m.numbered} cells`);
  await page.close();
});

test('1920 × 1080: the matrix each step is about starts above the fold', async () => {
  const main = {
    scores: 'attentionScores',
    scale: 'scaledScores',
    mask: 'maskedScores',
    softmax: 'attentionWeights',
    split: 'queryHeads',
    merge: 'mergedHeads',
  };
  const tops = {};
  for (const [step, tensor] of Object.entries(main)) {
    const page = await newPage(`${LECTURE}&step=${step}`, { viewport: VIEWPORTS[1] });
    tops[step] = await page.evaluate(
      (t) =>
        Math.round(
          document.querySelector(`#stage figure[data-tensor="${t}"] canvas`).getBoundingClientRect()
            .top + scrollY,
        ),
      tensor,
    );
    await page.close();
  }
  for (const [step, top] of Object.entries(tops))
    assert.ok(top < 1080, `${step}: ${main[step]} starts at ${top} px (${JSON.stringify(tops)})`);
});

test('no console errors, page errors or dialogs', () => {
  assert.deepEqual(problems, []);
});
