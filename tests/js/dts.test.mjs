// The hand-written types (dist/index.d.mts, a copy of web/lib/index.d.ts) against the running core,
// read by the TypeScript compiler (typescript, a devDependency), not by regular expressions:
// - a small .ts file generated from the core's option table (OPTIONS), its stages and its DEFAULTS
//   is type-checked against the types: every option is a property of ModelOptions with the right
//   type, every choice is in its union and nothing else is, the declared DEFAULTS are the values;
// - the compiler's view of the declarations: every runtime export is declared, StageName lists the
//   stages in lecture order, each documented with its shape, and each "Default X" in ModelOptions'
//   documentation is the table's default.
// tests/types/usage.ts (npx tsc -p tests/types) checks the API as a user writes it.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import * as api from '../../dist/index.mjs';

const DTS = fileURLToPath(new URL('../../dist/index.d.mts', import.meta.url));
const STRICT = {
  strict: true,
  exactOptionalPropertyTypes: true,
  noEmit: true,
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'],
  types: [],
};
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'attention-lab-dts-'));
after(() => fs.rmSync(work, { recursive: true, force: true }));

/** A program's diagnostics, each as "file:line: message" and the line. */
function diagnostics(program) {
  return ts.getPreEmitDiagnostics(program).map((d) => {
    const message = ts.flattenDiagnosticMessageText(d.messageText, '\n');
    if (!d.file) return message;
    const { line } = d.file.getLineAndCharacterOfPosition(d.start);
    const text = d.file.text.split('\n')[line].trim();
    return `${path.basename(d.file.fileName)}:${line + 1}: ${message}\n    ${text}`;
  });
}

/** tsc on `files` ({ name: source }) written to a temporary directory: the diagnostics. */
function typeCheck(files) {
  const rootNames = Object.entries(files).map(([name, text]) => {
    fs.writeFileSync(path.join(work, name), text);
    return path.join(work, name);
  });
  return diagnostics(ts.createProgram({ rootNames, options: STRICT }));
}

// The compiler's view of the declarations.
const program = ts.createProgram({ rootNames: [DTS], options: STRICT });
const checker = program.getTypeChecker();
const source = program.getSourceFile(DTS);
const exported = new Map(
  checker.getExportsOfModule(checker.getSymbolAtLocation(source)).map((s) => [s.name, s]),
);

/** The declared type of an exported interface or type alias. */
function declaredType(name) {
  const symbol = exported.get(name);
  assert.ok(symbol, `index.d.mts exports no ${name}`);
  return checker.getDeclaredTypeOfSymbol(symbol);
}

/** The string literals of the exported type alias `name` (a union), in source order. */
function literalUnion(name) {
  const alias = exported.get(name)?.declarations?.find(ts.isTypeAliasDeclaration);
  assert.ok(alias, `index.d.mts declares no type ${name}`);
  const members = ts.isUnionTypeNode(alias.type) ? alias.type.types : [alias.type];
  return members.map((member) => {
    assert.ok(
      ts.isLiteralTypeNode(member) && ts.isStringLiteral(member.literal),
      `${name}: ${member.getText(source)} is not a string literal`,
    );
    return { value: member.literal.text, node: member };
  });
}

/** The documentation comment of a property, as the compiler reads it (what editors show). */
function documentation(symbol) {
  return ts.displayPartsToString(symbol.getDocumentationComment(checker));
}

test('dist/index.d.mts type-checks on its own under strict settings', () => {
  const errors = diagnostics(program);
  if (errors.length) assert.fail(`tsc on index.d.mts:\n${errors.join('\n')}`);
});

test('every runtime export is declared as a value, and nothing else', () => {
  const values = [...exported.values()]
    .filter((s) => s.flags & ts.SymbolFlags.Value)
    .map((s) => s.name);
  assert.deepEqual(values.sort(), Object.keys(api).sort());
});

