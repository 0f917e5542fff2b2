// The lab framework on the full page: ?lab=<slug> opens a lab in its panel (data-lab), the "Labs"
// section links every lab, an unknown slug is named and the page stays usable, each step links
// its labs, a lab's own URL keys survive the page's state changes, and axe finds nothing in
// either theme. The embed page shows a lab alone for ?lab=.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { pageSuite, axeViolations, settledUrl } from './helpers.mjs';
import { LABS } from '../../web/app/labs/index.mjs';

const suite = pageSuite();
const { newPage, problems } = suite;

const labParam = (page) => new URL(page.url()).searchParams.get('lab');

test('?lab=<slug> opens each lab with data-lab, its title and a close control', async () => {
  for (const lab of LABS) {
    const page = await newPage(`?lab=${lab.slug}`);
    const panel = page.locator('#lab-panel');
    await panel.waitFor({ state: 'visible' });
    assert.equal(await panel.getAttribute('data-lab'), lab.slug);
    assert.equal(await panel.locator('#lab-heading').textContent(), lab.title);
    assert.equal(labParam(page), lab.slug, 'the address keeps the lab');
    await panel.getByRole('button', { name: 'Close the lab' }).click();
    assert.equal(await panel.isHidden(), true);
    assert.equal(labParam(page), null, 'closing removes it from the address');
    assert.equal(await page.evaluate(() => document.activeElement.id), 'labs-heading');
    await page.close();
  }
});

test('the Labs section links every lab in order; a click opens it in place', async () => {
  const page = await newPage('?sentence=the+cat+sat&heads=1');
  const links = await page.$$eval('#labs a[data-lab-link]', (as) =>
    as.map((a) => ({ slug: a.dataset.labLink, href: a.getAttribute('href') })),
  );
  assert.deepEqual(
    links.map((l) => l.slug),
    LABS.map((l) => l.slug),
  );
  for (const { slug, href } of links) {
    const params = new URLSearchParams(href);
    assert.equal(params.get('lab'), slug, href);
    assert.equal(params.get('sentence'), 'the cat sat', 'the link keeps the page’s state');
  }
  await page.click(`#labs a[data-lab-link="${LABS[0].slug}"]`);
  await page.locator(`#lab-panel[data-lab="${LABS[0].slug}"]`).waitFor();
  assert.equal(labParam(page), LABS[0].slug);
  assert.equal(await page.evaluate(() => document.activeElement.id), 'lab-heading');
  assert.equal(await page.inputValue('#ctl-sentence'), 'the cat sat', 'no reload');
  await page.close();
});

test('an unknown slug is named; the page and the other labs keep working', async () => {
  const page = await newPage('?lab=no-such-lab');
  const panel = page.locator('#lab-panel');
  await panel.waitFor({ state: 'visible' });
  const text = await panel.locator('.lab-unknown').textContent();
  assert.match(text, /no lab called “no-such-lab”/);
  for (const lab of LABS) assert.ok(text.includes(lab.slug), lab.slug);
  assert.equal(await panel.getAttribute('data-lab'), null);
  await page.keyboard.press('End'); // the stepper still works
  assert.equal(await page.locator('#stage').getAttribute('data-step'), 'output');
  await page.click(`#labs a[data-lab-link="${LABS[0].slug}"]`);
  assert.equal(await panel.getAttribute('data-lab'), LABS[0].slug);
  await page.close();
});

test('each step links exactly the labs whose stage it is', async () => {
  const page = await newPage();
  const steps = await page.$$eval('.step-link[data-slug]', (bs) => bs.map((b) => b.dataset.slug));
  for (const step of steps) {
    await page.click(`.step-link[data-slug="${step}"]`);
    const linked = await page.$$eval('#stage .step-labs a[data-lab-link]', (as) =>
      as.map((a) => a.dataset.labLink),
    );
    const expected = LABS.filter((l) => l.stage === step).map((l) => l.slug);
    assert.deepEqual(linked, expected, step);
  }
  const first = LABS.find((l) => l.stage);
  await page.click(`.step-link[data-slug="${first.stage}"]`);
  await page.click(`#stage .step-labs a[data-lab-link="${first.slug}"]`);
  assert.equal(await page.locator('#lab-panel').getAttribute('data-lab'), first.slug);
  await page.close();
});

test("a lab's own URL keys stay while the page's state changes, and go when it closes", async () => {
  const slug = LABS[0].slug;
  const page = await newPage(`?lab=${slug}&${slug}.x=7`);
  await page.locator(`#lab-panel[data-lab="${slug}"]`).waitFor();
  await page.keyboard.press('End');
  // A step chosen on the page is written to the address after its frame.
  await page.waitForFunction(() => new URL(location.href).searchParams.get('step') === 'output');
  const url = new URL(await settledUrl(page));
  assert.equal(url.searchParams.get('step'), 'output');
  assert.equal(url.searchParams.get(`${slug}.x`), '7');
  await page.click('.lab-close');
  await page.keyboard.press('Home');
  await page.waitForFunction(
    () => new URL(location.href).searchParams.get('step') === 'embeddings',
  );
  assert.equal(new URL(await settledUrl(page)).searchParams.get(`${slug}.x`), null);
  await page.close();
});

// The embed page with ?lab= shows that lab alone (tests/embed/embed-lab.test.mjs checks one in an
// iframe and in the element); without it, the lesson as before.
test('the embed page: ?lab=<slug> shows each lab alone, without the lesson; axe finds nothing', async () => {
  const setup = 'sentence=dream+big+and+work+for+it&dIn=6&dOut=6&heads=2&batch=2';
  for (const lab of LABS) {
    const page = await newPage(`embed.html?${setup}&lab=${lab.slug}`, {
      viewport: { width: 320, height: 640 },
      bypassCSP: true,
    });
    await page.locator(`#lab-panel[data-lab="${lab.slug}"] .lab-body[data-state="idle"]`).waitFor();
    assert.equal(await page.locator('#lab-panel').count(), 1, lab.slug);
    for (const absent of ['#stage', '.player', '.step-labs', '#labs', '.lab-close'])
      assert.equal(await page.locator(absent).count(), 0, `${lab.slug}: no ${absent}`);
    assert.equal(await page.locator('#lab-heading').textContent(), lab.title);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    assert.ok(overflow <= 0, `${lab.slug}: ${overflow} px of horizontal overflow`);
    if (lab === LABS[0]) assert.deepEqual(await axeViolations(page), [], lab.slug);
    await page.close();
  }
  const lesson = await newPage('embed.html?stage=softmax');
  assert.equal(await lesson.locator('#lab-panel').count(), 0);
  assert.equal(await lesson.locator('#stage').getAttribute('data-step'), 'softmax');
  await lesson.close();
});

test('320 px wide: no lab widens the page', async () => {
  for (const lab of LABS) {
    const page = await newPage(`?lab=${lab.slug}`, { viewport: { width: 320, height: 640 } });
    await page.locator(`#lab-panel[data-lab="${lab.slug}"]`).waitFor();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    assert.ok(overflow <= 0, `${lab.slug}: ${overflow} px of horizontal overflow`);
    await page.close();
  }
});

for (const colorScheme of ['light', 'dark'])
  test(`axe-core: the page with a lab open has no violations (${colorScheme})`, async () => {
    const page = await newPage(`?lab=${LABS[0].slug}&step=${LABS[0].stage ?? 'qkv'}`, {
      bypassCSP: true,
      colorScheme,
    });
    assert.deepEqual(await axeViolations(page), []);
    await page.close();
  });

test('no console errors, page errors or dialogs', () => {
  assert.deepEqual(problems, []);
});
