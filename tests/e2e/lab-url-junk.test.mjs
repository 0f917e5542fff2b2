// Every lab's URL keys with any value: for each lab (web/app/labs/*) and each junk value (empty, not
// a number, huge, negative, markup, unusual Unicode, an object member's name), the address
// ?lab=<slug>&<slug>.<key>=<junk> for every key of the lab at once (a made-up key for a lab without
// any; each key is read on its own, so one address checks them all) opens the lab, which computes
// (the value read, or refused by name beside the defaults' numbers), with no uncaught error and no
// markup from the address. One page, navigated from address to address.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { pageSuite } from './helpers.mjs';
import { LABS } from '../../web/app/labs/index.mjs';

const suite = pageSuite();
const { problems } = suite;

const JUNK = [
  '',
  'NaN',
  '1e308',
  '-99999999999',
  '<x-pwned data-pwned="1"></x-pwned><img src=x onerror="window.__pwned=1">',
  'ü漢😀\u202Eevil\u0000',
  '__proto__',
];
const SETTINGS = 'sentence=the+dog+chased+the+ball&dIn=4&dOut=4&heads=2&batch=1&seed=123';

// The lab panel once its lab has computed: its slug, whether its view drew anything beyond the two
// message lines, what it says, and any element the address would have brought.
const labState = (page) =>
  page.evaluate(() => {
    const panel = document.querySelector('#lab-panel');
    const body = panel?.querySelector('.lab-body');
    return {
      lab: panel?.dataset.lab ?? null,
      drawn: body ? body.querySelectorAll(':scope > :not(.msg)').length : 0,
      text: body?.textContent ?? '',
      injected: [
        ...document.querySelectorAll('x-pwned, [data-pwned], img[onerror]'),
        ...(window.__pwned ? ['script ran'] : []),
      ].length,
    };
  });

test('every lab, all its URL keys, junk values: the lab opens and computes, no uncaught error, no markup', async () => {
  const context = await suite.browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  page.on('pageerror', (err) => problems.push(`pageerror: ${err.message}`));
  page.on('console', (msg) => {
    if (msg.type() === 'error') problems.push(`console.error: ${msg.text()}`);
  });
  let opened = 0;
  for (const lab of LABS) {
    const keys = Object.entries(lab.params ?? {})
      .filter(([, param]) => param.url !== false)
      .map(([key]) => key);
    for (const junk of JUNK) {
      const own = (keys.length ? keys : ['junk'])
        .map((key) => `&${lab.slug}.${key}=${encodeURIComponent(junk)}`)
        .join('');
      const where = `${lab.slug} keys = ${JSON.stringify(junk)}`;
      const before = problems.length;
      await page.goto(`${suite.server.url}?${SETTINGS}&lab=${lab.slug}${own}`);
      await page.waitForFunction(
        () =>
          document.documentElement.dataset.ready === 'true' &&
          document.querySelector('#lab-panel .lab-body[data-state="idle"]'),
        null,
        { timeout: 30000 },
      );
      const state = await labState(page);
      assert.equal(state.lab, lab.slug, where);
      assert.ok(state.drawn > 0, `${where}: the lab drew nothing (${state.text.slice(0, 200)})`);
      assert.doesNotMatch(state.text, /This lab failed/, where);
      assert.equal(state.injected, 0, `${where}: markup from the address`);
      assert.deepEqual(problems.slice(before), [], where);
      opened += 1;
    }
  }
  assert.ok(opened >= LABS.length * JUNK.length, `${opened} addresses`);
  await context.close();
});
