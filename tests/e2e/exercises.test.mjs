// The exercises on the full page: ?exercise=<slug> opens each one (data-exercise); a wrong answer
// gets explaining feedback in the polite live region, the right answer (computed here from the
// npm API for the task the page sets: two sentences and a seeded variant) is accepted; New numbers
// changes the task and the address; progress survives a reload; the cells can be picked with the
// keyboard; the page lists every exercise and each step links its own. Every setting is in the URL.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { pageSuite, nodeLab, axeViolations, startServer, ROOT, settledUrl } from './helpers.mjs';
import { EXERCISES, exercisesAt, findExercise } from '../../web/app/exercises/index.mjs';
import { answersFor } from '../js/exercise-answers.mjs';
import { SETUPS, query, taskOf as taskOfIn, answer, check } from './exercise-kit.mjs';

const suite = pageSuite();
const { newPage, problems } = suite;

const lab = await nodeLab();
const ANSWERS = answersFor(lab);
const taskOf = (spec, setup, variant) => taskOfIn(lab, spec, setup, variant);

const opened = async (q) => {
  const page = await newPage(q);
  await page.locator('#exercise-panel .exercise').waitFor();
  return page;
};

for (const spec of EXERCISES.filter((e) => e.slug !== 'loop-vs-fused-guess')) {
  test(`${spec.slug}: opened by its URL; wrong explained, right accepted (two sentences, a variant)`, async () => {
    const { slug } = spec;
    const page = await opened(query('dream', { exercise: slug }));
    assert.equal(await page.locator('#exercise-panel').getAttribute('data-exercise'), slug);
    const task = await taskOf(spec, 'dream', 0);
    const { right, wrong } = ANSWERS[slug](task);
    await answer(page, slug, wrong);
    const bad = await check(page, slug);
    assert.match(bad, /Not quite/);
    assert.match(bad, /✗/);
    await answer(page, slug, right);
    assert.match(await check(page, slug), /^Right\./);
    assert.equal(await page.locator('.exercise-next a').first().isVisible(), true);
    await page.close();
    // Another sentence and size, with a seeded variant from the address.
    const other = await opened(query('dog', { exercise: slug, [`${slug}.variant`]: 2 }));
    const task2 = await taskOf(spec, 'dog', 2);
    await answer(other, slug, ANSWERS[slug](task2).right);
    assert.match(await check(other, slug), /^Right\./);
    await other.close();
    assert.deepEqual(problems.splice(0), []);
  });
}

test('loop-vs-fused-guess: Check times both forms in the page and judges the guess', async () => {
  const slug = 'loop-vs-fused-guess';
  const page = await opened(query('dream', { exercise: slug }));
  await answer(page, slug, { winner: 'fused', factor: '1000' });
  const text = await check(page, slug);
  assert.match(text, /Measured now, 4000 heads/);
  assert.match(text, /order of magnitude/);
  await page.close();
});

test('New numbers: another task, the variant in the address, attempts counted', async () => {
  const slug = 'score-by-hand';
  const page = await opened(query('dream', { exercise: slug }));
  const root = page.locator(`[data-exercise="${slug}"].exercise`);
  const before = await root.locator('.exercise-prompt').textContent();
  await check(page, slug);
  assert.match(await root.locator('.exercise-attempts').textContent(), /1 attempt/);
  await root.getByRole('button', { name: 'New numbers' }).click();
  await page.waitForFunction(
    () => new URL(location.href).searchParams.get('score-by-hand.variant') === '1',
  );
  assert.notEqual(await root.locator('.exercise-prompt').textContent(), before);
  assert.equal(await root.getAttribute('data-variant'), '1');
  assert.equal(await root.locator('.exercise-feedback').textContent(), '');
  const task = await taskOf(findExercise('score-by-hand'), 'dream', 1);
  await answer(page, slug, ANSWERS[slug](task).right);
  assert.match(await check(page, slug), /^Right\./);
  assert.match(await root.locator('.exercise-attempts').textContent(), /2 attempts · solved/);
  await page.close();
});

test('progress is kept in localStorage and survives a reload; the list shows it', async () => {
  const slug = 'view-shape';
  const page = await opened(query('dream', { exercise: slug }));
  const summary = page.locator('#exercises .exercise-summary');
  assert.match(await summary.textContent(), /^0 of 13 solved/);
  const task = await taskOf(findExercise('view-shape'), 'dream', 0);
  await answer(page, slug, ANSWERS[slug](task).right);
  await check(page, slug);
  assert.match(await summary.textContent(), /^1 of 13 solved/);
  await page.reload();
  await page.locator('#exercise-panel .exercise').waitFor();
  assert.match(await summary.textContent(), /^1 of 13 solved/);
  assert.equal(
    await page.locator(`#exercises li[data-solved="true"] a`).getAttribute('data-exercise-link'),
    slug,
  );
  assert.match(await page.locator('.exercise-attempts').textContent(), /1 attempt · solved/);
  const stored = await page.evaluate(
    (s) => localStorage.getItem(`attention-lab.exercise.${s}`),
    slug,
  );
  assert.deepEqual(JSON.parse(stored), { attempts: 1, solved: true });
  await page.close();
});

