// The page at a glance: every T × T map is seen whole, Σ column included, from a 320 px
// phone to a 1920 px projector, for 6, 29 and 64 tokens; no step is taller than two screens at
// 1280 × 800; the sticky stepper's Next brings the new step's title into view; the numbers are the
// trace's. Screenshots go to test-artifacts/.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  pageSuite,
  artifact,
  sentenceOf,
  shownCells,
  compareCells,
  referenceTrace,
  hoverCell,
  LECTURE_STEPS,
  withSetup,
  settledUrl,
} from './helpers.mjs';
import { parseUrl } from '../../web/app/state/url.mjs';

const suite = pageSuite();
const { newPage, problems } = suite;

const SQUARE_STEPS = ['scores', 'scale', 'mask', 'softmax', 'dropout', 'context'];

// Every drawn map of the step whose columns are tokens (T × T): its box, its cells' box and Σ's.
const squareMaps = (page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('#stage .map')]
      .map((map) => {
        const canvas = map.querySelector('canvas');
        const figure = map.closest('figure');
        const shape = figure.dataset.shape.split(',').map(Number);
        const [T, X] = shape.slice(-2);
        const [left, top, w, h, sumX, sumW] = canvas.dataset.grid.split(',').map(Number);
        const box = canvas.getBoundingClientRect();
        return {
          tensor: map.dataset.tensor,
          head: map.dataset.head,
          square: T === X,
          T,
          cellsLeft: box.left + left,
          cellsRight: box.left + left + X * w,
          cellsBottom: box.top + top + T * h,
          sum: figure.querySelector('.map') && sumW > 0 ? box.left + sumX + sumW : null,
          hasSums: sumW > 0,
          cell: [w, h],
        };
      })
      .filter((m) => m.square),
  );

for (const width of [320, 375, 1280, 1920]) {
  test(`${width} px: every T × T map of 6, 29 and 64 tokens is seen whole, Σ included`, async () => {
    const height = width < 600 ? 700 : width === 1920 ? 1080 : 800;
    for (const tokens of [6, 29, 64]) {
      const query = `?sentence=${encodeURIComponent(sentenceOf(tokens))}&training=true&step=scores`;
      const page = await newPage(query, { viewport: { width, height } });
      for (const slug of SQUARE_STEPS) {
        await page.click(`.step-link[data-slug="${slug}"]`);
        const maps = await squareMaps(page);
        assert.ok(maps.length > 0, `${slug}: T × T maps are drawn`);
        for (const m of maps) {
          const what = `${width} px, ${tokens} tokens, ${slug}: ${m.tensor} head ${m.head}`;
          assert.equal(m.T, tokens, what);
          assert.ok(m.cellsLeft >= 0, `${what}: cells start at ${m.cellsLeft}`);
          assert.ok(m.cellsRight <= width, `${what}: cells end at ${m.cellsRight} > ${width}`);
          if (m.hasSums) assert.ok(m.sum <= width, `${what}: Σ ends at ${m.sum} > ${width}`);
        }
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth);
        assert.ok(overflow <= width, `${width} px, ${tokens} tokens, ${slug}: page ${overflow} px`);
      }
      if (tokens === 64 && width === 1280) {
        await page.click('.step-link[data-slug="softmax"]');
        await page.locator('#stage .tables').first().scrollIntoViewIfNeeded();
        await page.screenshot({ path: artifact('layout-1280-64-tokens-softmax.png') });
      }
      if (tokens === 64 && width === 320) {
        await page.click('.step-link[data-slug="softmax"]');
        await page.screenshot({
          path: artifact('layout-320-64-tokens-softmax.png'),
          fullPage: true,
        });
      }
      await page.close();
    }
  });
}

