// An exercise in German: embed.html?exercise=mask-why&lang=de shows its title, prompt and choices
// in German, and after Check the verdict, each part, the explanation and the link to its step,
// with no page error.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { pageSuite } from './helpers.mjs';
import { query, answer } from './exercise-kit.mjs';
import DE from '../../web/app/strings/de.mjs';

const suite = pageSuite();
const { newPage, problems } = suite;

// Clicks the German Check button and waits for the verdict; returns the live region's text.
async function check(page, slug) {
  const root = page.locator(`[data-exercise="${slug}"].exercise`);
  const before = await root.locator('.exercise-attempts').getAttribute('data-attempts');
  await root.getByRole('button', { name: 'Prüfen' }).click();
  await root.locator(`.exercise-attempts:not([data-attempts="${before}"])`).waitFor();
  const live = root.locator('.exercise-feedback[aria-live="polite"]');
  await live.locator('.exercise-verdict').waitFor();
  return live.textContent();
}

test('embed.html?exercise=mask-why&lang=de: the exercise and its feedback in German', async () => {
  const slug = 'mask-why';
  const page = await newPage(`embed.html${query('dream', { exercise: slug, lang: 'de' })}`);
  const root = page.locator(`[data-exercise="${slug}"].exercise`);
  await root.waitFor();
  assert.equal(await page.locator('#exercise-heading').textContent(), DE[`exercise.${slug}.title`]);
  const prompt = await root.locator('.exercise-prompt').textContent();
  assert.match(prompt, /^Kopf 1, erster Satz, die Zeile der Query 1 „dream“/);
  assert.match(await root.locator('legend').first().textContent(), /Die Zeile summiert sich zu/);
  await answer(page, slug, { naive: 'one', negInf: 'one' });
  const wrong = await check(page, slug);
  assert.match(wrong, /^Nicht ganz\./);
  assert.match(
    wrong,
    /Nach der Softmax genullt: Sie haben genau 1 .* angegeben; der Kern berechnet/,
  );
  assert.match(wrong, /Ein Score von −∞ hat e\^−∞ = 0/);
  assert.doesNotMatch(wrong, /Not quite|you said|the core computes|sums to/);
  assert.match(
    await root.locator('.exercise-next').textContent(),
    /^Zum Ansehen: der Schritt „Kausale Maske“/,
  );
  await answer(page, slug, { naive: 'less', negInf: 'one' });
  assert.match(await check(page, slug), /^Richtig\./);
  assert.match(await root.locator('.exercise-attempts').textContent(), /2 Versuche · gelöst/);
  await page.close();
  assert.deepEqual(problems.splice(0), []);
});
