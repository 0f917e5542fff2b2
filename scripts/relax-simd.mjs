#!/usr/bin/env node
// The relaxed-SIMD build's post-link step. Clang 14 (Debian's emscripten 3.1.6) emits fused
// multiply-add only as the pre-standard `f32x4.fma` (0xfd 0xaf 0x01), which no engine accepts; this
// script decodes the code section instruction by instruction and rewrites each one into the final
// `f32x4.relaxed_madd` (0xfd 0x85 0x02, the same three bytes' length and the same operands a·b + c),
// and fails on any opcode it does not know. A byte search would also hit immediates that happen to
// hold 0xfd 0xaf 0x01 (constants, shuffles, offsets).
// One hazard the rewrite cannot see: the toolchain folds an fma of three compile-time constants by
// the prototype's definition, a + b·c (madd(2, 5, 1) gives 7, tests/cpp/fast/simd.test.cpp), so the
// kernels must never pass simd::madd three constants; with values known only at run time the
// operands reach relaxed_madd in order, a·b + c (the same test, run in the relaxed build).
//
// Usage: node scripts/relax-simd.mjs IN.wasm [--output OUT.wasm] [--same-glue A.mjs B.mjs]
//   rewrites IN.wasm (in place without --output); --same-glue first checks that two emscripten JS
//   glue files are the same module (the relaxed build ships only its .wasm, beside the SIMD128 glue).
// As a module: rewriteRelaxedSimd(bytes) → { bytes, rewritten, functions }.
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';

const PROTO_FMA = 0xaf; // f32x4.fma in LLVM 14 / binaryen 108 (the 2021 relaxed-SIMD prototype)
const RELAXED_MADD = 0x105; // f32x4.relaxed_madd in the relaxed-SIMD standard

class Reader {
  constructor(bytes, pos = 0) {
    this.bytes = bytes;
    this.pos = pos;
  }
  byte() {
    if (this.pos >= this.bytes.length) throw new Error('relax-simd: unexpected end of the module');
    return this.bytes[this.pos++];
  }
  // Unsigned or signed LEB128; only the length matters for immediates, so no value over 2^53.
  uleb() {
    let value = 0,
      scale = 1,
      b;
    do {
      b = this.byte();
      value += (b & 0x7f) * scale;
      scale *= 128;
    } while (b & 0x80);
    return value;
  }
  sleb() {
    let b;
    do b = this.byte();
    while (b & 0x80);
  }
  skip(n) {
    this.pos += n;
    if (this.pos > this.bytes.length) throw new Error('relax-simd: unexpected end of the module');
  }
}

// Final SIMD opcodes (after 0xfd) without immediates, besides the memory and lane groups below.
// The gaps in the standard's table (0x9a, 0xa2, 0xa5, 0xa6, 0xaf, 0xb0, …) are where the 2021
// prototype put its relaxed instructions; they are not valid final opcodes.
const SIMD_PLAIN = new Set();
const range = (a, b) => {
  for (let i = a; i <= b; i++) SIMD_PLAIN.add(i);
};
range(0x0e, 0x14); // swizzle, splats
range(0x23, 0x53); // comparisons, v128 logic, bitselect, any_true
range(0x5e, 0x99);
range(0x9b, 0xa1);
[0xa3, 0xa4].forEach((op) => SIMD_PLAIN.add(op));
range(0xa7, 0xae);
SIMD_PLAIN.add(0xb1);
range(0xb5, 0xba);
range(0xbc, 0xc1);
[0xc3, 0xc4].forEach((op) => SIMD_PLAIN.add(op));
range(0xc7, 0xce);
SIMD_PLAIN.add(0xd1);
range(0xd5, 0xe1);
range(0xe3, 0xed);
range(0xef, 0xff);
range(0x100, 0x113); // the final relaxed-SIMD instructions (a second run leaves a module as it is)

function memarg(r) {
  const align = r.uleb();
  if (align & 0x40) r.uleb(); // a memory index (multi-memory)
  r.uleb(); // offset
}