test('1280 × 800: no step is taller than two screens (6, 29 and 64 tokens)', async () => {
  for (const tokens of [6, 29, 64]) {
    const page = await newPage(`?sentence=${encodeURIComponent(sentenceOf(tokens))}`, {
      viewport: { width: 1280, height: 800 },
    });
    const heights = {};
    for (const slug of LECTURE_STEPS) {
      await page.click(`.step-link[data-slug="${slug}"]`);
      heights[slug] = Math.round(
        await page.evaluate(() => document.querySelector('#stage').getBoundingClientRect().height),
      );
    }
    console.log(`step heights at 1280 × 800, ${tokens} tokens: ${JSON.stringify(heights)}`);
    for (const [slug, h] of Object.entries(heights))
      assert.ok(h <= 1600, `${tokens} tokens, ${slug}: ${h} px > 2 × 800`);
    if (tokens === 6) await page.screenshot({ path: artifact('layout-default-1280.png') });
    await page.close();
  }
});

test('the stepper stays in view and Next brings the new step title just below it', async () => {
  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 375, height: 700 },
  ]) {
    const page = await newPage(`?sentence=${encodeURIComponent(sentenceOf(29))}&step=qkv`, {
      viewport,
    });
    for (let i = 0; i < 4; ++i) {
      // Read to the end of the step, then Next.
      await page.evaluate(() => {
        const stage = document.querySelector('#stage');
        window.scrollTo(0, stage.getBoundingClientRect().bottom + window.scrollY - innerHeight);
      });
      await page.click('.transport .next');
      const at = await page.evaluate(() => ({
        title: document.querySelector('#stage-title').getBoundingClientRect(),
        player: document.querySelector('#player-root').getBoundingClientRect(),
        step: document.querySelector('#stage').dataset.step,
      }));
      const what = `${viewport.width} px, ${at.step}`;
      assert.ok(at.player.top >= -1 && at.player.top < 2, `${what}: the stepper is at the top`);
      assert.ok(at.title.top >= at.player.bottom - 1, `${what}: the title is below the stepper`);
      assert.ok(at.title.bottom <= viewport.height, `${what}: the title is on screen`);
    }
    await page.close();
  }
});

test('64 tokens: the numbers are the trace, in the tables built on demand', async () => {
  const query = `?sentence=${encodeURIComponent(sentenceOf(64))}&step=softmax&heads=2&dOut=4`;
  const page = await newPage(query);
  assert.equal(await page.locator('#stage td[data-i]').count(), 0, 'no 8,192 cells up front');
  await page.click('#stage .table-links .table-button[data-head="1"]');
  assert.equal(
    await page.evaluate(() => document.activeElement.closest('.map')?.dataset.head),
    '1',
    'the first cell of the table has the focus',
  );
  const cells = await shownCells(page);
  assert.equal(cells.length, 64 * 64);
  const settings = parseUrl(new URL(await settledUrl(page)).search).settings;
  assert.deepEqual(compareCells(cells, await referenceTrace(settings)), []);
  await page.close();
});

test("GPT-2's size: d = 768, 12 heads, 64 tokens; T × T maps exact, d-wide ones in bands that say so", async () => {
  const query = `?sentence=${encodeURIComponent(sentenceOf(64))}&dIn=768&dOut=768&heads=12&batch=4`;
  const page = await newPage(`${query}&step=softmax`, { viewport: { width: 1280, height: 800 } });
  const maps = await squareMaps(page);
  assert.equal(maps.length, 12, 'one 64 × 64 map per head');
  for (const m of maps) assert.ok(m.cell[0] >= 1, `head ${m.head}: a pixel or more per column`);
  assert.equal(await page.locator('#stage figure .map-note').isVisible(), false, 'no bands');
  await page.click('#stage .table-links .table-button[data-head="11"]');
  const settings = parseUrl(new URL(await settledUrl(page)).search).settings;
  const trace = await referenceTrace(settings);
  const cells = await shownCells(page);
  assert.equal(cells.length, 64 * 64);
  assert.deepEqual(compareCells(cells, trace), []);

  await page.click('.step-link[data-slug="qkv"]');
  const note = page.locator('#stage figure[data-tensor="queries"] .map-note');
  assert.match(await note.textContent(), /768 columns drawn as \d+ bands of \d+/);
  await hoverCell(page, '#stage figure[data-tensor="queries"] .map', 3, 10);
  const tip = await page.locator('.tooltip').textContent();
  const band = tip.match(/a band of columns (\d+)–(\d+); column (\d+) has the largest magnitude/);
  assert.ok(band, tip);
  // The value shown is the band's largest-magnitude number, read from the trace.
  const [from, to, col] = band.slice(1).map(Number);
  const row = trace.queries.data.subarray(3 * 768, 4 * 768);
  const largest = Math.max(...Array.from(row.subarray(from - 1, to), Math.abs));
  assert.equal(Math.abs(row[col - 1]), largest);
  await page.screenshot({ path: artifact('gpt2-size-qkv-1280.png') });
  await page.close();
});

