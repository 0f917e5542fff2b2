// The lecture labs in German: every key of each lab's English words (and the kit's) in the German
// catalogue, and each lab's view drawn in Node with the German words: every key it asks for
// exists, no English sentence of its words is left on screen, and its numbers are the English
// view's, value for value.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile, readdir } from 'node:fs/promises';
import { createAttentionLab } from '../../dist/index.mjs';
import { compute as pagePass } from '../../web/app/compute.mjs';
import { DEFAULT_SETTINGS } from '../../web/app/state/settings.mjs';
import { needsOf } from '../../web/app/state/needs.mjs';
import { readPage } from '../../web/app/labs/kit/page.mjs';
import { LABS } from '../../web/app/labs/index.mjs';
import { labWords, readParams, runLab } from '../../web/app/labs/harness.mjs';
import { isNode, textOf } from '../../web/app/render/h.mjs';
import { EN } from '../../web/app/strings/index.mjs';
import DE from '../../web/app/strings/de.mjs';
import KIT from '../../web/app/labs/kit/words.mjs';
import { checkPart } from './words-check.mjs';

const lab = await createAttentionLab();
const trainedModel = await lab.loadWeights('trained');

// The kit's words, checked as a part of their own ("lab.kit.<key>").
const KIT_PART = {
  slug: 'kit',
  load: () => [null, null, import('../../web/app/labs/kit/words.mjs')],
};

test('German: every lab’s words and the kit’s, with the same {values}', async () => {
  await checkPart('lab', [...LABS, KIT_PART], DE, ['title', 'summary']);
});

// Labs whose defaults show little: the params that make them show their results.
const SHOWN = {
  sizes: { run: 1 },
  'loop-vs-fused': { heads: '1, 2', run: 1 },
};
// The pages each lab is drawn on: the defaults, and the trained weights with the wrapper (the
// kit's notes about the weights and the class).
const PAGES = [{}, { weights: 'trained' }, { module: 'wrapper' }];

function pageOf(extra, slug) {
  const settings = { ...DEFAULT_SETTINGS, ...extra };
  const trained = settings.weights === 'trained' ? trainedModel : null;
  return readPage({
    settings,
    result: pagePass(lab, settings, trained, needsOf({ step: null, lab: slug })),
  });
}

// What a reader meets in the nodes: their text and the attributes read aloud or shown on hover.
// A part marked lang="en" is English on purpose (a step's own sentence, which its module words).
const SHOWN_ATTRS = ['aria-label', 'title', 'placeholder', 'alt'];
const english = (node) => isNode(node) && node.attrs.lang === 'en';
const text = (node) =>
  english(node) ? '' : isNode(node) ? node.children.map(text).join('') : String(node);
function words(node) {
  if (!isNode(node)) return [String(node)];
  if (english(node)) return [];
  const attrs = SHOWN_ATTRS.map((name) => node.attrs[name]).filter((v) => typeof v === 'string');
  return [...attrs, text(node), ...node.children.filter(isNode).flatMap(words)];
}
// Every data-* attribute (the numbers the tests read: data-value, data-quantity, …), in order;
// but data-label, a column's name that a narrow table shows beside each cell: words.
function data(node) {
  if (!isNode(node)) return [];
  const { label, ...dataset } = node.attrs.dataset ?? {};
  const own = node.attrs.dataset ? [JSON.stringify(dataset)] : [];
  return [...own, ...node.children.flatMap(data)];
}

/**
 * The lab computed for `page` in the words of `strings`, and drawn in those words and in English
 * from the same numbers (a timing differs from run to run): { text, data, english: { text, data } }.
 */
async function draw(spec, strings, page) {
  const [{ compute }, { view }, module] = await Promise.all(spec.load());
  const t = labWords(spec, strings, module.default, module.kit);
  const en = labWords(spec, EN, module.default, module.kit);
  const params = { ...readParams(spec, new URLSearchParams()).values, ...SHOWN[spec.slug] };
  const progress = [];
  const keep = new Map();
  const context = {
    signal: new AbortController().signal,
    progress: (text) => progress.push(text),
    cause: 'page',
    previous: null,
    keep,
    t,
  };
  try {
    const result = await compute(lab, page, params, context);
    const drawn = (words) =>
      [view(result, { ...params, ...result.params }, { setParams() {} }, null, '', words)].flat(
        Infinity,
      );
    const [nodes, english] = [drawn(t), drawn(en)];
    return {
      text: [...progress, ...nodes.flatMap(words), t('title'), t('summary')].join('\n'),
      data: nodes.flatMap(data),
      english: { text: english.flatMap(words).join('\n'), data: english.flatMap(data) },
    };
  } finally {
    for (const value of keep.values()) value?.dispose?.();
  }
}

// The English sentences of a lab's words (the parts between its {values}) longer than 20 characters.
const sentences = (english) =>
  Object.values(english)
    .flatMap((text) => text.split(/\{\w+\}/))
    .map((part) => part.trim())
    .filter((part) => part.length > 20);

