// The check every part of the German catalogue passes (de-labs.mjs, de-exercises.mjs): for each
// lab or exercise, the German keys under its prefix are exactly its English ones (index.mjs's
// title and summary or idea, and its words.mjs), with the same {values} in each text.
import assert from 'node:assert/strict';

const placeholders = (text) => [...String(text).matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

/** The English words of one lab or exercise: its metadata and its words.mjs. */
export async function englishWords(spec, metaKeys) {
  const modules = await Promise.all(spec.load());
  const words = modules[2]?.default;
  assert.ok(words && typeof words === 'object', `${spec.slug}: load() imports no words.mjs`);
  const meta = Object.fromEntries(
    metaKeys.filter((key) => typeof spec[key] === 'string').map((key) => [key, spec[key]]),
  );
  return { ...meta, ...words };
}

/** Asserts that `german` has every key of each spec's English words under `kind.<slug>.`, and no other. */
export async function checkPart(kind, specs, german, metaKeys) {
  const expected = new Set();
  for (const spec of specs) {
    const english = await englishWords(spec, metaKeys);
    for (const [key, text] of Object.entries(english)) {
      const name = `${kind}.${spec.slug}.${key}`;
      expected.add(name);
      assert.equal(typeof german[name], 'string', `${name} is missing in German`);
      assert.ok(german[name].trim(), `${name} is empty`);
      assert.deepEqual(placeholders(german[name]), placeholders(text), `${name}: {values}`);
    }
  }
  const extra = Object.keys(german).filter(
    (key) => key.startsWith(`${kind}.`) && !expected.has(key),
  );
  assert.deepEqual(extra, [], 'German keys that no English word has');
}
