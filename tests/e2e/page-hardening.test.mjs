// The page, the iframe page and the element against the hostile inputs of the hardening audit: each
// one used to leave the page on "Loading…", throw an uncaught error or freeze the main thread.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { pageSuite } from './helpers.mjs';

const suite = pageSuite();
const { newPage, problems } = suite;

const messages = (page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('.lab-error, [id^=msg-]')]
      .filter((e) => !e.hidden && e.textContent)
      .map((e) => e.textContent),
  );

test('a URL value that does not fit an int (dOut=-4294967294): the core says so, the page draws the defaults', async () => {
  const page = await newPage('?dOut=-4294967294');
  const shown = (await messages(page)).join(' ');
  assert.match(
    shown,
    /dOut = -4294967294: the output size d_out must be an integer from 1 to 1048576/,
  );
  assert.ok((await page.locator('#stage [data-tensor]').count()) > 0, 'a stage is drawn');
  await page.close();
});

test('"<|endoftext|>" in the URL is ordinary text, on the page and in the iframe page', async () => {
  for (const path of ['', 'embed.html']) {
    const page = await newPage(`${path}?sentence=${encodeURIComponent('hi <|endoftext|> there')}`);
    const tokens = await page.locator('#tokens-root').textContent();
    assert.match(tokens, /end.*of.*text/); // the ordinary tokens "end", "of", "text", not id 50256
    assert.doesNotMatch(tokens, /50256/);
    assert.deepEqual(await messages(page), []);
    await page.close();
  }
});

test('100,000 typed characters are refused at once, with the limit, and the last sentence stays', async () => {
  const page = await newPage();
  const before = await page.locator('#tokens-root').textContent();
  await page.fill('#ctl-sentence', 'a'.repeat(100_000));
  const message = page.locator('#msg-sentence');
  await message.waitFor({ state: 'visible' });
  assert.match(await message.textContent(), /100000 characters; at most 4096 are allowed/);
  assert.equal(await page.locator('#tokens-root').textContent(), before);
  await page.close();
});

test('an element given a 100,000-character sentence shows the limit and still draws', async () => {
  const page = await newPage('embed.html');
  const outcome = await page.evaluate(async () => {
    await import('./lib/attention-lab.js');
    const element = document.createElement('attention-lab');
    element.setAttribute('sentence', 'a'.repeat(100_000));
    document.body.append(element);
    await element.ready;
    const root = element.shadowRoot;
    return {
      error: [...root.querySelectorAll('.lab-error')].map((e) => e.textContent).join(' '),
      drawn: root.querySelectorAll('[data-tensor]').length,
    };
  });
  assert.match(outcome.error, /at most 4096 are allowed/);
  assert.ok(outcome.drawn > 0);
  await page.close();
});

test('no console errors, page errors or dialogs', () => {
  assert.deepEqual(problems, []);
});
