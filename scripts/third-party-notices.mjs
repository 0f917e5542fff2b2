#!/usr/bin/env node
// Writes the package's THIRD_PARTY_NOTICES.md: the licence of every npm package that esbuild
// bundled into dist/ (read from the bundles' metafiles, so a new bundled dependency cannot ship
// without its notice), copied from the package's own licence file, and the notices of the code
// compiled into the WebAssembly core.
// Usage: node scripts/third-party-notices.mjs OUT.md METAFILE.json...
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const [out, ...metafiles] = process.argv.slice(2);
if (!out || metafiles.length === 0) {
  console.error('usage: node scripts/third-party-notices.mjs OUT.md METAFILE.json...');
  process.exit(2);
}

// node_modules/<name>/… or node_modules/@scope/<name>/… → the package's name.
function packageOf(input) {
  const match = /(?:^|\/)node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(input);
  return match?.[1];
}

// Each bundled package → the bundles (dist/ files) that hold it.
const bundled = new Map();
for (const file of metafiles) {
  const { outputs } = JSON.parse(fs.readFileSync(file, 'utf8'));
  for (const [output, { inputs }] of Object.entries(outputs)) {
    for (const input of Object.keys(inputs)) {
      const name = packageOf(input);
      if (!name) continue;
      if (!bundled.has(name)) bundled.set(name, new Set());
      bundled.get(name).add(output);
    }
  }
}

function licenceText(name) {
  const dir = path.join(root, 'node_modules', name);
  const file = fs.readdirSync(dir).find((f) => /^(licen[cs]e|copying)(\.(md|txt))?$/i.test(f));
  if (!file) throw new Error(`${name} is bundled into dist/ but has no licence file to copy`);
  return fs.readFileSync(path.join(dir, file), 'utf8').trim();
}

const sections = [...bundled.keys()].sort().map((name) => {
  const pkg = JSON.parse(fs.readFileSync(path.join(root, 'node_modules', name, 'package.json')));
  const source = typeof pkg.repository === 'string' ? pkg.repository : pkg.repository?.url;
  return [
    `## ${name} ${pkg.version} (${pkg.license})`,
    '',
    `Bundled into ${[...bundled.get(name)].join(', ')}.${source ? ` Source: ${source.replace(/^git\+/, '')}` : ''}`,
    '',
    '```text',
    licenceText(name),
    '```',
  ].join('\n');
});

const text = `# Third-party notices

attention-lab is MIT-licensed (LICENSE). These parts of the package come from other projects.

${sections.join('\n\n')}

## Compiled into the WebAssembly core (dist/*.wasm) and its JavaScript glue

- Eigen 3.4 (Mozilla Public License 2.0), the matrix library of the C++ core. Its source:
  https://gitlab.com/libeigen/eigen; the licence: https://www.mozilla.org/MPL/2.0/
- Emscripten 3.1.6's runtime (MIT licence, or the University of Illinois/NCSA Open Source
  Licence), the glue in dist/attention-core*.mjs and dist/attention-train.mjs and the C/C++ runtime
  libraries linked into the .wasm files. Source and licence:
  https://github.com/emscripten-core/emscripten/blob/3.1.6/LICENSE
`;
fs.writeFileSync(out, text);
