// The steps' words in another language: every step's explanation beside its maps and its lead
// sentence, drawn in Node for many settings (each module, causal on and off, both ways of
// masking, training with and without dropout, a batch, the loop layout, an embed) in German,
// holds no English sentence of the English catalogue's explanations and leads; in English they
// stay the command line's words. Every key a step asks for is in the catalogue, and the help line
// under each setting is the catalogue's.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createAttentionLab } from '../../dist/index.mjs';
import EN from '../../web/app/strings/en.mjs';
import DE from '../../web/app/strings/de.mjs';
import { EXPLAIN } from '../../web/app/strings/en-steps.mjs';
import { TRAINED, ROLE_ABOUT } from '../../web/app/strings/en-trained.mjs';
import { isLazyKey } from '../../web/app/strings/index.mjs';
import { STAGE_WORDS, explainStage } from '../../web/lib/stage-text.mjs';
import { TYPESET, sizesOf, ROLE_NAMES, ROLE_WORDS } from '../../web/lib/present.mjs';
import { compute } from '../../web/app/compute.mjs';
import { DEFAULT_SETTINGS, SETTINGS, choicesOf } from '../../web/app/state/settings.mjs';
import { STAGES } from '../../web/lib/contract.mjs';
import { installFakeDom, textOfDom } from './fake-dom.mjs';
import fs from 'node:fs';

installFakeDom();
const { STEPS } = await import('../../web/app/stages/index.mjs');
const { stageLead } = await import('../../web/app/stages/lead.mjs');
const { field } = await import('../../web/app/ui/fields.mjs');
const { headCaption, nextTokensTable } = await import('../../web/app/ui/trained-notes.mjs');

const lab = await createAttentionLab();
const trained = await lab.loadWeights('trained');
const DIMS = new Map(STAGES.map((s) => [s.name, s.dims]));
const ALL = { weights: true, preview: true, routes: true };

// The settings drawn: each of the page's modules with its heads, then each switch on its own.
const CASES = [
  ...choicesOf('module').map((module) => ({
    module,
    heads: module === 'causal' ? 1 : 2,
    dOut: module === 'causal' ? 2 : 4,
  })),
  { causal: false },
  { causal: false, masking: 'naive' },
  { masking: 'naive' },
  { training: true, dropout: 0.5, batch: 2 },
  { training: true, dropout: 0 },
  { training: false, dropout: 0 },
  { training: false, dropout: 0.3 },
  { layout: 'loop', heads: 2, dOut: 2, qkvBias: true },
  { module: 'wrapper', heads: 2, dOut: 3, training: true, dropout: 0.2 },
  { weights: 'trained', sentence: 'the dog chased the ball but it could not catch it' },
  { weights: 'trained', sentence: 'Zyzzyva quokkas' }, // two tokens outside its vocabulary
].map((patch) => ({ ...DEFAULT_SETTINGS, ...patch }));

/** The text of every step's explanation and lead for `settings`, in the words of `strings`. */
function stepTexts(settings, strings, embedded = false) {
  const result = compute(lab, settings, trained, ALL);
  const ctx = {
    settings: result.settings,
    view: { step: 'embeddings', head: 'all', item: 0 },
    result,
    dims: (name) => DIMS.get(name),
    heads: [0],
    embedded,
    strings,
  };
  return STEPS.map((step) => ({
    slug: step.slug,
    explain: textOfDom(step.explain(ctx)),
    lead: textOfDom(stageLead(step, ctx)),
    ctx,
  }));
}

// The English of a template: its text between the {values}, the pieces long enough to be words.
const pieces = (words) =>
  Object.values(words)
    .flatMap((text) => text.split(/\{\w+\}/))
    .map((piece) => piece.trim())
    .filter((piece) => piece.length > 12 && /[a-z]{3} [a-z]{3}/.test(piece));
const ENGLISH = [...new Set([...pieces(EXPLAIN), ...pieces(TRAINED), ...pieces(STAGE_WORDS)])];

// The steps' English words, under the keys another language's catalogue gives them.
const prefixed = (prefix, words) =>
  Object.entries(words).map(([key, text]) => [`${prefix}${key}`, text]);
const STEP_ENGLISH = Object.fromEntries([
  ...prefixed('explain.', { ...EXPLAIN, ...TRAINED }),
  ...prefixed('lead.', STAGE_WORDS),
  ...prefixed('role.', ROLE_NAMES),
  ...prefixed('roleWord.', ROLE_WORDS),
  ...prefixed('role.about.', ROLE_ABOUT),
  ...SETTINGS.filter((o) => o.help).map((o) => [`setting.${o.name}.help`, o.help]),
]);
const placeholders = (text) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

