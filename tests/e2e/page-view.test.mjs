// How the page is looked at, apart from its numbers: the theme switch (light, dark, system) kept in
// the URL, the legends' colour swatches, the sentence box in presentation mode, a shared ?lab=
// link scrolled to its lab, and the context step's weights named for what they are in evaluation
// mode. Every test puts the settings it relies on in the URL.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { pageSuite, ready, axeViolations, withSetup, settledUrl } from './helpers.mjs';

const suite = pageSuite();
const { newPage, problems } = suite;

const background = (page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
const themeOf = (page) => page.evaluate(() => document.documentElement.dataset.theme);

test('the theme switch writes the URL, a reload keeps it, and the background follows', async () => {
  const page = await newPage(withSetup('lectures'), { colorScheme: 'light' });
  assert.equal(await themeOf(page), 'light', 'system, on a light system');
  const light = await background(page);
  await page.check('input[name="theme"][value="dark"]');
  assert.equal(new URL(await settledUrl(page)).searchParams.get('theme'), 'dark');
  assert.equal(await themeOf(page), 'dark');
  const dark = await background(page);
  assert.notEqual(dark, light);
  await page.reload();
  await ready(page);
  assert.equal(await themeOf(page), 'dark', 'kept over a reload');
  assert.equal(await page.isChecked('input[name="theme"][value="dark"]'), true);
  assert.equal(await background(page), dark);
  await page.check('input[name="theme"][value="light"]');
  assert.equal(new URL(await settledUrl(page)).searchParams.get('theme'), 'light');
  assert.equal(await background(page), light);
  await page.close();
});

test('theme=system follows the system; light and dark override it', async () => {
  const system = await newPage(withSetup('lectures', '?theme=system'), { colorScheme: 'dark' });
  assert.equal(await themeOf(system), 'dark');
  await system.emulateMedia({ colorScheme: 'light' });
  await system.waitForFunction(() => document.documentElement.dataset.theme === 'light');
  await system.close();
  const light = await newPage(withSetup('lectures', '?theme=light'), { colorScheme: 'dark' });
  assert.equal(await themeOf(light), 'light');
  await light.close();
});

for (const theme of ['light', 'dark'])
  test(`axe-core finds no violations with theme=${theme} chosen against the system`, async () => {
    const colorScheme = theme === 'dark' ? 'light' : 'dark';
    const query = withSetup('lectures', `?theme=${theme}&step=softmax&training=true`);
    const page = await newPage(query, { bypassCSP: true, colorScheme });
    assert.equal(await themeOf(page), theme);
    assert.deepEqual(await axeViolations(page), []);
    await page.close();
  });

test('legend swatches show their colour: the heads’ and the dropout mask’s', async () => {
  const page = await newPage(withSetup('lectures', '?step=output'));
  const swatches = () =>
    page.$$eval('#stage .legend .swatch-item .swatch', (els) =>
      els.map((el) => {
        const probe = document.createElement('span');
        probe.style.backgroundColor = el.style.getPropertyValue('--swatch');
        document.body.append(probe);
        const expected = getComputedStyle(probe).backgroundColor;
        probe.remove();
        return { shown: getComputedStyle(el).backgroundColor, expected };
      }),
    );
  const heads = await swatches();
  assert.equal(heads.length, 2, 'one swatch per head');
  for (const { shown, expected } of heads) {
    assert.notEqual(shown, 'rgba(0, 0, 0, 0)', 'not transparent');
    assert.equal(shown, expected);
  }
  await page.click('.step-link[data-slug="dropout"]');
  const mask = await swatches();
  assert.ok(mask.length >= 2, 'kept and dropped');
  assert.deepEqual(
    mask.map((s) => s.shown),
    mask.map((s) => s.expected),
  );
  await page.close();
});

test('presentation mode keeps the sentence editable', async () => {
  const page = await newPage(`${withSetup('lectures', '?step=softmax')}#present`);
  assert.equal(
    await page.evaluate(() => document.documentElement.classList.contains('present')),
    true,
  );
  const box = page.locator('#ctl-sentence');
  assert.equal(await box.isVisible(), true, 'the sentence box is shown');
  await box.fill('the cat sat on the mat');
  await page.waitForFunction(
    () => new URL(location.href).searchParams.get('sentence') === 'the cat sat on the mat',
  );
  assert.equal(await page.locator('.tokens .token').count(), 6);
  assert.equal(await page.locator('.settings-card').isVisible(), false, 'the settings stay hidden');
  await page.close();
});

test('a shared ?lab= link scrolls its lab into view and focuses its heading', async () => {
  const page = await newPage(withSetup('lectures', '?lab=masking'));
  await page.locator('#lab-panel[data-lab="masking"]').waitFor();
  await page.waitForFunction(() => {
    const box = document.querySelector('#lab-panel').getBoundingClientRect();
    return box.top >= 0 && box.top < innerHeight;
  });
  const focused = await page.evaluate(() => document.activeElement?.id);
  assert.equal(focused, 'lab-heading');
  await page.close();
});

test('the context step names its weights: attention weights in evaluation, dropped in training', async () => {
  const page = await newPage(withSetup('lectures', '?step=context&training=false'));
  const names = () =>
    page.$$eval('#stage figure[data-tensor] .trace-name', (els) => els.map((e) => e.textContent));
  assert.ok((await names()).includes('attentionWeights'), (await names()).join());
  assert.ok(!(await names()).includes('droppedWeights'));
  const text = await page.locator('#stage').textContent();
  assert.doesNotMatch(text, /droppedWeights/);
  assert.match(
    await page.locator('#stage .stage-lead').textContent(),
    /^attentionWeights · valueHeads/,
  );
  await page.check('[data-control="training"] input[value="true"]');
  await page.waitForFunction(() => new URL(location.href).searchParams.get('training') === 'true');
  assert.ok((await names()).includes('droppedWeights'));
  assert.match(
    await page.locator('#stage .stage-lead').textContent(),
    /^droppedWeights · valueHeads/,
  );
  await page.close();
});

test('no console errors, page errors or dialogs', () => {
  assert.deepEqual(problems, []);
});
