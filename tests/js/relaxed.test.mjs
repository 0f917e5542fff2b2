// The relaxed-SIMD builds (dist/attention-core-relaxed.wasm, dist/attention-core-threads-relaxed.wasm):
// scripts/relax-simd.mjs rewrites only real instructions; the shipped files hold relaxed_madd and no
// prototype fma; the loader picks them exactly when the engine validates relaxed SIMD (plain Node 20:
// never; with --experimental-wasm-relaxed-simd: by default); and they compute the PyTorch fixtures
// within the API suite's tolerance, deterministically, the same bits for 1 and 2 threads.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { rewriteRelaxedSimd } from '../../scripts/relax-simd.mjs';
import { createAttentionLab, AttentionLabError } from '../../dist/index.mjs';

const dist = fileURLToPath(new URL('../../dist/', import.meta.url));
const RELAXED_FLAG = '--experimental-wasm-relaxed-simd';

// () → (): v128.const whose bytes begin fd af 01; drop; i32.const 22525 (LEB128 fd af 01); drop;
// then a real f32x4.fma of three v128.const zeros; drop; end.
function probeModule(fmaOpcode = [0xfd, 0xaf, 0x01]) {
  const zeros = new Array(16).fill(0);
  const body = [
    0x00,
    ...[0xfd, 0x0c, 0xfd, 0xaf, 0x01, ...new Array(13).fill(0), 0x1a],
    ...[0x41, 0xfd, 0xaf, 0x01, 0x1a],
    ...[0xfd, 0x0c, ...zeros, 0xfd, 0x0c, ...zeros, 0xfd, 0x0c, ...zeros],
    ...fmaOpcode,
    0x1a,
    0x0b,
  ];
  return new Uint8Array([
    ...[0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00],
    ...[0x01, 0x04, 0x01, 0x60, 0x00, 0x00],
    ...[0x03, 0x02, 0x01, 0x00],
    ...[0x0a, body.length + 2, 0x01, body.length, ...body],
  ]);
}

test('relax-simd rewrites the instruction, not the same bytes inside immediates', () => {
  const input = probeModule();
  const { bytes, rewritten, relaxedMadd } = rewriteRelaxedSimd(input);
  assert.equal(rewritten, 1);
  assert.equal(relaxedMadd, 0);
  const changed = [...bytes].flatMap((b, i) => (b === input[i] ? [] : [i]));
  assert.equal(changed.length, 2, `changed bytes at ${changed}`);
  assert.deepEqual([...bytes.slice(changed[0] - 1, changed[0] + 2)], [0xfd, 0x85, 0x02]);
  // The immediates still hold fd af 01.
  const text = Buffer.from(bytes).toString('hex');
  assert.equal(text.split('fdaf01').length - 1, 2);
  // Idempotent: a second pass finds the relaxed_madd and nothing to rewrite.
  const again = rewriteRelaxedSimd(bytes);
  assert.equal(again.rewritten, 0);
  assert.equal(again.relaxedMadd, 1);
  // Without the flag Node 20 rejects both encodings; the prototype one is rejected everywhere.
  assert.equal(WebAssembly.validate(input), false);
});

test('relax-simd fails loudly on an opcode it does not know', () => {
  // 0xfd 0xb0 0x01: the prototype f32x4.fms, which the kernels never use.
  assert.throws(
    () => rewriteRelaxedSimd(probeModule([0xfd, 0xb0, 0x01])),
    /unknown opcode 0xfd 0xb0/,
  );
  assert.throws(() => rewriteRelaxedSimd(probeModule([0xff, 0x1a, 0x1a])), /unknown opcode 0xff/);
});

test('the relaxed module validates only with relaxed SIMD; the rewrite is what makes it valid', () => {
  const probe = rewriteRelaxedSimd(probeModule()).bytes;
  const script = `const fs = require('fs');
    console.log(JSON.stringify([WebAssembly.validate(Buffer.from('${Buffer.from(probe).toString('hex')}', 'hex')),
      WebAssembly.validate(Buffer.from('${Buffer.from(probeModule()).toString('hex')}', 'hex'))]));`;
  const run = (flags) =>
    JSON.parse(execFileSync(process.execPath, [...flags, '-e', script], { encoding: 'utf8' }));
  assert.deepEqual(run([]), [false, false]);
  assert.deepEqual(run([RELAXED_FLAG]), [true, false]);
});

