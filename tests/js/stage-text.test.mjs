// One sentence per trace stage (web/lib/stage-text.mjs), said by both surfaces: every stage the
// core traces has its sentence, and each step of the teaching page leads with the very sentence
// `attention-lab explain` prints under the step's stage, for the same settings (the command run
// in-process: cli.test.mjs runs it as a process).
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { createAttentionLab } from '../../dist/index.mjs';
import { PLAIN, TYPESET, sizesOf } from '../../dist/present.mjs';
import { STAGE_TEXT, explainStage } from '../../dist/stage-text.mjs';
import { compute } from '../../web/app/compute.mjs';
import { DEFAULT_SETTINGS } from '../../web/app/state/settings.mjs';
import { STEPS } from '../../web/app/stages/index.mjs';
import { stageLead } from '../../web/app/stages/lead.mjs';
import { textOf } from '../../web/app/render/h.mjs';
import { cliInProcess } from './cli-in-process.mjs';

const cli = cliInProcess();
after(() => cli.close());
const lab = await createAttentionLab();
const trained = await lab.loadWeights('trained');

test('every stage the core traces has its sentence, for every configuration that traces it', () => {
  assert.deepEqual(Object.keys(STAGE_TEXT).sort(), lab.stages.map((s) => s.name).sort());
  const traced = new Set();
  for (const options of [
    { module: 'mha', heads: 2, dOut: 4, forgottenTranspose: true },
    { module: 'wrapper', heads: 2, masking: 'naive', training: true, dropout: 0.5 },
    { module: 'causal', causal: false },
    { module: 'simplified' },
  ]) {
    const model = lab.createModel({ dIn: 3, tokens: 4, trace: true, ...options });
    const { trace } = model.forward(new Float32Array(12).fill(0.5));
    const config = model.options;
    model.dispose();
    const sizes = sizesOf(trace);
    for (const { name } of lab.stages.filter((s) => trace[s.name])) {
      traced.add(name);
      for (const spelling of [PLAIN, TYPESET])
        assert.ok(
          explainStage(name, config, sizes, spelling),
          `${name} ${JSON.stringify(options)}`,
        );
    }
  }
  assert.deepEqual([...traced].sort(), lab.stages.map((s) => s.name).sort(), 'every stage traced');
});

// The page's settings as the CLI's flags (the sentence is the command's argument).
const FLAGS = {
  dIn: '--d-in',
  dOut: '--d-out',
  heads: '--heads',
  batch: '--batch',
  seed: '--seed',
  dropout: '--dropout',
  module: '--module',
  masking: '--masking',
  layout: '--layout',
};
const SWITCHES = { causal: 'causal', training: 'training', qkvBias: 'qkv-bias' };
function flagsOf(settings) {
  if (settings.weights === 'trained') return ['--weights', 'trained'];
  const flags = Object.entries(FLAGS).flatMap(([key, flag]) => [flag, String(settings[key])]);
  for (const [key, name] of Object.entries(SWITCHES))
    flags.push(settings[key] ? `--${name}` : `--no-${name}`);
  return flags;
}

// What the CLI prints, one line: its wrapping undone and its plain spelling of −∞ as the page's.
const oneLine = (text) => text.replace(/\s+/g, ' ');
const asPrinted = (text) =>
  text.replaceAll(TYPESET.minus + TYPESET.infinity, PLAIN.minus + PLAIN.infinity);

const CASES = [
  {},
  { module: 'wrapper', heads: 3, dOut: 2, training: true, dropout: 0.3, qkvBias: true },
  { module: 'causal', heads: 1, dOut: 3, causal: false, masking: 'naive', batch: 2 },
  { masking: 'naive', training: true, dropout: 0.5, sentence: 'the dog ran after the ball' },
  { weights: 'trained', sentence: 'the dog ran after the ball' },
];

test('each page step leads with the sentence the CLI prints for its stage', async () => {
  for (const change of CASES) {
    const settings = { ...DEFAULT_SETTINGS, ...change };
    const result = compute(lab, settings, settings.weights === 'trained' ? trained : null);
    const ctx = { result, settings: result.settings };
    for (const step of STEPS) {
      const stage = step.main(ctx.settings);
      const lead = stageLead(step, ctx);
      const what = `${step.slug} (${stage}) ${JSON.stringify(change)}`;
      assert.ok(lead, what);
      assert.equal(lead.attrs.dataset.stageText, stage, what);
      const said = textOf(lead);
      assert.equal(said, explainStage(stage, ctx.settings, sizesOf(result.trace), TYPESET), what);
      const printed = await cli.run([
        'explain',
        settings.sentence,
        '--stage',
        stage,
        ...flagsOf(settings),
      ]);
      assert.equal(printed.code, 0, `${what}: ${printed.stderr}`);
      assert.ok(
        oneLine(printed.stdout).includes(oneLine(asPrinted(said))),
        `${what}: the page says “${said}”, the CLI prints:\n${printed.stdout}`,
      );
    }
  }
});
