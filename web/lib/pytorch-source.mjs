// The lecture's PyTorch as text: the chapter's three attention classes exactly as the notebook
// writes them (the same text as scripts/make_fixtures.py), and, for each, its forward written out
// line by line so that every stage the page shows can be printed. web/lib/pytorch.mjs picks the
// lines of each step from here and builds the "copy as PyTorch" snippet from them.

/** The classes, verbatim from the chapter's notebook (indentation and all). */
export const CLASSES = Object.freeze({
  causal: String.raw`class CausalAttention(nn.Module):

    def __init__(self, d_in, d_out, context_length,
                 dropout, qkv_bias=False):
        super().__init__()
        self.d_out = d_out
        self.W_query = nn.Linear(d_in, d_out, bias=qkv_bias)
        self.W_key = nn.Linear(d_in, d_out, bias=qkv_bias)
        self.W_value = nn.Linear(d_in, d_out, bias=qkv_bias)
        self.dropout = nn.Dropout(dropout)
        self.register_buffer('mask', torch.triu(torch.ones(context_length, context_length), diagonal=1))

    def forward(self, x):
        b, num_tokens, d_in = x.shape
        keys = self.W_key(x)
        queries = self.W_query(x)
        values = self.W_value(x)

        attn_scores = queries @ keys.transpose(1, 2)
        attn_scores.masked_fill_(
            self.mask.bool()[:num_tokens, :num_tokens], -torch.inf)
        attn_weights = torch.softmax(
            attn_scores / keys.shape[-1]**0.5, dim=-1
        )
        attn_weights = self.dropout(attn_weights)

        context_vec = attn_weights @ values
        return context_vec
`,
  wrapper: String.raw`class MultiHeadAttentionWrapper(nn.Module):

    def __init__(self, d_in, d_out, context_length, dropout, num_heads, qkv_bias=False):
        super().__init__()
        self.heads = nn.ModuleList(
            [CausalAttention(d_in, d_out, context_length, dropout, qkv_bias)
             for _ in range(num_heads)]
        )

    def forward(self, x):
        return torch.cat([head(x) for head in self.heads], dim=-1)
`,
  mha: String.raw`class MultiHeadAttention(nn.Module):
    def __init__(self, d_in, d_out, context_length, dropout, num_heads, qkv_bias=False):
        super().__init__()
        assert (d_out % num_heads == 0), \
            "d_out must be divisible by num_heads"

        self.d_out = d_out
        self.num_heads = num_heads
        self.head_dim = d_out // num_heads

        self.W_query = nn.Linear(d_in, d_out, bias=qkv_bias)
        self.W_key = nn.Linear(d_in, d_out, bias=qkv_bias)
        self.W_value = nn.Linear(d_in, d_out, bias=qkv_bias)
        self.out_proj = nn.Linear(d_out, d_out)
        self.dropout = nn.Dropout(dropout)
        self.register_buffer(
            "mask",
            torch.triu(torch.ones(context_length, context_length),
                       diagonal=1)
        )

    def forward(self, x):
        b, num_tokens, d_in = x.shape

        keys = self.W_key(x)
        queries = self.W_query(x)
        values = self.W_value(x)

        keys = keys.view(b, num_tokens, self.num_heads, self.head_dim)
        values = values.view(b, num_tokens, self.num_heads, self.head_dim)
        queries = queries.view(b, num_tokens, self.num_heads, self.head_dim)

        keys = keys.transpose(1, 2)
        queries = queries.transpose(1, 2)
        values = values.transpose(1, 2)

        attn_scores = queries @ keys.transpose(2, 3)

        mask_bool = self.mask.bool()[:num_tokens, :num_tokens]

        attn_scores.masked_fill_(mask_bool, -torch.inf)

        attn_weights = torch.softmax(attn_scores / keys.shape[-1]**0.5, dim=-1)
        attn_weights = self.dropout(attn_weights)

        context_vec = (attn_weights @ values).transpose(1, 2)

        context_vec = context_vec.contiguous().view(b, num_tokens, self.d_out)
        context_vec = self.out_proj(context_vec)

        return context_vec
`,
});

