#!/usr/bin/python3
"""Golden fixtures for the chapter notebook's own steps, computed with PyTorch.

Usage: /usr/bin/python3 scripts/make_notebook_fixtures.py [outdir]   (default: tests/fixtures/notebook)

scripts/make_fixtures.py covers the three module classes of the lectures. This script covers what the
notebook computes before and around them, cell by cell: the simplified attention without trainable
weights (and the plain sum-normalisation it is compared with), SelfAttention_v1 and _v2, the masked
scores before scaling, dropout on its own (re-seeded, as the notebook does), the view stage and the
"forgotten transpose", and the parameter counts of GPT-2's and GPT-3's attention blocks. It also
writes the dropout masks of PyTorch builds with MKL (which Debian's torch is not), from an independent
implementation of MKL's MCG31m1 generator, checked here against the two masks the book's readers
printed.

Files use the format of make_fixtures.py (case / option / param / tensor / end), plus:
  check NAME ROW v0 v1 ...   numbers the notebook prints (4 decimals): the first values of row ROW
                             of stage NAME (batch item 0, head 0)
  count NAME N               a parameter count
"""

import math
import os
import sys

import torch
import torch.nn as nn

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from make_fixtures import (CausalAttention, MultiHeadAttention, LECTURE_INPUTS, cpu_capability,  # noqa: E402
                           format_tensor)


# ---------------------------------------------------------------------------------------------------
# The notebook's early classes, as in the book (chapter 3).
# ---------------------------------------------------------------------------------------------------


class SelfAttention_v1(nn.Module):

    def __init__(self, d_in, d_out):
        super().__init__()
        self.W_query = nn.Parameter(torch.rand(d_in, d_out))
        self.W_key = nn.Parameter(torch.rand(d_in, d_out))
        self.W_value = nn.Parameter(torch.rand(d_in, d_out))

    def forward(self, x):
        keys = x @ self.W_key
        queries = x @ self.W_query
        values = x @ self.W_value
        attn_scores = queries @ keys.T  # omega
        attn_weights = torch.softmax(attn_scores / keys.shape[-1]**0.5, dim=-1)
        context_vec = attn_weights @ values
        return context_vec


class SelfAttention_v2(nn.Module):

    def __init__(self, d_in, d_out, qkv_bias=False):
        super().__init__()
        self.W_query = nn.Linear(d_in, d_out, bias=qkv_bias)
        self.W_key = nn.Linear(d_in, d_out, bias=qkv_bias)
        self.W_value = nn.Linear(d_in, d_out, bias=qkv_bias)

    def forward(self, x):
        keys = self.W_key(x)
        queries = self.W_query(x)
        values = self.W_value(x)
        attn_scores = queries @ keys.T
        attn_weights = torch.softmax(attn_scores / keys.shape[-1]**0.5, dim=-1)
        context_vec = attn_weights @ values
        return context_vec


def lecture_inputs():
    return torch.tensor(LECTURE_INPUTS, dtype=torch.float32)  # (6, 3), as the notebook has it


def random_inputs(shape, seed):
    g = torch.Generator().manual_seed(seed)
    return torch.rand(*shape, generator=g, dtype=torch.float32)


# ---------------------------------------------------------------------------------------------------
# MKL's dropout mask, reimplemented: PyTorch built with MKL draws bernoulli_ with MKL's VSL. One 32-bit
# draw of the torch generator seeds an MCG31m1 stream (x' = 1132489760·x mod 2^31 − 1); the seed itself,
# reduced mod m, is the first state used, u = x / m, and an element is kept when u < 1 − p.
# ---------------------------------------------------------------------------------------------------

MCG31_A = 1132489760
MCG31_M = 2**31 - 1


def mkl_keep_mask(count, p, seed):
    # torch.manual_seed(seed) seeds a standard mt19937; the MKL path takes its first 32-bit output.
    draw = mt19937_first_outputs(seed, 1)[0]
    x = draw % MCG31_M or 1
    keep = []
    for _ in range(count):
        keep.append(1.0 if x / MCG31_M < 1 - p else 0.0)
        x = (MCG31_A * x) % MCG31_M
    return keep


