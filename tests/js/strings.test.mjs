// The interface's words (web/app/strings/): every catalogue has every key of the English one with
// the same `{values}`, the step names cover the lecture's steps, an author's words are taken only
// for known keys and as text, and a `steps` list is read as the element's `stage` names a step.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import EN from '../../web/app/strings/en.mjs';
import DE from '../../web/app/strings/de.mjs';
import {
  format,
  langOf,
  overrideStrings,
  resolveStrings,
  englishStrings,
  LANGS,
  isLazyKey,
} from '../../web/app/strings/index.mjs';
import { parseSteps, chooseSteps } from '../../web/app/step-choice.mjs';
import { STEP_STAGES } from '../../web/lib/steps.mjs';
import { STEPS } from '../../web/app/stages/index.mjs';
import { SHORTCUTS } from '../../web/app/ui/keys.mjs';
import { threadsNote } from '../../web/app/strings/threads.mjs';
import { THREADS_WHY, START_SECONDS, threadsNoteOf } from '../../web/lib/threads-note.mjs';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const APP = fileURLToPath(new URL('../../web/app/', import.meta.url));

const placeholders = (text) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

test('the German catalogue has every English key, as text, with the same {values}', () => {
  // The labs' and exercises' keys are checked against their own English words (words-*.test.mjs).
  const chrome = Object.keys(DE).filter((key) => !isLazyKey(key));
  assert.deepEqual(chrome.sort(), Object.keys(EN).sort());
  for (const key of chrome) {
    const text = DE[key];
    assert.equal(typeof text, 'string', key);
    assert.ok(text.trim(), `${key} is not empty`);
    assert.deepEqual(placeholders(text), placeholders(EN[key]), key);
  }
  assert.deepEqual(LANGS, ['en', 'de']);
});

test('every step of the lecture has its name in the catalogue, and the page uses it', () => {
  for (const { slug } of STEP_STAGES) {
    assert.ok(EN[`step.${slug}.title`], `step.${slug}.title`);
    assert.ok(EN[`step.${slug}.short`], `step.${slug}.short`);
  }
  for (const step of STEPS) assert.equal(step.title, EN[`step.${step.slug}.title`]);
});

test('format fills {values}; langOf reads a language tag', () => {
  assert.equal(format('Step {n} of {count}', { n: 2, count: 4 }), 'Step 2 of 4');
  assert.equal(format('{unknown} stays', {}), '{unknown} stays');
  assert.equal(langOf(' DE-at '), 'de');
  assert.equal(langOf(''), '');
});

test("an author's words: known keys and text only; the others named, with a guess", () => {
  const { strings, unknown } = overrideStrings(EN, {
    'stepper.next': '<b>on</b>',
    'stepper.nxt': 'x',
    'stage.count': 3,
  });
  assert.equal(strings['stepper.next'], '<b>on</b>');
  assert.equal(strings['stage.count'], EN['stage.count']);
  assert.ok(!('stepper.nxt' in strings));
  assert.deepEqual(unknown, [
    "stepper.nxt (did you mean 'stepper.next'?)",
    'stage.count (not text)',
  ]);
  assert.deepEqual(overrideStrings(EN, ['a']).unknown, ['(not an object of key → text)']);
  assert.deepEqual(englishStrings(), { strings: EN, notes: [] });
});

test('a language without a catalogue: English, with a note naming the catalogues', async () => {
  const { strings, notes } = await resolveStrings({ lang: 'fr' });
  assert.equal(strings, EN);
  assert.deepEqual(notes, [
    "lang = 'fr': there is no catalogue for this language, so the interface is in English (catalogues: en, de).",
  ]);
  assert.equal(
    (await resolveStrings({ lang: 'de', own: { 'stepper.back': 'z' } })).strings['stepper.back'],
    'z',
  );
});

test('steps: slugs or trace stage names, in order; an unknown name or a repeat refused', () => {
  assert.deepEqual(parseSteps('scores, scale,mask softmax', EN), [
    'scores',
    'scale',
    'mask',
    'softmax',
  ]);
  assert.deepEqual(parseSteps('attentionWeights,queries', EN), ['softmax', 'qkv']);
  assert.deepEqual(parseSteps('', EN), []);
  assert.throws(() => parseSteps('scores,scal', EN), {
    name: 'AttentionLabError',
    option: 'steps',
    message:
      /^steps = 'scal' \(did you mean 'scale'\?\): not a step of the lecture; .*embeddings, qkv/,
  });
  assert.throws(
    () => parseSteps('softmax,attentionWeights', EN),
    /'attentionWeights' is named twice/,
  );
  assert.match(
    (() => {
      try {
        parseSteps('nope', DE);
      } catch (err) {
        return err.message;
      }
    })(),
    /^steps = 'nope': kein Schritt der Vorlesung/,
  );
  const all = STEPS;
  assert.deepEqual(
    chooseSteps(all, 'mask,scores', EN).steps.map((s) => s.slug),
    ['mask', 'scores'],
  );
  const refused = chooseSteps(all, 'nope', EN);
  assert.equal(refused.steps, all);
  assert.equal(refused.error.option, 'steps');
});

test('every key the interface looks up is in the catalogue', () => {
  const files = fs
    .readdirSync(APP, { recursive: true })
    .filter((file) => file.endsWith('.mjs') && !file.startsWith('strings'));
  const used = new Set();
  for (const file of files) {
    const text = fs.readFileSync(path.join(APP, file), 'utf8');
    for (const m of text.matchAll(/\bS\[\s*'([\w.]+)'\s*\]/g)) used.add(m[1]);
  }
  for (const key of ['map.weights', 'axis.queryKey', 'tip.hint', 'legend.kept'])
    assert.ok(used.has(key), `${key} is looked up`);
  assert.deepEqual(
    [...used].filter((key) => !Object.hasOwn(EN, key)),
    [],
  );
  for (const name of SHORTCUTS) {
    assert.ok(EN[`keys.${name}`], `keys.${name}`);
    assert.ok(EN[`keys.${name}.does`], `keys.${name}.does`);
  }
});

test("the threads note: the loader's English as it is, in German for lang=de, another note kept", () => {
  const csp = threadsNoteOf(THREADS_WHY.csp);
  const late = threadsNoteOf(THREADS_WHY.late(START_SECONDS));
  assert.equal(threadsNote(csp, EN), csp);
  assert.equal(threadsNote(late, EN), late);
  assert.match(threadsNote(csp, DE), /^Läuft auf einem Thread: Die Content-Security-Policy/);
  assert.match(threadsNote(late, DE), / innerhalb von 20 s gestartet/);
  assert.equal(threadsNote('Something else.', DE), 'Something else.');
  assert.equal(threadsNote('', DE), '');
});
