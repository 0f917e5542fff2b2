// docs/SECURITY.md names, for each promise, the tests that keep it. A renamed or deleted test
// would leave a promise with nothing behind it while the page still claims it is kept: this
// checks that every test the table names exists, in the file the table says.
import test from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const doc = fs.readFileSync(path.join(root, 'docs/SECURITY.md'), 'utf8');

/** The rows of the promise table: "| promise | kept by (file: test) |". */
function promiseRows() {
  const table = doc.slice(doc.indexOf('| promise | kept by'));
  const rows = [];
  for (const line of table.split('\n').slice(2)) {
    if (!line.startsWith('| ')) break;
    rows.push(line);
  }
  return rows;
}

/** [{ file, name }] of one "kept by" cell: `file`: "name", "name"; `file2`: "name" … */
function namedTests(cell) {
  return cell.split(/;\s*(?=`tests\/)/).flatMap((part) => {
    const file = part.match(/^`([^`]+)`/)?.[1];
    // Names may quote text themselves ("13. smaller: prototype keys, "__proto__" weights, …"):
    // a name ends at the quote followed by a comma, a semicolon, a parenthesis or the cell's end.
    const names = [...part.matchAll(/"(.+?)"(?=\s*(?:,|;|\(|$))/g)].map((m) => m[1]);
    return names.map((name) => ({ file, name: name.replace(/\\\|/g, '|') }));
  });
}

/** Whether the test file holds the name, literally or, for a name built in the source, by its pieces. */
function holds(file, name) {
  const source = path.join(root, file);
  if (!fs.existsSync(source)) return false;
  const text = fs.readFileSync(source, 'utf8');
  if (text.includes(name)) return true;
  // Parameterised names ("the snippet reproduces the API: " + a case, "… fuzzed API calls on the
  // ${build} build: …"): a literal piece of 20 characters or more between the joints will do.
  return name
    .split(/…|: /)
    .map((piece) => piece.trim())
    .some((piece) => piece.length >= 20 && text.includes(piece));
}

test('docs/SECURITY.md names a test file for every promise in its table', () => {
  const rows = promiseRows();
  assert.ok(rows.length >= 20, `the promise table has only ${rows.length} rows`);
  for (const row of rows)
    assert.match(row, /\| `tests\/[^`]+`/, `a promise without a test: ${row.slice(0, 80)}`);
  assert.doesNotMatch(doc, /to fill/i, 'a row still waits for its test');
});

test('every test docs/SECURITY.md names exists in the file it names', () => {
  const named = promiseRows().flatMap((row) =>
    namedTests(row.split(' | ').at(-1).replace(/ \|$/, '')),
  );
  assert.ok(
    named.length >= 30,
    `only ${named.length} named tests: has the table's format changed?`,
  );
  const missing = named.filter(({ file, name }) => !holds(file, name));
  assert.deepEqual(
    missing.map(({ file, name }) => `${file}: ${name}`),
    [],
    'tests named in docs/SECURITY.md but not found',
  );
});
