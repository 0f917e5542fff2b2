// The damaged weights files of weights-fuzz.mjs: call i of a seed is made from (seed, i) alone.
// Each is { input, what, mustRefuse }: the bytes (or a value that is not bytes), a description
// for the report, and the rule a file breaks when it must be refused (null when it may load).
// The layout is cpp/attention/train/model_file_layout.hpp's.

/** mulberry32 on (seed, index): the same call for the same pair. */
export function rng(seed, index) {
  let a = (Math.imul(seed | 0, 0x9e3779b1) ^ Math.imul(index | 0, 0x85ebca6b)) >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const CRC_TABLE = Uint32Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; ++k) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

/** The file with its size field and CRC-32 recomputed (what a careful forger does). */
export function sealed(bytes) {
  if (bytes.length < 16) return bytes;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  view.setUint32(8, bytes.length, true);
  let c = 0xffffffff;
  for (let i = 16; i < bytes.length; ++i) c = CRC_TABLE[(c ^ bytes[i]) & 0xff] ^ (c >>> 8);
  view.setUint32(12, (c ^ 0xffffffff) >>> 0, true);
  return bytes;
}

const pad4 = (n) => Math.ceil(n / 4) * 4;

/** Where each part of a well-formed file starts: { V, d, context, int8, facts, vocab, params }. */
export function layout(file) {
  const view = new DataView(file.buffer, file.byteOffset, file.byteLength);
  const [V, d, , context, quantisation, F] = [16, 20, 24, 28, 32, 36].map((at) =>
    view.getUint32(at, true),
  );
  const vocab = 40 + pad4(F);
  const params = vocab + pad4(2 * (V - 1));
  const shapes = [[V, d], [context, d], [d, d], [d, d], [d, d], [d, d], [d], [V, d], [V]];
  let at = params;
  const parts = shapes.map((shape) => {
    const matrix = shape.length === 2 && quantisation === 1;
    const values = shape.reduce((a, b) => a * b, 1);
    const part = { at, rows: shape[0], cols: shape[1] ?? 1, matrix };
    at += matrix ? 4 * shape[0] + pad4(values) : 4 * values;
    return part;
  });
  return { V, d, context, int8: quantisation === 1, facts: [40, F], vocab, params, parts };
}

const pick = (rand, list) => list[Math.floor(rand() * list.length)];
const int = (rand, n) => Math.floor(rand() * n);
const HUGE = [0, 1, 2, 3, 0xffff, 0x10000, 0x10001, 4096, 4097, 2 ** 31 - 1, 2 ** 31, 2 ** 32 - 1];
const BAD_FLOATS = [NaN, Infinity, -Infinity];
const BIG_FLOATS = [3e38, -3e38, 1e5, 1e4 * 1.0001, 2 ** 127];

// A float32 that is NaN, ±∞ or too large, where a weight or a row scale is.
function badValue(rand, file) {
  const L = layout(file);
  const part = pick(rand, L.parts);
  const view = new DataView(file.buffer, file.byteOffset);
  const nonFinite = rand() < 0.6;
  const value = nonFinite ? pick(rand, BAD_FLOATS) : pick(rand, BIG_FLOATS);
  // int8 matrices hold float32 only in their row scales; a negative scale is refused too.
  const at = part.at + 4 * int(rand, part.matrix ? part.rows : part.rows * part.cols);
  view.setFloat32(at, value, true);
  return { what: `a weight or scale of ${value} at byte ${at}`, nonFinite };
}

