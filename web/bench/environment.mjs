// What a page can tell about the machine and the engine: no CPU model (browsers do not expose
// it; the Node run adds it from os.cpus()), but the logical core count, cross-origin isolation
// (threads need it) and which WebAssembly SIMD the engine validates.

// One f32x4 operation each, as wasm-feature-detect checks: SIMD128 (i8x16.splat, i32x4.add on v128)
// and relaxed SIMD's f32x4.relaxed_madd (0xfd 0x85 0x02) on three splat vectors, the instruction the
// relaxed build of attention-lab uses.
const SIMD_PROBE = new Uint8Array([
  0, 97, 115, 109, 1, 0, 0, 0, 1, 5, 1, 96, 0, 1, 123, 3, 2, 1, 0, 10, 10, 1, 8, 0, 65, 0, 253, 15,
  253, 98, 11,
]);
const RELAXED_SIMD_PROBE = new Uint8Array([
  0, 97, 115, 109, 1, 0, 0, 0, 1, 5, 1, 96, 0, 1, 123, 3, 2, 1, 0, 10, 19, 1, 17, 0, 65, 1, 253, 15,
  65, 1, 253, 15, 65, 1, 253, 15, 253, 133, 2, 11,
]);

function validates(bytes) {
  try {
    return WebAssembly.validate(bytes);
  } catch {
    return false;
  }
}

/** The browser's name and version, from User-Agent Client Hints where there are any. */
function browserName() {
  const brands = navigator.userAgentData?.brands ?? [];
  const brand = brands.find((b) => !/not.a.brand/i.test(b.brand) && b.brand !== 'Chromium');
  const chromium = brands.find((b) => b.brand === 'Chromium');
  const pick = brand ?? chromium;
  if (pick) return `${pick.brand} ${pick.version}`;
  const m = navigator.userAgent.match(/(Firefox|Edg|Chrome|Chromium|Version)\/([\d.]+)/);
  return m ? `${m[1] === 'Version' ? 'Safari' : m[1]} ${m[2]}` : 'unknown browser';
}

export function environment() {
  return {
    browser: browserName(),
    userAgent: navigator.userAgent,
    hardwareConcurrency: navigator.hardwareConcurrency ?? null,
    crossOriginIsolated: globalThis.crossOriginIsolated === true,
    simd128: validates(SIMD_PROBE),
    relaxedSimd: validates(RELAXED_SIMD_PROBE),
  };
}