function blocktype(r) {
  const b = r.bytes[r.pos];
  if (b === 0x40 || (b >= 0x6f && b <= 0x7f)) r.pos++;
  else r.sleb(); // a type index (s33)
}

// Decodes one function body's instructions from r.pos to end; calls onFma(pos) with the position of
// each prototype fma's opcode (after the 0xfd prefix), and counts relaxed_madd in seen.madd.
function walkBody(r, end, onFma, seen) {
  while (r.pos < end) {
    const at = r.pos;
    const op = r.byte();
    if (op <= 0x01 || op === 0x05 || op === 0x0b || op === 0x0f || op === 0x19) continue;
    if (op >= 0x02 && op <= 0x04) blocktype(r);
    else if (op === 0x06)
      blocktype(r); // try
    else if (op === 0x07 || op === 0x08 || op === 0x09 || op === 0x18) r.uleb();
    else if (op === 0x0c || op === 0x0d || op === 0x10 || op === 0x12) r.uleb();
    else if (op === 0x0e) {
      const n = r.uleb();
      for (let i = 0; i <= n; i++) r.uleb();
    } else if (op === 0x11 || op === 0x13) {
      r.uleb();
      r.uleb();
    } else if (op === 0x1a || op === 0x1b) continue;
    else if (op === 0x1c) {
      const n = r.uleb();
      r.skip(n);
    } else if (op >= 0x20 && op <= 0x26) r.uleb();
    else if (op >= 0x28 && op <= 0x3e) memarg(r);
    else if (op === 0x3f || op === 0x40) r.uleb();
    else if (op === 0x41 || op === 0x42) r.sleb();
    else if (op === 0x43) r.skip(4);
    else if (op === 0x44) r.skip(8);
    else if (op >= 0x45 && op <= 0xc4) continue;
    else if (op === 0xd0) r.skip(1);
    else if (op === 0xd1) continue;
    else if (op === 0xd2) r.uleb();
    else if (op === 0xfc) misc(r, at);
    else if (op === 0xfd) simd(r, at, onFma, seen);
    else if (op === 0xfe) atomic(r, at);
    else throw unknown(op, at);
  }
  if (r.pos !== end) throw new Error(`relax-simd: a function body overran its size at byte ${end}`);
}

const hex = (n) => `0x${n.toString(16)}`;
const unknown = (op, at, prefix) =>
  new Error(
    `relax-simd: unknown opcode ${prefix === undefined ? '' : `${hex(prefix)} `}${hex(op)} at byte ${at}; ` +
      'teach scripts/relax-simd.mjs this instruction (its immediates) before shipping the build',
  );

function misc(r, at) {
  const op = r.uleb();
  if (op <= 7) return; // saturating truncations
  if (op === 8) {
    r.uleb();
    r.uleb(); // memory.init data, memory
  } else if (op === 9 || op === 13 || (op >= 15 && op <= 17)) r.uleb();
  else if (op === 10 || op === 12 || op === 14) {
    r.uleb();
    r.uleb();
  } else if (op === 11) r.uleb();
  else throw unknown(op, at, 0xfc);
}

function simd(r, at, onFma, seen) {
  const opAt = r.pos;
  const op = r.uleb();
  if (op === RELAXED_MADD) seen.madd++;
  if (op <= 11 || op === 0x5c || op === 0x5d) memarg(r);
  else if (op === 12 || op === 13)
    r.skip(16); // v128.const, i8x16.shuffle
  else if (op >= 0x15 && op <= 0x22)
    r.skip(1); // lane index
  else if (op >= 0x54 && op <= 0x5b) {
    memarg(r);
    r.skip(1); // load/store lane
  } else if (op === PROTO_FMA) {
    if (r.pos - opAt !== 2) throw unknown(op, at, 0xfd); // a non-minimal encoding
    onFma(opAt);
  } else if (!SIMD_PLAIN.has(op)) throw unknown(op, at, 0xfd);
}

