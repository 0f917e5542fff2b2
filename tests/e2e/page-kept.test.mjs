// Steps kept drawn: the page draws the steps next to the one shown ahead, and keeps the sections
// of steps it left, out of sight, to show them again without drawing them anew
// (web/app/render/kept.mjs). A step shown from there must be exactly the step opened afresh: the
// same text, tables, map sizes and pixels, going forward (drawn ahead) and back (kept); and a
// kept step drawn for other numbers, another colour scheme or another head is never shown.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { pageSuite, settledUrl, afterFrames, stageSnapshot } from './helpers.mjs';
import { STEPS as ORDER } from '../../web/app/stages/index.mjs';

const suite = pageSuite();
const { newPage, problems } = suite;

// Without motion: the split step's animation would otherwise be caught at different moments.
const STILL = { reducedMotion: 'reduce' };
const SETUP =
  '?sentence=dream+big+and+work+for+it&dIn=6&dOut=6&heads=2&batch=2&weights=random&seed=123' +
  '&training=false';

// After the frame that showed a step, and after the tasks that draw its neighbours ahead.
async function settled(page) {
  await afterFrames(page);
  return settledUrl(page);
}

async function press(page, key) {
  await page.keyboard.press(key);
  return settled(page);
}

const stepOf = (url) => new URL(url).searchParams.get('step');
const STEPS = ORDER.map((step) => step.slug);

// What the page shows of the step at `url` when opened afresh (one page per step, reused).
const fresh = new Map();
async function freshSnapshot(url, options = STILL) {
  const query = url.slice(suite.server.url.length);
  const key = JSON.stringify([query, options]);
  if (!fresh.has(key)) {
    const page = await newPage(query, options);
    fresh.set(key, await stageSnapshot(page));
    await page.close();
  }
  return fresh.get(key);
}

async function sameAsFresh(page, url, what, options = STILL) {
  const shown = await stageSnapshot(page);
  const expected = await freshSnapshot(url, options);
  assert.equal(shown.text, expected.text, `${what}: the same text`);
  assert.deepEqual(shown.tables, expected.tables, `${what}: the same tables`);
  assert.deepEqual(shown.maps, expected.maps, `${what}: the same map sizes`);
  assert.deepEqual(shown.canvases, expected.canvases, `${what}: the same pixels and grids`);
}

// The page's sections: the one on the screen, and the kept ones (inert, without ids).
const sections = (page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('.stage-root > .stage')].map((s) => ({
      step: s.dataset.step,
      kept: s.classList.contains('kept'),
      inert: s.inert,
      ids: s.querySelectorAll('[id]').length + (s.id ? 1 : 0),
    })),
  );

