"""How show() reads a module: its state_dict as the element's `weights` (the API's form), its
inputs as (B, T, d_in), and what the view refuses because it could not show what PyTorch prints.
Tensors are read through their own .tolist(): PyTorch is never imported here."""

import math

NAMES = {
    "causal": "CausalAttention",
    "wrapper": "MultiHeadAttentionWrapper",
    "mha": "MultiHeadAttention",
}
CLASSES = ("CausalAttention (W_query, W_key, W_value)",
           "MultiHeadAttentionWrapper (heads.0.W_query, …)",
           "MultiHeadAttention (W_query, W_key, W_value, out_proj)")


class AttentionLabInputError(ValueError):
    """What show() refuses: the message says what was wrong and what is allowed."""


def _shape(value):
    """The shape of a tensor, an array or nested lists."""
    if hasattr(value, "shape"):
        return tuple(int(n) for n in value.shape)
    shape = []
    while isinstance(value, (list, tuple)):
        shape.append(len(value))
        value = value[0] if value else None
    return tuple(shape)


def _flat(value, name):
    """Row-major float values of a tensor (without autograd), an array or nested lists."""
    if hasattr(value, "detach"):
        value = value.detach().cpu().float()
    if hasattr(value, "tolist"):
        value = value.tolist()
    out = []

    def walk(v):
        if isinstance(v, (list, tuple)):
            for item in v:
                walk(item)
        elif isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v):
            out.append(float(v))
        else:
            raise AttentionLabInputError(f"{name}: {v!r} is not a finite number")

    walk(value)
    return out


def _module_kind(keys, what):
    if "out_proj.weight" in keys:
        return "mha"
    if any(k.startswith("heads.") for k in keys):
        return "wrapper"
    if "W_query.weight" in keys:
        return "causal"
    raise AttentionLabInputError(
        f"{what} has the parameters {sorted(keys)[:6]}, which are none of the chapter's "
        "classes'; allowed: "
        + ", ".join(CLASSES))


def weights_of(state_dict, d_in, what="the state_dict"):
    """The API's `weights` of a state_dict: the parameters under their own names, each row-major
    as nn.Linear keeps it, (d_out, d_in), which is the layout the core reads (no transpose); the
    causal mask buffers (mask, heads.<i>.mask) are left out, since the core builds the mask itself.
    Returns (kind, weights, d_out, heads or None)."""
    keys = [k for k in state_dict if not (k == "mask" or k.endswith(".mask"))]
    kind = _module_kind(keys, what)
    heads = None
    if kind == "wrapper":
        heads = len({k.split(".")[1] for k in keys if k.startswith("heads.")})
    prefix = "heads.0." if kind == "wrapper" else ""
    query = _shape(state_dict[prefix + "W_query.weight"])
    if len(query) != 2 or query[1] != d_in:
        raise AttentionLabInputError(
            f"{prefix}W_query.weight has shape {query}; the inputs have d_in = {d_in}, so it "
            f"must be (d_out, {d_in}), as nn.Linear(d_in, d_out) keeps it")
    expected = _expected_keys(kind, heads, prefix + "W_query.bias" in keys)
    if set(keys) != set(expected):
        missing = [k for k in expected if k not in keys]
        extra = [k for k in keys if k not in expected]
        raise AttentionLabInputError(
            f"{what} is not a whole {NAMES[kind]} state_dict: missing {missing or 'nothing'}, "
            f"unexpected {extra or 'nothing'}; expected exactly {expected}")
    weights = {k: _flat(state_dict[k], f"state_dict['{k}']") for k in keys}
    return kind, weights, query[0], heads


def _expected_keys(kind, heads, bias):
    """The parameters of each class, as its state_dict names them (the core wants them all)."""
    kinds = ("weight", "bias") if bias else ("weight",)
    own = [f"{w}.{k}" for w in ("W_query", "W_key", "W_value") for k in kinds]
    if kind == "wrapper":
        return [f"heads.{i}.{k}" for i in range(heads) for k in own]
    return own + (["out_proj.weight", "out_proj.bias"] if kind == "mha" else [])


def _dropout_of(module, kind):
    """The p of the module's nn.Dropout (the wrapper's first head's): 0 if it has none."""
    owner = module.heads[0] if kind == "wrapper" else module
    drop = getattr(owner, "dropout", None)
    return float(getattr(drop, "p", drop if isinstance(drop, (int, float)) else 0.0) or 0.0)


