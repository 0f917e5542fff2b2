// What a page can tell about the machine and the engine: no CPU model (browsers do not expose
// it; the Node run adds it from os.cpus()), but the logical core count, cross-origin isolation
// (threads need it) and which WebAssembly SIMD the engine validates (the loader's own checks).
import { blobWorkersAllowed, hasRelaxedSimd, hasSimd } from '../lib/features.mjs';

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
    sharedArrayBuffer: typeof SharedArrayBuffer === 'function',
    simd128: hasSimd(),
    relaxedSimd: hasRelaxedSimd(),
  };
}

/**
 * Why this page cannot run WebAssembly threads, or '' when it can. Isolation alone does not say:
 * an engine may lack SharedArrayBuffer on an isolated page (WebKitGTK), and a Content-Security-
 * Policy may forbid the workers the threaded build starts from blob: URLs.
 */
export async function whyNoThreads(env) {
  if (!env.crossOriginIsolated)
    return 'This page is not cross-origin isolated (no COOP/COEP headers), so WebAssembly threads are off: 1-thread rows only.';
  if (!env.sharedArrayBuffer)
    return 'This browser has no SharedArrayBuffer although the page is cross-origin isolated, so WebAssembly threads are off: 1-thread rows only.';
  if (!(await blobWorkersAllowed()))
    return "This page's Content-Security-Policy does not allow workers from blob: URLs (worker-src blob:), which the threaded builds start, so WebAssembly threads are off: 1-thread rows only.";
  return '';
}