test('every step, reached forward (drawn ahead) and back (kept), is the step opened afresh', async () => {
  const page = await newPage(`${SETUP}&step=embeddings`, STILL);
  await page.focus('#scrubber');
  const order = [stepOf(await settled(page))];
  const ahead = []; // the steps reached drawn ahead
  for (let i = 0; i < 10; ++i) {
    // The next step is drawn ahead after the frame (later on a busy machine): it is kept before
    // the key, and it is the section on the screen after it. On a machine so busy that drawing
    // a step took over 250 ms, the page pauses drawing ahead and says so; it then draws the step
    // anew, which must show the same.
    const next = STEPS[STEPS.indexOf(order.at(-1)) + 1];
    const how = await page.waitForFunction(
      (slug) => {
        const kept = document.querySelector(`.stage-root > .stage.kept[data-step="${slug}"]`);
        if (!kept) return document.querySelector('.stage-root[data-ahead="paused"]') && 'paused';
        kept.drawnAhead = true; // to know it again once it is shown
        return 'ahead';
      },
      next,
      { timeout: 10_000 },
    );
    const url = await press(page, 'ArrowRight');
    order.push(stepOf(url));
    assert.equal(stepOf(url), next);
    if ((await how.jsonValue()) === 'ahead') {
      ahead.push(next);
      const shownAhead = await page.evaluate(
        () => document.querySelector('.stage-root > .stage:not(.kept)').drawnAhead === true,
      );
      assert.ok(shownAhead, `${next}: the section drawn ahead is the one shown`);
    }
    await sameAsFresh(page, url, `forward to ${stepOf(url)}`);
  }
  assert.equal(new Set(order).size, 11);
  // Before any step was timed the page always draws ahead.
  assert.equal(ahead[0], STEPS[1], `drawn ahead: ${ahead.join(', ')}`);
  for (let i = 0; i < 10; ++i) {
    // A kept step's tools (the code, the downloads) are drawn again when shown; the same ones
    // stay in place (ui/stage.mjs, reveal), rather than being laid out anew. (Its links to labs
    // and exercises carry the page's address, which has moved since: those are new.)
    await page.evaluate(() => {
      for (const el of document.querySelectorAll('.stage.kept [data-tools]')) el.keptBefore = true;
    });
    const url = await press(page, 'ArrowLeft');
    await sameAsFresh(page, url, `back to ${stepOf(url)}`);
    const tools = await page.$$eval('#stage [data-tools]', (els) =>
      els.map((el) => el.keptBefore === true),
    );
    assert.ok(tools.length >= 2 && tools.every(Boolean), `${stepOf(url)}: its tools kept`);
    const all = await sections(page);
    const [shown, ...others] = [all.filter((s) => !s.kept), all.filter((s) => s.kept)];
    assert.equal(shown.length, 1, 'one step on the screen');
    assert.equal(shown[0].step, stepOf(url));
    assert.equal(shown[0].inert, false);
    assert.ok(others[0].length > 0 && others[0].length <= 6, 'a few steps kept');
    assert.ok(
      others[0].every((s) => s.inert && s.ids === 0),
      'kept steps are inert, without ids',
    );
  }
  assert.equal(await page.locator('#stage').count(), 1);
  assert.equal(await page.locator('#stage-title').count(), 1);
  await page.close();
  assert.deepEqual(problems, []);
});

test('a kept step is drawn again for a new sentence, a new head and the other colour scheme', async () => {
  const page = await newPage(`${SETUP}&step=scale`, STILL);
  await page.focus('#scrubber');
  await press(page, 'ArrowRight'); // mask; scale is kept, softmax drawn ahead
  // A new sentence: the kept scale and softmax were drawn for the old one.
  await page.fill('#ctl-sentence', 'dream big and work for it every day');
  await page.waitForFunction(() =>
    new URL(location.href).searchParams.get('sentence')?.endsWith('day'),
  );
  await page.focus('#scrubber');
  let url = await press(page, 'ArrowLeft');
  assert.equal(stepOf(url), 'scale');
  await sameAsFresh(page, url, 'scale after a new sentence');
  url = await press(page, 'ArrowRight');
  url = await press(page, 'ArrowRight');
  assert.equal(stepOf(url), 'softmax');
  await sameAsFresh(page, url, 'softmax after a new sentence');
  // Another head: the mask step kept shows both heads.
  await page.click('#stage label:has(input[name="head"][value="1"])');
  await settled(page);
  await page.focus('#scrubber');
  url = await press(page, 'ArrowLeft');
  assert.equal(stepOf(url), 'mask');
  assert.equal(new URL(url).searchParams.get('head'), '1');
  await sameAsFresh(page, url, 'mask, head 1');
  // The dark colour scheme: the softmax step drawn ahead was painted in the light one.
  await page.click('label:has(input[name="theme"][value="dark"])');
  await settled(page);
  assert.equal(await page.getAttribute('html', 'data-theme'), 'dark');
  await page.focus('#scrubber');
  url = await press(page, 'ArrowRight');
  assert.equal(stepOf(url), 'softmax');
  assert.equal(new URL(url).searchParams.get('theme'), 'dark');
  await sameAsFresh(page, url, 'softmax after the scheme turned dark');
  await page.close();
  assert.deepEqual(problems, []);
});