test('mask-cells with the keyboard: arrows move, Space toggles, Check accepts', async () => {
  const slug = 'mask-cells';
  const page = await opened(query('dream', { exercise: slug }));
  await page.locator('[data-cell="0,0"]').focus();
  const T = 6;
  for (let r = 0; r < T; ++r) {
    for (let c = 0; c < T; ++c) {
      if (c > r) await page.keyboard.press('Space');
      if (c < T - 1) await page.keyboard.press('ArrowRight');
    }
    await page.keyboard.press('Home');
    if (r < T - 1) await page.keyboard.press('ArrowDown');
  }
  assert.equal(await page.locator('button.pick-cell.picked').count(), 15);
  assert.equal(await page.evaluate(() => document.activeElement.dataset.cell), '5,0');
  assert.match(await check(page, slug), /^Right\./);
  await page.close();
});

test('the page lists every exercise as a link; each step links its exercises', async () => {
  const page = await newPage(query('dream', { step: 'mask' }));
  const links = await page.$$eval('#exercises a[data-exercise-link]', (as) =>
    as.map((a) => a.dataset.exerciseLink),
  );
  assert.deepEqual(
    links,
    EXERCISES.map((e) => e.slug),
  );
  const stepLinks = await page.$$eval('#stage nav.step-exercises a', (as) =>
    as.map((a) => a.dataset.exerciseLink),
  );
  assert.deepEqual(
    stepLinks,
    exercisesAt('mask').map((e) => e.slug),
  );
  await page.click('#stage nav.step-exercises a');
  await page.locator('#exercise-panel[data-exercise="mask-cells"]').waitFor();
  assert.equal(new URL(await settledUrl(page)).searchParams.get('exercise'), 'mask-cells');
  await page.getByRole('button', { name: 'Close' }).click();
  assert.equal(new URL(await settledUrl(page)).searchParams.get('exercise'), null);
  await page.close();
});

test('an open exercise is axe clean, before and after Check', async () => {
  const page = await newPage(query('dream', { exercise: 'softmax-argmax' }), { bypassCSP: true });
  await page.locator('#exercise-panel .exercise').waitFor();
  assert.deepEqual(await axeViolations(page, '#exercise-panel'), []);
  await check(page, 'softmax-argmax');
  assert.deepEqual(await axeViolations(page, '#exercise-panel'), []);
  await page.close();
});

test('embed.html?exercise=<slug>: the exercise alone; each Check is posted to the parent', async () => {
  const slug = 'view-shape';
  const page = await suite.browser.newPage();
  page.on('pageerror', (err) => problems.push(`pageerror: ${err.message}`));
  const src = `${suite.server.url}embed.html${query('dream', { exercise: slug })}`;
  await page.setContent(
    `<script>window.messages = []; addEventListener('message', (e) => messages.push(e.data));</script>` +
      `<iframe title="exercise" src="${src}" width="800" height="700"></iframe>`,
  );
  const frame = page.frameLocator('iframe');
  await frame.locator(`[data-exercise="${slug}"].exercise`).waitFor({ timeout: 20000 });
  assert.equal(
    await frame.locator('#exercise-heading').textContent(),
    findExercise('view-shape').title,
  );
  assert.equal(await frame.locator('.player, #stage').count(), 0, 'no lesson around it');
  await answer(frame, slug, { d0: '9' });
  assert.match(await check(frame, slug), /Not quite/);
  const task = await taskOf(findExercise('view-shape'), 'dream', 0);
  await answer(frame, slug, ANSWERS[slug](task).right);
  assert.match(await check(frame, slug), /^Right\./);
  // The embed page also posts its height (attention-lab:height); only the results count here.
  const results = () => window.messages.filter((m) => m?.type === 'attention-lab:exercise-result');
  await page.waitForFunction(`(${results})().length === 2`);
  const messages = await page.evaluate(`(${results})()`);
  assert.deepEqual(
    messages.map((m) => [m.type, m.slug, m.correct, m.attempts]),
    [
      ['attention-lab:exercise-result', slug, false, 1],
      ['attention-lab:exercise-result', slug, true, 2],
    ],
  );
  assert.equal(messages[1].settings.sentence, SETUPS.dream.sentence);
  assert.equal(messages[1].settings.heads, 2);
  const full = await frame.locator('#open-full').getAttribute('href');
  assert.equal(new URLSearchParams(full.slice(2)).get('exercise'), slug);
  await page.close();
  assert.deepEqual(problems.splice(0), []);
});

test('examples/browser/exercise-results.html records the frame’s results', async () => {
  const repo = await startServer({ args: ['--root', ROOT, '--no-isolation'] });
  try {
    const page = await suite.browser.newPage();
    page.on('pageerror', (err) => problems.push(`pageerror: ${err.message}`));
    await page.goto(`${repo.url}examples/browser/exercise-results.html`);
    const frame = page.frameLocator('#exercise');
    const slug = 'softmax-argmax';
    await frame.locator(`[data-exercise="${slug}"].exercise`).waitFor({ timeout: 20000 });
    const task = await taskOf(findExercise('softmax-argmax'), 'dream', 0);
    await answer(frame, slug, ANSWERS[slug](task).right);
    assert.match(await check(frame, slug), /^Right\./);
    await page.waitForFunction(() => document.documentElement.dataset.recorded === '1');
    const cells = await page.$$eval('#results td', (tds) => tds.map((td) => td.textContent));
    assert.deepEqual(cells, [slug, 'yes', '1', SETUPS.dream.sentence]);
    await page.close();
  } finally {
    await repo.stop();
  }
  assert.deepEqual(problems.splice(0), []);
});
