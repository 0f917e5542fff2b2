#!/usr/bin/env node
// Writes a brotli (.br) and a gzip (.gz) copy beside each text-like file of a folder (the page's
// scripts, styles, HTML, source maps, the .wasm and the weights): what static hosts serve to a
// browser that accepts them, and what scripts/serve.mjs serves the same way. A copy that would not
// be smaller is not written. Node's own zlib: brotli at its best quality, gzip at level 9.
// Usage: node scripts/precompress.mjs DIR   (scripts/build.sh site runs it on build/site)
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { COMPRESSIBLE, ENCODINGS } from './serve-encoding.mjs';
// Below a packet's size a copy saves nothing.
const MIN_BYTES = 1024;

const COMPRESS = {
  br: (bytes) =>
    zlib.brotliCompressSync(bytes, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    }),
  gzip: (bytes) => zlib.gzipSync(bytes, { level: 9 }),
};

function* files(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(file);
    else if (entry.isFile()) yield file;
  }
}

/** Writes the copies under `dir`; returns { files, bytes, br, gzip } (bytes: the originals'). */
export function precompress(dir) {
  const totals = { files: 0, bytes: 0, br: 0, gzip: 0 };
  for (const file of [...files(dir)]) {
    if (!COMPRESSIBLE.test(file)) continue;
    const bytes = fs.readFileSync(file);
    if (bytes.length < MIN_BYTES) continue;
    totals.files += 1;
    totals.bytes += bytes.length;
    for (const { name, suffix } of ENCODINGS) {
      const packed = COMPRESS[name](bytes);
      if (packed.length >= bytes.length) continue;
      fs.writeFileSync(file + suffix, packed);
      totals[name] += packed.length;
    }
  }
  return totals;
}

if (process.argv[1] === new URL(import.meta.url).pathname) {
  const dir = process.argv[2];
  if (!dir || !fs.statSync(dir, { throwIfNoEntry: false })?.isDirectory()) {
    console.error('usage: node scripts/precompress.mjs DIR');
    process.exit(2);
  }
  precompress(dir);
}
