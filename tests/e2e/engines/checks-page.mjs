// The teaching page's main checks, for any engine (driver.mjs): every step for a typed sentence
// shows the API's exact numbers and no error; the URL restores every setting and a changed setting
// is written back; the steps follow the keyboard; and without COOP/COEP the page falls back to the
// single-threaded build.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  LECTURE_STEPS,
  referenceTrace,
  compareCells,
  trainingPreviewSettings,
} from '../helpers.mjs';
import { parseUrl } from '../../../web/app/state/url.mjs';
import { SETTINGS, query, shownErrors, pageReady } from './context.mjs';

// In the page: what the current step shows (the same cells tests/e2e/helpers.mjs shownCells reads).
const shownStep = () => {
  const stage = document.querySelector('#stage');
  return {
    step: stage?.dataset.step,
    stage: stage?.dataset.stage,
    cells: [...document.querySelectorAll('#stage [data-tensor] td[data-i]')].map((td) => ({
      stage: td.closest('[data-tensor]').dataset.tensor,
      i: Number(td.dataset.i),
      value: td.dataset.value,
      pass: td.closest('[data-trace]')?.dataset.trace ?? 'settings',
    })),
  };
};

const stepOf = (page) => page.evaluate(() => document.querySelector('#stage')?.dataset.step);
const settingsOf = async (page) => parseUrl(new URL(await page.url()).search).settings;

async function openPage(ctx, url) {
  const page = await ctx.open(url);
  await page.waitFor(pageReady);
  return page;
}

// Checks the step on screen against the trace, exactly; returns its number of cells.
async function checkStep(page, slug, trace, training) {
  const shown = await page.evaluate(shownStep);
  assert.equal(shown.step, slug);
  assert.ok(shown.cells.length > 0, `step ${slug} shows no numbers`);
  assert.deepEqual(compareCells(shown.cells, trace, 0, training), [], `step ${slug}`);
  assert.deepEqual(await page.evaluate(shownErrors), [], `step ${slug} shows an error`);
  return shown.cells.length;
}

/** Registers the page checks for the engine of `ctx` (context.mjs). */
export function pageChecks(ctx) {
  const { engine } = ctx;

  test(`${engine}: a typed sentence, every step: the API's exact numbers, no error`, async () => {
    const page = await openPage(ctx, ctx.isolated.url + query(SETTINGS, { step: 'embeddings' }));
    const typed = 'the dog chased the ball';
    await page.evaluate(() => {
      const box = document.querySelector('#ctl-sentence');
      box.focus();
      box.select();
    });
    await page.type(typed);
    await page.waitFor((s) => new URL(location.href).searchParams.get('sentence') === s, typed);
    const settings = await settingsOf(page);
    assert.deepEqual(settings, { ...SETTINGS, sentence: typed });
    const trace = await referenceTrace(settings);
    const training = await referenceTrace(trainingPreviewSettings(settings));
    for (const [i, slug] of LECTURE_STEPS.entries()) {
      await page.waitFor((s) => document.querySelector('#stage')?.dataset.step === s, slug);
      await checkStep(page, slug, trace, training);
      if (i < LECTURE_STEPS.length - 1)
        await page.evaluate(() => document.querySelector('.transport .next').click());
    }
    assert.equal(
      await page.evaluate(() => document.querySelector('.transport .next').disabled),
      true,
    );
    assert.deepEqual(page.problems, []);
    await page.close();
  });

  test(`${engine}: the URL restores every setting, and a changed setting is written back`, async () => {
    const settings = { ...SETTINGS, heads: 3, dOut: 6, dropout: 0.25, training: true, seed: 7 };
    const page = await openPage(ctx, ctx.isolated.url + query(settings, { step: 'softmax' }));
    const controls = await page.evaluate(() =>
      ['sentence', 'heads', 'dOut', 'dIn', 'dropout', 'seed'].map(
        (name) => document.querySelector(`#ctl-${name}`).value,
      ),
    );
    assert.deepEqual(controls, [settings.sentence, '3', '6', '6', '0.25', '7']);
    assert.equal(await stepOf(page), 'softmax');
    await checkStep(page, 'softmax', await referenceTrace(settings), null);

    await page.evaluate(() => {
      const box = document.querySelector('#ctl-heads');
      box.focus();
      box.select();
    });
    await page.type('2');
    await page.waitFor(() => new URL(location.href).searchParams.get('heads') === '2');
    const written = await settingsOf(page);
    assert.deepEqual(written, { ...settings, heads: 2 });
    await checkStep(page, 'softmax', await referenceTrace(written), null);
    assert.deepEqual(page.problems, []);
    await page.close();
  });

  test(`${engine}: the keyboard moves between the steps: End, Home, arrows`, async () => {
    const page = await openPage(ctx, ctx.isolated.url + query(SETTINGS, { step: 'scores' }));
    await page.evaluate(() => document.activeElement?.blur());
    const keys = [
      ['End', 'output'],
      ['Home', 'embeddings'],
      ['ArrowRight', 'qkv'],
      ['ArrowRight', 'split'],
      ['ArrowLeft', 'qkv'],
      ['ArrowLeft', 'embeddings'],
      ['ArrowLeft', 'embeddings'],
    ];
    for (const [key, slug] of keys) {
      await page.press(key);
      assert.equal(await stepOf(page), slug, `after ${key}`);
    }
    // The address follows after the frame.
    await page.waitFor(() => new URL(location.href).searchParams.get('step') === 'embeddings');
    assert.deepEqual(page.problems, []);
    await page.close();
  });

  test(`${engine}: served without COOP/COEP, the page falls back to the single-threaded build`, async (t) => {
    const page = await openPage(ctx, ctx.plain.url + query(SETTINGS, { step: 'softmax' }));
    const found = await page.evaluate(() => ({
      isolated: globalThis.crossOriginIsolated,
      build: document.documentElement.dataset.build,
    }));
    t.diagnostic(`${engine}, page not isolated: build ${found.build}`);
    assert.deepEqual(found, { isolated: false, build: 'single' });
    await checkStep(page, 'softmax', await referenceTrace(SETTINGS), null);
    assert.deepEqual(page.problems, []);
    await page.close();
  });
}
