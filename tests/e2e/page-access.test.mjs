// Keyboard-only use, reduced motion, an axe-core scan and a 320 px wide screen.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { artifact, ROOT, pageSuite, LECTURE_STEPS, axeViolations, settledUrl } from './helpers.mjs';

const suite = pageSuite();
const { newPage, problems } = suite;

const step = (page) => page.locator('#stage').getAttribute('data-step');

test('keyboard only: every step, play/pause, heatmap cells, the Next button', async () => {
  const page = await newPage('?heads=2&dOut=4');
  await page.locator('body').focus();
  await page.keyboard.press('End');
  assert.equal(await step(page), 'output');
  await page.keyboard.press('Home');
  assert.equal(await step(page), 'embeddings');
  for (let i = 1; i < LECTURE_STEPS.length; ++i) {
    await page.keyboard.press('ArrowRight');
    assert.equal(await step(page), LECTURE_STEPS[i]);
  }
  await page.keyboard.press('ArrowRight');
  assert.equal(await step(page), 'output', 'stays on the last step');
  for (let i = LECTURE_STEPS.length - 2; i >= 0; --i) {
    await page.keyboard.press('ArrowLeft');
    assert.equal(await step(page), LECTURE_STEPS[i]);
  }

  // Space plays and pauses.
  await page.keyboard.press('Space');
  assert.equal(await page.locator('#player-root').getAttribute('data-playing'), 'true');
  await page.keyboard.press('Space');
  assert.equal(await page.locator('#player-root').getAttribute('data-playing'), 'false');

  // H shows one head alone, then the next, then all again.
  await page.keyboard.press('End');
  await page.keyboard.press('Home');
  for (let i = 0; i < 6; ++i) await page.keyboard.press('ArrowRight'); // softmax
  assert.equal(await step(page), 'softmax');
  await page.keyboard.press('h');
  assert.equal(new URL(await settledUrl(page)).searchParams.get('head'), '0');
  await page.keyboard.press('h');
  await page.keyboard.press('h');
  assert.equal(new URL(await settledUrl(page)).searchParams.get('head'), 'all');

  // Tab reaches a heatmap cell; arrows move between cells, not between steps; Esc leaves.
  let guard = 0;
  while (
    !(await page.evaluate(() => document.activeElement?.matches('td[data-i]'))) &&
    guard++ < 80
  ) {
    await page.keyboard.press('Tab');
  }
  assert.ok(guard < 80, 'a heatmap cell is reachable with Tab');
  const first = await page.evaluate(() => document.activeElement.dataset.i);
  await page.keyboard.press('ArrowRight');
  const second = await page.evaluate(() => document.activeElement.dataset.i);
  assert.equal(Number(second), Number(first) + 1);
  assert.equal(await step(page), 'softmax', 'arrows inside a heatmap do not change the step');
  assert.match(await page.locator('#readout').textContent(), /value/);
  await page.keyboard.press('Escape');
  assert.equal(await page.evaluate(() => document.activeElement.id), 'stage-title');

  // Choosing a head with the arrow keys re-renders the step but keeps the focus on the choice.
  await page.locator('input[name="head"][value="all"]').focus();
  await page.keyboard.press('ArrowRight');
  assert.equal(new URL(await settledUrl(page)).searchParams.get('head'), '0');
  assert.equal(
    await page.evaluate(() => `${document.activeElement.name}=${document.activeElement.value}`),
    'head=0',
  );
  await page.keyboard.press('ArrowLeft');
  assert.equal(new URL(await settledUrl(page)).searchParams.get('head'), 'all');

  // The Next button works with Enter; the shortcuts are documented on the page.
  await page.locator('.transport .next').focus();
  await page.keyboard.press('Enter');
  assert.equal(await step(page), 'dropout');
  const documented = await page.locator('.keys').textContent();
  for (const key of ['Space', 'Home', 'End', '←']) assert.ok(documented.includes(key), key);
  await page.close();
});

