// The exercises (web/app/exercises/) in Node against the npm API: for two sentences with other
// settings, and for the page's own numbers and a seeded variant, each exercise's task is set, a
// wrong answer gets feedback that says why, and the right answer, computed here from the API
// (not read from the task), is accepted. Then the registry and the harness around them.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createAttentionLab } from '../../dist/index.mjs';
import { compute as pagePass } from '../../web/app/compute.mjs';
import { DEFAULT_SETTINGS } from '../../web/app/state/settings.mjs';
import { readPage } from '../../web/app/labs/kit/page.mjs';
import { STEPS } from '../../web/app/stages/index.mjs';
import { LABS } from '../../web/app/labs/index.mjs';
import { EXERCISES, findExercise, exercisesAt } from '../../web/app/exercises/index.mjs';
import { runExercise } from '../../web/app/exercises/harness.mjs';
import { readNumber, close } from '../../web/app/exercises/kit/answer.mjs';
import { textOf, findAll } from '../../web/app/render/h.mjs';
import { SIZE_PRESETS } from '../../web/lib/sizes.mjs';
import { answersFor, orderOf } from './exercise-answers.mjs';

const lab = await createAttentionLab();
const ANSWERS = answersFor(lab);

// The two set-ups: the lectures' example, and another sentence with other sizes and seed.
const PAGES = {
  dream: { sentence: 'dream big and work for it', dIn: 6, dOut: 6, heads: 2, batch: 2 },
  dog: {
    sentence: 'the dog chased the ball but it could not catch it',
    dIn: 8,
    dOut: 8,
    heads: 4,
    batch: 1,
    seed: 7,
  },
};
const VARIANTS = [0, 2];

function pageOf(extra) {
  const settings = { ...DEFAULT_SETTINGS, ...extra };
  return readPage({ settings, result: pagePass(lab, settings) });
}

test('the registry: every exercise, in lecture order, each reachable from its step', () => {
  assert.ok(EXERCISES.length >= 12);
  const slugs = EXERCISES.map((e) => e.slug);
  assert.deepEqual(slugs, Object.keys(ANSWERS));
  assert.equal(new Set(slugs).size, slugs.length);
  for (const e of EXERCISES) {
    assert.ok(
      STEPS.some((s) => s.slug === e.stage),
      `${e.slug}: stage ${e.stage}`,
    );
    if (e.lab)
      assert.ok(
        LABS.some((l) => l.slug === e.lab),
        `${e.slug}: lab ${e.lab}`,
      );
    assert.ok(e.title && e.idea && e.short && e.short.length <= 24, e.slug);
    assert.equal(findExercise(e.slug), e);
    assert.ok(exercisesAt(e.stage).includes(e));
  }
  assert.equal(findExercise('nope'), undefined);
});

for (const spec of EXERCISES.filter((e) => e.slug !== 'loop-vs-fused-guess')) {
  test(`${spec.slug}: wrong answers explained, right answers accepted`, async () => {
    const [task, { view }] = await Promise.all(spec.load());
    const tasks = [];
    for (const [name, settings] of Object.entries(PAGES)) {
      const page = pageOf(settings);
      for (const variant of VARIANTS) {
        const t = task.makeTask(lab, page, variant);
        const where = `${name}, variant ${variant}`;
        tasks.push(JSON.stringify(t));
        const { right, wrong } = ANSWERS[spec.slug](t);
        const good = task.check(t, right);
        assert.equal(good.correct, true, `${where}: ${JSON.stringify(good.parts)}`);
        const bad = task.check(t, wrong);
        assert.equal(bad.correct, false, where);
        assert.ok(bad.parts.some((p) => !p.correct));
        assert.ok(bad.explanation.length > 80, where);
        const empty = task.check(t, {});
        assert.equal(empty.correct, false, `${where}: an empty answer`);
        // The view draws the task without calling the core, before and after a check.
        const nodes = [view(t, { response: right, result: null }, { respond() {} })].flat();
        assert.ok(textOf({ tag: 'div', attrs: {}, children: nodes }).length > 40);
        view(t, { response: right, result: good }, { respond() {} });
      }
    }
    // A variant gives other numbers than the page's own.
    assert.notEqual(tasks[0], tasks[1]);
  });
}

test('score-by-hand: the stated tolerance (3 significant figures) and typed numbers', () => {
  assert.equal(readNumber('−0,3885'), -0.3885);
  assert.equal(readNumber('2,360,064'), 2360064);
  assert.equal(readNumber('2 360 064'), 2360064);
  assert.equal(readNumber('abc'), null);
  assert.equal(readNumber(''), null);
  assert.ok(close(-0.388, -0.3885));
  assert.ok(!close(-0.38, -0.3885));
  assert.ok(close(0.001, 0));
});

test('param-count and chapter-3-3: GPT-2’s block has 2,360,064 parameters', async () => {
  for (const slug of ['param-count', 'chapter-3-3']) {
    const [task] = await Promise.all(findExercise(slug).load());
    const t = task.makeTask(lab, pageOf(PAGES.dream), 0);
    assert.equal(lab.describe(SIZE_PRESETS.gpt2).parameterCount, 2360064);
    const answer =
      slug === 'param-count'
        ? { query: '589824', total: '2,360,064' }
        : { headSize: '64', parameters: '2360064' };
    assert.equal(task.check(t, answer).correct, true, slug);
  }
});

