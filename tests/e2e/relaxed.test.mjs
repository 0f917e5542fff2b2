// The relaxed-SIMD builds in Chromium (which validates relaxed SIMD by default): the loader picks
// them on a plain and on a cross-origin-isolated page, relaxedSimd: false still gives SIMD128, the
// prototype fma encoding is rejected and the final relaxed_madd accepted, and the two builds agree
// to float32 rounding (bit for bit at the page's teaching sizes).
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT, launch, startServer } from './helpers.mjs';

let browser;
const servers = [];
after(async () => {
  await browser?.close();
  for (const s of servers) await s.stop();
});

// () → v128: three i8x16.splat, then the fused multiply-add under test.
const probe = (fma) => [
  ...[0, 97, 115, 109, 1, 0, 0, 0, 1, 5, 1, 96, 0, 1, 123, 3, 2, 1, 0, 10, 19, 1, 17, 0],
  ...[65, 1, 253, 15, 65, 1, 253, 15, 65, 1, 253, 15, ...fma, 11],
];

async function inChromium(isolation) {
  assert.ok(fs.existsSync(path.join(ROOT, 'dist', 'attention-core-relaxed.wasm')), 'build dist/');
  const server = await startServer({
    args: ['--root', ROOT, ...(isolation ? [] : ['--no-isolation'])],
  });
  servers.push(server);
  browser ??= await launch();
  const page = await browser.newPage();
  await page.goto(`${server.url}examples/browser/index.html`);
  return page.evaluate(
    async ({ madd, proto }) => {
      const { createAttentionLab } = await import('/dist/index.mjs');
      const auto = await createAttentionLab();
      const simd128 = await createAttentionLab({ relaxedSimd: false });
      const big = { tokens: 64, dIn: 96, dOut: 96, heads: 4, seed: 3, trace: false };
      const inputs = new Float32Array(64 * 96).map((_, i) => Math.sin(0.3 * i));
      const a = auto.forward({ ...big, inputs }).output.data;
      const b = simd128.forward({ ...big, inputs }).output.data;
      const lecture = { inputs: new Float32Array(36).map((_, i) => (i % 7) / 7), dIn: 3, dOut: 2 };
      const la = auto.forward({ ...lecture, heads: 2, batch: 2 });
      const lb = simd128.forward({ ...lecture, heads: 2, batch: 2 });
      let maxDiff = 0;
      for (let i = 0; i < a.length; i++) maxDiff = Math.max(maxDiff, Math.abs(a[i] - b[i]));
      return {
        validates: [
          WebAssembly.validate(new Uint8Array(madd)),
          WebAssembly.validate(new Uint8Array(proto)),
        ],
        isolated: globalThis.crossOriginIsolated,
        builds: [auto.build, auto.relaxedSimd, simd128.build, simd128.relaxedSimd],
        maxDiff,
        lectureSame:
          la.output.data.every((v, i) => Object.is(v, lb.output.data[i])) &&
          la.trace.attentionWeights.data.every((v, i) =>
            Object.is(v, lb.trace.attentionWeights.data[i]),
          ),
      };
    },
    { madd: probe([253, 133, 2]), proto: probe([253, 175, 1]) },
  );
}

for (const isolation of [false, true]) {
  test(`Chromium, ${isolation ? 'cross-origin isolated' : 'not isolated'}: the relaxed build by default`, async () => {
    const r = await inChromium(isolation);
    assert.deepEqual(r.validates, [true, false]);
    assert.equal(r.isolated, isolation);
    const build = isolation ? 'threads' : 'single';
    assert.deepEqual(r.builds, [build, true, build, false]);
    assert.ok(r.maxDiff <= 1e-5, `relaxed vs SIMD128: max |diff| ${r.maxDiff}`);
    assert.equal(r.lectureSame, true, "the lecture's trace differs between the builds");
  });
}
