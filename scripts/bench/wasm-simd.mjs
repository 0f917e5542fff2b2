// Does a .wasm module use SIMD? Used only when the API doesn't say (lab.simd missing).
// Reads the code section's local declarations: a function that uses 128-bit SIMD declares v128
// (0x7b) locals in practice (clang/Emscripten with -msimd128), so any v128 local → SIMD on. Also
// checks the type section for v128 parameters/results. Returns true/false, or null if unreadable.
import fs from 'node:fs';

const V128 = 0x7b;

export function wasmUsesSimd(file) {
  let bytes;
  try {
    bytes = fs.readFileSync(file);
  } catch {
    return null;
  }
  if (bytes.length < 8 || bytes.readUInt32LE(0) !== 0x6d736100) return null;
  let pos = 8;
  const leb = () => {
    let result = 0;
    let shift = 0;
    for (;;) {
      const b = bytes[pos++];
      result += (b & 0x7f) * 2 ** shift;
      shift += 7;
      if (!(b & 0x80)) return result;
    }
  };
  try {
    while (pos < bytes.length) {
      const id = bytes[pos++];
      const size = leb();
      const end = pos + size;
      if (id === 1) {
        // type section: func types 0x60 params results
        const n = leb();
        for (let i = 0; i < n; ++i) {
          if (bytes[pos++] !== 0x60) return null;
          for (let k = 0; k < 2; ++k) {
            const m = leb();
            for (let j = 0; j < m; ++j) if (bytes[pos++] === V128) return true;
          }
        }
      } else if (id === 10) {
        const n = leb();
        for (let i = 0; i < n; ++i) {
          const bodySize = leb();
          const bodyEnd = pos + bodySize;
          const groups = leb();
          for (let g = 0; g < groups; ++g) {
            leb(); // count
            if (bytes[pos++] === V128) return true;
          }
          pos = bodyEnd;
        }
        return false;
      }
      pos = end;
    }
  } catch {
    return null;
  }
  return false;
}
