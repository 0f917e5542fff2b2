// The page speaks the core's contract (web/lib/contract.mjs): its controls, its URL parser and the
// element's attributes accept exactly the core's options (all but the ones the page deliberately
// hides: tokens, trace, maxTraceBytes, maxFlops), with the table's types, defaults (apart from the
// page's declared teaching defaults), ranges, choices and help, and a bad value shows the core's own
// message, the one the API gives for that value.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { OPTIONS } from '../../web/lib/contract.mjs';
import {
  SETTINGS,
  HIDDEN_OPTIONS,
  PAGE_CHOICES,
  PAGE_DEFAULTS,
  PAGE_SETTINGS,
  WEIGHTS_SETTING,
  DEFAULT_SETTINGS,
  LIMITS,
} from '../../web/app/state/settings.mjs';
import { parseUrl } from '../../web/app/state/url.mjs';
import { createStore } from '../../web/app/state/store.mjs';
import { GROUPS, CHOICE_LABELS, shortHelp } from '../../web/app/ui/controls.mjs';
import { nodeLab, pageSuite } from './helpers.mjs';

const suite = pageSuite();
const { newPage, problems } = suite;

// The options the page offers, with the choices it declares it offers (a subset, with a reason).
const EXPOSED = OPTIONS.filter((o) => !(o.name in HIDDEN_OPTIONS)).map((o) =>
  o.name in PAGE_CHOICES ? { ...o, choices: PAGE_CHOICES[o.name] } : o,
);
// The page's own limit for a size, as the brief of each control states it.
const PAGE_LIMIT = {
  dIn: LIMITS.dIn,
  dOut: LIMITS.width,
  heads: LIMITS.heads,
  batch: LIMITS.batch,
};
// The element's attributes as docs/EMBEDDING.md documents them.
const DOCUMENTED_ATTRIBUTES = [
  'sentence',
  'weights',
  'd-in',
  'd-out',
  'heads',
  'batch',
  'dropout',
  'training',
  'seed',
  'qkv-bias',
  'causal',
  'masking',
  'module',
  'layout',
  'stage',
  'head',
  'item',
  'numbers',
  'lab',
  'exercise',
  'steps',
  'lang',
  'strings-src',
];
const kebab = (name) => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

// A value of the wrong kind for each type, as text (a URL value, an attribute).
const BAD_TEXT = { integer: 'two', number: 'lots', boolean: 'maybe', choice: 'nope' };

/** The API's message for `value` of option `name`, everything else as the page's defaults. */
async function apiMessage(name, value) {
  const lab = await nodeLab();
  const { sentence, weights, ...options } = DEFAULT_SETTINGS;
  const inputs = new Float32Array(options.batch * lab.tokenize(sentence).length * options.dIn);
  try {
    lab.forward({ ...options, inputs, [name]: value });
  } catch (err) {
    return err.message;
  }
  throw new Error(`the API accepts ${name} = ${value}`);
}

test('the page offers every option of the core but the hidden ones, each hidden with a reason', () => {
  for (const [name, reason] of Object.entries(HIDDEN_OPTIONS)) {
    assert.ok(
      OPTIONS.some((o) => o.name === name),
      `${name} is an option`,
    );
    assert.ok(reason.length > 20, `${name}: a reason`);
  }
  for (const [name, choices] of Object.entries(PAGE_CHOICES)) {
    const all = OPTIONS.find((o) => o.name === name).choices;
    assert.ok(
      choices.every((c) => all.includes(c)),
      `${name}: the page's choices are the core's`,
    );
  }
  assert.deepEqual(
    SETTINGS.map((s) => s.name),
    [...PAGE_SETTINGS, ...EXPOSED.map((o) => o.name)],
  );
  for (const o of EXPOSED) {
    const spec = SETTINGS.find((s) => s.name === o.name);
    assert.deepEqual({ ...spec, default: o.default }, o, `${o.name}: the table's entry`);
  }
});

test('the page defaults are the API defaults except the declared teaching defaults', () => {
  for (const o of EXPOSED) {
    const expected = o.name in PAGE_DEFAULTS ? PAGE_DEFAULTS[o.name] : o.default;
    assert.equal(DEFAULT_SETTINGS[o.name], expected, o.name);
  }
  for (const [name, value] of Object.entries(PAGE_DEFAULTS)) {
    const o = OPTIONS.find((x) => x.name === name);
    assert.notEqual(value, o.default, `${name}: an override must differ from the API's default`);
    assert.ok(
      value >= o.min && (o.maxExclusive ? value < o.max : value <= o.max),
      `${name} = ${value} is in range`,
    );
  }
});