test('German has every English word of the steps, with the same {values}; en.mjs none', () => {
  assert.ok(Object.keys(EXPLAIN).length > 60 && Object.keys(STAGE_WORDS).length > 50);
  for (const [key, text] of Object.entries(STEP_ENGLISH)) {
    assert.ok(isLazyKey(key), `${key}: taken from an author's words, English beside its code`);
    assert.ok(!Object.hasOwn(EN, key), `${key} is not in en.mjs, which every bundle carries`);
    assert.equal(typeof DE[key], 'string', `${key} is missing in German`);
    assert.deepEqual(placeholders(DE[key]), placeholders(text), key);
  }
  const german = Object.keys(DE).filter((key) =>
    /^(explain|lead|role|roleWord|setting)\./.test(key),
  );
  const extra = german.filter(
    (key) => !Object.hasOwn(STEP_ENGLISH, key) && !Object.hasOwn(EN, key),
  );
  assert.deepEqual(extra, [], 'German keys that no English word has');
  assert.ok(ENGLISH.length > 80, `${ENGLISH.length} English pieces to look for`);
});

test('every step explains itself in German, for every setting, with no English sentence left', () => {
  for (const settings of CASES) {
    for (const embedded of [false, true]) {
      for (const { slug, explain, lead } of stepTexts(settings, DE, embedded)) {
        const where = `${slug} ${JSON.stringify({ ...settings, sentence: undefined, embedded })}`;
        assert.ok(explain.trim(), `${where}: an explanation`);
        for (const piece of ENGLISH) {
          assert.ok(!explain.includes(piece), `${where}: English “${piece}” in “${explain}”`);
          assert.ok(!lead.includes(piece), `${where}: English “${piece}” in the lead “${lead}”`);
        }
      }
    }
  }
});

test("in English the lead is the command line's sentence, and the explanation reads as before", () => {
  for (const settings of CASES) {
    for (const { slug, explain, lead, ctx } of stepTexts(settings, EN)) {
      const stage = STEPS.find((s) => s.slug === slug).main(ctx.settings);
      const sizes = sizesOf(ctx.result.trace);
      assert.equal(lead, explainStage(stage, ctx.settings, sizes, TYPESET), slug);
      assert.doesNotMatch(explain, /\{\w+\}|undefined|\[object/, slug);
    }
  }
  const [embeddings, qkv] = stepTexts({ ...DEFAULT_SETTINGS, qkvBias: true }, EN);
  assert.match(embeddings.explain, /^The network cannot compute with words, so each token/);
  assert.match(qkv.explain, /Each is a plain linear layer: Q = X · W_queryᵀ \+ a bias \(qkv bias/);
});

test('every explanation key a step or a trained note asks for is in the English words', () => {
  const used = new Set();
  const files = [
    ...fs.readdirSync(new URL('../../web/app/stages/', import.meta.url)).map((f) => `stages/${f}`),
    'ui/trained-notes.mjs',
  ];
  for (const file of files) {
    const text = fs.readFileSync(new URL(`../../web/app/${file}`, import.meta.url), 'utf8');
    for (const m of text.matchAll(/\bt\(\s*'([\w.]+)'/g)) used.add(m[1]);
  }
  assert.ok(used.size > 50, `${used.size} keys asked for by name`);
  assert.ok(used.has('trained.nextCaption') && used.has('softmax.rows'));
  assert.deepEqual(
    [...used].filter((key) => !Object.hasOwn(EXPLAIN, key) && !Object.hasOwn(TRAINED, key)),
    [],
  );
});

test("each setting's help line is the catalogue's: the option table's in English", () => {
  for (const spec of SETTINGS.filter((s) => s.help)) {
    const german = textOfDom(field(spec.name, DE[`setting.${spec.name}`], () => {}, undefined, DE));
    assert.ok(german.includes(DE[`setting.${spec.name}.help`]), `${spec.name}: ${german}`);
    const english = textOfDom(
      field(spec.name, EN[`setting.${spec.name}`], () => {}, undefined, EN),
    );
    assert.ok(!english.includes(DE[`setting.${spec.name}.help`]), spec.name);
  }
});

test('with the trained weights: the heads’ captions and the next tokens in German too', () => {
  for (const sentence of ['the dog chased the ball but it could not catch it', 'Zyzzyva quokkas']) {
    const settings = { ...DEFAULT_SETTINGS, weights: 'trained', sentence };
    const [{ ctx }] = stepTexts(settings, DE);
    const captions = ctx.result.trained.roles.trained.map((_, head) =>
      headCaption(ctx.result, head, `Kopf ${head + 1}`, DE),
    );
    const table = textOfDom(nextTokensTable(ctx));
    for (const text of [table, ...captions.map((c) => `${c.text} ${c.full} ${c.shorter}`)]) {
      for (const piece of ENGLISH)
        assert.ok(!text.includes(piece), `English “${piece}” in “${text}”`);
      assert.doesNotMatch(text, /random model|of its weight|previous token|itself/);
    }
    assert.match(captions[0].full, /^Kopf 1: \d+ % seines Gewichts auf .+, das \d+\.\d-Fache/);
    assert.match(table, /^Die \d wahrscheinlichsten nächsten Token/);
  }
  // The English whole caption is the trained model's own words for each role.
  for (const { name, description } of trained.roles().roles)
    assert.equal(ROLE_ABOUT[name], description, name);
  const result = compute(lab, { ...DEFAULT_SETTINGS, weights: 'trained' }, trained, ALL);
  const measured = result.trained.roles.trained[0];
  assert.equal(
    headCaption(result, 0, 'head 1', EN).full,
    `${measured.label}, ${measured.lift.toFixed(1)}× the random model`,
  );
});