test('presentation mode at 1920 × 1080: the lesson alone, large type and cells; P toggles it', async () => {
  const page = await newPage('?step=softmax#present', { viewport: { width: 1920, height: 1080 } });
  const look = () =>
    page.evaluate(() => ({
      present: document.documentElement.classList.contains('present'),
      font: parseFloat(getComputedStyle(document.documentElement).fontSize),
      settings: document.querySelector('.settings-card').checkVisibility(),
      stage: document.querySelector('#stage').getBoundingClientRect().width,
      cellH: Number(document.querySelector('#stage .map canvas').dataset.grid.split(',')[3]),
    }));
  const on = await look();
  assert.deepEqual([on.present, on.settings], [true, false]);
  assert.ok(on.font >= 24, `root type ${on.font} px`);
  assert.ok(on.stage > 1700, `the lesson is ${on.stage} px wide`);
  assert.ok(on.cellH >= 40, `cells ${on.cellH} px high`);
  await page.screenshot({ path: artifact('present-1920-softmax.png') });
  await page.locator('body').focus();
  await page.keyboard.press('p');
  const off = await look();
  assert.deepEqual([off.present, off.settings], [false, true]);
  assert.ok(off.cellH < on.cellH);
  await page.close();
});

test('the split: glued heads do not overlap (labels clipped), then the transpose takes them apart', async () => {
  const page = await newPage('?step=split&dOut=6&heads=2');
  const state = () =>
    page.evaluate(() =>
      [...document.querySelectorAll('.split figure')].map((figure) => {
        const [a, b] = [...figure.querySelectorAll('.map')].map((m) => {
          const canvas = m.querySelector('canvas');
          const [left, top, w, h] = canvas.dataset.grid.split(',').map(Number);
          const box = canvas.getBoundingClientRect();
          const cols = Number(figure.dataset.shape.split(',').at(-1));
          return {
            left: box.left + left,
            right: box.left + left + cols * w,
            clip: canvas.style.clipPath,
          };
        });
        return { phase: document.querySelector('.split').dataset.phase, a, b };
      }),
    );
  await page.click('[data-action="replay-split"]');
  for (const { phase, a, b } of await state()) {
    assert.equal(phase, 'merged');
    assert.ok(
      Math.abs(b.left - a.right) < 1.5,
      `glued: head 2 starts at ${b.left}, head 1 ends at ${a.right}`,
    );
    assert.match(b.clip, /^inset/, 'head 2 shows only its cells over head 1');
  }
  await page.waitForFunction(() => !document.querySelector('.split.animating'), null, {
    timeout: 8000,
  });
  for (const { phase, a, b } of await state()) {
    assert.equal(phase, 'split');
    assert.ok(b.left > a.right + 20, 'apart after the transpose');
    assert.equal(b.clip, '');
  }
  await page.close();
});

test('the split at the notebook’s d_h = 1 says how to make the pieces visible; at the lectures’ d_h = 3 it does not', async () => {
  const hint = /set d_out to 6 \(2 heads of 3 columns\)/;
  let page = await newPage(withSetup('notebook', '?step=split'));
  assert.match(await page.locator('#stage-root').innerText(), hint);
  await page.close();
  page = await newPage(withSetup('lectures', '?step=split'));
  assert.doesNotMatch(await page.locator('#stage-root').innerText(), /With d_h = 1|set d_out/);
  await page.close();
});

