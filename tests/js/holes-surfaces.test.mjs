// Promises of docs/SECURITY.md on the surfaces around the core, checked in Node: what a shared URL
// can put into a downloaded CSV file, the command line's drawing of every stage whatever the
// sentence's length, the loop-vs-fused lab's refusal of head counts the core cannot hold, a lab
// preset looked up by name, and the element's state after a refused value.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { createAttentionLab } from '../../dist/index.mjs';
import { toCsv, csvField } from '../../web/lib/csv.mjs';
import { cliInProcess } from './cli-in-process.mjs';

/** RFC 4180 records: each an array of { text, quoted } fields. */
function parseCsv(source) {
  const records = [];
  let fields = [];
  let i = 0;
  const endRecord = () => {
    records.push(fields);
    fields = [];
  };
  while (i < source.length) {
    let text = '';
    let quoted = false;
    if (source[i] === '"') {
      quoted = true;
      ++i;
      for (;;) {
        assert.ok(i < source.length, 'a quoted field that never ends');
        if (source[i] === '"') {
          if (source[i + 1] === '"') {
            text += '"';
            i += 2;
            continue;
          }
          ++i;
          break;
        }
        text += source[i++];
      }
    } else {
      while (i < source.length && !',\r\n'.includes(source[i])) {
        assert.notEqual(source[i], '"', `a quote inside an unquoted field, at ${i}`);
        text += source[i++];
      }
    }
    fields.push({ text, quoted });
    if (source[i] === ',') ++i;
    else {
      if (source[i] === '\r') ++i;
      assert.ok(i >= source.length || source[i] === '\n', `a field followed by ${source[i]}`);
      ++i;
      endRecord();
    }
  }
  return records;
}

// What a spreadsheet runs as a formula, unless the cell is a number.
const FORMULA = /^[=+\-@\t\r]/;
const isNumber = (text) => text !== '' && !Number.isNaN(Number(text));

const lab = await createAttentionLab();

const commandLine = cliInProcess();
after(() => commandLine.close());
const cli = (args) => commandLine.run(args);

/** The lines of one stage's block in explain's output, from its ── title to the next one. */
function stageLines(stdout, name) {
  const lines = stdout.split('\n');
  const start = lines.findIndex((l) => new RegExp(`^── \\d+\\. ${name} `).test(l));
  assert.ok(start >= 0, `no ${name} block in:\n${stdout}`);
  const end = lines.findIndex((l, i) => i > start && l.startsWith('── '));
  return lines.slice(start, end < 0 ? undefined : end);
}

const HOSTILE = 'Your journey,=cmd|\' /C calc\'!A0,starts "quoted"\r\n+1\t@SUM(A1)';

function hostileExport() {
  const settings = { sentence: HOSTILE, module: 'mha', heads: 2, dIn: 3, dOut: 2, seed: 123 };
  return {
    what: 'softmax',
    title: 'step 7',
    settings,
    tokens: ['Your', ' journey', ',='],
    tensors: {
      maskedScores: { shape: [1, 1, 2, 2], dims: 'B,h,T,T', data: [0.5, '-Infinity', -0.25, 1] },
    },
    preview: {
      note: 'evaluation mode skips dropout; the dropout step shows this training-mode pass',
      settings: { ...settings, training: true, dropout: 0.5 },
      tensors: { output: { shape: [1, 2, 1], dims: 'B,T,D', data: [-0.125, 3] } },
    },
  };
}

