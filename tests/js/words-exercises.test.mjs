// The exercises in another language: every key of each exercise's English words (and of the
// words all exercises share, kit/words.mjs) has its German text with the same {values}; each
// exercise set, drawn and checked in German shows none of its English sentences, judges every
// answer as in English and shows the same numbers; the harness draws its own words in German and
// names an author's keys that no exercise word has.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createAttentionLab } from '../../dist/index.mjs';
import { compute as pagePass } from '../../web/app/compute.mjs';
import { DEFAULT_SETTINGS } from '../../web/app/state/settings.mjs';
import { readPage } from '../../web/app/labs/kit/page.mjs';
import { EXERCISES, findExercise } from '../../web/app/exercises/index.mjs';
import { runExercise, feedbackNodes, englishOf } from '../../web/app/exercises/harness.mjs';
import { exerciseWords } from '../../web/app/exercises/kit/english.mjs';
import { mountExercise } from '../../web/app/exercises/alone.mjs';
import KIT from '../../web/app/exercises/kit/words.mjs';
import { EN, overrideStrings } from '../../web/app/strings/index.mjs';
import DE from '../../web/app/strings/de.mjs';
import { isNode, findAll } from '../../web/app/render/h.mjs';
import { checkPart } from './words-check.mjs';
import { answersFor } from './exercise-answers.mjs';

const lab = await createAttentionLab();
const ANSWERS = answersFor(lab);
const META = ['title', 'idea', 'short'];
// The shared words as one more part of the catalogue: "exercise.kit.<key>".
const KIT_SPEC = { slug: 'kit', load: () => [null, null, Promise.resolve({ default: KIT })] };

test('German: every word of every exercise and of the kit, with the same {values}', async () => {
  await checkPart('exercise', [...EXERCISES, KIT_SPEC], DE, META);
});

// What a student reads and hears: the text, and the labels a screen reader says.
function visible(nodes) {
  const out = [];
  const walk = (n) => {
    if (Array.isArray(n)) return n.forEach(walk);
    if (!isNode(n)) return void (n !== null && n !== undefined && out.push(String(n)));
    for (const name of ['aria-label', 'title']) if (n.attrs[name]) out.push(` ${n.attrs[name]} `);
    n.children.forEach(walk);
  };
  walk(nodes);
  return out.join('');
}

// The numbers in a text (a thousands comma dropped: German may write 4000 for 4,000), in order.
const numbersOf = (text) =>
  (text.match(/\d+(,\d{3})*(\.\d+)?/g) ?? []).map((n) => n.replaceAll(',', '')).sort();

// The English sentences (pieces between {values}, longer than 20 characters) of `english` that
// the German text of the same key does not also have (code, such as a PyTorch call, stays).
function englishSentences(english, prefix) {
  return Object.entries(english).flatMap(([key, text]) =>
    text
      .split(/\{\w+\}/)
      .map((piece) => piece.trim())
      .filter((piece) => piece.length > 20 && !String(DE[prefix + key]).includes(piece)),
  );
}

const PAGE = { sentence: 'dream big and work for it', dIn: 6, dOut: 6, heads: 2, batch: 2 };
const settings = { ...DEFAULT_SETTINGS, ...PAGE };
const page = readPage({ settings, result: pagePass(lab, settings) });
// loop-vs-fused-guess is judged against a timing: a made-up clear one.
const TIMED = { observed: { heads: 0, loopMs: 20, fusedMs: 1, maxDifference: 0 } };
const timedAnswers = { right: { winner: 'fused', factor: '10' }, wrong: { winner: 'loop' } };

for (const spec of EXERCISES) {
  test(`${spec.slug}: set, drawn and checked in German, the same judgement and numbers`, async () => {
    const [task, { view }, words] = await Promise.all(spec.load());
    const english = englishOf(spec, words.default);
    const en = exerciseWords(EN, spec.slug, english);
    const de = exerciseWords(DE, spec.slug, english);
    assert.equal(de.lang, 'de');
    const sentences = [
      ...englishSentences(english, `exercise.${spec.slug}.`),
      ...englishSentences(KIT, 'exercise.kit.'),
    ];
    for (const variant of [0, 2]) {
      const taskEn = task.makeTask(lab, page, variant, en);
      const taskDe = task.makeTask(lab, page, variant, de);
      assert.equal(JSON.stringify(taskDe), JSON.stringify(taskEn), 'the task is plain numbers');
      const observed = spec.slug === 'loop-vs-fused-guess' ? TIMED.observed : undefined;
      const { right, wrong } = observed ? timedAnswers : ANSWERS[spec.slug](taskEn);
      for (const [name, response] of Object.entries({ right, wrong, empty: {} })) {
        const where = `variant ${variant}, ${name} answer`;
        const shown = (t) => {
          const result = task.check(taskEn, response, observed, t);
          const drawn = view(taskEn, { response, result }, { respond() {} }, t);
          return { result, text: visible([t('idea'), drawn, feedbackNodes(result, t.kit)]) };
        };
        const inEn = shown(en);
        const inDe = shown(de);
        assert.equal(inDe.result.correct, inEn.result.correct, where);
        assert.equal(inEn.result.correct, name === 'right', where);
        assert.deepEqual(
          inDe.result.parts.map((p) => [p.name, p.correct]),
          inEn.result.parts.map((p) => [p.name, p.correct]),
          where,
        );
        for (const text of [inEn.text, inDe.text])
          assert.doesNotMatch(text, /\{\w+\}/, `${where}: a {value} left unfilled`);
        for (const sentence of sentences)
          assert.ok(!inDe.text.includes(sentence), `${where}: English “${sentence}” shown`);
        assert.deepEqual(numbersOf(inDe.text), numbersOf(inEn.text), `${where}: the numbers`);
      }
    }
  });
}