test('equations: hovering a score rings its query row and key column; a context cell its weight row and value column', async () => {
  const page = await newPage(withSetup('lectures', '?step=scores&dOut=4&heads=2&training=false'));
  const ring = (selector) =>
    page.evaluate((sel) => {
      const map = document.querySelector(sel);
      const link = map.querySelector('.map-link');
      if (link.hidden) return null;
      const [left, top, w, h] = map.querySelector('canvas').dataset.grid.split(',').map(Number);
      const box = { x: parseFloat(link.style.left) + 2, y: parseFloat(link.style.top) + 2 };
      return {
        row: Math.round((box.y - top) / h),
        col: Math.round((box.x - left) / w),
        w: parseFloat(link.style.width) - 4,
        cell: w,
      };
    }, selector);
  await hoverCell(page, '#stage figure[data-tensor="attentionScores"] .map', 3, 1);
  const q = await ring('#stage figure[data-tensor="queryHeads"] .map');
  const k = await ring('#stage figure[data-tensor="keyHeads"] .map');
  assert.equal(q?.row, 3, 'query row 4 is ringed');
  assert.equal(k?.col, 1, 'key column 2 (of Kᵀ) is ringed');
  assert.ok(Math.abs(k.w - k.cell) < 1, 'one column wide');
  assert.match(await page.locator('.tooltip').textContent(), /attentionScores\[0, 0, 3, 1\]/);

  await page.click('.step-link[data-slug="context"]');
  await hoverCell(page, '#stage figure[data-tensor="contextHeads"] .map', 4, 1);
  // In evaluation mode the weights are the attention weights (nothing is dropped).
  assert.equal((await ring('#stage figure[data-tensor="attentionWeights"] .map'))?.row, 4);
  assert.equal((await ring('#stage figure[data-tensor="valueHeads"] .map'))?.col, 1);
  await page.close();
});

test('the overview: every step as a picture of its main tensor; a card opens its step; O toggles', async () => {
  const page = await newPage('?step=softmax');
  await page.click('.overview-toggle');
  const cards = await page.$$eval('#stage .overview-card', (els) =>
    els.map((e) => ({
      slug: e.dataset.slug,
      current: e.getAttribute('aria-current'),
      painted: e.querySelector('canvas').width > 0,
      stage: e.querySelector('.trace-name').textContent,
    })),
  );
  assert.equal(cards.length, 11);
  assert.ok(
    cards.every((c) => c.painted),
    'every card has its picture',
  );
  assert.deepEqual(
    cards.filter((c) => c.current === 'step').map((c) => c.slug),
    ['softmax'],
  );
  assert.equal(cards[6].stage, 'attentionWeights');
  assert.equal(await page.locator('.overview-toggle').getAttribute('aria-pressed'), 'true');
  await page.screenshot({ path: artifact('overview-1280.png') });
  await page.click('.overview-card[data-slug="mask"]');
  assert.equal(await page.locator('#stage').getAttribute('data-step'), 'mask');
  assert.equal(await page.locator('.overview-toggle').getAttribute('aria-pressed'), 'false');
  await page.locator('body').focus();
  await page.keyboard.press('o');
  assert.equal(await page.locator('#stage .overview-card').count(), 11);
  await page.keyboard.press('o');
  assert.equal(await page.locator('#stage').getAttribute('data-step'), 'mask');
  await page.close();
});

test('a refused sentence marks the drawn numbers as the last valid ones, until it is fixed', async () => {
  const page = await newPage(withSetup('notebook', '?step=softmax'));
  const note = page.locator('#stale-note');
  assert.equal(await note.isVisible(), false);
  await page.fill('#ctl-sentence', sentenceOf(134));
  await note.waitFor({ state: 'visible' });
  assert.match(await note.textContent(), /still for the last valid sentence, “Your journey/);
  assert.equal(await page.locator('#stage-root.stale').count(), 1, 'the maps are dimmed');
  assert.match(await page.locator('#msg-sentence').textContent(), /at most 128/);
  await page.waitForTimeout(200); // past the typing burst
  await page.fill('#ctl-sentence', 'all dogs are animals');
  await note.waitFor({ state: 'hidden' });
  assert.equal(await page.locator('#stage-root.stale').count(), 0);
  await page.close();
});

test('no console errors, page errors or dialogs', () => {
  assert.deepEqual(problems, []);
});
