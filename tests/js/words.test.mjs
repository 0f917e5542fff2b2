// A lab's or an exercise's words (web/app/strings/words.mjs): a template filled with text or with
// nodes, looked up in the mount's catalogue before the English beside the view, and a missing key
// is an error the tests see.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fill, translator } from '../../web/app/strings/words.mjs';
import { overrideStrings, EN } from '../../web/app/strings/index.mjs';
import { h } from '../../web/app/render/h.mjs';

test('fill: text when every value is text, text and nodes in order otherwise', () => {
  assert.equal(fill('Kept {n} of {all}.', { n: 17, all: 36 }), 'Kept 17 of 36.');
  assert.equal(fill('{missing} stays', {}), '{missing} stays');
  const value = h('span', { class: 'v' }, '17');
  assert.deepEqual(fill('Kept {n} of 36.', { n: value }), ['Kept ', value, ' of 36.']);
  assert.deepEqual(fill('{n}', { n: value }), [value]);
});

test('translator: the catalogue first, then the English words; an unknown key throws', () => {
  const english = { kept: 'Kept {n}.', title: 'Dropout' };
  const en = translator(EN, 'lab.dropout.', english);
  assert.equal(en('kept', { n: 3 }), 'Kept 3.');
  assert.equal(en.lang, 'en');
  const de = translator(
    { ...EN, 'lang.code': 'de', 'lab.dropout.kept': 'Behalten: {n}.' },
    'lab.dropout.',
    english,
  );
  assert.equal(de('kept', { n: 3 }), 'Behalten: 3.');
  assert.equal(de('title'), 'Dropout');
  assert.equal(de.lang, 'de');
  assert.throws(() => en('nope'), /no words for 'lab\.dropout\.nope'/);
});

test("an author's words for a lab: taken as text, checked when the lab opens", () => {
  const { strings, unknown } = overrideStrings(EN, {
    'lab.dropout.kept': 'Mine {n}',
    'lab.dropout.kep': 'typo',
    'exercise.mask-why.title': 7,
  });
  assert.deepEqual(unknown, ['exercise.mask-why.title (not text)']);
  const t = translator(strings, 'lab.dropout.', { kept: 'Kept {n}.' });
  assert.equal(t('kept', { n: 1 }), 'Mine 1');
  assert.deepEqual(t.unknown, ['lab.dropout.kep']);
});
