// Precompressed files for scripts/serve.mjs: which encoding a request accepts (Accept-Encoding),
// and the .br or .gz copy beside a file (written by scripts/precompress.mjs) to send in its place,
// with Content-Encoding, as static hosts do.
import fs from 'node:fs';

/** The encodings served, in the order preferred: brotli is smaller than gzip. */
export const ENCODINGS = Object.freeze([
  { name: 'br', suffix: '.br' },
  { name: 'gzip', suffix: '.gz' },
]);

/**
 * The names of ENCODINGS that an Accept-Encoding header accepts (q > 0, by name or through "*"),
 * in the order preferred. A missing header accepts none of them (identity only).
 */
export function acceptedEncodings(header) {
  if (typeof header !== 'string') return [];
  const q = new Map();
  for (const part of header.split(',')) {
    const [token, ...params] = part.trim().toLowerCase().split(';');
    if (!token) continue;
    const weight = params.map((p) => /^\s*q\s*=\s*([0-9.]+)\s*$/.exec(p)).find(Boolean);
    q.set(token, weight ? Number(weight[1]) : 1);
  }
  const accepts = (name) => (q.has(name) ? q.get(name) > 0 : (q.get('*') ?? 0) > 0);
  return ENCODINGS.filter((e) => accepts(e.name)).map((e) => e.name);
}

/**
 * The copy of the file at `real` (a real path inside the root, already checked) in the first of
 * `names` that has one no older than the file: { name, handle, stat }, or null. A copy that is a
 * link, or no regular file, is not taken.
 */
export async function openEncoded(real, fileStat, names) {
  const { O_RDONLY, O_NOFOLLOW = 0, O_NONBLOCK = 0 } = fs.constants;
  for (const name of names) {
    const { suffix } = ENCODINGS.find((e) => e.name === name);
    let handle;
    try {
      handle = await fs.promises.open(real + suffix, O_RDONLY | O_NOFOLLOW | O_NONBLOCK);
    } catch {
      continue;
    }
    const stat = await handle.stat().catch(() => null);
    // Older than the file: left from an earlier build, so not its bytes.
    if (stat?.isFile() && stat.mtimeMs >= fileStat.mtimeMs) return { name, handle, stat };
    await handle.close().catch(() => {});
  }
  return null;
}

/** The files precompress.mjs packs: text, and the .wasm and weights (code and floats shrink too). */
export const COMPRESSIBLE = /\.(html|mjs|js|css|json|svg|txt|wasm|atlm)$/;
