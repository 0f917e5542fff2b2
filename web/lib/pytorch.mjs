// The lecture's PyTorch behind each step: which line(s) of the chapter's classes compute it, and
// a runnable Python snippet ("copy as PyTorch") that builds the same module with the same seed on
// the same input vectors and prints the stages, so a student can check the page against PyTorch.
// Plain text in, plain text out (no DOM, no Node): the page uses it, and the CLI could too.
import { CLASSES, naiveMaskLine, stepsSource } from './pytorch-source.mjs';
import { MODULE_CLASSES, printable } from './present.mjs';

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

// Where a shown line comes from: a class (its name in the source), or the notebook's naive masking.
const NAIVE = 'the notebook’s naive masking (section 3.5.1)';

// The lines of each step, per module, written exactly as they appear in the source they are
// looked up in (tests/js/pytorch.test.mjs checks every one). `class` names the source; a step a
// module does not have gives no lines and says why.
const MHA = {
  embeddings: { lines: ['def forward(self, x):', 'b, num_tokens, d_in = x.shape'] },
  qkv: {
    lines: [
      'self.W_query = nn.Linear(d_in, d_out, bias=qkv_bias)',
      'self.W_key = nn.Linear(d_in, d_out, bias=qkv_bias)',
      'self.W_value = nn.Linear(d_in, d_out, bias=qkv_bias)',
      'keys = self.W_key(x)',
      'queries = self.W_query(x)',
      'values = self.W_value(x)',
    ],
  },
  split: {
    lines: [
      'keys = keys.view(b, num_tokens, self.num_heads, self.head_dim)',
      'values = values.view(b, num_tokens, self.num_heads, self.head_dim)',
      'queries = queries.view(b, num_tokens, self.num_heads, self.head_dim)',
      'keys = keys.transpose(1, 2)',
      'queries = queries.transpose(1, 2)',
      'values = values.transpose(1, 2)',
    ],
  },
  scores: { lines: ['attn_scores = queries @ keys.transpose(2, 3)'] },
  scale: {
    lines: ['attn_weights = torch.softmax(attn_scores / keys.shape[-1]**0.5, dim=-1)'],
    note: 'The division by √d_h sits inside the softmax call: keys.shape[-1] is d_h.',
  },
  mask: {
    lines: [
      'mask_bool = self.mask.bool()[:num_tokens, :num_tokens]',
      'attn_scores.masked_fill_(mask_bool, -torch.inf)',
    ],
  },
  softmax: { lines: ['attn_weights = torch.softmax(attn_scores / keys.shape[-1]**0.5, dim=-1)'] },
  dropout: {
    lines: ['self.dropout = nn.Dropout(dropout)', 'attn_weights = self.dropout(attn_weights)'],
  },
  context: {
    lines: ['context_vec = (attn_weights @ values).transpose(1, 2)'],
    note: 'This step is the @; the .transpose(1, 2) after it starts the merge.',
  },
  merge: {
    lines: [
      'context_vec = (attn_weights @ values).transpose(1, 2)',
      'context_vec = context_vec.contiguous().view(b, num_tokens, self.d_out)',
    ],
  },
  output: {
    lines: ['self.out_proj = nn.Linear(d_out, d_out)', 'context_vec = self.out_proj(context_vec)'],
  },
};

const CAUSAL = {
  embeddings: { lines: ['def forward(self, x):', 'b, num_tokens, d_in = x.shape'] },
  qkv: { lines: [...MHA.qkv.lines] },
  split: { lines: [], note: 'CausalAttention has a single head: there is nothing to split.' },
  scores: { lines: ['attn_scores = queries @ keys.transpose(1, 2)'] },
  scale: {
    lines: ['attn_scores / keys.shape[-1]**0.5, dim=-1'],
    note: 'The division by √d_h sits inside the softmax call: keys.shape[-1] is d_h.',
  },
  mask: {
    lines: ['attn_scores.masked_fill_(', 'self.mask.bool()[:num_tokens, :num_tokens], -torch.inf)'],
  },
  softmax: {
    lines: ['attn_weights = torch.softmax(', 'attn_scores / keys.shape[-1]**0.5, dim=-1', ')'],
  },
  dropout: { lines: [...MHA.dropout.lines] },
  context: { lines: ['context_vec = attn_weights @ values'] },
  merge: { lines: ['return context_vec'], note: 'One head: nothing to merge.' },
  output: {
    lines: ['return context_vec'],
    note: 'CausalAttention has no output projection: its context vectors are the output.',
  },
};