test('the types agree with the core table: options, choices, defaults, stages (tsc on a generated file)', () => {
  const lines = [];
  const union = (values) =>
    values.length ? values.map((v) => JSON.stringify(v)).join(' | ') : 'never';
  const check = (label, condition) => lines.push(`export const ${label}: ${condition} = true;`);
  const literal = (value) => (value === undefined ? 'undefined' : JSON.stringify(value));
  lines.push(
    `import type { DEFAULTS, ModelOptions, OptionInfo, OptionName, ResolvedOptions, StageName } from ${JSON.stringify(DTS)};`,
    'type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;',
    'type Option<K extends keyof ModelOptions> = Exclude<ModelOptions[K], undefined>;',
  );
  const declaredTypes = { integer: 'number', number: 'number', boolean: 'boolean' };
  for (const o of api.OPTIONS) {
    lines.push(
      `// ${o.name}: ${o.type}, default ${literal(o.default)}${o.choices ? `, choices ${o.choices.join(' ')}` : ''}`,
    );
    // Each option is an optional property of ModelOptions, present with its value filled in
    // ResolvedOptions, and of exactly the table's type.
    check(
      `${o.name}_isOptional`,
      `{} extends Pick<ModelOptions, ${JSON.stringify(o.name)}> ? true : false`,
    );
    if (o.type === 'choice') {
      check(
        `${o.name}_isItsChoices`,
        `Equal<Option<${JSON.stringify(o.name)}>, ${union(o.choices)}>`,
      );
      o.choices.forEach((choice, i) =>
        lines.push(
          `export const ${o.name}_choice${i}: Option<${JSON.stringify(o.name)}> = ${literal(choice)};`,
        ),
      );
    } else {
      check(
        `${o.name}_is${declaredTypes[o.type]}`,
        `Equal<Option<${JSON.stringify(o.name)}>, ${declaredTypes[o.type]}>`,
      );
    }
    if (o.optional) continue; // no default: absent from the resolved options when unset
    lines.push(
      `export const ${o.name}_default: Option<${JSON.stringify(o.name)}> = ${literal(o.default)};`,
    );
    lines.push(
      `export const ${o.name}_resolved: ResolvedOptions[${JSON.stringify(o.name)}] = ${literal(o.default)};`,
    );
  }
  lines.push('// The option and stage names, as unions.');
  check('optionInfoNames', `Equal<OptionInfo['name'], ${union(api.OPTIONS.map((o) => o.name))}>`);
  check('optionNames', `Equal<OptionName, ${union(api.OPTION_NAMES)}>`);
  check('modelOptionKeys', `Equal<keyof ModelOptions, ${union(api.OPTION_NAMES)}>`);
  // Every option, the optional ones (dropoutSeed) included, resolved.
  check(
    'resolvedOptionKeys',
    `Equal<keyof ResolvedOptions, ${union(api.OPTIONS.map((o) => o.name))}>`,
  );
  check('stageNames', `Equal<StageName, ${union(api.STAGES.map((s) => s.name))}>`);
  lines.push(
    '// The declared DEFAULTS (literal types) hold exactly the runtime values, no key more or less.',
  );
  const defaults = Object.entries(api.DEFAULTS).map(([k, v]) => `${k}: ${literal(v)}`);
  lines.push(`export const defaults: typeof DEFAULTS = { ${defaults.join(', ')} };`);
  check('defaultKeys', `Equal<keyof typeof DEFAULTS, ${union(Object.keys(api.DEFAULTS))}>`);

  const errors = typeCheck({ 'options.ts': lines.join('\n') + '\n' });
  if (errors.length)
    assert.fail(`index.d.mts disagrees with the core table:\n${errors.join('\n')}`);
});

test('StageName lists the core stages in lecture order, each documented with its shape', () => {
  const members = literalUnion('StageName');
  assert.deepEqual(
    members.map((m) => m.value),
    api.STAGES.map((s) => s.name),
  );
  for (const [i, { value, node }] of members.entries()) {
    // The doc comment between the previous member (or the `=`) and this one.
    const from = i === 0 ? node.parent.pos : members[i - 1].node.end;
    const comments = ts.getLeadingCommentRanges(source.text, from) ?? [];
    const doc = comments
      .map((c) => source.text.slice(c.pos, c.end))
      .find((c) => c.startsWith('/**'));
    assert.ok(doc, `no doc comment before '${value}'`);
    const { dims } = api.STAGES.find((s) => s.name === value);
    const shape = `(${dims.split(',').join(', ')})`;
    // The d.ts writes D for the width that the core's dims call d_out (h·d_out for the wrapper).
    assert.ok(
      doc.includes(shape) || doc.includes(shape.replace(/d_out/g, 'D')),
      `'${value}' documents ${shape}: ${doc}`,
    );
  }
});

test('ModuleName, MaskingName and LayoutName are the choices of module, masking and layout; ErrorKind every kind', () => {
  const choices = Object.fromEntries(
    api.OPTIONS.filter((o) => o.type === 'choice').map((o) => [o.name, o.choices]),
  );
  assert.deepEqual(
    literalUnion('ModuleName').map((m) => m.value),
    choices.module,
  );
  assert.deepEqual(
    literalUnion('MaskingName').map((m) => m.value),
    choices.masking,
  );
  assert.deepEqual(
    literalUnion('LayoutName').map((m) => m.value),
    choices.layout,
  );
  assert.deepEqual(
    literalUnion('ErrorKind').map((m) => m.value),
    ['OptionError', 'InputError', 'MemoryError', 'WorkError', 'NumericalError', 'Error'],
  );
});

test('each "Default X" in the documentation of ModelOptions is the table default', () => {
  const properties = new Map(
    declaredType('ModelOptions')
      .getProperties()
      .map((p) => [p.name, p]),
  );
  for (const o of api.OPTIONS) {
    const property = properties.get(o.name);
    assert.ok(property, `ModelOptions has no ${o.name}`);
    const doc = documentation(property);
    if (o.optional) {
      // dropoutSeed: no default, so the documentation says none.
      assert.match(doc, /Default: none/, `${o.name}: "Default: none …"`);
      continue;
    }
    if (o.inferred) {
      // tokens and dIn: inferred from the inputs, so the documentation must not state a number.
      assert.match(doc, /Default: inferred/, `${o.name}: "Default: inferred …"`);
      assert.doesNotMatch(doc, /Default \S/, `${o.name} is inferred, yet documents a default`);
      continue;
    }
    const stated = [...doc.matchAll(/Default ([^\s.,;)]+)/g)].map((m) => m[1]);
    const shown = typeof o.default === 'string' ? `'${o.default}'` : String(o.default);
    assert.deepEqual(
      stated,
      [shown],
      `${o.name}: the documentation says ${JSON.stringify(doc)}; the table's default is ${shown}`,
    );
  }
});