def _check_module(module, kind, tokens_count):
    """Refuses what the view cannot reproduce: a random dropout mask, more tokens than the
    module's causal mask holds."""
    p = _dropout_of(module, kind)
    if getattr(module, "training", False) and p > 0:
        raise AttentionLabInputError(
            f"{type(module).__name__} is in training mode with dropout p = {p}: PyTorch draws a "
            "new random mask at every call, so no view can show the numbers it printed. Call "
            "module.eval() first (dropout off, as at inference), or build it with dropout=0.0")
    owner = module.heads[0] if kind == "wrapper" else module
    mask = getattr(owner, "mask", None)
    if mask is not None and _shape(mask) and _shape(mask)[0] < tokens_count:
        raise AttentionLabInputError(
            f"the inputs have T = {tokens_count} tokens, more than the module's context_length = "
            f"{_shape(mask)[0]} (its mask is that size; PyTorch would fail too)")


def _check_sizes(limits, batch, tokens_count, d_in, width, heads):
    """The sizes the element draws (dist/notebook/limits.json, the page's own LIMITS)."""
    said = {
        "batch": (batch, "sequences in a batch (B)"),
        "tokens": (tokens_count, "tokens (T)"),
        "dIn": (d_in, "input features (d_in)"),
        "width": (width, "output columns"),
        "heads": (heads, "heads"),
    }
    for key, (value, what) in said.items():
        if key in limits and value > limits[key]:
            raise AttentionLabInputError(
                f"{value} {what}: the view draws at most {limits[key]}, "
                "so that every map stays readable")


def element_spec(module, x, state_dict, inputs, heads, tokens, limits):
    """Everything the element is given: (attributes, own tensors); `limits`: the sizes it draws."""
    if module is not None:
        if state_dict is not None or inputs is not None:
            raise AttentionLabInputError(
                "give show(module, x) or show(state_dict=..., inputs=...), not both")
        if not hasattr(module, "state_dict"):
            raise AttentionLabInputError(
                f"{type(module).__name__} is not a torch.nn.Module; allowed: " + ", ".join(CLASSES))
        state_dict, inputs = module.state_dict(), x
        if heads is None:
            heads = getattr(module, "num_heads", None)
    if state_dict is None or inputs is None:
        raise AttentionLabInputError(
            "show() needs a module and its inputs: show(mha, x), or "
            "show(state_dict=mha.state_dict(), inputs=x, heads=2)")
    shape = _shape(inputs)
    if len(shape) != 3 or min(shape) < 1:
        raise AttentionLabInputError(
            f"inputs of shape {shape}: the chapter's classes take (B, T, d_in) "
            "(their forward reads b, num_tokens, d_in = x.shape); "
            "add the batch with x.unsqueeze(0)")
    batch, count, d_in = shape
    what = "the state_dict" if module is None else type(module).__name__
    kind, weights, d_out, wrapper_heads = weights_of(state_dict, d_in, what)
    if kind == "wrapper":
        heads = wrapper_heads
    elif kind == "causal":
        heads = 1
    elif heads is None:
        raise AttentionLabInputError(
            "MultiHeadAttention's number of heads is not in its state_dict: "
            "pass heads=, e.g. show(state_dict=..., inputs=..., heads=2)")
    elif not isinstance(heads, int) or heads < 1 or d_out % heads:
        raise AttentionLabInputError(
            f"heads = {heads!r}: MultiHeadAttention splits d_out = {d_out} into equal heads, "
            "so heads must divide it")
    attributes = {"module": kind, "heads": int(heads)}
    if module is not None:
        _check_module(module, kind, count)
        # Off in eval mode, as in PyTorch; the dropout step previews the module's own p.
        attributes["dropout"] = _dropout_of(module, kind)
    if tokens is not None and (isinstance(tokens, str) or len(tokens) != count):
        raise AttentionLabInputError(
            f"tokens = {str(tokens)[:60]!r}: give a list of T = {count} labels, one per row of "
            "the inputs, e.g. tokens=sentence.split()")
    width = d_out * (heads if kind == "wrapper" else 1)
    _check_sizes(limits, batch, count, d_in, width, heads)
    own = {
        "inputs": {"data": _flat(inputs, "inputs"), "shape": list(shape)},
        "weights": weights,
        "tokens": [str(t) for t in tokens] if tokens is not None else None,
    }
    return attributes, own
