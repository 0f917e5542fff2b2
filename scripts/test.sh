#!/usr/bin/env bash
# The README's test command: set up, build native and WASM, then run every suite: the Catch2 core
# tests natively, under ASan/UBSan and compiled to WASM under Node; the JS API and CLI tests; the
# packed npm tarball in an empty project; the page in headless Chromium; and the embeds (web
# component across origins, iframe, the tarball in Vite and webpack builds, size budgets).
set -uo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh || exit 1
bash scripts/build.sh all || { echo "tests: build failed"; exit 1; }

mkdir -p test-artifacts
passed=0
failed=0
failures=()

# run NAME COMMAND...: runs one suite, adds its own counts to the totals.
run() {
  local name="$1"; shift
  local log="test-artifacts/$name.log"
  echo "== $name: $*"
  "$@" 2>&1 | tee "$log"
  local status=${PIPESTATUS[0]}
  local p f
  # Catch2 ("All tests passed (N assertions in M test cases)" / "Passed all M test cases"),
  # node --test ("# pass N" / "# fail N") and our own "name: N passed, N failed" lines.
  p=$(grep -oE '(^# pass [0-9]+|Passed all [0-9]+ test case|in [0-9]+ test cases|^[a-z-]+: [0-9]+ passed)' "$log" | grep -oE '[0-9]+' | tail -1)
  f=$(grep -oE '(^# fail [0-9]+|^[a-z-]+: [0-9]+ passed, [0-9]+ failed|Failed [0-9]+ test case)' "$log" | grep -oE '[0-9]+' | tail -1)
  if [ "$status" -ne 0 ]; then
    failures+=("$name")
    failed=$((failed + ${f:-1}))
    passed=$((passed + ${p:-0}))
  else
    passed=$((passed + ${p:-0}))
  fi
}

run core-native build/native/attention_tests --reporter compact
run core-asan build/native/attention_tests_asan --reporter compact
run core-wasm node build/wasm/attention_tests.js --reporter compact
if [ -d tests/js ] && ls tests/js/*.test.mjs >/dev/null 2>&1; then
  run js node --test tests/js/
fi
if [ -f tests/pack/run.sh ]; then
  run pack bash tests/pack/run.sh
fi
if [ -d tests/e2e ] && ls tests/e2e/*.test.mjs >/dev/null 2>&1; then
  run e2e node --test --test-concurrency=1 tests/e2e/
fi
if [ -d tests/embed ] && ls tests/embed/*.test.mjs >/dev/null 2>&1; then
  run embed node --test --test-concurrency=1 tests/embed/
fi

echo
if [ ${#failures[@]} -gt 0 ]; then
  echo "failed suites: ${failures[*]}"
fi
echo "tests: $passed passed, $failed failed"
[ ${#failures[@]} -eq 0 ]
