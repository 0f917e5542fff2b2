#!/usr/bin/python3
"""Golden fixtures for the attention core, computed with PyTorch.

Usage: /usr/bin/python3 scripts/make_fixtures.py [outdir]   (default: tests/fixtures)

Each case seeds the global RNG, builds one of the three reference modules of Raschka's
"Build a Large Language Model (From Scratch)", chapter 3 (defined verbatim below), and then recomputes
its forward pass step by step, writing every intermediate stage. The step-by-step version consumes the
global RNG exactly like the module's own forward and is checked to give a bitwise-identical output.
"""

import math
import os
import sys

import torch
import torch.nn as nn
import torch.nn.functional as F


# ---------------------------------------------------------------------------------------------------
# The reference classes, as in the book (chapter 3).
# ---------------------------------------------------------------------------------------------------


class CausalAttention(nn.Module):

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


class MultiHeadAttentionWrapper(nn.Module):

    def __init__(self, d_in, d_out, context_length, dropout, num_heads, qkv_bias=False):
        super().__init__()
        self.heads = nn.ModuleList(
            [CausalAttention(d_in, d_out, context_length, dropout, qkv_bias)
             for _ in range(num_heads)]
        )

    def forward(self, x):
        return torch.cat([head(x) for head in self.heads], dim=-1)


class MultiHeadAttention(nn.Module):
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


# ---------------------------------------------------------------------------------------------------
# Cases
# ---------------------------------------------------------------------------------------------------

LECTURE_INPUTS = [
    [0.43, 0.15, 0.89],  # Your     (x^1)
    [0.55, 0.87, 0.66],  # journey  (x^2)
    [0.57, 0.85, 0.64],  # starts   (x^3)
    [0.22, 0.58, 0.33],  # with     (x^4)
    [0.77, 0.25, 0.10],  # one      (x^5)
    [0.05, 0.80, 0.55],  # step     (x^6)
]


def lecture_batch():
    inputs = torch.tensor(LECTURE_INPUTS, dtype=torch.float32)
    return torch.stack((inputs, inputs), dim=0)  # (2, 6, 3)


def random_inputs(batch, tokens, d_in, seed):
    # A private generator, so the global RNG (which the module draws from) is left untouched.
    g = torch.Generator().manual_seed(seed)
    return torch.randn(batch, tokens, d_in, generator=g, dtype=torch.float32)


CASES = [
    dict(name="lecture_causal", module="causal", d_out=2, heads=1, qkv_bias=False, causal=True,
         dropout=0.0, training=False, seed=123, inputs="lecture"),
    dict(name="lecture_wrapper", module="wrapper", d_out=2, heads=2, qkv_bias=False, causal=True,
         dropout=0.0, training=False, seed=123, inputs="lecture"),
    dict(name="lecture_mha", module="mha", d_out=2, heads=2, qkv_bias=False, causal=True,
         dropout=0.0, training=False, seed=123, inputs="lecture"),
    dict(name="lecture_causal_dropout", module="causal", d_out=2, heads=1, qkv_bias=False, causal=True,
         dropout=0.5, training=True, seed=123, inputs="lecture", second=True),
    dict(name="mha_dropout_bias", module="mha", d_in=4, d_out=6, heads=3, qkv_bias=True, causal=True,
         dropout=0.3, training=True, seed=7, batch=2, tokens=5, inputs=1007),
    dict(name="wrapper_dropout", module="wrapper", d_in=5, d_out=2, heads=3, qkv_bias=False, causal=True,
         dropout=0.4, training=True, seed=2024, batch=2, tokens=4, inputs=3024),
    dict(name="mha_noncausal", module="mha", d_in=8, d_out=8, heads=2, qkv_bias=False, causal=False,
         dropout=0.0, training=False, seed=1, batch=1, tokens=7, inputs=1001),
    dict(name="mha_gpt2ish", module="mha", d_in=32, d_out=32, heads=4, qkv_bias=True, causal=True,
         dropout=0.0, training=False, seed=42, batch=1, tokens=16, inputs=1042),
]


# ---------------------------------------------------------------------------------------------------
# Step-by-step forward passes. Each mirrors the module's forward operation for operation, so that the
# arithmetic (and the global RNG consumption) is identical; stages are recorded along the way.
# ---------------------------------------------------------------------------------------------------


def dropout_with_mask(dropout_module, w):
    """Applies `dropout_module` to w and returns (dropped, keep) where keep is the 0/1 mask it used."""
    state = torch.get_rng_state()
    keep = (F.dropout(torch.ones_like(w), dropout_module.p, dropout_module.training) != 0)
    torch.set_rng_state(state)
    dropped = dropout_module(w)
    return dropped, keep.to(torch.float32)


