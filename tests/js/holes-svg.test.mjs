// A map's SVG export (web/app/ui/svg.mjs) for hostile sentences: a seeded fuzz of a few hundred
// sentences built from the characters XML cares about (<, &, ]]>, quotes, the control characters
// XML 1.0 forbids, lone surrogates, U+FFFE, markup and comments) is run through the core, and each
// of its maps (every kind of scale, labels beside, above and upright, the numbers and Σ) is
// exported and read by a strict XML 1.0 parser: well-formed, only characters XML allows, and no
// element or attribute name that is not the exporter's own.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createAttentionLab } from '../../dist/index.mjs';
import { tokenLabel } from '../../web/lib/present.mjs';
import { paintScale } from '../../web/app/render/index.mjs';
import { mapLayout } from '../../web/app/render/map-layout.mjs';
import { mapSpec } from '../../web/app/ui/map-spec.mjs';

// svg.mjs measures text with a canvas: a stand-in whose widths grow with the text.
globalThis.document ??= {
  createElement: () => ({
    getContext: () => ({ font: '', measureText: (text) => ({ width: 7 * [...text].length }) }),
  }),
};
const { mapSvg } = await import('../../web/app/ui/svg.mjs');

// XML 1.0's Char production, and its Name production for the names the exporter may write.
const XML_CHAR = /^[\t\n\r\u0020-\ud7ff\ue000-\ufffd\u{10000}-\u{10ffff}]*$/u;
const NAME = '[A-Za-z_:][A-Za-z0-9._:-]*';
const ELEMENTS = new Set(['svg', 'title', 'defs', 'clipPath', 'path', 'rect', 'g', 'text']);
const ATTRIBUTES = new Set(
  (
    'xmlns width height viewBox x y fill class shape-rendering transform clip-path id d stroke ' +
    'stroke-width font-weight font-size font-family style text-anchor dominant-baseline'
  ).split(' '),
);

