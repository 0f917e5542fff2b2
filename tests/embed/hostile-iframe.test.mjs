// The iframe page (embed.html) under hostile use: URL values that carry markup, quotes, direction
// marks, NUL, absurd numbers or unknown step, lab and exercise names are answered with a message
// or drawn as plain text, never as markup, and throw nothing; an iframe removed and inserted again,
// five times over, draws again each time without an error.
// Needs: bash scripts/build.sh site
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, watchedPage, serveSite } from './helpers.mjs';

const MARKUP = '<x-pwned data-pwned="1"></x-pwned><img src=x onerror="top.__pwned=1">';
const HOSTILE = [
  ['sentence', `the dog ${MARKUP}<script>top.__pwned=1</script> ran`],
  ['sentence', `"quoted" 'single' ]]> &amp; \u202Eevil\u202C a\u0000b \uD800`],
  ['sentence', 'word '.repeat(1200)],
  ['heads', '1e309'],
  ['heads', MARKUP],
  ['dOut', '-99999999999'],
  ['seed', 'NaN'],
  ['dropout', '7'],
  ['stage', MARKUP],
  ['stage', '__proto__'],
  ['lab', MARKUP],
  ['lab', 'constructor'],
  ['exercise', MARKUP],
  ['exercise', 'no-such-exercise'],
];

let site;
let browser;
const problems = [];

before(async () => {
  site = await serveSite({
    pages: {
      '/lms.html': `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>LMS</title>
        <link rel="icon" href="data:,"></head><body><main><h1>Quiz</h1></main></body></html>`,
    },
  });
  browser = await launch();
});

after(async () => {
  await browser?.close();
  await site?.close();
});

// Puts an iframe of embed.html?<query> into the LMS page and waits until it has drawn (or said
// why not): its root's data-build or data-ready, or a message of the view.
async function frameFor(p, query) {
  query = String(query);
  await p.evaluate((src) => {
    document.querySelector('iframe')?.remove();
    const frame = document.createElement('iframe');
    frame.title = 'attention-lab';
    frame.style.cssText = 'width:900px;height:900px';
    frame.src = src;
    document.querySelector('main').append(frame);
  }, `/embed.html?${query}`);
  const handle = await p.waitForSelector('iframe');
  const frame = await handle.contentFrame();
  await frame.waitForFunction(
    () =>
      document.documentElement.dataset.build ||
      document.documentElement.dataset.ready ||
      document.querySelector('.lab-unknown, .exercise-unknown, [role="alert"]:not([hidden])'),
    null,
    { timeout: 30000 },
  );
  return frame;
}

// Elements that hostile text would bring, in the frame's document and its shadow roots (the
// page's own inline script, its note for a page opened from disk, is no such element).
const injected = (frame) =>
  frame.evaluate(() => {
    const found = [];
    const own = (el) => el.localName === 'script' && el.textContent.includes('file://');
    for (const el of document.body.querySelectorAll('*')) {
      if (/^(x-pwned|script|img|iframe)$/i.test(el.localName) && !own(el)) found.push(el.localName);
      if (el.hasAttribute('data-pwned') || el.hasAttribute('onerror'))
        found.push(`[${el.localName}]`);
    }
    if (top.__pwned) found.push('script ran');
    return found;
  });

test('hostile URL values in the iframe page: a message or plain text, never markup, no error', async () => {
  const p = await watchedPage(browser, problems);
  await p.goto(site.url('/lms.html'));
  for (const [key, value] of HOSTILE) {
    // (URLSearchParams writes a lone surrogate as U+FFFD, as a browser's address bar does.)
    const query = new URLSearchParams({ sentence: 'the dog chased the ball', [key]: value });
    const frame = await frameFor(p, query);
    const where = `${key}=${JSON.stringify(value).slice(0, 60)}`;
    assert.deepEqual(await injected(frame), [], where);
    assert.notEqual(
      await frame.evaluate(() => document.documentElement.dataset.ready),
      'error',
      where,
    );
    const text = await frame.evaluate(() => document.body.innerText);
    assert.ok(text.trim().length > 40, `${where}: the frame shows something (${text})`);
  }
  await p.close();
});

test('an iframe removed and inserted again, five times: it draws each time, no errors', async () => {
  const p = await watchedPage(browser, problems);
  await p.goto(site.url('/lms.html'));
  await frameFor(p, 'sentence=the+dog+chased+the+ball&stage=softmax');
  for (let i = 0; i < 5; i += 1) {
    await p.evaluate(async () => {
      const frame = document.querySelector('iframe');
      frame.remove();
      await new Promise((resolve) => setTimeout(resolve, 0));
      document.querySelector('main').append(frame);
    });
    const frame = await (await p.waitForSelector('iframe')).contentFrame();
    await frame.waitForFunction(() => document.documentElement.dataset.build, null, {
      timeout: 30000,
    });
    assert.equal(
      await frame.evaluate(() => document.querySelector('#stage')?.dataset.step),
      'softmax',
    );
  }
  assert.equal(await p.evaluate(() => document.querySelectorAll('iframe').length), 1);
  await p.close();
});

test('no console errors, page errors or failed requests', () => {
  assert.deepEqual(problems, []);
});
