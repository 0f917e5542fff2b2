#!/usr/bin/env node
// Writes web/lib/contract.mjs: the core's description of itself (every option with its type,
// default, range, rule and help; the trace stages; the size limits and the thread pool), read from
// the built WebAssembly core, so that the JS API, the CLI, the page and the element can derive
// their checks, flags and controls from it without loading the core first.
//
// Usage: node scripts/contract.mjs [--check]   (after `bash scripts/build.sh wasm`)
// --check exits 1, naming the difference, when the committed file is not what the core says;
// tests/js/contract.test.mjs does the same in the test command.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const TARGET = path.join(ROOT, 'web', 'lib', 'contract.mjs');

/** The contract as the core reports it: { options, stages, limits }. */
export async function readContract(corePath = path.join(ROOT, 'dist', 'attention-core.mjs')) {
  const { default: factory } = await import(pathToFileURL(corePath).href);
  const core = await factory();
  return { options: core.optionTable(), stages: core.stageList(), limits: core.limits() };
}

/** The text of web/lib/contract.mjs for this contract. */
export function renderContract({ options, stages, limits }) {
  // JSON has no Infinity (maxTraceBytes and maxFlops allow it): written as the JS literal.
  const json = (value) =>
    JSON.stringify(value, (_, v) => (v === Infinity ? '\u0000Infinity' : v), 2).replaceAll(
      '"\\u0000Infinity"',
      'Infinity',
    );
  return `// The core's description of itself, generated from the C++ sources by \`npm run contract\`
// (scripts/contract.mjs): the option table (cpp/attention/api/options.cpp, defaults from Config in
// config.hpp), the trace stages (stages.hpp) and the limits (config.hpp, threads.hpp).
// Do not edit: change the C++ and run \`npm run contract\`; tests/js/contract.test.mjs fails when
// this file and the core disagree.

/** Every option of forward() and createModel() except inputs and weights, in lecture order. */
export const OPTIONS = deepFreeze(${json(options)});

/** Every trace stage, in lecture order, with its dimension names. */
export const STAGES = deepFreeze(${json(stages)});

/** The core's limits: the threaded build's pool size, the largest dimension and tensor. */
export const LIMITS = deepFreeze(${json(limits)});

function deepFreeze(value) {
  if (value && typeof value === 'object') for (const v of Object.values(value)) deepFreeze(v);
  return Object.freeze(value);
}
`;
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const text = renderContract(await readContract());
  if (process.argv.includes('--check')) {
    const current = fs.existsSync(TARGET) ? fs.readFileSync(TARGET, 'utf8') : '';
    if (current !== text) {
      console.error(
        'web/lib/contract.mjs is not what the core says: run `npm run contract` and commit it',
      );
      process.exit(1);
    }
    console.log('web/lib/contract.mjs matches the core');
  } else {
    fs.writeFileSync(TARGET, text);
    console.log(`wrote ${path.relative(ROOT, TARGET)}`);
  }
}