// The mask and the softmax, the two ways of the lecture. −∞ is the classes' own; the naive way is
// the notebook's first try (softmax over every key, zero the future, divide by the row sums).
const MASK_LINES = {
  mha: `    mask_bool = self.mask.bool()[:num_tokens, :num_tokens]
    attn_scores.masked_fill_(mask_bool, -torch.inf)`,
  causal: `    attn_scores.masked_fill_(
        self.mask.bool()[:num_tokens, :num_tokens], -torch.inf)`,
};

/** The notebook's mask for the naive route (all ones when causal masking is off). */
export const naiveMaskLine = (causal) =>
  `mask_simple = ${causal ? 'torch.tril(torch.ones(context_length, context_length))' : 'torch.ones(context_length, context_length)'}`;

function maskAndSoftmax(kind, naive, causal) {
  if (!naive)
    return `${MASK_LINES[kind]}
    stages["maskedScores"] = attn_scores / keys.shape[-1]**0.5
    attn_weights = torch.softmax(attn_scores / keys.shape[-1]**0.5, dim=-1)
    stages["attentionWeights"] = attn_weights`;
  return `    attn_weights = torch.softmax(attn_scores / keys.shape[-1]**0.5, dim=-1)
    stages["unmaskedWeights"] = attn_weights
    context_length = attn_scores.shape[-1]
    ${causal ? '' : '# causal masking is off: the mask keeps every key\n    '}${naiveMaskLine(causal)}
    masked_simple = attn_weights*mask_simple
    stages["zeroedWeights"] = masked_simple
    row_sums = masked_simple.sum(dim=-1, keepdim=True)
    masked_simple_norm = masked_simple / row_sums
    attn_weights = masked_simple_norm
    stages["attentionWeights"] = attn_weights`;
}

const DROPOUT_WITH_MASK = `def dropout_with_mask(dropout, attn_weights):
    """self.dropout(attn_weights), and the 0/1 mask it drew: the same random numbers, drawn twice."""
    state = torch.get_rng_state()
    keep = (torch.nn.functional.dropout(torch.ones_like(attn_weights), dropout.p, dropout.training) != 0)
    torch.set_rng_state(state)
    return dropout(attn_weights), keep.float()
`;

const perHeadStages = (naive) => [
  'attentionScores',
  'scaledScores',
  ...(naive ? ['unmaskedWeights', 'zeroedWeights'] : ['maskedScores']),
  'attentionWeights',
  'dropoutMask',
  'droppedWeights',
  'contextHeads',
];

// CausalAttention.forward line by line: one head, the building block of the first two classes.
function causalAttentionSteps(naive, causal) {
  return `def causal_attention_steps(self, x):
    """CausalAttention.forward, line by line, keeping every stage on the way."""
    b, num_tokens, d_in = x.shape
    keys = self.W_key(x)
    queries = self.W_query(x)
    values = self.W_value(x)
    stages = dict(queries=queries, keys=keys, values=values)

    attn_scores = queries @ keys.transpose(1, 2)
    stages["attentionScores"] = attn_scores.clone()
    stages["scaledScores"] = attn_scores / keys.shape[-1]**0.5
${maskAndSoftmax('causal', naive, causal)}
    attn_weights, stages["dropoutMask"] = dropout_with_mask(self.dropout, attn_weights)
    stages["droppedWeights"] = attn_weights

    context_vec = attn_weights @ values
    stages["contextHeads"] = context_vec
    return stages


# The (B, T, T) stages of one head; the page stacks them into (B, h, T, T).
PER_HEAD = (${perHeadStages(naive)
    .map((name) => `"${name}"`)
    .join(', ')})
`;
}