def mt19937_first_outputs(seed, n):
    """The first n outputs of std::mt19937(seed), written out, independent of torch and of C++."""
    mt = [0] * 624
    mt[0] = seed & 0xFFFFFFFF
    for i in range(1, 624):
        mt[i] = (1812433253 * (mt[i - 1] ^ (mt[i - 1] >> 30)) + i) & 0xFFFFFFFF
    out = []
    index = 624
    while len(out) < n:
        if index >= 624:
            for i in range(624):
                y = (mt[i] & 0x80000000) | (mt[(i + 1) % 624] & 0x7FFFFFFF)
                mt[i] = mt[(i + 397) % 624] ^ (y >> 1) ^ (0x9908B0DF if y & 1 else 0)
            index = 0
        y = mt[index]
        index += 1
        y ^= y >> 11
        y ^= (y << 7) & 0x9D2C5680
        y ^= (y << 15) & 0xEFC60000
        y ^= y >> 18
        out.append(y)
    return out


# The two 6×6 masks of torch.manual_seed(123); nn.Dropout(0.5)(torch.ones(6, 6)), as printed: without
# MKL (the notebook, and Debian's torch) and with MKL (PyTorch's Linux wheels; a known confusion).
PRINTED_CPU_MASK = [[2, 2, 0, 2, 2, 0], [0, 0, 0, 2, 0, 2], [2, 2, 2, 2, 0, 2],
                    [0, 2, 2, 0, 0, 2], [0, 2, 0, 2, 0, 2], [0, 2, 2, 2, 2, 0]]
PRINTED_MKL_MASK = [[2, 2, 2, 2, 2, 2], [0, 2, 0, 0, 0, 0], [0, 0, 2, 0, 2, 0],
                    [2, 2, 0, 0, 0, 2], [2, 0, 0, 0, 0, 2], [0, 2, 0, 0, 0, 0]]


def check_printed_masks():
    torch.manual_seed(123)
    cpu = torch.nn.Dropout(0.5)(torch.ones(6, 6))
    assert cpu.tolist() == [[float(v) for v in row] for row in PRINTED_CPU_MASK], cpu
    mkl = [2.0 * k for k in mkl_keep_mask(36, 0.5, 123)]
    assert mkl == [float(v) for row in PRINTED_MKL_MASK for v in row], mkl


# ---------------------------------------------------------------------------------------------------
# Writing
# ---------------------------------------------------------------------------------------------------


def header(name, options):
    lines = ["# generated by scripts/make_notebook_fixtures.py with torch %s; do not edit\n" % torch.__version__,
             "# torch CPU capability %s\n" % cpu_capability(), "case %s\n" % name]
    lines += ["option %s %s\n" % (k, v) for k, v in options]
    return lines


def check_line(stage, row, values):
    return "check %s %d %s\n" % (stage, row, " ".join("%.4f" % v for v in values))


def batched(t):
    return t.unsqueeze(0)  # (T, X) → (1, T, X); (T, T) → (1, 1, T, T) is done by the callers


# ---------------------------------------------------------------------------------------------------
# Cases
# ---------------------------------------------------------------------------------------------------


def case_simplified(name, x, scale, checks=()):
    """Cells 28–55: no trainable weights. x is (B, T, d_in)."""
    scores = x @ x.transpose(-2, -1)                               # (B, T, T)
    scaled = scores / x.shape[-1]**0.5 if scale else None
    weights = torch.softmax(scaled if scale else scores, dim=-1)
    sum_normalised = scores / scores.sum(dim=-1, keepdim=True)
    context = weights @ x                                          # (B, T, d_in)
    b, t, d_in = x.shape
    lines = header(name, [("module", "simplified"), ("batch", b), ("tokens", t), ("d_in", d_in),
                          ("d_out", d_in), ("heads", 1), ("scale", int(scale)), ("causal", 0),
                          ("seed", 123)])
    lines.append(format_tensor("tensor", "inputs", x))
    lines.append(format_tensor("tensor", "attentionScores", scores.unsqueeze(1)))
    if scale:
        lines.append(format_tensor("tensor", "scaledScores", scaled.unsqueeze(1)))
    lines.append(format_tensor("tensor", "attentionWeights", weights.unsqueeze(1)))
    lines.append(format_tensor("tensor", "sumNormalisedWeights", sum_normalised.unsqueeze(1)))
    lines.append(format_tensor("tensor", "output", context))
    lines += list(checks)
    lines.append("end\n")
    return "".join(lines)