test('the URL parser reads exactly the offered options, each in its type', () => {
  const everything = new URLSearchParams(
    OPTIONS.map((o) => [
      o.name,
      String(o.choices?.at(-1) ?? (o.type === 'boolean' ? !o.default : o.min)),
    ]),
  );
  const { settings } = parseUrl(`?${everything}`);
  assert.deepEqual(
    Object.keys(settings).sort(),
    [...PAGE_SETTINGS, ...EXPOSED.map((o) => o.name)].sort(),
  );
  for (const o of EXPOSED) {
    const expected = o.choices?.at(-1) ?? (o.type === 'boolean' ? !o.default : o.min);
    assert.equal(settings[o.name], expected, o.name);
  }
  // What does not read as its type stays as text, for the core to name.
  const bad = parseUrl(
    `?${new URLSearchParams(EXPOSED.map((o) => [o.name, BAD_TEXT[o.type]]))}`,
  ).settings;
  for (const o of EXPOSED) assert.equal(bad[o.name], BAD_TEXT[o.type], o.name);
});

test('every choice has a page label, and every label is for a choice that exists', () => {
  const choiceOptions = EXPOSED.filter((o) => o.type === 'choice');
  for (const o of choiceOptions)
    assert.deepEqual(Object.keys(CHOICE_LABELS[o.name]).sort(), [...o.choices].sort(), o.name);
  // The weights switch is the page's own choice (not the core's): it has labels too.
  assert.deepEqual(Object.keys(CHOICE_LABELS.weights).sort(), [...WEIGHTS_SETTING.choices].sort());
  for (const name of Object.keys(CHOICE_LABELS)) {
    const o = [...EXPOSED, WEIGHTS_SETTING].find((x) => x.name === name);
    assert.ok(o, `labels for '${name}', which is not an option the page offers`);
    if (o.type === 'boolean')
      assert.deepEqual(Object.keys(CHOICE_LABELS[name]).sort(), ['false', 'true']);
    else assert.equal(o.type, 'choice', `${name} has labels but no choices`);
  }
  assert.deepEqual(
    GROUPS.flatMap((g) => g.controls.map(([name]) => name)).sort(),
    ['weights', ...EXPOSED.map((o) => o.name)].sort(),
  );
});

test("a control's help is the table's help, shortened by the rule and never reworded", () => {
  for (const g of GROUPS) {
    for (const [name, label] of g.controls) {
      const { help } = OPTIONS.find((o) => o.name === name) ?? WEIGHTS_SETTING;
      const shown = shortHelp(help, label);
      // The shown words are the table's words, in the table's order (punctuation aside).
      const wordsOf = (text) => text.split(/\s+/).map((w) => w.replace(/[,;:]$/, ''));
      const words = wordsOf(help);
      let at = 0;
      for (const word of wordsOf(shown)) {
        while (at < words.length && words[at] !== word) ++at;
        assert.ok(
          at++ < words.length,
          `${name}: '${word}' of '${shown}' is not in the table's help '${help}'`,
        );
      }
      assert.ok(shown.length >= 20, `${name}: '${shown}' keeps the help's first clause`);
    }
  }
});

test('the store tells its listeners what changed, result and errors included', () => {
  const store = createStore({ settings: {}, view: {} }, { history: null, location: null });
  const heard = [];
  store.subscribe((state, changed, meta) => heard.push([[...changed].sort(), meta.source]));
  store.set({ settings: { heads: 2 } }); // the default: nothing changes, nobody is told
  store.set(
    { settings: { heads: 3 }, view: { step: 'softmax' }, result: { sizes: {} } },
    { source: 'ui' },
  );
  store.set({ errors: { settings: { error: new Error('no') } } }, { source: 'api' });
  assert.deepEqual(heard, [
    [['heads', 'result', 'step'], 'ui'],
    [['errors'], 'api'],
  ]);
  assert.equal(store.get().errors.step, null);
  assert.throws(() => (store.get().settings = {}), TypeError, 'the state is read-only');
});

// The message under control `name` once it reads `expected`, or as it reads after 5 s.
async function messageOnceSettled(page, name, expected) {
  const msg = page.locator(`#msg-${name}`);
  await page
    .waitForFunction(
      ([id, text]) => document.getElementById(id)?.textContent === text,
      [`msg-${name}`, expected],
      { timeout: 5000 },
    )
    .catch(() => {});
  return msg.textContent();
}