// The causal class's steps: its one head's stages, with the page's head axis of size 1.
const ONE_HEAD_STEPS = `def steps(self, x):
    """One head: the (B, T, ...) stages get the page's head axis, h = 1."""
    s = causal_attention_steps(self, x)
    stages = dict(inputs=x, queries=s["queries"], keys=s["keys"], values=s["values"])
    stages.update(queryHeads=s["queries"].unsqueeze(1), keyHeads=s["keys"].unsqueeze(1),
                  valueHeads=s["values"].unsqueeze(1))
    for name in PER_HEAD:
        stages[name] = s[name].unsqueeze(1)
    stages["mergedHeads"] = stages["output"] = s["contextHeads"]
    return stages
`;

// The wrapper's steps: every head in turn, their stages stacked on the head axis.
const WRAPPER_STEPS = `def steps(self, x):
    """MultiHeadAttentionWrapper.forward: each head in turn (the order of its random draws)."""
    per_head = [causal_attention_steps(head, x) for head in self.heads]
    stages = dict(inputs=x)
    for name in ("queries", "keys", "values"):
        stages[name] = torch.cat([s[name] for s in per_head], dim=-1)
    for name, split in (("queryHeads", "queries"), ("keyHeads", "keys"), ("valueHeads", "values")):
        stages[name] = torch.stack([s[split] for s in per_head], dim=1)
    for name in PER_HEAD:
        stages[name] = torch.stack([s[name] for s in per_head], dim=1)
    stages["mergedHeads"] = stages["output"] = torch.cat([s["contextHeads"] for s in per_head], dim=-1)
    return stages
`;

// MultiHeadAttention.forward line by line: the weight split, view and transpose, merge, out_proj.
function multiHeadSteps(naive, causal) {
  return `def steps(self, x):
    """MultiHeadAttention.forward, line by line, keeping every stage on the way."""
    b, num_tokens, d_in = x.shape
    stages = dict(inputs=x)

    keys = self.W_key(x)
    queries = self.W_query(x)
    values = self.W_value(x)
    stages.update(queries=queries, keys=keys, values=values)

    keys = keys.view(b, num_tokens, self.num_heads, self.head_dim)
    values = values.view(b, num_tokens, self.num_heads, self.head_dim)
    queries = queries.view(b, num_tokens, self.num_heads, self.head_dim)

    keys = keys.transpose(1, 2)
    queries = queries.transpose(1, 2)
    values = values.transpose(1, 2)
    stages.update(queryHeads=queries, keyHeads=keys, valueHeads=values)

    attn_scores = queries @ keys.transpose(2, 3)
    stages["attentionScores"] = attn_scores.clone()
    stages["scaledScores"] = attn_scores / keys.shape[-1]**0.5
${maskAndSoftmax('mha', naive, causal)}
    attn_weights, stages["dropoutMask"] = dropout_with_mask(self.dropout, attn_weights)
    stages["droppedWeights"] = attn_weights

    context_vec = (attn_weights @ values).transpose(1, 2)
    stages["contextHeads"] = attn_weights @ values

    context_vec = context_vec.contiguous().view(b, num_tokens, self.d_out)
    stages["mergedHeads"] = context_vec
    context_vec = self.out_proj(context_vec)
    stages["output"] = context_vec
    return stages
`;
}

/**
 * The forward of `kind` ('causal' | 'wrapper' | 'mha') written out as a function of the module
 * (named self, so its lines read as the class's), returning every stage under the page's trace
 * names. `naive`: the notebook's naive masking instead of −∞; `causal`: false when masking is off.
 */
export function stepsSource(kind, { naive = false, causal = true } = {}) {
  if (kind !== 'causal' && kind !== 'wrapper')
    return `${DROPOUT_WITH_MASK}\n\n${multiHeadSteps(naive, causal)}`;
  // The two classes built on CausalAttention share its steps and differ in how they stack heads.
  const steps = kind === 'causal' ? ONE_HEAD_STEPS : WRAPPER_STEPS;
  return `${DROPOUT_WITH_MASK}\n\n${causalAttentionSteps(naive, causal)}\n\n${steps}`;
}