def case_self_attention(name, cls, seed, x, qkv_bias=False, checks=()):
    """SelfAttention_v1 (torch.rand parameters, x @ W) or SelfAttention_v2 (nn.Linear)."""
    torch.manual_seed(seed)
    module = cls(x.shape[-1], 2) if cls is SelfAttention_v1 else cls(x.shape[-1], 2, qkv_bias)
    with torch.no_grad():
        reference = module(x)
        if cls is SelfAttention_v1:
            keys, queries, values = x @ module.W_key, x @ module.W_query, x @ module.W_value
        else:
            keys, queries, values = module.W_key(x), module.W_query(x), module.W_value(x)
        scores = queries @ keys.T
        scaled = scores / keys.shape[-1]**0.5
        weights = torch.softmax(scaled, dim=-1)
        context = weights @ values
    assert torch.equal(context, reference), name
    t, d_in = x.shape
    module_name = "sa_v1" if cls is SelfAttention_v1 else "sa_v2"
    lines = header(name, [("module", module_name), ("batch", 1), ("tokens", t), ("d_in", d_in),
                          ("d_out", 2), ("heads", 1), ("qkv_bias", int(qkv_bias)), ("causal", 0),
                          ("seed", seed)])
    for key, param in module.named_parameters():
        lines.append(format_tensor("param", key, param))
    lines.append(format_tensor("tensor", "inputs", batched(x)))
    for stage, t_ in (("queries", queries), ("keys", keys), ("values", values)):
        lines.append(format_tensor("tensor", stage, batched(t_)))
    for stage, t_ in (("attentionScores", scores), ("scaledScores", scaled), ("attentionWeights", weights)):
        lines.append(format_tensor("tensor", stage, t_.unsqueeze(0).unsqueeze(0)))
    lines.append(format_tensor("tensor", "output", batched(context)))
    lines += list(checks)
    lines.append("end\n")
    return "".join(lines)


def case_causal_notebook(name, seed, scale, training=False, p=0.0, dropout_seed=None, checks=()):
    """Section 3.5: the causal mask on SelfAttention_v2's weights (seed 789 in the notebook), which
    CausalAttention draws in the same order. With scale off the scores are masked and softmaxed
    unscaled (cell 108 prints the masked unscaled scores). With dropout_seed the generator is
    re-seeded right before the dropout draw, as cell 116 does."""
    x = lecture_inputs().unsqueeze(0)  # (1, 6, 3)
    torch.manual_seed(seed)
    module = CausalAttention(3, 2, 6, p)
    module.train(training)
    with torch.no_grad():
        keys, queries, values = module.W_key(x), module.W_query(x), module.W_value(x)
        scores = queries @ keys.transpose(1, 2)
        mask = module.mask.bool()[:6, :6]
        masked_unscaled = scores.masked_fill(mask, -torch.inf)
        scaled = scores / keys.shape[-1]**0.5 if scale else scores
        masked = scaled.masked_fill(mask, -torch.inf)
        weights = torch.softmax(masked, dim=-1)
        if dropout_seed is not None:
            torch.manual_seed(dropout_seed)
        state = torch.get_rng_state()
        keep = (torch.nn.functional.dropout(torch.ones_like(weights), p, training) != 0).float()
        torch.set_rng_state(state)
        dropped = module.dropout(weights)
        context = dropped @ values
    lines = header(name, [("module", "causal"), ("batch", 1), ("tokens", 6), ("d_in", 3), ("d_out", 2),
                          ("heads", 1), ("qkv_bias", 0), ("causal", 1), ("dropout", repr(float(p))),
                          ("training", int(training)), ("seed", seed), ("scale", int(scale))]
                 + ([("dropout_seed", dropout_seed)] if dropout_seed is not None else []))
    for key, param in module.named_parameters():
        lines.append(format_tensor("param", key, param))
    lines.append(format_tensor("tensor", "inputs", x))
    four = lambda t: t.unsqueeze(1)  # (B, T, T) → (B, 1, T, T)
    lines.append(format_tensor("tensor", "attentionScores", four(scores)))
    if scale:
        lines.append(format_tensor("tensor", "scaledScores", four(scaled)))
    lines.append(format_tensor("tensor", "maskedScores", four(masked)))
    lines.append(format_tensor("tensor", "attentionWeights", four(weights)))
    lines.append(format_tensor("tensor", "dropoutMask", four(keep)))
    lines.append(format_tensor("tensor", "droppedWeights", four(dropped)))
    lines.append(format_tensor("tensor", "output", context))
    lines.append(format_tensor("tensor", "maskedUnscaledScores", four(masked_unscaled)))
    lines += list(checks)
    lines.append("end\n")
    return "".join(lines)