/** A strict reading of `xml`: throws with the offset of the first thing XML 1.0 does not allow. */
export function parseStrictXml(xml) {
  if (!XML_CHAR.test(xml)) throw new Error('a character outside XML 1.0 Char');
  const text = (s, at) => {
    if (s.includes('<') || s.includes(']]>')) throw new Error(`markup in text at ${at}`);
    const bad = s.match(/&(?!(amp|lt|gt|quot|apos|#\d+|#x[0-9a-fA-F]+);)/);
    if (bad) throw new Error(`a bare & at ${at + bad.index}`);
  };
  let i = 0;
  const decl = xml.match(/^<\?xml version="1\.0" encoding="UTF-8"\?>/);
  if (decl) i = decl[0].length;
  const stack = [];
  const names = { elements: new Set(), attributes: new Set() };
  let root = 0;
  const tag = new RegExp(`^<(/?)(${NAME})((?:\\s+${NAME}\\s*=\\s*"[^"<]*")*)\\s*(/?)>`);
  const attr = new RegExp(`(${NAME})\\s*=\\s*"([^"<]*)"`, 'g');
  while (i < xml.length) {
    const lt = xml.indexOf('<', i);
    const chunk = xml.slice(i, lt < 0 ? xml.length : lt);
    if (!stack.length && chunk.trim()) throw new Error(`text outside the root at ${i}`);
    text(chunk, i);
    if (lt < 0) break;
    const m = xml.slice(lt).match(tag);
    if (!m) throw new Error(`not a tag at ${lt}: ${JSON.stringify(xml.slice(lt, lt + 40))}`);
    const [whole, close, name, attrs, selfClose] = m;
    if (close) {
      if (stack.pop() !== name || attrs || selfClose) throw new Error(`unbalanced </${name}>`);
    } else {
      if (!stack.length && root++) throw new Error('a second root element');
      names.elements.add(name);
      const seen = new Set();
      for (const [, a, value] of attrs.matchAll(attr)) {
        if (seen.has(a)) throw new Error(`attribute ${a} twice`);
        seen.add(a);
        names.attributes.add(a);
        text(value, lt);
      }
      if (!selfClose) stack.push(name);
    }
    i = lt + whole.length;
  }
  if (stack.length || !root) throw new Error(`unclosed ${stack.join(', ')}`);
  return names;
}

// A seeded generator (mulberry32) and the pieces the sentences are made of.
function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const CONTROLS = Array.from({ length: 32 }, (_, i) => String.fromCharCode(i));
const PIECES = [
  ...['<', '>', '&', ']]>', '"', "'", '&amp;', '&#0;', '<script>', '</text>', '<!--', '-->'],
  ...['<![CDATA[', '<?xml', '\uD800', '\uDFFF', '\uFFFE', '\uFFFF', '\u2028', '\u202E', '😀'],
  ...['the', 'dog', 'chased', ' ', 'ball', 'x="1"', 'é', '漢字'],
  ...CONTROLS,
];
function sentence(next) {
  const n = 1 + Math.floor(next() * 10);
  let s = '';
  for (let k = 0; k < n; ++k) s += PIECES[Math.floor(next() * PIECES.length)];
  return s;
}

const THEME = {
  ink: '#1c2430',
  muted: '#5a6575',
  card: '#fff',
  hatch: 'rgba(90, 101, 117, 0.45)',
  droppedInk: '#8c2a2f',
  futureRgb: [236, 238, 241],
  droppedRgb: [255, 255, 255],
};
// The maps of a result the way ui/tensor.mjs builds them: the tensor's scale kind, tokens on the
// rows (and on top for a (T, T) map), the Σ of each row where the page shows one.
const MAPS = [
  ['attentionScores', 'signed', true, false],
  ['maskedScores', 'signed', true, false],
  ['attentionWeights', 'weights', true, true],
  ['dropoutWeights', 'dropped', true, true],
  ['contextVectors', 'signed', false, false],
  ['output', 'signed', false, false],
];

function specsOf(result) {
  const labels = result.tokens.map((t) => tokenLabel(t.text));
  const specs = [];
  for (const [name, kind, byTokens, rowSums] of MAPS) {
    const tensor = result.trace[name];
    if (!tensor) continue;
    const [T, X] = tensor.shape.slice(-2);
    const features = Array.from({ length: X }, (_, c) => String(c + 1));
    const fig = { rowLabels: labels, features, byTokens, rowSums, paint: paintScale(kind, tensor) };
    const m = { rows: T, cols: X, flip: false, value: (r, c) => tensor.data[r * X + c] };
    const ctx = { result: { sizes: { dh: 1 } }, view: { numbers: true } };
    const spec = mapSpec(ctx, fig, m, 0);
    Object.assign(spec, { base: 12, tokenWidth: 60, colWidth: 60, colours: THEME });
    specs.push([name, spec]);
  }
  return specs;
}

test("SVG exports of every map hold strict XML 1.0 and only the exporter's names, for 300 hostile sentences", async () => {
  const lab = await createAttentionLab();
  const next = random(20260);
  let exported = 0;
  let refused = 0;
  for (let n = 0; n < 300; ++n) {
    const text = sentence(next);
    let result;
    try {
      const embedded = lab.embed(text, { dIn: 4, seed: n, batch: 1 });
      const options = { inputs: embedded.inputs, batch: 1, dIn: 4, dOut: 4, heads: 1, seed: n };
      result = {
        tokens: embedded.tokens,
        ...lab.forward({ ...options, dropout: 0.2, trace: true }),
      };
    } catch (err) {
      assert.equal(err.name, 'AttentionLabError', `${JSON.stringify(text)}: ${err.message}`);
      refused += 1;
      continue;
    }
    for (const [name, spec] of specsOf(result)) {
      // Cells of 44 px: numbers and tokens on top; 14 px: upright tokens; 3 px: column numbers.
      for (const cell of [44, 14, 3]) {
        const title = `${name} (attention-lab, ${text})`;
        const svg = mapSvg(spec, mapLayout(spec, cell, cell), title);
        let names;
        try {
          names = parseStrictXml(svg);
        } catch (err) {
          assert.fail(`${JSON.stringify(text)}, ${name}, ${cell} px: ${err.message}`);
        }
        for (const e of names.elements)
          assert.ok(ELEMENTS.has(e), `element <${e}> from ${JSON.stringify(text)}`);
        for (const a of names.attributes)
          assert.ok(ATTRIBUTES.has(a), `attribute ${a} from ${JSON.stringify(text)}`);
        exported += 1;
      }
    }
  }
  assert.ok(exported >= 3000, `${exported} SVGs exported (${refused} sentences refused)`);
  lab.terminate();
});

test('the strict reader refuses what XML 1.0 refuses', () => {
  const ok = '<?xml version="1.0" encoding="UTF-8"?>\n<svg a="1"><text>a &amp; b</text></svg>\n';
  assert.deepEqual([...parseStrictXml(ok).elements], ['svg', 'text']);
  for (const bad of [
    '<svg><text>a & b</text></svg>',
    '<svg><text>a < b</text></svg>',
    '<svg a="<"/>',
    '<svg><text>\u0001</text></svg>',
    '<svg><text>\uD800</text></svg>',
    '<svg><text>\uFFFE</text></svg>',
    '<svg><text>]]></text></svg>',
    '<svg><g></svg>',
    '<svg a="1" a="2"/>',
    '<svg/><svg/>',
  ])
    assert.throws(() => parseStrictXml(bad), Error, JSON.stringify(bad));
});