for (const spec of LABS) {
  test(`${spec.slug}: drawn in German, no English sentence left, the same numbers`, async () => {
    const { default: english, kit } = await spec.load()[2];
    const german = { ...EN, ...DE };
    for (const extra of PAGES) {
      const page = pageOf(extra, spec.slug);
      const de = await draw(spec, german, page);
      const en = de.english;
      for (const sentence of sentences({
        ...english,
        ...kit,
        title: spec.title,
        summary: spec.summary,
      }))
        assert.ok(!de.text.includes(sentence), `${spec.slug}: “${sentence}” left in English`);
      assert.deepEqual(de.data, en.data, `${spec.slug}: the numbers and data attributes`);
      assert.ok(
        sentences(english).some((sentence) => en.text.includes(sentence)),
        'the same view in English shows its English words',
      );
    }
  });
}

// Every t('key') and t.kit('key') written in a lab's modules is a key of its words (a branch the
// pages above do not reach included).
// The keys the modules of a folder ask for: [file, 'kit' | 'lab', key].
async function asked(folder) {
  const files = (await readdir(folder)).filter((f) => f.endsWith('.mjs'));
  const out = [];
  for (const file of files) {
    const source = await readFile(new URL(file, folder), 'utf8');
    for (const [, kind, key] of source.matchAll(/\bt(\.kit)?\(\s*'([^']+)'/g))
      out.push([file, kind ? 'kit' : 'lab', key]);
  }
  return out;
}

test('every key a lab’s modules (and the kit’s) ask for is one of its words', async () => {
  for (const spec of LABS) {
    const { default: english, kit } = await spec.load()[2];
    const words = { kit, lab: { ...english, title: 1, summary: 1 } };
    for (const [file, kind, key] of await asked(
      new URL(`../../web/app/labs/${spec.slug}/`, import.meta.url),
    ))
      assert.ok(Object.hasOwn(words[kind], key), `${spec.slug}/${file}: ${kind} '${key}'`);
  }
  for (const [file, kind, key] of await asked(
    new URL('../../web/app/labs/kit/', import.meta.url),
  )) {
    assert.equal(kind, 'kit', `kit/${file} asks for the kit's words only`);
    assert.ok(Object.hasOwn(KIT, key), `kit/${file}: '${key}'`);
  }
});

test('an author’s lab words the lab does not have: named in a status line of the panel', async () => {
  const strings = {
    ...EN,
    'lab.dropout.kep': 'typo',
    'lab.kit.nope': 'x',
    'lab.dropout.title': 'Mine',
  };
  const shown = await opened('dropout', strings);
  const line = shown.find((n) => isNode(n) && n.attrs.class?.includes('lab-words-unknown'));
  assert.ok(line, 'a status line');
  assert.equal(line.attrs.role, 'status');
  assert.match(textOf(line), /^strings: lab\.dropout\.kep, lab\.kit\.nope: not words of this lab/);
  assert.doesNotMatch(textOf(line), /title/, 'a key the lab has is not named');
  const plain = await opened('dropout', EN);
  assert.ok(!plain.some((n) => isNode(n) && n.attrs.class?.includes('lab-words-unknown')));
});

// The lab `slug` opened in the panel's harness with `strings` and the address's `search`: the
// nodes it shows once its first run is done.
async function opened(slug, strings, search = '') {
  const spec = LABS.find((l) => l.slug === slug);
  let shown = [];
  const body = { dataset: {}, setAttribute() {} };
  const ctx = {
    lab,
    page: () => ({ settings: DEFAULT_SETTINGS, result: pageOf({}, slug).result }),
    params: new URLSearchParams(search),
    setParams() {},
    strings,
  };
  const instance = runLab(body, spec, ctx, { paint: (_, nodes) => (shown = nodes) });
  do await new Promise((resolve) => setTimeout(resolve, 5));
  while (body.dataset.state !== 'idle');
  instance.destroy();
  return shown;
}

test('a value of the address that does not read: its message in the lab’s words', async () => {
  const message = (nodes) => textOf(nodes.find((n) => isNode(n) && n.attrs.id === 'sqrt-dh-msg'));
  const find = (nodes) => nodes.flatMap((n) => (isNode(n) ? [n, ...find(n.children)] : []));
  const en = find(await opened('sqrt-dh', EN, 'sqrt-dh.dh=999'));
  assert.equal(
    message(en),
    "sqrt-dh.dh = '999': d_h must be a whole number from 1 to 256; showing 64.",
  );
  const de = find(await opened('sqrt-dh', { ...EN, ...DE }, 'sqrt-dh.dh=999'));
  assert.equal(
    message(de),
    "sqrt-dh.dh = '999': d_h muss eine ganze Zahl von 1 bis 256 sein; gezeigt wird 64.",
  );
});
