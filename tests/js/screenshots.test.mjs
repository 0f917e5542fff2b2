// docs/screenshots holds exactly the pictures scripts/screenshots.mjs makes, each of a step or an
// exercise the page has, and docs/SCREENSHOTS.md shows every one (the README the exercise's): a
// step or exercise renamed, a view added or a picture left behind fails here, without starting a
// browser.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { SHOTS, EXERCISE_SHOTS, OUT_DIR, VIEWPORTS } from '../../scripts/screenshots.mjs';
import { STEPS } from '../../web/app/stages/index.mjs';
import { findExercise } from '../../web/app/exercises/index.mjs';
import { parseUrl } from '../../web/app/state/url.mjs';

const DOC = path.join(OUT_DIR, '..', 'SCREENSHOTS.md');
const README = path.join(OUT_DIR, '..', '..', 'README.md');
const ALL = [...SHOTS, ...EXERCISE_SHOTS];

test('the script’s pictures are the files in docs/screenshots', () => {
  const files = fs.readdirSync(OUT_DIR).filter((f) => !f.startsWith('.'));
  assert.deepEqual(files.sort(), ALL.map((s) => s.file).sort());
});

test('each picture is of a step of the page, at both viewports, in the lectures’ set-up', () => {
  const slugs = STEPS.map((s) => s.slug);
  for (const shot of SHOTS) {
    assert.ok(slugs.includes(shot.step), `${shot.file}: no step "${shot.step}"`);
    const { settings, view } = parseUrl(shot.query);
    assert.equal(view.step, shot.step, shot.file);
    assert.equal(settings.sentence, 'dream big and work for it', shot.file);
    assert.deepEqual([settings.dIn, settings.dOut, settings.heads, settings.batch], [6, 6, 2, 2]);
  }
  const sizes = new Set(SHOTS.map((s) => `${s.viewport.width}x${s.viewport.height}`));
  assert.deepEqual([...sizes], ['1280x800', '1920x1080']);
  assert.equal(VIEWPORTS.length, 2);
  const masking = SHOTS.filter((s) => s.step === 'mask').map((s) => parseUrl(s.query).settings);
  assert.deepEqual([...new Set(masking.map((s) => s.masking))].sort(), ['naive', 'neg-inf']);
});

test('the exercise’s pictures: an exercise the page has, before and after Check, lectures’ set-up', () => {
  assert.deepEqual(
    EXERCISE_SHOTS.map((s) => s.moment),
    ['before', 'after'],
  );
  for (const shot of EXERCISE_SHOTS) {
    assert.ok(findExercise(shot.exercise), `${shot.file}: no exercise "${shot.exercise}"`);
    const { settings, view } = parseUrl(shot.query);
    assert.equal(view.exercise, shot.exercise, shot.file);
    assert.equal(settings.sentence, 'dream big and work for it', shot.file);
    assert.deepEqual([settings.dIn, settings.dOut, settings.heads, settings.batch], [6, 6, 2, 2]);
  }
  const readme = fs.readFileSync(README, 'utf8');
  for (const { file } of EXERCISE_SHOTS)
    assert.ok(readme.includes(`](docs/screenshots/${file})`), `README.md shows ${file}`);
});

test('docs/SCREENSHOTS.md shows every picture and says how to make them again', () => {
  const doc = fs.readFileSync(DOC, 'utf8');
  for (const { file } of ALL) assert.ok(doc.includes(`](screenshots/${file})`), file);
  assert.match(doc, /node scripts\/screenshots\.mjs/);
});

test('each picture is small enough to keep in the repository', () => {
  for (const { file } of ALL) {
    const size = fs.statSync(path.join(OUT_DIR, file)).size;
    assert.ok(size < 300 * 1024, `${file}: ${Math.round(size / 1024)} kB`);
  }
});
