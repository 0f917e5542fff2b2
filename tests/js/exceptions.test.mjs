// The core's C++ exceptions are WebAssembly's own (try/catch instructions, -fwasm-exceptions), not
// emscripten's JavaScript emulation, whose invoke_* trampolines send every call that may throw out
// to JS and back (thousands per forward pass of tiny heads). An engine without WebAssembly exception
// handling gets a clear error from createAttentionLab, not a CompileError from deep in the glue.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createAttentionLab, train, AttentionLabError } from '../../dist/index.mjs';

const dist = fileURLToPath(new URL('../../dist/', import.meta.url));

// The threaded build keeps the emulation: with -pthread, emscripten 3.1.6's WebAssembly exceptions
// lose the C++ type of a rethrown exception (CMakeLists.txt).
test('attention-core-threads keeps the JS emulation', () => {
  const glue = fs.readFileSync(`${dist}attention-core-threads.mjs`, 'utf8');
  assert.ok(/invoke_\w+/.test(glue));
});

for (const name of ['attention-core', 'attention-train']) {
  test(`${name} throws and catches inside WebAssembly (no invoke_* trampolines)`, () => {
    const glue = fs.readFileSync(`${dist}${name}.mjs`, 'utf8');
    assert.equal(glue.match(/invoke_\w+/g), null, 'the JS glue has invoke_* trampolines');
    const wat = execFileSync('wasm-dis', [`${dist}${name}.wasm`], { maxBuffer: 256 << 20 });
    const tries = wat.toString().split('(try').length - 1;
    assert.ok(tries > 0, 'no try instruction in the module');
  });
}

test('an engine without WebAssembly exception handling gets an AttentionLabError that says so', async () => {
  const validate = WebAssembly.validate;
  // The loader's probe is a module with try … catch_all (opcodes 0x06 0x40 0x19): refuse only that.
  const hasTry = (bytes) => Buffer.from(bytes).includes(Buffer.from([0x06, 0x40, 0x19]));
  WebAssembly.validate = (bytes) => !hasTry(bytes) && validate(bytes);
  try {
    const refused = (error) => {
      assert.ok(error instanceof AttentionLabError);
      assert.equal(error.option, 'exceptions');
      assert.match(error.message, /does not support WebAssembly exception handling \(Chrome 95\+/);
      return true;
    };
    await assert.rejects(createAttentionLab({ threads: 1 }), refused);
    // train() reads its options first, then checks the engine before it loads its module.
    const text = Array.from({ length: 120 }, (_, i) => `The dog saw ball ${i % 9}, and it ran.`);
    const small = { vocabulary: 16, width: 8, heads: 2, context: 16, steps: 4, batch: 4 };
    await assert.rejects(train({ text: text.join(' '), ...small }), refused);
  } finally {
    WebAssembly.validate = validate;
  }
  // The engine that has it loads the lab, whose core errors still arrive as AttentionLabErrors.
  const lab = await createAttentionLab({ threads: 1 });
  const inputs = new Float32Array(6 * 3).fill(0.5);
  const ok = lab.forward({ inputs, tokens: 6, dIn: 3, dOut: 2, trace: false });
  assert.deepEqual(ok.output.shape, [1, 6, 2]);
  assert.throws(
    () => lab.forward({ inputs, tokens: 6, dIn: 3, dOut: 3, heads: 2, trace: false }),
    (error) => error instanceof AttentionLabError && error.option === 'heads',
  );
  lab.terminate();
});
