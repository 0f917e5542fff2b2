// The lecture's PyTorch behind each step: which line(s) of the chapter's classes compute it
// (pytorch-lines.mjs), and a runnable Python snippet ("copy as PyTorch") that builds the same
// module with the same seed on the same input vectors and prints the stages, so a student can
// check the page against PyTorch. Plain text in, plain text out (no DOM, no Node): the page uses
// it, and the CLI could too.
import { CLASSES, stepsSource } from './pytorch-source.mjs';
import { MODULE_CLASSES, printable } from './present.mjs';

export { stepCode, sourcesOf } from './pytorch-lines.mjs';

/** The modules the snippet can build: the stepper's three classes. */
export const SNIPPET_MODULES = Object.freeze(['causal', 'wrapper', 'mha']);

/** The trace stages the snippet computes (with one masking or the other), in lecture order. */
export const SNIPPET_STAGES = Object.freeze([
  'inputs',
  'queries',
  'keys',
  'values',
  'queryHeads',
  'keyHeads',
  'valueHeads',
  'attentionScores',
  'scaledScores',
  'maskedScores',
  'unmaskedWeights',
  'zeroedWeights',
  'attentionWeights',
  'dropoutMask',
  'droppedWeights',
  'contextHeads',
  'mergedHeads',
  'output',
]);

// The stages of one pass: the other masking's stages are not computed.
const computed = (names, naive) =>
  names.filter(
    (n) =>
      SNIPPET_STAGES.includes(n) &&
      (naive ? n !== 'maskedScores' : n !== 'unmaskedWeights' && n !== 'zeroedWeights'),
  );

// The shortest decimal that reads back as the same float32, for Python's float → float32.
function pythonFloat(v) {
  const f = Math.fround(v);
  if (f === 0) return Object.is(f, -0) ? '-0.0' : '0.0';
  for (let digits = 1; digits <= 9; ++digits) {
    const text = String(Number(f.toPrecision(digits)));
    if (Math.fround(Number(text)) === f) return /[.e]/.test(text) ? text : `${text}.0`;
  }
  return String(f);
}

const pyBool = (b) => (b ? 'True' : 'False');
const pyNumber = (v) => (Number.isInteger(v) ? `${v}.0` : String(v));

// The input vectors written out: one row per token, the token as a comment, as the notebook does.
function inputsSource(tokens, inputs, [B, T, dIn]) {
  const row = (b, t) =>
    `[${Array.from({ length: dIn }, (_, k) => pythonFloat(inputs[(b * T + t) * dIn + k])).join(', ')}]`;
  const comment = (t) => `  # ${printable(JSON.stringify(tokens[t]?.text ?? ''))}`;
  const item = (b) =>
    Array.from({ length: T }, (_, t) => `    ${row(b, t)},${comment(t)}`).join('\n');
  const same = Array.from({ length: B }, (_, b) => b).every((b) =>
    inputs.subarray(b * T * dIn, (b + 1) * T * dIn).every((v, i) => Object.is(v, inputs[i])),
  );
  if (same)
    return `inputs = torch.tensor([\n${item(0)}\n])  # (T, d_in) = (${T}, ${dIn})
batch = torch.stack([inputs] * ${B}, dim=0)  # (B, T, d_in): B = ${B} ${B > 1 ? 'copies of the sentence, as the lecture stacks it' : 'sentence'}`;
  const items = Array.from({ length: B }, (_, b) => `  [\n${item(b)}\n  ],`).join('\n');
  return `batch = torch.tensor([\n${items}\n])  # (B, T, d_in) = (${B}, ${T}, ${dIn})`;
}

// The constructor call, as the notebook writes it.
function construct(settings, dropout) {
  const { module, heads, qkvBias } = settings;
  const args = `d_in, d_out, context_length, ${pyNumber(dropout)}`;
  if (module === 'causal') return `CausalAttention(${args}, qkv_bias=${pyBool(qkvBias)})`;
  return `${MODULE_CLASSES[module]}(${args}, num_heads=${heads}, qkv_bias=${pyBool(qkvBias)})`;
}

