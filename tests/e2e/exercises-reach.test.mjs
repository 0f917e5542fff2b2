// Every exercise where a student meets it: a shared ?exercise= link opens on the exercise (in view,
// its heading focused); each one is axe clean and fits from a 320 px phone in the dark theme to a
// 1920 px screen in the light one, before and after Check; and each one alone in the iframe page
// (embed.html?exercise=<slug>) posts every Check to its parent. Every setting is in the URL.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { pageSuite, nodeLab, axeViolations } from './helpers.mjs';
import { EXERCISES } from '../../web/app/exercises/index.mjs';
import { answersFor } from '../js/exercise-answers.mjs';
import { SETUPS, query, taskOf, answer, check } from './exercise-kit.mjs';

const suite = pageSuite();
const { newPage, problems } = suite;

const lab = await nodeLab();
const ANSWERS = answersFor(lab);
// The timed exercise measures 4000 heads on each Check: its right answer depends on the clock
// (tests/e2e/exercises.test.mjs checks it once); here it gets a guess.
const TIMED = 'loop-vs-fused-guess';
const GUESS = { winner: 'fused', factor: '10' };

test('a shared ?exercise= link scrolls its exercise into view and focuses its heading', async () => {
  const page = await newPage(query('dream', { exercise: 'dropout-row-sum', theme: 'light' }));
  await page.locator('#exercise-panel[data-exercise="dropout-row-sum"] .exercise').waitFor();
  await page.waitForFunction(() => {
    const box = document.querySelector('#exercise-panel').getBoundingClientRect();
    return box.top >= 0 && box.top < innerHeight;
  });
  assert.equal(await page.evaluate(() => document.activeElement?.id), 'exercise-heading');
  // Not under the sticky stepper: the heading is what is drawn where it is.
  const seen = await page.evaluate(() => {
    const box = document.querySelector('#exercise-heading').getBoundingClientRect();
    return document.elementFromPoint(box.left + 4, box.top + box.height / 2)?.id;
  });
  assert.equal(seen, 'exercise-heading', 'the heading is not covered');
  assert.ok(await page.evaluate(() => scrollY > 0), 'the page scrolled to the exercise');
  await page.close();
  assert.deepEqual(problems.splice(0), []);
});

// Wider than the viewport: the page, or anything inside the exercise's panel that is not inside a
// box of its own that scrolls sideways (the grid of cells to pick does, on a phone); and any button
// too small for its text.
const overflow = (page) =>
  page.evaluate(() => {
    const panel = document.querySelector('#exercise-panel');
    const scrolls = (el) => {
      for (let up = el.parentElement; up && up !== panel; up = up.parentElement)
        if (/auto|scroll|hidden/.test(getComputedStyle(up).overflowX)) return true;
      return false;
    };
    const wide = [...panel.querySelectorAll('*')].filter(
      (el) => el.getBoundingClientRect().right > innerWidth + 1 && !scrolls(el),
    );
    // A button whose text does not fit it (a cell's −∞ broken over two lines, say).
    const clipped = [...panel.querySelectorAll('button')].filter(
      (b) => b.scrollWidth > b.clientWidth + 1 || b.scrollHeight > b.clientHeight + 1,
    );
    return {
      page: document.documentElement.scrollWidth - innerWidth,
      inside: wide.map((el) => el.className || el.tagName),
      clipped: clipped.map((b) => `${b.className}: ${b.textContent}`),
    };
  });

for (const [width, theme] of [
  [320, 'dark'],
  [1920, 'light'],
]) {
  test(`every exercise at ${width} px, ${theme} theme: axe clean and nothing wider than the screen, before and after Check`, async () => {
    const page = await newPage(query('dream', { exercise: EXERCISES[0].slug, theme }), {
      viewport: { width, height: 900 },
      bypassCSP: true,
    });
    assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), theme);
    for (const spec of EXERCISES) {
      const { slug } = spec;
      await page.locator(`#exercises a[data-exercise-link="${slug}"]`).click();
      await page.locator(`#exercise-panel[data-exercise="${slug}"] .exercise`).waitFor();
      assert.deepEqual(
        await overflow(page),
        { page: 0, inside: [], clipped: [] },
        `${slug}, unanswered`,
      );
      assert.deepEqual(await axeViolations(page, '#exercise-panel'), [], `${slug}, unanswered`);
      const task = await taskOf(lab, spec, 'dream', 0);
      const answers = slug === TIMED ? { wrong: GUESS, right: null } : ANSWERS[slug](task);
      await answer(page, slug, answers.wrong);
      await check(page, slug);
      if (answers.right) {
        await answer(page, slug, answers.right);
        assert.match(await check(page, slug), /^Right\./, slug);
      }
      assert.deepEqual(
        await overflow(page),
        { page: 0, inside: [], clipped: [] },
        `${slug}, checked`,
      );
      assert.deepEqual(await axeViolations(page, '#exercise-panel'), [], `${slug}, checked`);
    }
    await page.close();
    assert.deepEqual(problems.splice(0), []);
  });
}

// A course page framing embed.html?exercise=<slug>, recording the messages it gets.
async function framed(slug) {
  const page = await suite.blankPage({ viewport: { width: 1280, height: 720 } });
  page.on('pageerror', (err) => problems.push(`pageerror: ${err.message}`));
  const src = `${suite.server.url}embed.html${query('dog', { exercise: slug, [`${slug}.variant`]: 2 })}`;
  await page.setContent(
    `<script>window.messages = []; addEventListener('message', (e) => messages.push(e.data));</script>` +
      `<iframe title="exercise" src="${src}" width="800" height="700"></iframe>`,
  );
  const frame = page.frameLocator('iframe');
  await frame.locator(`[data-exercise="${slug}"].exercise`).waitFor({ timeout: 20000 });
  return { page, frame };
}

const results = () => window.messages.filter((m) => m?.type === 'attention-lab:exercise-result');

test('every exercise alone in embed.html: only the exercise; each Check posted to the parent', async () => {
  for (const spec of EXERCISES) {
    const { slug } = spec;
    const { page, frame } = await framed(slug);
    assert.equal(await frame.locator('#exercise-heading').textContent(), spec.title);
    assert.equal(await frame.locator('.player, #stage, #exercises, #labs').count(), 0, slug);
    const task = await taskOf(lab, spec, 'dog', 2);
    const answers = slug === TIMED ? { wrong: GUESS, right: null } : ANSWERS[slug](task);
    await answer(frame, slug, answers.wrong);
    await check(frame, slug);
    const want = [[slug, slug === TIMED ? null : false, 1]];
    if (answers.right) {
      await answer(frame, slug, answers.right);
      assert.match(await check(frame, slug), /^Right\./, slug);
      want.push([slug, true, 2]);
    }
    await page.waitForFunction(`(${results})().length === ${want.length}`);
    const posted = await page.evaluate(`(${results})()`);
    const got = posted.map((m) => [m.slug, slug === TIMED ? null : m.correct, m.attempts]);
    assert.deepEqual(got, want, slug);
    // The seeded variant's settings: the task's own, as the page reports them.
    assert.deepEqual(posted[0].settings, task.settings, slug);
    await page.close();
  }
  assert.deepEqual(problems.splice(0), []);
});