def case_dropout(name, shape, p, seed, ones=True):
    """torch.manual_seed(seed); nn.Dropout(p)(input): CPU (this torch) and the MKL mask."""
    x = torch.ones(*shape) if ones else random_inputs(shape, seed + 1)
    torch.manual_seed(seed)
    out = torch.nn.Dropout(p)(x)
    keep_cpu = (out != 0).float() if ones else None
    if keep_cpu is None:
        torch.manual_seed(seed)
        keep_cpu = (torch.nn.Dropout(p)(torch.ones(*shape)) != 0).float()
    keep_mkl = torch.tensor(mkl_keep_mask(x.numel(), p, seed), dtype=torch.float32).reshape(shape)
    lines = header(name, [("p", repr(float(p))), ("seed", seed)])
    lines.append(format_tensor("tensor", "input", x))
    lines.append(format_tensor("tensor", "output", out))
    lines.append(format_tensor("tensor", "cpuMask", keep_cpu))
    lines.append(format_tensor("tensor", "mklMask", keep_mkl))
    lines.append(format_tensor("tensor", "mklOutput", x * keep_mkl / (1 - p)))
    lines.append("end\n")
    return "".join(lines)


def case_view(name, seed):
    """MultiHeadAttention's view (B,T,h,d_h) before the transpose, and what Q·Kᵀ gives when the transpose
    is forgotten: (B,T,h,d_h) @ (B,T,d_h,h) = (B,T,h,h), attention between heads instead of tokens."""
    x = torch.stack((lecture_inputs(), lecture_inputs()), dim=0)
    torch.manual_seed(seed)
    module = MultiHeadAttention(3, 4, 6, 0.0, num_heads=2)
    module.eval()
    with torch.no_grad():
        b, t, _ = x.shape
        q = module.W_query(x).view(b, t, 2, 2)
        k = module.W_key(x).view(b, t, 2, 2)
        v = module.W_value(x).view(b, t, 2, 2)
        forgotten = q @ k.transpose(2, 3)
    lines = header(name, [("module", "mha"), ("batch", b), ("tokens", t), ("d_in", 3), ("d_out", 4),
                          ("heads", 2), ("seed", seed)])
    for key, param in module.named_parameters():
        lines.append(format_tensor("param", key, param))
    lines.append(format_tensor("tensor", "inputs", x))
    lines.append(format_tensor("tensor", "queryView", q))
    lines.append(format_tensor("tensor", "keyView", k))
    lines.append(format_tensor("tensor", "valueView", v))
    lines.append(format_tensor("tensor", "forgottenTranspose", forgotten))
    lines.append("end\n")
    return "".join(lines)


def case_parameter_counts():
    lines = ["# generated by scripts/make_notebook_fixtures.py with torch %s; do not edit\n" % torch.__version__,
             "case parameter_counts\n"]
    # The chapter's exercise: GPT-2's attention block, d = 768, 12 heads, no qkv bias.
    gpt2 = MultiHeadAttention(768, 768, 1024, 0.0, num_heads=12, qkv_bias=False)
    lines.append("count gpt2 %d\n" % sum(p.numel() for p in gpt2.parameters()))
    for key, p in gpt2.named_parameters():
        lines.append("count gpt2.%s %d\n" % (key, p.numel()))
    # GPT-3 (d = 12288, 96 heads): the same layers on the meta device, shapes only, nothing allocated.
    gpt3 = nn.ModuleDict({k: nn.Linear(12288, 12288, bias=(k == "out_proj"), device="meta")
                          for k in ("W_query", "W_key", "W_value", "out_proj")})
    lines.append("count gpt3 %d\n" % sum(p.numel() for p in gpt3.parameters()))
    lines.append("end\n")
    return "".join(lines)