test('CSV downloads: a sentence from a shared URL is one quoted text cell, never a formula', () => {
  const csv = toCsv(hostileExport());
  const records = parseCsv(csv);
  const cells = records.flat();
  for (const cell of cells)
    if (FORMULA.test(cell.text))
      assert.ok(
        isNumber(cell.text) && !cell.quoted,
        `a text cell a spreadsheet runs as a formula: ${JSON.stringify(cell.text)}`,
      );
  // The sentence arrives whole (as JSON, as every setting), in one cell of each settings line,
  // never spread over several.
  const holding = cells.filter((c) => c.text === `sentence=${JSON.stringify(HOSTILE)}`);
  assert.equal(holding.length, 2, 'the settings and the preview settings each hold it once');
  for (const c of holding) assert.ok(c.quoted);
  // Comment lines still start with #, so readers that skip comments skip them.
  const header = records.findIndex(
    (r) => r.map((c) => c.text).join(',') === 'pass,tensor,batch,head,row,column,value',
  );
  assert.ok(header > 0);
  for (const r of records.slice(0, header)) assert.match(r[0].text, /^# /);
  assert.ok(records.slice(0, header).every((r) => !r[0].quoted));
  // Data rows: seven fields, the numbers (−0.25, −∞) unquoted numbers.
  const rows = records.slice(header + 1).map((r) => r.map((c) => c.text));
  assert.deepEqual(rows, [
    ['settings', 'maskedScores', '0', '0', '0', '0', '0.5'],
    ['settings', 'maskedScores', '0', '0', '0', '1', '-Infinity'],
    ['settings', 'maskedScores', '0', '0', '1', '0', '-0.25'],
    ['settings', 'maskedScores', '0', '0', '1', '1', '1'],
    ['training', 'output', '0', '', '0', '0', '-0.125'],
    ['training', 'output', '0', '', '1', '0', '3'],
  ]);
  for (const r of records.slice(header + 1)) assert.ok(r.every((c) => !c.quoted));
});

test('CSV fields: RFC 4180 quoting, text that a spreadsheet would run neutralised, numbers kept', () => {
  for (const [value, field] of [
    ['plain', 'plain'],
    ['a,b', '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    ['=1+1', `"'=1+1"`],
    ["=cmd|' /C calc'!A0", `"'=cmd|' /C calc'!A0"`],
    ['+1', `"'+1"`],
    ['-1', `"'-1"`],
    ['@SUM(A1)', `"'@SUM(A1)"`],
    ['\t=1', `"'\t=1"`],
    ['\r=1', `"'\r=1"`],
    ['', ''],
    [-0.25, '-0.25'],
    [-Infinity, '-Infinity'],
    [3, '3'],
    [0, '0'],
  ])
    assert.equal(csvField(value), field, JSON.stringify(value));
});

// The views before the transpose, (B,T,h,d_h), and the forgotten transpose, (B,T,h,h), hold one
// block per token whose rows are heads: drawn as (B,h,T,·) they took row labels by head, so a
// sentence with fewer tokens than heads crashed the command.
test('attention-lab explain draws every stage of a sentence with fewer tokens than heads', async () => {
  for (const args of [
    ['explain', 'The'],
    ['explain', 'The', '--forgotten-transpose'],
    ['explain', 'hello world', '--d-out', '4', '--heads', '4'],
    ['explain', 'the dog ran', '--d-out', '4', '--heads', '4', '--stage', 'keyView'],
    ['explain', 'The', '--weights', 'trained'],
    ['explain', 'The dog', '--weights', 'trained'],
    ['explain', 'The dog ran', '--weights', 'trained', '--stage', 'valueView'],
  ]) {
    const { code, stdout, stderr } = await cli(args);
    assert.equal(code, 0, `${args.join(' ')}: ${stderr}`);
    assert.equal(stderr, '', args.join(' '));
    assert.doesNotMatch(stdout, /undefined|NaN/, args.join(' '));
  }
});

test('attention-lab explain labels the (B,T,h,·) views by token, their rows by head', async () => {
  const sentence = 'The';
  const embedded = lab.embed(sentence, { dIn: 3, seed: 123 });
  const { trace } = lab.forward({
    inputs: embedded.inputs,
    dIn: 3,
    dOut: 4,
    heads: 2,
    seed: 123,
    trace: true,
    forgottenTranspose: true,
  });
  const args = ['explain', sentence, '--d-out', '4', '--heads', '2', '--forgotten-transpose'];
  const { code, stdout, stderr } = await cli(args);
  assert.equal(code, 0, stderr);
  const format = (v) => v.toFixed(4).replace(/^-0\.0000$/, '0.0000');
  // queryView (1, 1, 2, 2): token 0, rows head 0 and head 1, two columns each.
  const view = stageLines(stdout, 'queryView');
  assert.ok(
    view.some((l) => /^  token 0\b.*The/.test(l)),
    view.join('\n'),
  );
  const q = trace.queryView.data;
  for (const h of [0, 1]) {
    const row = view.find((l) => l.startsWith(`  head ${h} `));
    assert.ok(row, `a row for head ${h}:\n${view.join('\n')}`);
    assert.deepEqual(row.trim().split(/\s+/).slice(2), [format(q[h * 2]), format(q[h * 2 + 1])]);
  }
  // forgottenTranspose (1, 1, 2, 2): the token's heads against its own heads.
  const forgotten = stageLines(stdout, 'forgottenTranspose');
  const f = trace.forgottenTranspose.data;
  for (const h of [0, 1]) {
    const row = forgotten.find((l) => l.startsWith(`  head ${h} `));
    assert.ok(row, `a row for head ${h}:\n${forgotten.join('\n')}`);
    assert.deepEqual(row.trim().split(/\s+/).slice(2), [format(f[h * 2]), format(f[h * 2 + 1])]);
  }
});

// With the trained weights drawn, the random weights' settings wait in the state for the switch
// back: a value the page refuses must be refused then too, or the element's state would report it
// as valid while the page could never draw it.
test('the page state keeps only valid settings, with the trained weights too', async () => {
  const { compute } = await import('../../web/app/compute.mjs');
  const { DEFAULT_SETTINGS } = await import('../../web/app/state/settings.mjs');
  const trained = await lab.loadWeights('trained');
  const base = { ...DEFAULT_SETTINGS, weights: 'trained', sentence: 'the dog ran' };
  assert.equal(compute(lab, base, trained).source, 'trained');
  for (const [patch, option, message] of [
    [{ dOut: 1e308 }, 'dOut', /dOut = 1e\+308/],
    [{ heads: 4, dOut: 6 }, 'heads', /heads = 4 does not divide dOut = 6/],
    [{ dropout: 'lots' }, 'dropout', /dropout = 'lots'/],
    [{ module: 'wrapper', heads: 12, dOut: 768 }, 'dOut', /this page draws at most 768/],
  ])
    assert.throws(
      () => compute(lab, { ...base, ...patch }, trained),
      (err) => err.option === option && message.test(err.message),
      JSON.stringify(patch),
    );
});

// Each head count builds its three forms: a wrapper of h heads in two layouts and h per-head
// modules, about 20 KB of the core's memory per head, all kept for the next run. Eight counts
// near 10,000 asked the threaded build (2 GiB at most) for more than it has, and it aborted.
test('the loop-vs-fused lab refuses head counts whose forms the core cannot hold, up front', async () => {
  const { parseHeads, MAX_TOTAL_HEADS } =
    await import('../../web/app/labs/loop-vs-fused/compute.mjs');
  const issue = parseHeads('10000,9999,9998,9997,9996,9995,9994,9993');
  assert.match(issue.error ?? '', /79,972 heads in all.*at most 20,000/);
  assert.equal(MAX_TOTAL_HEADS, 20000);
  assert.deepEqual(parseHeads('10000, 10000'), { heads: [10000, 10000] });
  assert.match(parseHeads('10000, 10000, 1').error ?? '', /20,001 heads in all/);
  assert.deepEqual(parseHeads('2, 20, 200, 400, 4000'), { heads: [2, 20, 200, 400, 4000] });
  // The budget in memory: 20,000 heads of forms, measured in the core, stay far below 2 GiB.
  const { buildForms } = await import('../../web/app/labs/loop-vs-fused/forms.mjs');
  const before = lab.diagnostics().heapBytesInUse;
  const built = await buildForms(lab, 1000);
  const perHead = (lab.diagnostics().heapBytesInUse - before) / 1000;
  built.dispose();
  assert.ok(perHead * MAX_TOTAL_HEADS < 2 ** 30, `${perHead} bytes per head`);
});