const PER_HEAD = 'each of the wrapper’s heads is a CausalAttention and runs these lines';
const WRAPPER = {
  ...Object.fromEntries(
    Object.entries(CAUSAL).map(([slug, entry]) => [
      slug,
      {
        ...entry,
        class: 'causal',
        note: entry.note
          ? `${entry.note} (${PER_HEAD})`
          : `${PER_HEAD[0].toUpperCase()}${PER_HEAD.slice(1)}.`,
      },
    ]),
  ),
  split: {
    lines: [
      '[CausalAttention(d_in, d_out, context_length, dropout, qkv_bias)',
      'for _ in range(num_heads)]',
    ],
    note: 'The wrapper does not split: each head has its own W_query, W_key and W_value of d_out columns.',
  },
  merge: { lines: ['return torch.cat([head(x) for head in self.heads], dim=-1)'] },
  output: {
    lines: ['return torch.cat([head(x) for head in self.heads], dim=-1)'],
    note: 'MultiHeadAttentionWrapper has no output projection: the concatenated heads are the output.',
  },
};

const NAIVE_STEPS = {
  mask: [
    'attn_weights = torch.softmax(attn_scores / keys.shape[-1]**0.5, dim=-1)',
    'mask_simple = torch.tril(torch.ones(context_length, context_length))',
    'masked_simple = attn_weights*mask_simple',
  ],
  softmax: [
    'row_sums = masked_simple.sum(dim=-1, keepdim=True)',
    'masked_simple_norm = masked_simple / row_sums',
  ],
};

const OFF =
  'Causal masking is off here: the snippet zeroes the class’s mask buffer, so no key is hidden.';

const TABLES = { mha: MHA, causal: CAUSAL, wrapper: WRAPPER };

// The method each line of a source sits in ("MultiHeadAttention.forward"), by scanning for class
// and def lines.
function methodsOf(source) {
  const where = new Map();
  let cls = '';
  let method = '';
  for (const line of source.split('\n')) {
    const c = line.match(/^class (\w+)/);
    const d = line.match(/^\s+def (\w+)/);
    if (c) cls = c[1];
    if (d) method = d[1];
    const text = line.trim();
    if (text && !where.has(text)) where.set(text, `${cls}.${method}`);
  }
  return where;
}

/**
 * The PyTorch of one step (a stepper slug) for the page's settings: { groups: [{ where, lines }],
 * note }. `where` names the method (or the notebook's naive masking) the lines are in.
 */
export function stepCode(slug, settings) {
  const module = settings.module;
  const table = TABLES[module];
  if (!table) return { groups: [], note: `No PyTorch lines for module '${module}'.` };
  if (settings.masking === 'naive' && slug in NAIVE_STEPS) {
    const lines = NAIVE_STEPS[slug].map((l) =>
      l.startsWith('mask_simple') ? naiveMaskLine(settings.causal) : l,
    );
    return { groups: [{ where: NAIVE, lines }], note: settings.causal ? null : OFF };
  }
  const entry = table[slug];
  const source = CLASSES[entry.class ?? module];
  const where = methodsOf(source);
  const groups = [];
  for (const line of entry.lines) {
    const method = where.get(line) ?? MODULE_CLASSES[module];
    if (groups.at(-1)?.where === method) groups.at(-1).lines.push(line);
    else groups.push({ where: method, lines: [line] });
  }
  let note = entry.note ?? null;
  if (slug === 'mask' && !settings.causal) note = OFF;
  return { groups, note };
}

/** Every source a shown line may come from, for the tests: the class texts and the steps. */
export function sourcesOf(module, settings) {
  const naive = stepsSource(module, { naive: true, causal: settings?.causal ?? true });
  return [CLASSES[module], module === 'wrapper' ? CLASSES.causal : '', naive].join('\n');
}

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
  const parts = [
    `# attention-lab${title ? `, ${title}` : ''}: the page's numbers, computed by PyTorch.
# ${MODULE_CLASSES[module]} on ${printable(JSON.stringify(settings.sentence ?? ''))}, seed ${settings.seed}, ${settings.training ? 'training' : 'evaluation'} mode, ${naive ? 'naive' : '−∞'} masking${settings.causal ? '' : ' (causal masking off)'}.
# Run it with Python 3 and PyTorch: python3 attention_lab.py`,
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
