// What the exercises' browser tests share: the two set-ups every test puts in the URL (all their
// settings written out), the task a page sets, made in Node from the same settings, and the steps
// of answering in Chromium (playwright-core): type, pick or choose the answer, click Check and
// read the polite live region's verdict.
import { compute as pagePass } from '../../web/app/compute.mjs';
import { DEFAULT_SETTINGS } from '../../web/app/state/settings.mjs';
import { readPage } from '../../web/app/labs/kit/page.mjs';

export const SETUPS = {
  dream: { sentence: 'dream big and work for it', dIn: 6, dOut: 6, heads: 2, batch: 2, seed: 123 },
  dog: {
    sentence: 'the dog chased the ball but it could not catch it',
    dIn: 8,
    dOut: 8,
    heads: 4,
    batch: 1,
    seed: 7,
  },
};
// The rest of the page's settings, written out rather than left to the page's defaults.
export const REST = {
  weights: 'random',
  module: 'mha',
  qkvBias: false,
  causal: true,
  dropout: 0.5,
  training: false,
  masking: 'neg-inf',
  layout: 'fused',
};

/** The query string of set-up `setup` with `extra` keys (exercise, theme, "<slug>.variant"…). */
export const query = (setup, extra = {}) =>
  `?${new URLSearchParams({ ...REST, ...SETUPS[setup], ...extra })}`;

/** The task the page sets for `setup` and `variant`, made in Node (`lab`: the npm API). */
export async function taskOf(lab, spec, setup, variant) {
  const settings = { ...DEFAULT_SETTINGS, ...REST, ...SETUPS[setup] };
  const page = readPage({ settings, result: pagePass(lab, settings) });
  const [task] = await Promise.all(spec.load());
  return task.makeTask(lab, page, variant);
}

/** Types, picks and clicks `response` into the exercise `slug` (page, frame or shadow host). */
export async function answer(page, slug, response) {
  const root = page.locator(`[data-exercise="${slug}"].exercise`);
  for (const [name, value] of Object.entries(response)) {
    if (name === 'cells') {
      const picked = root.locator('button.pick-cell.picked');
      while ((await picked.count()) > 0) await picked.first().click();
      for (const key of value) await root.locator(`[data-cell="${key}"]`).click();
    } else if (await root.locator(`input[data-answer="${name}"]`).count()) {
      await root.locator(`input[data-answer="${name}"]`).fill(String(value));
    } else {
      await root.locator(`fieldset[data-answer="${name}"] input[value="${value}"]`).check();
    }
  }
}

/** Clicks Check and waits for the live region's verdict; returns its text. */
export async function check(page, slug) {
  const root = page.locator(`[data-exercise="${slug}"].exercise`);
  const live = root.locator('.exercise-feedback[aria-live="polite"]');
  const before = await root.locator('.exercise-attempts').getAttribute('data-attempts');
  await root.getByRole('button', { name: 'Check' }).click();
  await root.locator(`.exercise-attempts:not([data-attempts="${before}"])`).waitFor();
  await live.locator('.exercise-verdict').waitFor();
  return live.textContent();
}