def causal_head_steps(head, x):
    """One CausalAttention head, as CausalAttention.forward computes it. Returns a dict of (B,T,.) tensors."""
    b, num_tokens, d_in = x.shape
    keys = head.W_key(x)
    queries = head.W_query(x)
    values = head.W_value(x)

    scores = queries @ keys.transpose(1, 2)
    unmasked = scores.clone()
    mask_bool = head.mask.bool()[:num_tokens, :num_tokens]
    scores.masked_fill_(mask_bool, -torch.inf)
    scale = keys.shape[-1]**0.5
    masked = scores / scale
    weights = torch.softmax(masked, dim=-1)
    dropped, keep = dropout_with_mask(head.dropout, weights)
    context = dropped @ values

    scaled = unmasked / scale
    assert torch.equal(scaled.masked_fill(mask_bool, -torch.inf), masked)
    return dict(queries=queries, keys=keys, values=values, attentionScores=unmasked,
                scaledScores=scaled, maskedScores=masked, attentionWeights=weights,
                dropoutMask=keep, droppedWeights=dropped, contextHeads=context)


def steps_causal(module, x):
    s = causal_head_steps(module, x)
    out = {"queries": s["queries"], "keys": s["keys"], "values": s["values"]}
    out["queryHeads"] = s["queries"].unsqueeze(1)
    out["keyHeads"] = s["keys"].unsqueeze(1)
    out["valueHeads"] = s["values"].unsqueeze(1)
    for name in ("attentionScores", "scaledScores", "maskedScores", "attentionWeights",
                 "dropoutMask", "droppedWeights", "contextHeads"):
        out[name] = s[name].unsqueeze(1)
    out["mergedHeads"] = s["contextHeads"]
    out["output"] = s["contextHeads"]
    return out


def steps_wrapper(module, x):
    per_head = [causal_head_steps(head, x) for head in module.heads]  # head order = RNG order
    out = {}
    for name in ("queries", "keys", "values"):
        out[name] = torch.cat([s[name] for s in per_head], dim=-1)
    out["queryHeads"] = torch.stack([s["queries"] for s in per_head], dim=1)
    out["keyHeads"] = torch.stack([s["keys"] for s in per_head], dim=1)
    out["valueHeads"] = torch.stack([s["values"] for s in per_head], dim=1)
    for name in ("attentionScores", "scaledScores", "maskedScores", "attentionWeights",
                 "dropoutMask", "droppedWeights", "contextHeads"):
        out[name] = torch.stack([s[name] for s in per_head], dim=1)
    merged = torch.cat([s["contextHeads"] for s in per_head], dim=-1)
    out["mergedHeads"] = merged
    out["output"] = merged
    return out


def steps_mha(module, x):
    b, num_tokens, d_in = x.shape
    keys = module.W_key(x)
    queries = module.W_query(x)
    values = module.W_value(x)
    out = {"queries": queries, "keys": keys, "values": values}

    keys_h = keys.view(b, num_tokens, module.num_heads, module.head_dim).transpose(1, 2)
    values_h = values.view(b, num_tokens, module.num_heads, module.head_dim).transpose(1, 2)
    queries_h = queries.view(b, num_tokens, module.num_heads, module.head_dim).transpose(1, 2)
    out.update(queryHeads=queries_h, keyHeads=keys_h, valueHeads=values_h)

    scores = queries_h @ keys_h.transpose(2, 3)
    unmasked = scores.clone()
    mask_bool = module.mask.bool()[:num_tokens, :num_tokens]
    scores.masked_fill_(mask_bool, -torch.inf)
    scale = keys_h.shape[-1]**0.5
    masked = scores / scale
    weights = torch.softmax(masked, dim=-1)
    dropped, keep = dropout_with_mask(module.dropout, weights)
    context_h = dropped @ values_h
    merged = context_h.transpose(1, 2).contiguous().view(b, num_tokens, module.d_out)
    output = module.out_proj(merged)

    scaled = unmasked / scale
    assert torch.equal(scaled.masked_fill(mask_bool, -torch.inf), masked)
    out.update(attentionScores=unmasked, scaledScores=scaled, maskedScores=masked,
               attentionWeights=weights, dropoutMask=keep, droppedWeights=dropped,
               contextHeads=context_h, mergedHeads=merged, output=output)
    return out


STAGE_ORDER = ["inputs", "queries", "keys", "values", "queryHeads", "keyHeads", "valueHeads",
               "attentionScores", "scaledScores", "maskedScores", "attentionWeights", "dropoutMask",
               "droppedWeights", "contextHeads", "mergedHeads", "output", "secondOutput"]


# ---------------------------------------------------------------------------------------------------
# Writing
# ---------------------------------------------------------------------------------------------------


def format_value(v):
    if math.isnan(v):
        raise ValueError("NaN in a fixture")
    if math.isinf(v):
        return "Infinity" if v > 0 else "-Infinity"
    return "%.9g" % v


def format_tensor(kind, name, t):
    t = t.detach().to(torch.float32).contiguous()
    shape = list(t.shape)
    header = "%s %s %d%s" % (kind, name, len(shape), "".join(" %d" % d for d in shape))
    values = " ".join(format_value(v) for v in t.reshape(-1).tolist())
    return header + "\n" + values + "\n"


