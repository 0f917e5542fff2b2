#!/usr/bin/env bash
# Packed-tarball smoke test: `npm pack` the repository (dist/ must be built), install the tarball
# into an empty project, and use it the way a user would: `import ... from 'attention-lab'` and
# `npx attention-lab`. Needs no network (the package has no run-time dependencies).
# Usage: bash tests/pack/run.sh        (after: bash scripts/build.sh wasm && bash scripts/build.sh dist)
set -uo pipefail
cd "$(dirname "$0")/../.."
REPO="$PWD"

passed=0
failed=0
pass() { passed=$((passed + 1)); echo "ok   $1"; }
fail() { failed=$((failed + 1)); echo "FAIL $1"; [ $# -gt 1 ] && printf '%s\n' "$2" | sed 's/^/     /'; }
finish() {
  echo "pack: $passed passed, $failed failed"
  [ "$failed" -eq 0 ]
  exit $?
}

WORK="$(mktemp -d "${TMPDIR:-/tmp}/attention-lab-pack.XXXXXX")"
trap 'rm -rf "$WORK"' EXIT
PACK_DIR="$WORK/pack"
PROJECT="$WORK/project"
mkdir -p "$PACK_DIR" "$PROJECT"
# A throw-away npm cache, so the test neither needs nor changes the user's.
export npm_config_cache="$WORK/npm-cache"
export npm_config_update_notifier=false

# 1. dist/ is built.
missing=""
for f in index.mjs index.d.ts errors.mjs options.mjs tokenizer.mjs cli.mjs attention-core.mjs attention-core.wasm; do
  [ -s "dist/$f" ] || missing="$missing dist/$f"
done
if [ -n "$missing" ]; then
  fail "dist/ is built" "missing or empty:$missing
run: bash scripts/build.sh wasm && bash scripts/build.sh dist"
  finish
fi
pass "dist/ is built"

# 2. npm pack.
if ! out="$(npm pack --pack-destination "$PACK_DIR" --json 2>&1)"; then
  fail "npm pack" "$out"
  finish
fi
TARBALL="$(ls "$PACK_DIR"/*.tgz 2>/dev/null | head -n 1)"
if [ -z "$TARBALL" ]; then
  fail "npm pack wrote a tarball" "$out"
  finish
fi
pass "npm pack ($(basename "$TARBALL"), $(du -k "$TARBALL" | cut -f1) KiB)"

# 3. The tarball holds the package and nothing else.
listing="$(tar -tzf "$TARBALL")"
content_ok=1
for f in package.json dist/index.mjs dist/index.d.ts dist/cli.mjs dist/attention-core.mjs dist/attention-core.wasm dist/tokenizer.mjs dist/errors.mjs dist/options.mjs; do
  grep -qx "package/$f" <<<"$listing" || { fail "tarball contains $f" "$listing"; content_ok=0; }
done
stray="$(grep -Ev '^package/(dist/|package\.json$|README|LICENSE|CHANGELOG)' <<<"$listing" || true)"
if [ -n "$stray" ]; then
  fail "tarball holds only dist/ and package metadata" "$stray"
  content_ok=0
fi
[ "$content_ok" -eq 1 ] && pass "tarball contents ($(wc -l <<<"$listing") files)"

# 4. Install into an empty project.
cd "$PROJECT"
cat >package.json <<'EOF'
{ "name": "attention-lab-pack-smoke", "version": "1.0.0", "private": true, "type": "module" }
EOF
if out="$(npm install "$TARBALL" --no-audit --no-fund --offline 2>&1)"; then
  pass "npm install <tarball>"
else
  fail "npm install <tarball>" "$out"
  finish
fi
if [ -x node_modules/.bin/attention-lab ]; then
  pass "the bin is linked (node_modules/.bin/attention-lab)"
else
  fail "the bin is linked (node_modules/.bin/attention-lab)" "$(ls -la node_modules/.bin 2>&1)"
fi

# 5. The lecture example through `import 'attention-lab'`; it must exit by itself.
cat >lecture.mjs <<'EOF'
import { createAttentionLab, AttentionLabError, PRESETS } from 'attention-lab';

const lab = await createAttentionLab();
const { inputs } = lab.embed(PRESETS[0].sentence, { batch: 2 });
const { output, trace } = lab.forward({ inputs, batch: 2, dIn: 3, dOut: 2, heads: 2, module: 'mha', seed: 123 });
const first = Array.from(output.data.slice(0, 2));
const book = [0.319, 0.4858];
if (output.shape.join() !== '2,6,2') throw new Error(`output shape ${output.shape}`);
if (first.some((v, i) => Math.abs(v - book[i]) > 1e-4)) throw new Error(`first row ${first}, the book has ${book}`);
if (Object.keys(trace).length < 16) throw new Error(`trace has ${Object.keys(trace).length} stages`);
let caught = false;
try {
  lab.forward({ inputs, batch: 2, dIn: 3, dOut: 4, heads: 3 });
} catch (e) {
  caught = e instanceof AttentionLabError && e.option === 'heads';
}
if (!caught) throw new Error('heads 3 / dOut 4 did not throw an AttentionLabError naming heads');
console.log(`first row [${first.map((v) => v.toFixed(4)).join(', ')}]`);
EOF
if out="$(timeout 60 node lecture.mjs 2>&1)"; then
  pass "import 'attention-lab': lecture example, $out"
else
  rc=$?
  [ "$rc" -eq 124 ] && out="timed out after 60 s: the script did not exit by itself (open handles?)
$out"
  fail "import 'attention-lab': lecture example" "$out"
fi

# 6. The CLI through npx.
if out="$(timeout 60 npx --no-install attention-lab explain "hello world" 2>&1)"; then
  if grep -q "attentionWeights (B=1, h=2, T=2, T=2)" <<<"$out" && grep -q "output (B=1, T=2, d_out=2)" <<<"$out"; then
    pass "npx attention-lab explain \"hello world\""
  else
    fail "npx attention-lab explain \"hello world\" prints the stages" "$out"
  fi
else
  fail "npx attention-lab explain \"hello world\" (exit $?)" "$out"
fi

if out="$(timeout 60 npx --no-install attention-lab --version 2>&1)" && [ "$out" = "$(node -p "require('$REPO/package.json').version")" ]; then
  pass "npx attention-lab --version ($out)"
else
  fail "npx attention-lab --version" "$out"
fi

out="$(timeout 60 npx --no-install attention-lab explain "hello world" --heads 3 --d-out 4 2>&1)"
rc=$?
if [ "$rc" -eq 1 ] && grep -q "heads = 3 does not divide dOut = 4" <<<"$out" && ! grep -q "^    at " <<<"$out"; then
  pass "npx attention-lab with a bad option exits 1 with the message"
else
  fail "npx attention-lab with a bad option exits 1 with the message (exit $rc)" "$out"
fi

printf '{"inputs":[0.43,0.15,0.89,0.55,0.87,0.66],"dIn":3,"dOut":2,"heads":2}' >config.json
if out="$(timeout 60 npx --no-install attention-lab forward --config config.json 2>&1)" &&
  node -e 'const r = JSON.parse(process.argv[1]); if (r.output.shape.join() !== "1,2,2" || !r.trace.maskedScores.data.includes("-Infinity")) process.exit(1)' "$out"; then
  pass "npx attention-lab forward --config config.json"
else
  fail "npx attention-lab forward --config config.json" "$out"
fi

cd "$REPO"
finish
