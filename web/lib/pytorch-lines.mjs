// Which line(s) of the lecture's PyTorch compute each step of the stepper, for each of its three
// classes: looked up in the classes as the notebook writes them (web/lib/pytorch-source.mjs), so
// a shown line is always one of theirs (tests/js/pytorch.test.mjs checks every one).
import { CLASSES, naiveMaskLine, stepsSource } from './pytorch-source.mjs';
import { MODULE_CLASSES } from './present.mjs';

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

// Where each line of a source sits: its method ("MultiHeadAttention.forward", by scanning for
// class and def lines) and its indentation.
function placesOf(source) {
  const places = new Map();
  let cls = '';
  let method = '';
  for (const line of source.split('\n')) {
    const c = line.match(/^class (\w+)/);
    const d = line.match(/^\s+def (\w+)/);
    if (c) cls = c[1];
    if (d) method = d[1];
    const text = line.trim();
    if (text && !places.has(text))
      places.set(text, {
        where: `${cls}.${method}`,
        indent: line.length - line.trimStart().length,
      });
  }
  return places;
}

// A group's lines with the indentation they have relative to each other in the source (the
// continuation of a call stays indented under it).
function indented(group) {
  const least = Math.min(...group.map((g) => g.indent));
  return group.map((g) => ' '.repeat(g.indent - least) + g.text);
}

/**
 * The PyTorch of one step (a stepper slug) for the page's settings: { groups: [{ where, lines }],
 * note }. `where` names the method (or the notebook's naive masking) the lines are in; `lines`
 * keep their indentation relative to each other.
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
  const places = placesOf(source);
  const found = [];
  for (const text of entry.lines) {
    const { where, indent } = places.get(text) ?? { where: MODULE_CLASSES[module], indent: 0 };
    if (found.at(-1)?.where === where) found.at(-1).lines.push({ text, indent });
    else found.push({ where, lines: [{ text, indent }] });
  }
  const groups = found.map((g) => ({ where: g.where, lines: indented(g.lines) }));
  let note = entry.note ?? null;
  if (slug === 'mask' && !settings.causal) note = OFF;
  return { groups, note };
}

/** Every source a shown line may come from, for the tests: the class texts and the steps. */
export function sourcesOf(module, settings) {
  const naive = stepsSource(module, { naive: true, causal: settings?.causal ?? true });
  return [CLASSES[module], module === 'wrapper' ? CLASSES.causal : '', naive].join('\n');
}