for (const [file, relaxedFile] of [
  ['attention-core.wasm', 'attention-core-relaxed.wasm'],
  ['attention-core-threads.wasm', 'attention-core-threads-relaxed.wasm'],
]) {
  test(`${relaxedFile}: relaxed_madd kernels, no prototype fma; ${file}: neither`, () => {
    const relaxed = rewriteRelaxedSimd(fs.readFileSync(dist + relaxedFile));
    assert.equal(relaxed.rewritten, 0, 'a prototype f32x4.fma is left');
    // The micro-kernels: 4×8 in four row variants (1+2+3+4 rows × 2 vectors) and 2×16 (8).
    assert.ok(relaxed.relaxedMadd >= 28, `${relaxed.relaxedMadd} relaxed_madd`);
    const plain = rewriteRelaxedSimd(fs.readFileSync(dist + file));
    assert.deepEqual([plain.rewritten, plain.relaxedMadd], [0, 0]);
    assert.equal(WebAssembly.validate(fs.readFileSync(dist + file)), true);
    assert.equal(WebAssembly.validate(fs.readFileSync(dist + relaxedFile)), false); // plain Node 20
  });
}

test('plain Node: the SIMD128 build; relaxedSimd: true is refused with a reason', async () => {
  const lab = await createAttentionLab();
  assert.equal(lab.relaxedSimd, false);
  assert.equal(lab.simd, true);
  await assert.rejects(
    createAttentionLab({ relaxedSimd: true }),
    (err) => err instanceof AttentionLabError && err.option === 'relaxedSimd',
  );
  await assert.rejects(
    createAttentionLab({ relaxedSimd: 'yes' }),
    (err) => err instanceof AttentionLabError && err.option === 'relaxedSimd',
  );
});

// In a child Node with the flag: which build each option loads, and the numbers.
const CHILD = `
import { createAttentionLab } from './dist/index.mjs';
const auto = await createAttentionLab();
const forced = await createAttentionLab({ relaxedSimd: true });
const simd128 = await createAttentionLab({ relaxedSimd: false });
const threads = await createAttentionLab({ threads: 2 });
const simd128Threads = await createAttentionLab({ threads: 2, relaxedSimd: false });
const shape = { tokens: 96, dIn: 128, dOut: 128, heads: 4, seed: 7, trace: false };
const inputs = new Float32Array(96 * 128).map((_, i) => Math.sin(i * 0.37));
const run = (lab) => lab.forward({ ...shape, inputs }).output.data;
const a = run(auto), b = run(auto), c = run(threads), d = run(simd128), e = run(simd128Threads);
let differ = 0, maxDiff = 0;
for (let i = 0; i < a.length; i++) {
  if (a[i] !== d[i]) differ++;
  maxDiff = Math.max(maxDiff, Math.abs(a[i] - d[i]));
}
const same = (x, y) => x.every((v, i) => Object.is(v, y[i]));
console.log(JSON.stringify({
  relaxed: [auto.relaxedSimd, forced.relaxedSimd, simd128.relaxedSimd, threads.relaxedSimd,
            simd128Threads.relaxedSimd],
  builds: [auto.build, threads.build],
  repeat: same(a, b), threadsSame: same(a, c), simd128ThreadsSame: same(d, e),
  differ, count: a.length, maxDiff,
}));
for (const lab of [threads, simd128Threads]) lab.terminate();
`;

test('with --experimental-wasm-relaxed-simd: the relaxed build by default, deterministic', () => {
  const root = fileURLToPath(new URL('../../', import.meta.url));
  const out = JSON.parse(
    execFileSync(process.execPath, [RELAXED_FLAG, '--input-type=module', '-e', CHILD], {
      cwd: root,
      encoding: 'utf8',
    }),
  );
  assert.deepEqual(out.relaxed, [true, true, false, true, false]);
  assert.deepEqual(out.builds, ['single', 'threads']);
  assert.equal(out.repeat, true, 'the same call twice gives other bits');
  assert.equal(out.threadsSame, true, 'relaxed: 1 and 2 threads differ');
  assert.equal(out.simd128ThreadsSame, true, 'SIMD128: 1 and 2 threads differ');
  // Fused or not, the two builds agree to float32 rounding (docs/API.md gives measured figures).
  assert.ok(out.maxDiff <= 1e-5, JSON.stringify(out));
});

test('with --experimental-wasm-relaxed-simd: the API suite (PyTorch fixtures) passes on the relaxed build', () => {
  const root = fileURLToPath(new URL('../../', import.meta.url));
  // Throws (fails this test) when any test of the suite fails.
  execFileSync(
    process.execPath,
    [RELAXED_FLAG, '--test', '--test-reporter=dot', 'tests/js/api.test.mjs'],
    { cwd: root, encoding: 'utf8', env: { ...process.env, ATTENTION_LAB_EXPECT_RELAXED: '1' } },
  );
});
