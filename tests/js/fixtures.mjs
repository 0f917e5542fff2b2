// Loader for the PyTorch golden fixtures in tests/fixtures/*.txt (written by scripts/make_fixtures.py).
// See tests/support/fixture.hpp for the file format; this is the same parser for the JavaScript tests.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const FIXTURE_DIR = fileURLToPath(new URL('../fixtures/', import.meta.url));

function fail(path, line, what) {
  throw new Error(`${path}:${line}: ${what}`);
}

function parseDim(text, path, line) {
  if (!/^\d+$/.test(text)) fail(path, line, `bad dimension '${text}'`);
  return Number(text);
}

function parseTensor(words, valuesLine, path, headerLine) {
  if (words.length < 3) fail(path, headerLine, `expected '${words[0]} <name> <ndim> <dims...>'`);
  const ndim = parseDim(words[2], path, headerLine);
  if (words.length !== 3 + ndim) {
    fail(
      path,
      headerLine,
      `'${words[1]}' declares ${ndim} dimensions but lists ${words.length - 3}`,
    );
  }
  const shape = words.slice(3).map((w) => parseDim(w, path, headerLine));
  const numel = shape.reduce((a, b) => a * b, 1);
  const tokens = valuesLine.trim() === '' ? [] : valuesLine.trim().split(/\s+/);
  if (tokens.length !== numel) {
    fail(path, headerLine + 1, `'${words[1]}' has ${tokens.length} values, shape needs ${numel}`);
  }
  const data = new Float32Array(numel);
  for (let i = 0; i < numel; i++) {
    const v = Number(tokens[i]);
    if (Number.isNaN(v))
      fail(path, headerLine + 1, `bad value '${tokens[i]}' in '${words[1]}' (value #${i})`);
    data[i] = v;
  }
  return { shape, data };
}

const NUMERIC = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

/**
 * Parses one fixture file.
 * @returns {{name: string, options: Object<string, string|number>,
 *            params: Object<string, {shape: number[], data: Float32Array}>,
 *            stages: Object<string, {shape: number[], data: Float32Array}>}}
 * Numeric options are numbers (`dropout` 0.5, `training` 0/1, ...); `module` stays a string.
 */
export function loadFixture(path) {
  const lines = readFileSync(path, 'utf8').split('\n');
  if (lines.length > 1 && lines[lines.length - 1] === '') lines.pop(); // the final newline
  const result = { name: '', options: {}, params: {}, stages: {} };
  let ended = false;
  for (let i = 0; i < lines.length; i++) {
    const lineNo = i + 1;
    const line = lines[i].replace(/\r$/, '');
    if (line === '' || line.startsWith('#')) continue;
    if (ended) fail(path, lineNo, "content after 'end'");
    const words = line.trim().split(/\s+/);
    if (words.length === 1 && words[0] === '') continue;
    const kind = words[0];
    if (kind === 'case') {
      if (words.length !== 2) fail(path, lineNo, "expected 'case <name>'");
      if (result.name !== '') fail(path, lineNo, "second 'case' line");
      result.name = words[1];
    } else if (kind === 'option') {
      if (words.length !== 3) fail(path, lineNo, "expected 'option <key> <value>'");
      if (Object.hasOwn(result.options, words[1]))
        fail(path, lineNo, `duplicate option '${words[1]}'`);
      result.options[words[1]] = NUMERIC.test(words[2]) ? Number(words[2]) : words[2];
    } else if (kind === 'param' || kind === 'tensor') {
      if (i + 1 >= lines.length) fail(path, lineNo, `missing values line for '${line}'`);
      if (words.length < 2) fail(path, lineNo, `expected '${kind} <name> <ndim> <dims...>'`);
      const values = lines[++i].replace(/\r$/, '');
      const target = kind === 'param' ? result.params : result.stages;
      if (Object.hasOwn(target, words[1])) fail(path, lineNo, `duplicate ${kind} '${words[1]}'`);
      target[words[1]] = parseTensor(words, values, path, lineNo);
    } else if (kind === 'end') {
      if (words.length !== 1) fail(path, lineNo, "expected 'end'");
      ended = true;
    } else {
      fail(path, lineNo, `unknown record '${kind}'`);
    }
  }
  if (result.name === '') fail(path, lines.length, "no 'case' line");
  if (!ended) fail(path, lines.length, "missing 'end' (truncated file?)");
  return result;
}

/** Sorted paths of the *.txt fixtures in `dir` (default: <repo>/tests/fixtures). */
export function listFixtures(dir = FIXTURE_DIR) {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.txt') && !f.startsWith('.'))
    .sort()
    .map((f) => join(dir, f));
}