test('loop-vs-fused-guess: judged against a fresh timing by direction and order of magnitude', async () => {
  const [task] = await Promise.all(findExercise('loop-vs-fused-guess').load());
  for (const variant of VARIANTS) {
    const t = task.makeTask(lab, pageOf(PAGES.dream), variant);
    const observed = task.observe(lab, t);
    assert.equal(observed.heads, t.heads);
    const ratio =
      Math.max(observed.loopMs, observed.fusedMs) / Math.min(observed.loopMs, observed.fusedMs);
    const winner = observed.fusedMs <= observed.loopMs ? 'fused' : 'loop';
    const right = { winner, factor: String(orderOf(ratio)) };
    assert.equal(task.check(t, right, observed).correct, true, JSON.stringify(observed));
    // An answer three orders of magnitude off is wrong whatever the clock said.
    const far = orderOf(ratio) >= 100 ? '1' : '1000';
    const bad = task.check(t, { winner, factor: far }, observed);
    assert.equal(bad.correct, false);
    assert.match(bad.explanation, /order of magnitude/);
    // A made-up clear result: the other direction is wrong.
    const clear = { heads: t.heads, loopMs: 20, fusedMs: 1, maxDifference: 0 };
    assert.equal(task.check(t, { winner: 'loop', factor: '10' }, clear).correct, false);
    assert.equal(task.check(t, { winner: 'fused', factor: '10' }, clear).correct, true);
  }
});

// The harness with a paint that keeps the nodes: what the student sees and can do.
function harnessRun(slug, settings, params = '') {
  const shown = { nodes: null, results: [], patches: [] };
  const page = { settings: { ...DEFAULT_SETTINGS, ...settings } };
  page.result = pagePass(lab, page.settings);
  const run = runExercise(
    { dataset: {} },
    findExercise(slug),
    {
      lab,
      page: () => page,
      params: new URLSearchParams(params),
      setParams: (patch) => shown.patches.push(patch),
      onResult: (detail) => shown.results.push(detail),
    },
    { paint: (body, nodes) => (shown.nodes = nodes) },
  );
  return { run, shown };
}

const rootOf = (nodes) => findAll(nodes[0], (n) => n.attrs.dataset?.exercise)[0];

test('the harness: data-exercise root, Check, feedback, attempts, New numbers and the variant', async () => {
  const { run, shown } = harnessRun('view-shape', PAGES.dream);
  await run.ready;
  const root = rootOf(shown.nodes);
  assert.equal(root.attrs.dataset.exercise, 'view-shape');
  assert.equal(root.attrs.dataset.variant, 0);
  const live = findAll(root, (n) => n.attrs['aria-live'] === 'polite');
  assert.equal(live.length, 1);
  assert.equal(textOf(live[0]), '');
  run.actions.respond('d0', '2', { quiet: true });
  await run.actions.check();
  assert.deepEqual(
    shown.results.map((r) => [r.slug, r.correct, r.attempts]),
    [['view-shape', false, 1]],
  );
  assert.equal(shown.results[0].settings.sentence, PAGES.dream.sentence);
  const feedback = textOf(findAll(rootOf(shown.nodes), (n) => n.attrs['aria-live'])[0]);
  assert.match(feedback, /Not quite/);
  assert.match(feedback, /d_h = d_out \/ h = 6 \/ 2 = 3/);
  for (const [i, v] of ['2', '6', '2', '3'].entries()) run.actions.respond(`d${i}`, v);
  await run.actions.check();
  assert.deepEqual(shown.results.at(-1).correct, true);
  assert.equal(shown.results.at(-1).attempts, 2);
  assert.match(textOf(rootOf(shown.nodes)), /Right\.[\s\S]*See it: the step “split”/);
  const before = textOf(rootOf(shown.nodes));
  run.actions.newNumbers();
  assert.deepEqual(shown.patches, [{ variant: 1 }]);
  assert.equal(rootOf(shown.nodes).attrs.dataset.variant, 1);
  assert.notEqual(textOf(rootOf(shown.nodes)), before);
  assert.equal(textOf(findAll(rootOf(shown.nodes), (n) => n.attrs['aria-live'])[0]), '');
});

test('the harness: the variant read from the address, a bad one read as 0', async () => {
  for (const [params, variant] of [
    ['view-shape.variant=3', 3],
    ['view-shape.variant=-2', 0],
    ['view-shape.variant=x', 0],
  ]) {
    const { run, shown } = harnessRun('view-shape', PAGES.dog, params);
    await run.ready;
    assert.equal(rootOf(shown.nodes).attrs.dataset.variant, variant, params);
  }
});

test('the address: ?exercise=<slug> and its variant key, kept beside an open lab’s', async () => {
  const { parseUrl, toUrl, labParamsOf } = await import('../../web/app/state/url.mjs');
  const parsed = parseUrl(
    '?exercise=mask-cells&mask-cells.variant=2&lab=sqrt-dh&sqrt-dh.dh=8&view-shape.variant=4',
  );
  assert.equal(parsed.view.exercise, 'mask-cells');
  assert.deepEqual(parsed.labParams, { 'mask-cells.variant': '2', 'sqrt-dh.dh': '8' });
  assert.doesNotMatch(toUrl({ ...parsed, view: { ...parsed.view, exercise: '' } }), /exercise=/);
  assert.match(toUrl(parsed), /&exercise=mask-cells/);
  const closed = { ...parsed, view: { ...parsed.view, exercise: '' } };
  assert.deepEqual(labParamsOf(closed), { 'sqrt-dh.dh': '8' }, 'a closed exercise’s keys go');
});

test('the harness: a new page result with the same task keeps the answer and its feedback', async () => {
  const { run, shown } = harnessRun('view-shape', PAGES.dream);
  await run.ready;
  for (const [i, v] of ['2', '6', '2', '3'].entries()) run.actions.respond(`d${i}`, v);
  await run.actions.check();
  run.update(); // another step asked for more of the same pass: the task is unchanged
  assert.match(textOf(findAll(rootOf(shown.nodes), (n) => n.attrs['aria-live'])[0]), /^Right\./);
});