// The harness with a paint that keeps the nodes, in the words `strings`.
function harnessRun(slug, strings) {
  const shown = { nodes: null };
  const run = runExercise(
    { dataset: {} },
    findExercise(slug),
    {
      lab,
      page: () => ({ settings, result: pagePass(lab, settings) }),
      params: new URLSearchParams(),
      strings,
    },
    { paint: (body, nodes) => (shown.nodes = nodes) },
  );
  return { run, text: () => visible(shown.nodes), nodes: () => shown.nodes };
}

test('the harness in German: idea, prompt, Check, verdict, parts, explanation and links', async () => {
  const { run, text } = harnessRun('view-shape', DE);
  await run.ready;
  assert.match(text(), /Prüfen/);
  assert.match(text(), /Neue Zahlen/);
  for (const [i, v] of ['2', '6', '2', '3'].entries()) run.actions.respond(`d${i}`, v);
  await run.actions.check();
  assert.match(text(), /Richtig\./);
  assert.match(text(), /1 Versuch · gelöst/);
  run.actions.respond('d0', '7');
  await run.actions.check();
  assert.match(text(), /Nicht ganz\./);
  assert.match(text(), /Sie haben 7 angegeben; der Kern berechnet 2\./);
  assert.match(text(), /d_h = d_out \/ h = 6 \/ 2 = 3/);
  assert.doesNotMatch(text(), /Not quite|you said|the core computes|See it|attempts/);
});

test("an author's exercise keys that no word has are named in the exercise", async () => {
  const { strings, unknown } = overrideStrings(DE, {
    'exercise.view-shape.prompt': 'Welche Form hat {code}?',
    'exercise.view-shape.promt': 'Tippfehler',
    'exercise.kit.chek': 'Prüfen!',
  });
  assert.deepEqual(unknown, []);
  const { run, nodes, text } = harnessRun('view-shape', strings);
  await run.ready;
  const status = findAll(nodes()[0], (n) => n.attrs.class === 'msg exercise-words');
  assert.equal(status.length, 1);
  assert.equal(status[0].attrs.role, 'status');
  assert.match(visible(status), /exercise\.view-shape\.promt, exercise\.kit\.chek/);
  assert.match(text(), /Welche Form hat queries\.view\(B, T, h, d_h\)\?/);
  const plain = harnessRun('view-shape', EN);
  await plain.run.ready;
  assert.equal(findAll(plain.nodes()[0], (n) => n.attrs.class === 'msg exercise-words').length, 0);
});

test('an exercise alone says in German that it does not exist or cannot start', async () => {
  // The few DOM calls mountExercise makes to say a message in place of the exercise.
  const root = {
    ownerDocument: {
      createElement: (tag) => ({ tag, setAttribute() {}, textContent: '' }),
    },
    replaceChildren(...children) {
      this.children = children;
    },
  };
  const createLab = async () => lab;
  await mountExercise(root, { createLab, slug: 'mask-whyy', strings: DE });
  assert.match(root.children[0].textContent, /^Es gibt keine Übung namens „mask-whyy“\. /);
  const settings = { dOut: 6, heads: 4 };
  await mountExercise(root, { createLab, slug: 'mask-why', settings, strings: DE });
  assert.match(
    root.children[0].textContent,
    /^Diese Übung kann mit diesen Einstellungen nicht beginnen: /,
  );
});

test('a sentence too short for an exercise is said in German', async () => {
  const one = { ...settings, sentence: 'dream' };
  const short = readPage({ settings: one, result: pagePass(lab, one) });
  for (const slug of ['mask-why', 'softmax-argmax', 'dropout-row-sum']) {
    const spec = findExercise(slug);
    const [task, , words] = await Promise.all(spec.load());
    const de = exerciseWords(DE, slug, englishOf(spec, words.default));
    assert.throws(() => task.makeTask(lab, short, 0, de), /braucht einen Satz aus mindestens 2/);
  }
});
