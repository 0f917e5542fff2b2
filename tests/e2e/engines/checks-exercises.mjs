// The exercises in any engine (driver.mjs), one of each kind of input: cells picked with the arrow
// keys and Space (mask-cells), numbers typed (score-by-hand), a choice (softmax-argmax) and a shape
// (view-shape), each at its ?exercise= address with every setting in it; a wrong answer gets
// the explaining feedback in the polite live region, the right one, computed here in Node from the
// npm API, is accepted; and embed.html?exercise= on a course page of another origin posts each
// Check to the course page.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { nodeLab } from '../helpers.mjs';
import { findExercise } from '../../../web/app/exercises/index.mjs';
import { compute as pagePass } from '../../../web/app/compute.mjs';
import { readPage } from '../../../web/app/labs/kit/page.mjs';
import { answersFor } from '../../js/exercise-answers.mjs';
import { SETTINGS, query, pageReady } from './context.mjs';

const RESULT = 'attention-lab:exercise-result';
const withExercise = (slug) => `${query(SETTINGS)}&exercise=${slug}`;

/** The course page framing one exercise (lms: no isolation), recording the messages it gets. */
export function exercisePages({ site }) {
  return {
    '/exercise.html': `<!doctype html><html lang="en"><head><meta charset="utf-8">
      <title>course page</title><link rel="icon" href="data:,">
      <script>window.results = []; addEventListener('message', (e) => {
        if (e.data?.type === '${RESULT}') results.push(e.data); });</script></head>
      <body><iframe title="exercise" style="width:900px;height:800px"
      src="${site.origin}/embed.html${withExercise('view-shape')}"></iframe></body></html>`,
  };
}

// The task the page sets for SETTINGS (variant 0), and its right and wrong answers, from the API.
async function answersOf(slug) {
  const lab = await nodeLab();
  const page = readPage({ settings: SETTINGS, result: pagePass(lab, SETTINGS) });
  const [task] = await Promise.all(findExercise(slug).load());
  const made = task.makeTask(lab, page, 0);
  return { task: made, ...answersFor(lab)[slug](made) };
}

// In the page: the exercise's root (`.exercise[data-exercise]`) is drawn.
const drawn = (slug) => document.querySelector(`.exercise[data-exercise="${slug}"]`) !== null;

/** Types `response` into the exercise: each number field focused, emptied and typed into. */
async function typeAnswer(page, response) {
  for (const [name, value] of Object.entries(response)) {
    const kind = await page.evaluate((n) => {
      const input = document.querySelector(`.exercise input[data-answer="${n}"]`);
      if (!input) return 'choice';
      input.focus();
      input.select();
      return 'text';
    }, name);
    if (kind === 'text') await page.type(String(value));
    else
      await page.evaluate(
        (n, v) =>
          document.querySelector(`fieldset[data-answer="${n}"] input[value="${v}"]`).click(),
        name,
        String(value),
      );
  }
}

/** Clicks Check; resolves with the live region's text once its verdict for this Check is in. */
async function checkAnswer(page) {
  const before = await page.evaluate(() => {
    const root = document.querySelector('.exercise');
    const attempts = root.querySelector('.exercise-attempts').dataset.attempts;
    root.querySelector('.exercise-check').click();
    return attempts;
  });
  return page.waitFor((n) => {
    const root = document.querySelector('.exercise');
    const live = root.querySelector('.exercise-feedback[aria-live="polite"]');
    const done = root.querySelector('.exercise-attempts').dataset.attempts !== n;
    return done && live.querySelector('.exercise-verdict') ? live.textContent : null;
  }, before);
}

function assertWrong(text, slug) {
  assert.match(text, /^Not quite\./, `${slug}: ${text}`);
  assert.match(text, /✗/, slug);
  assert.ok(text.length > 120, `${slug}: the feedback explains (${text})`);
}

// mask-cells by keyboard only: Space on the first cell (wrong: it is the token itself), then
// Space again to take it back; then on each row End, and Space on every cell right of the
// diagonal moving left, then down to the next row.
async function maskByKeyboard(page, T, cells) {
  const focus = () => document.querySelector('[data-cell="0,0"]').focus();
  await page.evaluate(focus);
  await page.press(' '); // Space
  assertWrong(await checkAnswer(page), 'mask-cells');
  await page.evaluate(focus);
  await page.press(' ');
  for (let r = 0; r < T - 1; ++r) {
    await page.press('End');
    for (let c = T - 1; c > r; --c) {
      await page.press(' ');
      if (c > r + 1) await page.press('ArrowLeft');
    }
    await page.press('ArrowDown');
  }
  const picked = await page.evaluate(() =>
    [...document.querySelectorAll('.pick-cell.picked')].map((b) => b.dataset.cell),
  );
  assert.deepEqual(picked.sort(), [...cells].sort(), 'the cells the API masks');
}

/** Registers the exercise checks for the engine of `ctx` (context.mjs, with exercisePages). */
export function exerciseChecks(ctx) {
  const { engine } = ctx;

  // One page: the first exercise opened by its address, the others by the page's list of
  // exercises, whose links are their addresses (the page opens them in place, without a reload).
  test(`${engine}: four exercises by their address: wrong explained, right accepted`, async () => {
    const [first, ...others] = ['mask-cells', 'score-by-hand', 'softmax-argmax', 'view-shape'];
    const page = await ctx.open(ctx.isolated.url + withExercise(first));
    await page.waitFor(pageReady);
    for (const slug of [first, ...others]) {
      if (slug !== first)
        await page.evaluate(
          (s) => document.querySelector(`#exercises a[data-exercise-link="${s}"]`).click(),
          slug,
        );
      await page.waitFor(drawn, slug);
      const address = new URL(await page.url());
      assert.equal(address.searchParams.get('exercise'), slug);
      assert.equal(address.searchParams.get('sentence'), SETTINGS.sentence);
      const { right, wrong } = await answersOf(slug);
      if (slug === 'mask-cells') {
        const T = (await nodeLab()).tokenize(SETTINGS.sentence).length;
        await maskByKeyboard(page, T, right.cells);
      } else {
        await typeAnswer(page, wrong);
        assertWrong(await checkAnswer(page), slug);
        await typeAnswer(page, right);
      }
      const text = await checkAnswer(page);
      assert.match(text, /^Right\./, `${slug}: ${text}`);
    }
    assert.deepEqual(page.problems, []);
    await page.close();
  });

  test(`${engine}: embed.html?exercise= on a course page of another origin posts each Check`, async () => {
    const page = await ctx.open(ctx.lms.url('/exercise.html'));
    await page.enterFrame();
    await page.waitFor(pageReady);
    await page.waitFor(drawn, 'view-shape');
    const { task, right, wrong } = await answersOf('view-shape');
    await typeAnswer(page, wrong);
    assertWrong(await checkAnswer(page), 'view-shape');
    await typeAnswer(page, right);
    assert.match(await checkAnswer(page), /^Right\./);
    await page.leaveFrame();
    const results = await page.waitFor(() => window.results.length === 2 && window.results);
    assert.deepEqual(
      results.map((m) => [m.type, m.slug, m.correct, m.attempts]),
      [
        [RESULT, 'view-shape', false, 1],
        [RESULT, 'view-shape', true, 2],
      ],
    );
    assert.deepEqual(results[1].settings, task.settings);
    assert.deepEqual(page.problems, []);
    await page.close();
  });
}