def cpu_capability():
    """The ATen kernel set in use ("AVX2", "AVX512", "DEFAULT", ...). It matters: the AVX2/AVX512 builds of
    the uniform_ kernel (nn.Linear init) contract x * (to - from) + from into an FMA, DEFAULT does not."""
    for line in torch.__config__.show().splitlines():
        if "CPU capability usage:" in line:
            return line.split(":", 1)[1].strip()
    return "unknown"


def run_case(case):
    module_kind = case["module"]
    if case["inputs"] == "lecture":
        x = lecture_batch()
    else:
        x = random_inputs(case["batch"], case["tokens"], case["d_in"], case["inputs"])
    batch, tokens, d_in = x.shape
    d_out, heads, p = case["d_out"], case["heads"], case["dropout"]
    context_length = tokens

    torch.manual_seed(case["seed"])
    if module_kind == "causal":
        assert heads == 1
        module = CausalAttention(d_in, d_out, context_length, p, case["qkv_bias"])
        steps = steps_causal
        width, head_dim = d_out, d_out
    elif module_kind == "wrapper":
        module = MultiHeadAttentionWrapper(d_in, d_out, context_length, p, heads, case["qkv_bias"])
        steps = steps_wrapper
        width, head_dim = heads * d_out, d_out
    elif module_kind == "mha":
        module = MultiHeadAttention(d_in, d_out, context_length, p, heads, case["qkv_bias"])
        steps = steps_mha
        width, head_dim = d_out, d_out // heads
    else:
        raise ValueError(module_kind)

    if not case["causal"]:
        for buf_name, buf in module.named_buffers():
            if buf_name.endswith("mask"):
                buf.zero_()
    module.train(case["training"])

    with torch.no_grad():
        before = torch.get_rng_state()
        reference = module(x)
        after_reference = torch.get_rng_state()
        torch.set_rng_state(before)
        stages = steps(module, x)
        after_steps = torch.get_rng_state()
        if not torch.equal(stages["output"], reference):
            raise AssertionError("%s: step-by-step output differs from the module output" % case["name"])
        if not torch.equal(after_reference, after_steps):
            raise AssertionError("%s: step-by-step forward consumed the RNG differently" % case["name"])
        if case.get("second"):
            stages["secondOutput"] = module(x)

    stages["inputs"] = x
    expected = {
        "inputs": (batch, tokens, d_in),
        "queries": (batch, tokens, width), "keys": (batch, tokens, width), "values": (batch, tokens, width),
        "queryHeads": (batch, heads, tokens, head_dim), "keyHeads": (batch, heads, tokens, head_dim),
        "valueHeads": (batch, heads, tokens, head_dim),
        "attentionScores": (batch, heads, tokens, tokens), "scaledScores": (batch, heads, tokens, tokens),
        "maskedScores": (batch, heads, tokens, tokens), "attentionWeights": (batch, heads, tokens, tokens),
        "dropoutMask": (batch, heads, tokens, tokens), "droppedWeights": (batch, heads, tokens, tokens),
        "contextHeads": (batch, heads, tokens, head_dim), "mergedHeads": (batch, tokens, width),
        "output": (batch, tokens, width), "secondOutput": (batch, tokens, width),
    }
    for name, t in stages.items():
        assert tuple(t.shape) == expected[name], (case["name"], name, tuple(t.shape))
    mask = stages["dropoutMask"]
    assert bool(((mask == 0) | (mask == 1)).all())
    if not case["training"] or p == 0:
        assert bool((mask == 1).all())

    lines = ["# generated by scripts/make_fixtures.py with torch %s; do not edit\n" % torch.__version__,
             "# torch CPU capability %s\n" % cpu_capability(),
             "case %s\n" % case["name"]]
    options = [("module", module_kind), ("batch", batch), ("tokens", tokens), ("d_in", d_in),
               ("d_out", d_out), ("heads", heads), ("qkv_bias", int(case["qkv_bias"])),
               ("causal", int(case["causal"])), ("dropout", repr(float(p))),
               ("training", int(case["training"])), ("seed", case["seed"])]
    lines += ["option %s %s\n" % (k, v) for k, v in options]
    for key, param in module.named_parameters():  # state_dict keys of the learned parameters
        lines.append(format_tensor("param", key, param))
    for name in STAGE_ORDER:
        if name in stages:
            lines.append(format_tensor("tensor", name, stages[name]))
    lines.append("end\n")
    return "".join(lines), reference


def main(argv):
    here = os.path.dirname(os.path.abspath(__file__))
    outdir = argv[1] if len(argv) > 1 else os.path.join(here, "..", "tests", "fixtures")
    os.makedirs(outdir, exist_ok=True)
    torch.set_num_threads(1)
    for case in CASES:
        text, reference = run_case(case)
        path = os.path.join(outdir, case["name"] + ".txt")
        with open(path, "w", encoding="ascii", newline="\n") as f:
            f.write(text)
        print("%-24s decomposition matches module output bitwise; output[0,0] = %s; %d bytes -> %s"
              % (case["name"], [round(v, 4) for v in reference[0, 0].tolist()], len(text),
                 os.path.relpath(path)))


if __name__ == "__main__":
    main(sys.argv)