function buildModule(name, settings, dropout, training) {
  const lines = [
    `torch.manual_seed(${settings.seed})`,
    `${name} = ${construct(settings, dropout)}`,
  ];
  if (!settings.causal) {
    lines.push(
      settings.module === 'wrapper'
        ? `for head in ${name}.heads:\n    head.mask.zero_()  # causal masking off: no key is hidden`
        : `${name}.mask.zero_()  # causal masking off: no key is hidden`,
    );
  }
  lines.push(
    training
      ? `${name}.train()  # training mode: dropout drops weights (p = ${pyNumber(dropout)})`
      : `${name}.eval()  # evaluation mode: dropout does nothing`,
  );
  return lines.join('\n');
}

const printLoop = (dict, names, label = '') =>
  `for name in [${names.map((n) => `"${n}"`).join(', ')}]:
    print(f"\\n{name}${label} {tuple(${dict}[name].shape)}")
    print(${dict}[name])`;

/**
 * The runnable snippet. options: settings (the page's), tokens ([{ text }]), inputs (the
 * (B, T, d_in) Float32Array the page computed with) and shape ([B, T, d_in]), stages (the trace
 * names to print, in order), preview ({ dropout, stages }: in evaluation mode, the dropout step's
 * training-mode pass with that p, and the stages of it to print), title (what the page shows).
 */
export function pytorchSnippet({
  settings,
  tokens,
  inputs,
  shape,
  stages,
  preview = null,
  title = '',
}) {
  const { module, masking } = settings;
  if (!SNIPPET_MODULES.includes(module))
    throw new Error(`no PyTorch snippet for module '${module}'`);
  const naive = masking === 'naive';
  const classes = module === 'wrapper' ? [CLASSES.causal, CLASSES.wrapper] : [CLASSES[module]];
  const name = module === 'causal' ? 'ca' : 'mha';
  const same = naive
    ? `# The class masks with −∞; the page's naive masking gives the same output to rounding.
assert torch.allclose(stages["output"], context_vecs, atol=1e-6)`
    : `assert torch.equal(stages["output"], context_vecs)  # the same bits as the module's forward`;
  // The sentence stays off lines 1 and 2: Python reads a `coding:` declaration in a comment there
  // as the file's encoding, so a sentence could make the snippet unreadable.
  const parts = [
    `# attention-lab${title ? `, ${title}` : ''}: the page's numbers, computed by PyTorch.
# Run it with Python 3 and PyTorch: python3 attention_lab.py
# ${MODULE_CLASSES[module]} on ${printable(JSON.stringify(settings.sentence ?? ''))}, seed ${settings.seed}, ${settings.training ? 'training' : 'evaluation'} mode, ${naive ? 'naive' : '−∞'} masking${settings.causal ? '' : ' (causal masking off)'}.`,
    'import torch\nimport torch.nn as nn',
    ...classes,
    stepsSource(module, { naive, causal: settings.causal }),
    `torch.set_printoptions(precision=4, sci_mode=False)

# The page's input vectors, exactly (float32), one row per token.
${inputsSource(tokens, inputs, shape)}
d_in, d_out = ${shape[2]}, ${settings.dOut}
context_length = batch.shape[1]  # T = ${shape[1]} tokens${
      settings.layout === 'loop'
        ? "\n# The page ran the heads as a loop of per-head projections: the same numbers as the class's one weight split."
        : ''
    }

${buildModule(name, settings, settings.dropout, settings.training)}

with torch.no_grad():
    state = torch.get_rng_state()
    context_vecs = ${name}(batch)
    torch.set_rng_state(state)  # the step-by-step pass draws the same dropout mask
    stages = steps(${name}, batch)
${same}

${printLoop('stages', computed(stages, naive))}`,
  ];
  if (preview?.stages?.length) {
    parts.push(`# Evaluation mode skips dropout; the page's dropout step shows the same pass in training mode, p = ${preview.dropout}.
${buildModule('preview', settings, preview.dropout, true)}
with torch.no_grad():
    preview_stages = steps(preview, batch)

${printLoop('preview_stages', computed(preview.stages, naive), ' (training mode)')}`);
  }
  return `${parts.join('\n\n\n')}\n`;
}