function atomic(r, at) {
  const op = r.uleb();
  if (op === 0x03)
    r.skip(1); // atomic.fence 0x00
  else if (op <= 0x02 || (op >= 0x10 && op <= 0x4e)) memarg(r);
  else throw unknown(op, at, 0xfe);
}

/**
 * Rewrites every prototype f32x4.fma of a module into f32x4.relaxed_madd (a copy):
 * { bytes, rewritten, functions, relaxedMadd } (relaxedMadd: those already in the input).
 */
export function rewriteRelaxedSimd(input) {
  const bytes = Uint8Array.from(input);
  const r = new Reader(bytes);
  const magic = [0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00];
  if (!magic.every((b) => r.byte() === b))
    throw new Error('relax-simd: not a WebAssembly 1 module');
  let rewritten = 0,
    functions = 0,
    codeSections = 0;
  const seen = { madd: 0 };
  const madd = [0x80 | (RELAXED_MADD & 0x7f), RELAXED_MADD >> 7];
  while (r.pos < bytes.length) {
    const id = r.byte();
    const size = r.uleb();
    const end = r.pos + size;
    if (id !== 10) {
      r.skip(size);
      continue;
    }
    codeSections++;
    const count = r.uleb();
    for (let f = 0; f < count; f++) {
      const bodySize = r.uleb();
      const bodyEnd = r.pos + bodySize;
      const groups = r.uleb();
      for (let g = 0; g < groups; g++) {
        r.uleb();
        r.skip(1);
      }
      walkBody(
        r,
        bodyEnd,
        (pos) => {
          bytes[pos] = madd[0];
          bytes[pos + 1] = madd[1];
          rewritten++;
        },
        seen,
      );
      functions++;
    }
    if (r.pos !== end) throw new Error('relax-simd: the code section has trailing bytes');
  }
  if (codeSections !== 1) throw new Error(`relax-simd: ${codeSections} code sections, expected 1`);
  return { bytes, rewritten, functions, relaxedMadd: seen.madd };
}

// Two emscripten glue files are the same module when they differ at most in how build.sh's
// build_worker step hid the pthread worker's URL from bundlers.
function sameGlue(a, b) {
  const normal = (file) =>
    fs
      .readFileSync(file, 'utf8')
      .split('new URL("attention-core-threads.worker.js",_scriptDir)')
      .join('new URL("attention-core-threads.worker.js",import.meta.url)');
  return normal(a) === normal(b);
}

function main(argv) {
  const args = [...argv];
  let input, output;
  while (args.length) {
    const arg = args.shift();
    if (arg === '--output') output = args.shift();
    else if (arg === '--same-glue') {
      const [a, b] = args.splice(0, 2);
      if (!sameGlue(a, b)) {
        throw new Error(
          `relax-simd: ${a} and ${b} differ: the relaxed build cannot share the SIMD128 build's JS glue`,
        );
      }
    } else if (input === undefined) input = arg;
    else throw new Error(`relax-simd: unexpected argument ${arg}`);
  }
  if (!input)
    throw new Error('usage: relax-simd.mjs IN.wasm [--output OUT.wasm] [--same-glue A B]');
  const { bytes, rewritten, functions } = rewriteRelaxedSimd(fs.readFileSync(input));
  // A relaxed build with no fused multiply-add is a build that went wrong (the flag was lost).
  if (rewritten === 0) throw new Error(`relax-simd: ${input} has no f32x4.fma to rewrite`);
  fs.writeFileSync(output ?? input, bytes);
  console.log(
    `relax-simd: ${rewritten} f32x4.fma → f32x4.relaxed_madd in ${functions} functions: ${output ?? input}`,
  );
}

if (process.argv[1] && fileURLToPath(import.meta.url) === fs.realpathSync(process.argv[1])) {
  try {
    main(process.argv.slice(2));
  } catch (err) {
    console.error(err.message);
    process.exit(1);
  }
}