test('prefers-reduced-motion: the split does not move, nothing transitions', async () => {
  const moving = await newPage('?step=split&dOut=4&heads=2');
  const transforms = await moving.$$eval('.split .table-wrap', (ws) =>
    ws.map((w) => w.style.transform),
  );
  assert.ok(
    transforms.some((t) => t.startsWith('translate')),
    'without the preference the split animates',
  );
  await moving.close();

  const page = await newPage('?step=split&dOut=4&heads=2', { reducedMotion: 'reduce' });
  assert.equal(
    await page.evaluate(() => document.documentElement.classList.contains('reduced-motion')),
    true,
  );
  assert.equal(await page.locator('[data-action="replay-split"]').isHidden(), true);
  const state = await page.evaluate(() => ({
    transforms: [...document.querySelectorAll('.split .table-wrap')].map((w) => w.style.transform),
    durations: [
      ...document.querySelectorAll('.split .table-wrap, .split th, .split caption, .step-link'),
    ].map((e) => getComputedStyle(e).transitionDuration),
    animations: document.getAnimations().length,
  }));
  assert.deepEqual([...new Set(state.transforms)], ['']);
  assert.deepEqual([...new Set(state.durations)], ['0s']);
  assert.equal(state.animations, 0);
  // Stepping on under reduced motion starts no animation either.
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowLeft');
  assert.equal(await page.evaluate(() => document.getAnimations().length), 0);
  await page.close();
});

for (const colorScheme of ['light', 'dark'])
  test(`axe-core finds no violations of any impact (${colorScheme} theme)`, async () => {
    // bypassCSP lets axe be injected despite the page's Content-Security-Policy.
    const page = await newPage('?heads=2&dOut=4&training=true', { bypassCSP: true, colorScheme });
    if (colorScheme === 'dark') {
      assert.equal(
        await page.evaluate(() => getComputedStyle(document.body).backgroundColor),
        'rgb(16, 21, 28)',
        'the page follows prefers-color-scheme: dark',
      );
      await page.click('.step-link[data-slug="softmax"]');
      await page.screenshot({ path: artifact('dark-softmax.png'), fullPage: true });
    }
    await page.addScriptTag({ path: path.join(ROOT, 'node_modules', 'axe-core', 'axe.min.js') });
    const found = [];
    for (const slug of ['embeddings', 'split', 'softmax', 'dropout', 'output']) {
      await page.click(`.step-link[data-slug="${slug}"]`);
      // Scan the split once its animation has settled (mid-flight, cells overlap on purpose).
      await page.waitForFunction(() => !document.querySelector('.split.animating'), null, {
        timeout: 6000,
      });
      // The whole page once; then only the step panel, which is what changes between steps.
      const scope = slug === 'embeddings' ? 'document' : '#stage-root';
      const results = await page.evaluate(
        (sel) =>
          window.axe.run(sel === 'document' ? document : { include: [sel] }, {
            resultTypes: ['violations'],
          }),
        scope,
      );
      for (const v of results.violations) {
        found.push(
          `${slug}: ${v.id} (${v.impact}) ${v.nodes
            .slice(0, 3)
            .map((n) => n.target.join(' '))
            .join(' | ')}`,
        );
      }
    }
    assert.deepEqual(found, []);
    await page.close();
  });

test('axe-core finds no violations of any impact on the iframe embed page', async () => {
  const page = await newPage('embed.html?heads=2&dOut=4&stage=softmax&training=true', {
    bypassCSP: true,
  });
  assert.deepEqual(await axeViolations(page), []);
  await page.close();
});

test('320 px wide: no horizontal overflow of the page', async () => {
  const page = await newPage(
    '?sentence=the+dog+chased+the+ball+but+it+could+not+catch+it&heads=3&dOut=6&training=true',
    { viewport: { width: 320, height: 640 }, reducedMotion: 'reduce' },
  );
  for (const slug of LECTURE_STEPS) {
    await page.click(`.step-link[data-slug="${slug}"]`);
    const { scroll, width } = await page.evaluate(() => ({
      scroll: document.documentElement.scrollWidth,
      width: window.innerWidth,
    }));
    assert.ok(scroll <= width, `${slug}: the page is ${scroll} px wide in a ${width} px viewport`);
  }
  await page.click('.step-link[data-slug="softmax"]');
  await page.screenshot({ path: artifact('narrow-320-softmax.png'), fullPage: true });
  await page.close();
});

test('no console errors, page errors or dialogs', () => {
  assert.deepEqual(problems, []);
});
