// The one story of masking that the mask step and the masking lab both tell: measured on the
// sentence at hand (the two routes' attention weights from the API), where the naive route breaks,
// and why −∞ before the softmax is the construction all the same.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createAttentionLab } from '../../dist/index.mjs';
import { PLAIN, TYPESET } from '../../dist/present.mjs';
import { maskingStory, maskRoutesDifference, formatDifference } from '../../dist/stage-text.mjs';
import { compute } from '../../web/app/compute.mjs';
import { DEFAULT_SETTINGS } from '../../web/app/state/settings.mjs';

const lab = await createAttentionLab();

// Both routes through the API for one sentence, as a student's set-up.
function routes(sentence, options = {}) {
  const settings = { dIn: 6, dOut: 6, heads: 2, batch: 2, seed: 123, ...options };
  const { inputs } = lab.embed(sentence, { dIn: settings.dIn, seed: settings.seed, batch: 2 });
  const run = (masking) =>
    lab.forward({ ...settings, inputs, masking, trace: true }).trace.attentionWeights.data;
  return { naive: run('naive'), negInf: run('neg-inf') };
}

test('maskRoutesDifference: the largest |Δ|, 0 for equal entries, NaN when a route has NaN', () => {
  assert.equal(maskRoutesDifference([0.25, 0.75], [0.25, 0.75]), 0);
  assert.equal(maskRoutesDifference([0, 0.5], [-0, 0.25]), 0.25);
  assert.ok(Number.isNaN(maskRoutesDifference([NaN, 1], [0, 1])));
  assert.equal(formatDifference(0), '0');
  assert.equal(formatDifference(5.960464477539063e-8, TYPESET), '5.96e\u22128');
  assert.equal(formatDifference(5.960464477539063e-8, PLAIN), '5.96e-8');
  assert.equal(formatDifference(NaN, TYPESET), 'NaN');
});

test('on the lectures’ sentence the story prints the measured max |Δ| and says nothing leaks', () => {
  const { naive, negInf } = routes('dream big and work for it');
  const difference = maskRoutesDifference(naive, negInf);
  assert.ok(difference < 1e-6, `${difference}: the routes agree to float32 rounding`);
  const [measured, breaks, why] = maskingStory(true, difference);
  assert.ok(measured.includes(`max |Δ| = ${formatDifference(difference)}`), measured);
  assert.match(measured, /leaks nothing/);
  assert.doesNotMatch(measured, /looked into the future/);
  assert.match(breaks, /subnormal/);
  assert.match(breaks, /0 \/ 0 = NaN/);
  assert.match(why, /exactly 0 by construction/);
  assert.match(why, /no division by a sum that can be 0/);
});

test('the page computes the story’s difference for the mask step, the API’s own', () => {
  const settings = { ...DEFAULT_SETTINGS, sentence: 'the dog chased the ball but it ran' };
  const result = compute(lab, settings, null, { weights: false, preview: false, routes: true });
  const { naive, negInf } = routes(settings.sentence);
  assert.equal(result.maskRoutes.difference, maskRoutesDifference(naive, negInf));
});

test('when the naive route has NaN rows the story says it broke; with the mask off, nothing to compare', () => {
  const [broken] = maskingStory(true, NaN);
  assert.match(broken, /breaks/);
  assert.match(broken, /0 by 0 \(NaN\)/);
  assert.doesNotMatch(broken, /leaks nothing/);
  const off = maskingStory(false, 0);
  assert.equal(off.length, 1);
  assert.match(off[0], /nothing to compare/);
});