test("the controls: one per offered option, the table's choices, range, help, and the API's messages", async () => {
  const page = await newPage('?step=softmax');
  const controls = await page.$$eval(
    '#sentence-root [data-control], #settings-root [data-control]',
    (els) => els.map((e) => e.dataset.control),
  );
  assert.deepEqual(controls.sort(), [...PAGE_SETTINGS, ...EXPOSED.map((o) => o.name)].sort());
  for (const o of EXPOSED) {
    const label = GROUPS.flatMap((g) => g.controls).find(([name]) => name === o.name)[1];
    assert.equal(
      await page.locator(`#help-${o.name}`).textContent(),
      shortHelp(o.help, label),
      `${o.name}: help`,
    );
    if (o.type === 'choice') {
      assert.deepEqual(
        await page.$$eval(`#ctl-${o.name} option`, (els) => els.map((e) => e.value)),
        [...o.choices],
      );
    }
    if (o.type !== 'integer' && o.type !== 'number') continue;
    const input = page.locator(`#ctl-${o.name}`);
    const [min, max, step] = await Promise.all(
      ['min', 'max', 'step'].map((a) => input.getAttribute(a).then(Number)),
    );
    assert.equal(min, o.min, `${o.name}: min`);
    const ceiling = Math.min(o.max, PAGE_LIMIT[o.name] ?? Infinity);
    assert.ok(
      o.maxExclusive && ceiling === o.max ? max < o.max && max + step >= o.max : max === ceiling,
      `${o.name}: max ${max}`,
    );

    // Below the range: the core's message, as the API gives it, next to the control. Dropout p
    // runs once a frame (ui/frame.mjs): a second value in the same frame is read at the next.
    const valid = await input.inputValue();
    const below = o.min - step;
    await input.fill(String(below));
    const expected = await apiMessage(o.name, below);
    assert.equal(
      await messageOnceSettled(page, o.name, expected),
      expected,
      `${o.name} = ${below}`,
    );
    await input.fill(valid);
    assert.equal(await messageOnceSettled(page, o.name, ''), '', `${o.name} = ${valid}`);
  }
  await page.close();
});

test("a bad value in the URL: the API's message next to its control, the defaults drawn", async () => {
  for (const o of EXPOSED) {
    const bad = BAD_TEXT[o.type];
    const page = await newPage(`?step=softmax&${o.name}=${bad}`);
    assert.equal(
      await page.locator(`#msg-${o.name}`).textContent(),
      await apiMessage(o.name, bad),
      `${o.name}=${bad}`,
    );
    assert.equal(
      await page
        .locator(`[data-control="${o.name}"]`)
        .getAttribute('class')
        .then((c) => c.includes('invalid')),
      true,
    );
    assert.ok((await page.locator('#stage [data-tensor]').count()) > 0, 'a stage is drawn');
    await page.close();
  }
});

test("the element's attributes: the options in kebab-case, the API's messages for bad values", async () => {
  const page = await newPage('embed.html');
  const found = await page.evaluate(async () => {
    const module = await import('./lib/attention-lab.js');
    return {
      observed: customElements.get('attention-lab').observedAttributes,
      settings: module.SETTING_ATTRIBUTES,
    };
  });
  assert.deepEqual([...found.observed].sort(), [...DOCUMENTED_ATTRIBUTES].sort());
  const expected = SETTINGS.filter((s) => s.name !== 'layout').map((s) => [kebab(s.name), s.name]);
  assert.deepEqual(
    Object.entries(found.settings).sort(),
    expected.sort(),
    'every setting under its kebab-case name',
  );

  await page.evaluate(async () => {
    const element = document.createElement('attention-lab');
    element.id = 'probe';
    document.body.append(element);
    await element.ready;
  });
  const banner = page.locator('#probe .lab-error');
  for (const o of EXPOSED) {
    const bad = BAD_TEXT[o.type];
    // The heads' layout rides on the element's layout attribute: layout="compact loop".
    const [attribute, value] =
      o.name === 'layout' ? ['layout', `compact ${bad}`] : [kebab(o.name), bad];
    await page.evaluate(
      ([a, v]) => document.getElementById('probe').setAttribute(a, v),
      [attribute, value],
    );
    await banner.waitFor({ state: 'visible' });
    assert.equal(
      await banner.textContent(),
      await apiMessage(o.name, bad),
      `${attribute}="${value}"`,
    );
    await page.evaluate((a) => document.getElementById('probe').removeAttribute(a), attribute);
    await banner.waitFor({ state: 'hidden' });
  }
  await page.close();
});

test("the page's column limit is checked on the trace's D, not on a formula of its own", async () => {
  const page = await newPage('?module=wrapper&heads=4&dOut=192&step=qkv');
  assert.equal(await page.locator('#stage .stage-shape .shape').textContent(), '(B=2, T=6, D=768)');
  await page.fill('#ctl-heads', '5');
  for (const name of ['dOut', 'heads']) {
    assert.match(
      await page.locator(`#msg-${name}`).textContent(),
      /D = 960 columns wide.*at most 768/,
      name,
    );
  }
  assert.equal(
    await page.locator('#stage .stage-shape .shape').textContent(),
    '(B=2, T=6, D=768)',
    'the last valid state stays',
  );
  await page.close();
});

test('no console errors, page errors or dialogs', () => {
  assert.deepEqual(problems, []);
});
