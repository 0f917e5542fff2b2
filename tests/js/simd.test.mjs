// The kernels really are WebAssembly SIMD128 in the shipped modules: disassemble each .wasm with
// binaryen's wasm-dis (installed with Debian's emscripten) and count the vector instructions the
// micro-kernels (f32x4.mul/add, v128.load32_splat), the softmax (f32x4.pmax) and the vector exp
// (f32x4.nearest, i32x4.shl) compile to.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const dist = fileURLToPath(new URL('../../dist/', import.meta.url));

function count(text, instruction) {
  return text.split(instruction).length - 1;
}

for (const file of ['attention-core.wasm', 'attention-core-threads.wasm']) {
  test(`${file} contains the SIMD128 kernels`, () => {
    const wat = execFileSync('wasm-dis', [dist + file], { maxBuffer: 256 << 20 }).toString();
    const found = Object.fromEntries(
      [
        'f32x4.mul',
        'f32x4.add',
        'v128.load32_splat',
        'f32x4.pmax',
        'f32x4.nearest',
        'i32x4.shl',
      ].map((op) => [op, count(wat, op)]),
    );
    // A 4×8 micro-kernel alone has 8 multiplies and 4 splat loads per step, in 6 row variants.
    assert.ok(found['f32x4.mul'] >= 48, JSON.stringify(found));
    assert.ok(found['f32x4.add'] >= 48, JSON.stringify(found));
    assert.ok(found['v128.load32_splat'] >= 12, JSON.stringify(found));
    assert.ok(found['f32x4.pmax'] >= 1, JSON.stringify(found));
    assert.ok(found['f32x4.nearest'] >= 1 && found['i32x4.shl'] >= 1, JSON.stringify(found));
  });
}
