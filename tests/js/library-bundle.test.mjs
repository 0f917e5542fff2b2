// What a bundler puts in an app that imports the npm package and passes its own token ids or
// inputs: the core's loader and API, not the GPT-2 tokenizer's half a megabyte of tables. The
// tokenizer is imported by its URL when a sentence first needs it (web/lib/tokens.mjs), so no
// bundler carries it, with or without code splitting (esbuild inlines every dynamic import it can
// read when it does not split).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

const APP = `import { createAttentionLab } from 'attention-lab';
const lab = await createAttentionLab({ tokenizer: 'lazy' });
const model = lab.createModel({ dIn: 3, dOut: 2, tokens: 2 });
console.log(model.forward(new Float32Array(6)).output);
`;

/** The files of the package each output of an esbuild bundle of APP holds. */
async function bundledFiles(splitting) {
  const { metafile } = await build({
    stdin: { contents: APP, resolveDir: ROOT, sourcefile: 'app.mjs' },
    bundle: true,
    splitting,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    outdir: path.join(ROOT, 'build', 'library-bundle-test'),
    write: false,
    metafile: true,
    logLevel: 'silent',
  });
  return Object.values(metafile.outputs).map((o) => Object.keys(o.inputs));
}

for (const splitting of [false, true])
  test(`an app bundled by esbuild${splitting ? ' with splitting' : ''} does not carry the tokenizer`, async () => {
    const outputs = await bundledFiles(splitting);
    const files = outputs.flat();
    assert.ok(
      files.some((f) => f.endsWith('dist/index.mjs')),
      'the app is bundled from the package',
    );
    assert.deepEqual(
      files.filter((f) => /tokenizer|gpt-tokenizer/.test(f)),
      [],
      'no tokenizer in any output',
    );
  });
