"""attention-lab in Jupyter: the page's step-by-step view of *your* PyTorch attention module.

    import sys; sys.path.insert(0, "node_modules/attention-lab/dist/python")
    from attention_lab import show

    torch.manual_seed(123)
    mha = MultiHeadAttention(d_in=3, d_out=2, context_length=6, dropout=0.0, num_heads=2)
    print(mha(batch))
    show(mha, batch, tokens=["Your", "journey", "starts", "with", "one", "step"], step="softmax")

show() draws the <attention-lab> element inline with exactly that module's parameters and those
inputs: the numbers in every step are the ones PyTorch computes (the element's output equals what
mha(batch) printed). It takes the chapter's three classes, CausalAttention,
MultiHeadAttentionWrapper and MultiHeadAttention (or their state_dict with show(state_dict=...,
inputs=...)). The output is one self-contained document in an iframe: the element and the
single-thread WebAssembly core are inlined from the package's files beside this one, so it needs no
server, no network and no Node; the notebook's own page is not touched.

Standard library and IPython only: tensors are read through their own .tolist(), so PyTorch is
never imported here.
"""

import base64
import html
import json
import re
import secrets
from pathlib import Path

from .tensors import NAMES, AttentionLabInputError, element_spec, weights_of

__all__ = ["show", "view_html", "weights_of", "AttentionLabInputError"]


def _dist():
    """The package's dist/ folder: in the npm package this module is dist/python/attention_lab/;
    in the repository, python/attention_lab/ beside dist/."""
    here = Path(__file__).resolve().parent
    for folder in (here.parent.parent, here.parent.parent / "dist"):
        if (folder / "notebook" / "element.js").is_file():
            return folder
    raise FileNotFoundError(
        f"attention-lab: no notebook/element.js beside {here}: use the copy in the npm package "
        "(node_modules/attention-lab/dist/python), or build the repository's dist/ "
        "(bash scripts/build.sh dist)")


def _limits(dist):
    return json.loads((dist / "notebook" / "limits.json").read_text())


def _check_step(dist, step):
    """A step's id, or a stage it shows, as the element's stage attribute takes them (the lesson
    catalogue the package ships lists both)."""
    steps = json.loads((dist / "lesson" / "catalogue.json").read_text())["steps"]
    if any(step == s["slug"] or step in s["main"] or step in s["stages"] for s in steps):
        return
    raise AttentionLabInputError(
        f"step = {step!r}: allowed are {', '.join(s['slug'] for s in steps)}, "
        "or a trace stage name such as 'attentionWeights'")


def _script_text(js):
    """Text inside <script> ends at the first "</script", and "<!--" switches the parser's state;
    \\x3C reads as "<" again in the strings and regular expressions where they occur."""
    return re.sub(r"<(/script|!--)", r"\\x3C\1", js, flags=re.IGNORECASE)


def _json_text(value):
    return json.dumps(value, separators=(",", ":")).replace("<", "\\u003c")


# Inside the view's document: the element takes its own tensors, and the document's height goes to
# the notebook's output (the listener beside the iframe), as embed.html posts it.
_START = """
const el = document.querySelector('attention-lab');
Object.assign(el, JSON.parse(document.getElementById('attention-lab-tensors').textContent));
const post = () => parent.postMessage({ type: 'attention-lab:height',
  height: Math.ceil(document.documentElement.getBoundingClientRect().height) }, '*');
new ResizeObserver(post).observe(document.documentElement);
"""


def view_html(module=None, x=None, *, state_dict=None, inputs=None, heads=None, tokens=None,
              step="softmax", head="all", item=0, layout="compact", height=760):
    """The HTML of the view, as show() displays it: an iframe whose srcdoc is the whole document
    (the element, its core, the module's tensors), and a listener that gives it its height."""
    dist = _dist()
    _check_step(dist, step)
    attributes, own = element_spec(module, x, state_dict, inputs, heads, tokens, _limits(dist))
    attributes.update({
        "stage": step,
        "head": str(head),
        "item": str(item),
        "layout": layout,
        "aria-label": f"attention-lab: {NAMES[attributes['module']]}",
    })
    tag = " ".join(f'{k}="{html.escape(str(v))}"' for k, v in attributes.items())
    core = base64.b64encode((dist / "attention-core.wasm").read_bytes()).decode("ascii")
    element = (dist / "notebook" / "element.js").read_text(encoding="utf-8")
    document = (
        '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>attention-lab</title>'
        "<style>body{margin:0;padding:2px;font-family:system-ui,sans-serif}</style>"
        f'<script type="application/json" id="attention-lab-core">{_json_text(core)}</script>'
        f'<script type="application/json" id="attention-lab-tensors">{_json_text(own)}</script>'
        f'<script type="module">{_script_text(element)}</script>'
        f'<script type="module">{_START}</script>'
        f"</head><body><attention-lab {tag}></attention-lab></body></html>")
    frame_id = "attention-lab-" + secrets.token_hex(5)
    title = f"attention-lab: {NAMES[attributes['module']]}, step {step}"
    frame = (
        f'<iframe id="{frame_id}" class="attention-lab-view" title="{html.escape(title)}" '
        f'sandbox="allow-scripts" style="width:100%;height:{int(height)}px;border:0" '
        f'srcdoc="{html.escape(document, quote=True)}"></iframe>')
    return frame + f"<script>{_HEIGHT % json.dumps(frame_id)}</script>"


# Beside the iframe, in the notebook's page: the height its document posts, from that frame only.
_HEIGHT = """(() => {
  const frame = document.getElementById(%s);
  addEventListener('message', (e) => {
    if (!frame || e.source !== frame.contentWindow) return;
    if (e.data && e.data.type === 'attention-lab:height' && e.data.height > 0)
      frame.style.height = e.data.height + 'px';
  });
})();"""


def show(module=None, x=None, **options):
    """Displays the view of `module` on `x` in the notebook (see view_html for the options:
    state_dict, inputs, heads, tokens, step, head, item, layout, height)."""
    from IPython.display import HTML, display

    display(HTML(view_html(module, x, **options)))