// One kind of damage per call; returns { what, sealed?: false, rule? } after changing `file`.
const DAMAGE = [
  ['truncated', (rand, file) => ({ file: file.subarray(0, int(rand, file.length)) })],
  [
    'bit flips',
    (rand, file) => {
      const flips = 1 + int(rand, 4);
      for (let k = 0; k < flips; ++k) file[int(rand, file.length)] ^= 1 << int(rand, 8);
      return { file, what: `${flips} bit flips` };
    },
  ],
  [
    'huge declared size',
    (rand, file) => {
      const field = pick(rand, [8, 16, 20, 24, 28, 32, 36]);
      const value = pick(rand, HUGE);
      new DataView(file.buffer, file.byteOffset).setUint32(field, value, true);
      return { file, what: `header field at ${field} = ${value}` };
    },
  ],
  [
    'wrong count',
    (rand, file) => {
      const cut = 1 + int(rand, 8);
      const grow = rand() < 0.5;
      const out = new Uint8Array(file.length + (grow ? cut : -cut));
      out.set(grow ? file : file.subarray(0, out.length));
      if (rand() < 0.5) new DataView(out.buffer).setUint32(36, layout(file).facts[1] + cut, true);
      return { file: out, what: `${grow ? cut : -cut} bytes, facts size maybe off` };
    },
  ],
  ['bad value', (rand, file) => ({ file, ...badValue(rand, file) })],
  [
    'vocabulary',
    (rand, file) => {
      const L = layout(file);
      const at = L.vocab + 2 * int(rand, L.V - 1);
      const id = pick(rand, [50257, 0xffff, 50256, 0, file[L.vocab] | (file[L.vocab + 1] << 8)]);
      new DataView(file.buffer, file.byteOffset).setUint16(at, id, true);
      return { file, what: `vocabulary id ${id} at ${at}`, mustRefuse: id >= 50257 && 'vocab' };
    },
  ],
  [
    'facts',
    (rand, file) => {
      const [start, size] = layout(file).facts;
      const junk = [0x00, 0x0a, 0x20, 0xff, 0x2d, 0x4e, 0x65];
      for (let k = 1 + int(rand, 6); k > 0; --k) file[start + int(rand, size)] = pick(rand, junk);
      return { file, what: 'damaged facts' };
    },
  ],
  [
    'random bytes',
    (rand, file) => {
      for (let k = 1 + int(rand, 64); k > 0; --k) file[int(rand, file.length)] = int(rand, 256);
      return { file, what: 'random bytes' };
    },
  ],
];

const NOT_BYTES = [
  () => new Uint8Array(0),
  () => new Uint8Array(39),
  (rand) => Uint8Array.from({ length: int(rand, 200) }, () => int(rand, 256)),
  () => new TextEncoder().encode('ATLM'),
  (rand) => new ArrayBuffer(int(rand, 64)),
  () => 'brown.atlm',
  () => '__proto__',
  () => 42,
  () => null,
  () => [65, 84, 76, 77],
  () => new Int8Array(64),
];

/** Call `rand`'s damaged file from one of `bases` ({ shipped, int8, float32 } Uint8Arrays). */
export function mutateFile(rand, bases) {
  if (rand() < 0.05) {
    const make = pick(rand, NOT_BYTES);
    return { input: make(rand), what: `not a weights file (${make.toString()})`, mustRefuse: null };
  }
  // The shipped file in one call of ten: it is 300 kB, the small ones 1 to 3 kB.
  const base = rand() < 0.1 ? 'shipped' : pick(rand, ['int8', 'float32']);
  const [kind, damage] = pick(rand, DAMAGE);
  const original = bases[base];
  const result = damage(rand, original.slice());
  const reseal = kind === 'bad value' || rand() < 0.6;
  const file = reseal ? sealed(result.file) : result.file;
  const changed = file.length !== original.length || !file.every((b, i) => b === original[i]);
  // Unsealed damage must be caught by the size or the CRC-32; non-finite weights by the values.
  let mustRefuse = result.mustRefuse ?? null;
  if (!reseal && changed) mustRefuse = 'corrupt';
  if (result.nonFinite) mustRefuse = 'nonfinite';
  const what = `${base}, ${result.what ?? kind}${reseal ? ', CRC recomputed' : ''}`;
  return { input: file, what, mustRefuse };
}
