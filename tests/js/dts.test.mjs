// The hand-written dist/index.d.ts against the runtime: the StageName union must list exactly the
// core's stages (in lecture order), and every export, default and option must be declared.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as api from '../../dist/index.mjs';

const DTS = readFileSync(new URL('../../dist/index.d.ts', import.meta.url), 'utf8');
// Comments out, so that quoted words in the documentation cannot count as declarations.
const CODE = DTS.replace(/\/\*[\s\S]*?\*\//g, '').replace(/\/\/.*$/gm, '');
const lab = await api.createAttentionLab();

/** The string literals of `export type NAME = 'a' | 'b' ...;`. */
function literalUnion(name) {
  const match = CODE.match(new RegExp(`export\\s+type\\s+${name}\\s*=([^;]*);`));
  assert.ok(match, `no 'export type ${name} = ...;' in index.d.ts`);
  const parts = match[1]
    .split('|')
    .map((p) => p.trim())
    .filter(Boolean);
  for (const p of parts) assert.match(p, /^'[^']*'$/, `${name}: '${p}' is not a string literal`);
  return parts.map((p) => p.slice(1, -1));
}

/** The property names of `export interface NAME [extends X] { ... }` (one level deep). */
function interfaceKeys(name) {
  const match = CODE.match(new RegExp(`export\\s+interface\\s+${name}\\b[^{]*\\{([^}]*)\\}`));
  assert.ok(match, `no interface ${name}`);
  return [...match[1].matchAll(/^\s*(?:readonly\s+)?(\w+)\??\s*:/gm)].map((m) => m[1]);
}

test('StageName is exactly the core stage names, in lecture order', () => {
  assert.deepEqual(
    literalUnion('StageName'),
    lab.stages.map((s) => s.name),
  );
});

test('every stage is documented with its shape', () => {
  for (const { name, dims } of lab.stages) {
    const doc = DTS.match(new RegExp(`/\\*\\*([^*]|\\*(?!/))*\\*/\\s*\\|\\s*'${name}'`));
    assert.ok(doc, `no doc comment before '${name}'`);
    const shape = `(${dims.split(',').join(', ')})`;
    // The d.ts writes D for the width that the core's dims call d_out (h·d_out for the wrapper).
    assert.ok(
      doc[0].includes(shape) || doc[0].includes(shape.replace(/d_out/g, 'D')),
      `'${name}' documents ${shape}`,
    );
  }
});

test('the string options list exactly the allowed values', () => {
  assert.deepEqual(literalUnion('ModuleName'), ['mha', 'wrapper', 'causal']);
  assert.deepEqual(literalUnion('MaskingName'), ['neg-inf', 'naive']);
  assert.deepEqual(literalUnion('LayoutName'), ['fused', 'loop']);
  assert.deepEqual(literalUnion('ErrorKind'), [
    'OptionError',
    'InputError',
    'MemoryError',
    'WorkError',
    'NumericalError',
    'Error',
  ]);
  // Each allowed value is accepted at run time, and each union is complete: a value not in it fails.
  for (const module of literalUnion('ModuleName')) {
    lab.createModel({ module, tokens: 2, dIn: 2, heads: 1 }).dispose();
  }
  for (const masking of literalUnion('MaskingName'))
    lab.createModel({ masking, tokens: 2, dIn: 2 }).dispose();
  for (const layout of literalUnion('LayoutName'))
    lab.createModel({ layout, tokens: 2, dIn: 2 }).dispose();
});

test('every runtime export is declared, and nothing else', () => {
  const declared = [
    ...CODE.matchAll(/export\s+(?:declare\s+)?(?:const|function|class)\s+(\w+)/g),
  ].map((m) => m[1]);
  assert.deepEqual(declared.sort(), Object.keys(api).sort());
});

test('ModelOptions declares every option, ResolvedOptions every default', () => {
  const keys = interfaceKeys('ModelOptions');
  assert.deepEqual([...keys].sort(), [...api.OPTION_NAMES].sort());
  assert.ok(interfaceKeys('ForwardOptions').includes('inputs'));
  assert.deepEqual(interfaceKeys('ResolvedOptions').sort(), Object.keys(api.DEFAULTS).sort());
});

test('the declared DEFAULTS are the runtime DEFAULTS', () => {
  const block = CODE.match(/export\s+const\s+DEFAULTS\s*:\s*Readonly<\{([^}]*)\}>/);
  assert.ok(block, 'DEFAULTS declaration');
  const declared = Object.fromEntries(
    [...block[1].matchAll(/(\w+)\s*:\s*([^;]+);/g)].map(([, key, value]) => {
      value = value.trim();
      const parsed =
        value === 'undefined'
          ? undefined
          : value.startsWith("'")
            ? value.slice(1, -1)
            : JSON.parse(value);
      return [key, parsed];
    }),
  );
  assert.deepEqual(declared, { ...api.DEFAULTS });
});

test('documented defaults in ModelOptions agree with DEFAULTS', () => {
  for (const [key, value] of Object.entries(api.DEFAULTS)) {
    if (value === undefined) continue;
    const doc = DTS.match(new RegExp(`/\\*\\*((?:[^*]|\\*(?!/))*)\\*/\\s*${key}\\?:`));
    assert.ok(doc, `no doc comment for ${key}`);
    const shown = typeof value === 'string' ? `'${value}'` : String(value);
    const pattern = new RegExp(`Default ${shown.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?!\\w)`);
    assert.match(doc[1], pattern, `${key}: "Default ${shown}"`);
  }
});
