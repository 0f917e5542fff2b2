// Maps far from the screen are painted as they come near it (web/app/render/paint-later.mjs): a
// new dropout p while the maps are scrolled far away leaves their canvases as they were, and
// scrolling back paints them, exactly as the page opened afresh at that address draws them.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { pageSuite, stageSnapshot, afterFrames } from './helpers.mjs';

const suite = pageSuite();
const { newPage, problems } = suite;

const STILL = { reducedMotion: 'reduce' };
const QUERY =
  '?sentence=dream+big+and+work+for+it&dIn=6&dOut=6&heads=2&batch=2&weights=random&seed=123' +
  '&training=false&step=dropout';

const pixels = (page) =>
  page.$$eval('#stage .map canvas', (canvases) => canvases.map((c) => c.toDataURL()));

// Room below the page, and the maps scrolled far above the viewport (more than its height).
async function scrollFar(page) {
  await page.evaluate(() => {
    const room = document.createElement('div');
    room.style.height = `${4 * innerHeight}px`;
    document.body.append(room);
    scrollTo(0, document.documentElement.scrollHeight);
  });
  await afterFrames(page);
}

// A new dropout p from its field, without scrolling to it; once the address holds it.
async function setDropout(page, value) {
  await page.evaluate((v) => {
    const p = document.querySelector('#ctl-dropout');
    p.value = v;
    p.dispatchEvent(new Event('input', { bubbles: true }));
  }, value);
  await page.waitForFunction(
    (v) => new URL(location.href).searchParams.get('dropout') === v,
    value,
  );
  await afterFrames(page);
}

test('maps far from the screen keep their pixels until they come near it, then show the new numbers', async () => {
  const page = await newPage(QUERY, STILL);
  const before = await pixels(page);
  assert.ok(before.length >= 4, 'the dropout step has its maps');
  await scrollFar(page);
  await setDropout(page, '0.3');
  assert.deepEqual(await pixels(page), before, 'out of sight: not painted yet');
  await page.evaluate(() => document.querySelector('#stage .tables').scrollIntoView());
  await page.waitForFunction(
    (old) =>
      [...document.querySelectorAll('#stage .map canvas')].some((c, i) => c.toDataURL() !== old[i]),
    before,
  );
  await afterFrames(page);
  const shown = await stageSnapshot(page);
  const fresh = await newPage(new URL(page.url()).search, STILL);
  const expected = await stageSnapshot(fresh);
  assert.deepEqual(
    shown.canvases,
    expected.canvases,
    'near again: the new numbers, as drawn afresh',
  );
  await fresh.close();
  await page.close();
  assert.deepEqual(problems, []);
});

test('a page about to be printed paints every map first', async () => {
  const page = await newPage(QUERY, STILL);
  await scrollFar(page);
  const before = await pixels(page);
  await setDropout(page, '0.3');
  assert.deepEqual(await pixels(page), before, 'out of sight: not painted yet');
  await page.evaluate(() => dispatchEvent(new Event('beforeprint')));
  const fresh = await newPage(new URL(page.url()).search, STILL);
  assert.deepEqual(await pixels(page), await pixels(fresh), 'printed: the new numbers');
  await fresh.close();
  await page.close();
  assert.deepEqual(problems, []);
});

test('a step chosen while the page is scrolled far down is painted where the page scrolls to it', async () => {
  const page = await newPage(QUERY.replace('step=dropout', 'step=embeddings'), STILL);
  await scrollFar(page);
  // In one task: the click draws the step anew (not a neighbour drawn ahead), scrolls to its
  // title, and the maps then on the screen are painted before the frame.
  const seen = await page.evaluate(() => {
    document.querySelector('.step-link[data-slug="softmax"]').click();
    const inView = [...document.querySelectorAll('#stage .map canvas')].filter((c) => {
      const { top, bottom } = c.getBoundingClientRect();
      return bottom > 0 && top < innerHeight;
    });
    const blank = (c) => {
      const empty = document.createElement('canvas');
      [empty.width, empty.height] = [c.width, c.height];
      return c.toDataURL() === empty.toDataURL();
    };
    return { step: document.querySelector('#stage').dataset.step, inView: inView.map(blank) };
  });
  assert.equal(seen.step, 'softmax');
  assert.ok(seen.inView.length > 0, 'maps on the screen after the scroll');
  assert.deepEqual(
    seen.inView,
    seen.inView.map(() => false),
    'each painted',
  );
  await page.close();
  assert.deepEqual(problems, []);
});