def notebook_checks_simplified():
    # Cells 30–55: query x^2 against every input; its softmax weights; its context vector; and the
    # plain normalisation by the sum that the notebook shows first.
    return [check_line("attentionScores", 1, [0.9544, 1.4950, 1.4754, 0.8434, 0.7070, 1.0865]),
            check_line("attentionWeights", 1, [0.1385, 0.2379, 0.2333, 0.1240, 0.1082, 0.1581]),
            check_line("output", 1, [0.4419, 0.6515, 0.5683]),
            check_line("sumNormalisedWeights", 1, [0.1455, 0.2278, 0.2249, 0.1285, 0.1077, 0.1656])]


def verify_checks(name, text):
    """Every `check` line (the notebook's printed numbers) agrees with the tensor PyTorch computed here."""
    tensors, lines = {}, text.splitlines()
    for i, line in enumerate(lines):
        parts = line.split()
        if parts and parts[0] == "tensor":
            shape = [int(d) for d in parts[3:3 + int(parts[2])]]
            tensors[parts[1]] = (shape, [float(v) for v in lines[i + 1].split()])
    for line in lines:
        parts = line.split()
        if not parts or parts[0] != "check":
            continue
        shape, data = tensors[parts[1]]
        row, width = int(parts[2]), shape[-1]
        for j, expected in enumerate(float(v) for v in parts[3:]):
            got = data[row * width + j]
            assert abs(got - expected) <= 5e-5, (name, line, j, got)


def main(argv):
    here = os.path.dirname(os.path.abspath(__file__))
    outdir = argv[1] if len(argv) > 1 else os.path.join(here, "..", "tests", "fixtures", "notebook")
    os.makedirs(outdir, exist_ok=True)
    torch.set_num_threads(1)
    check_printed_masks()
    files = {
        "notebook_simplified": case_simplified("notebook_simplified", lecture_inputs().unsqueeze(0), False,
                                               notebook_checks_simplified()),
        "simplified_scaled": case_simplified("simplified_scaled", random_inputs((2, 5, 4), 11), True),
        "notebook_sa_v1": case_self_attention("notebook_sa_v1", SelfAttention_v1, 123, lecture_inputs(),
                                              checks=[check_line("output", 0, [0.2996, 0.8053])]),
        "notebook_sa_v2": case_self_attention("notebook_sa_v2", SelfAttention_v2, 789, lecture_inputs(),
                                              checks=[check_line("output", 0, [-0.0739, 0.0713])]),
        "sa_v2_bias": case_self_attention("sa_v2_bias", SelfAttention_v2, 5, random_inputs((7, 3), 5), True),
        "notebook_masked_unscaled": case_causal_notebook(
            "notebook_masked_unscaled", 789, scale=False,
            checks=[check_line("maskedUnscaledScores", 0, [0.2899]),
                    check_line("maskedUnscaledScores", 1, [0.4656, 0.1723])]),
        "notebook_causal": case_causal_notebook("notebook_causal", 789, scale=True),
        "notebook_dropout_reseeded": case_causal_notebook(
            "notebook_dropout_reseeded", 789, scale=True, training=True, p=0.5, dropout_seed=123,
            checks=[check_line("droppedWeights", 2, [0.7599, 0.6194, 0.6206, 0.0, 0.0, 0.0]),
                    check_line("droppedWeights", 5, [0.0, 0.3327, 0.3331, 0.3084, 0.3331, 0.0])]),
        "notebook_dropout_ones": case_dropout("notebook_dropout_ones", (6, 6), 0.5, 123),
        "dropout_3d": case_dropout("dropout_3d", (2, 3, 4), 0.2, 7, ones=False),
        "dropout_high_p": case_dropout("dropout_high_p", (10, 7), 0.9, 2024, ones=False),
        "notebook_view": case_view("notebook_view", 123),
        "parameter_counts": case_parameter_counts(),
    }
    for name, text in files.items():
        verify_checks(name, text)
        path = os.path.join(outdir, name + ".txt")
        with open(path, "w", encoding="ascii", newline="\n") as f:
            f.write(text)
        print("%-28s %6d bytes -> %s" % (name, len(text), os.path.relpath(path)))


if __name__ == "__main__":
    main(sys.argv)
