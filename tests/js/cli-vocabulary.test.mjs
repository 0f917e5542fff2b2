// The command line's names: one stage vocabulary with the page and the <attention-lab> element
// (`--stage softmax` means what `stage="softmax"` means), "did you mean" for a mistyped command,
// option or stage, and `explain --json`, the explanation for programs. The commands run in-process
// (cli-in-process.mjs; cli.test.mjs shows that is what the process prints).
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { createAttentionLab, STAGES } from '../../dist/index.mjs';
import { STEP_STAGES, findStep } from '../../dist/steps.mjs';
import { explainStage } from '../../dist/stage-text.mjs';
import { PLAIN, sizesOf } from '../../dist/present.mjs';
import * as page from '../../web/app/stages/index.mjs';
import { cliInProcess } from './cli-in-process.mjs';

const cli = cliInProcess();
after(() => cli.close());
const run = (args) => cli.run(args);
const title = (stdout) => /^── \d+\. (\w+)/.exec(stdout)?.[1];
const STAGE_NAMES = STAGES.map((s) => s.name);

test("the page's steps and the element's stage attribute read the library's one vocabulary", () => {
  assert.doesNotThrow(() => page.checkSteps(STAGES));
  assert.deepEqual(
    page.STEPS.map((s) => s.slug),
    STEP_STAGES.map((s) => s.slug),
  );
  for (const name of [...STEP_STAGES.map((s) => s.slug), ...STAGE_NAMES, 'nope'])
    assert.equal(page.findStep(name), findStep(name), name);
});

test('--stage takes every step name the element takes, as the stage that step is about', async () => {
  for (const step of STEP_STAGES) {
    const r = await run([
      'explain',
      'hi there',
      '--stage',
      step.slug,
      '--training',
      '--dropout',
      '0.5',
    ]);
    assert.equal(r.code, 0, `--stage ${step.slug}: ${r.stderr}`);
    assert.equal(title(r.stdout), step.main('neg-inf'), `--stage ${step.slug}`);
  }
  const softmax = await run(['explain', 'hi there', '--stage', 'softmax']);
  const weights = await run(['explain', 'hi there', '--stage', 'attentionWeights']);
  assert.equal(softmax.stdout, weights.stdout);
  const naive = await run(['explain', 'hi there', '--stage', 'mask', '--masking', 'naive']);
  assert.equal(title(naive.stdout), 'zeroedWeights');
  const help = (await run(['explain', '--help'])).stdout.replace(/\s+/g, ' ');
  assert.match(help, /Steps \(as the page and the element name them\): embeddings, qkv, split/);
});

test('"did you mean" for a mistyped command, option and stage; nothing for a far-off name', async () => {
  const cases = [
    [['explian', 'hi'], /unknown command 'explian' \(did you mean 'explain'\?\)/],
    [
      ['explain', 'hi', '--haeds', '2'],
      /unknown option '--haeds' for 'explain' \(did you mean '--heads'\?\)/,
    ],
    [['explain', 'hi', '--no-casual'], /\(did you mean '--no-causal'\?\)/],
    [['explain', 'hi', '--stage', 'softmx'], /--stage 'softmx' \(did you mean 'softmax'\?\)/],
    [['explain', 'hi', '--stage', 'attentionweight'], /\(did you mean 'attentionWeights'\?\)/],
  ];
  for (const [args, pattern] of cases) {
    const r = await run(args);
    assert.equal(r.code, 2, args.join(' '));
    assert.match(r.stderr, pattern);
  }
  for (const args of [['zzzzzz'], ['explain', 'hi', '--stage', 'qqqqqqqq']]) {
    const r = await run(args);
    assert.equal(r.code, 2);
    assert.doesNotMatch(r.stderr, /did you mean/, args.join(' '));
  }
});

test('explain --json: the tokens, options, sizes and every stage with its explanation and numbers', async () => {
  const r = await run(['explain', 'Your journey starts with one step', '--json']);
  assert.equal(r.code, 0, r.stderr);
  const result = JSON.parse(r.stdout);
  const lab = await createAttentionLab();
  const { inputs, tokens } = lab.embed('Your journey starts with one step', { dIn: 3 });
  const { trace } = lab.forward({ inputs, dIn: 3, dOut: 2, heads: 2, seed: 123 });
  assert.deepEqual(
    result.tokens.map((t) => t.id),
    tokens.map((t) => t.id),
  );
  assert.equal(result.options.heads, 2);
  assert.deepEqual(
    result.stages.map((s) => s.name),
    STAGE_NAMES.filter((name) => trace[name]),
  );
  const sizes = sizesOf(trace);
  for (const stage of result.stages) {
    const { shape, data } = trace[stage.name];
    assert.deepEqual(stage.shape, shape, stage.name);
    assert.equal(stage.data.length, data.length, stage.name);
    stage.data.forEach((v, i) => {
      if (typeof v === 'string') assert.equal(v, String(data[i]), `${stage.name}[${i}]`);
      else assert.equal(Math.fround(v), data[i], `${stage.name}[${i}]`);
    });
    assert.equal(stage.explanation, explainStage(stage.name, result.options, sizes, PLAIN));
  }
  const masked = result.stages.find((s) => s.name === 'maskedScores');
  assert.ok(masked.data.includes('-Infinity'), 'the mask as "-Infinity"');
  const one = JSON.parse(
    (await run(['explain', 'hi there', '--json', '--stage', 'softmax'])).stdout,
  );
  assert.deepEqual(
    one.stages.map((s) => s.name),
    ['attentionWeights'],
  );
  const trained = await run(['explain', 'hi there', '--json', '--weights', 'trained']);
  assert.equal(trained.code, 2);
  assert.match(trained.stderr, /--json prints the run of the random weights/);
});
