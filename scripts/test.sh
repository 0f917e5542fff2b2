#!/usr/bin/env bash
# The README's test command (`npm test`): set up, check the formatting, build native and WASM, then
# run every suite. Each suite passes or fails by its runner's exit code (ctest, node --test, tsc,
# npm run), never by reading its output; a suite whose tests are missing or moved fails. Every suite
# runs even when an earlier one failed (only a failed build stops the run: the suites would test
# stale files). The output of each suite is in test-artifacts/<suite>.log, and is printed whole
# when the suite ends; the summary lists every suite in the order below with its time.
#
# The suites run in two lanes at once, so that a 2-core machine keeps both cores busy: lane A has
# the Chromium suites (e2e, two of its files at a time, then embed) and the weights fuzzer, which
# evens the two lanes' times out; lane B runs all the others one after another. A page test mostly waits for its page (a file keeps about half a core busy), so
# two of them leave room for lane B's suites, most of which keep one core busy (Node, ctest,
# fixed-time fuzzing). TEST_LANES=1 runs every suite in one lane, in the order below (to rule out
# the other lane when a suite misbehaves).
#
#   format       clang-format (cpp/, tests/) and Prettier (web/, scripts/, tests/, examples/):
#                npm run format:check; `npm run format` fixes what it reports
#   core-native  ctest in build/native: the Catch2 suite natively, and under ASan + UBSan
#   core-wasm    ctest in build/wasm: the same suite as WebAssembly under Node, under ASan, and
#                in the relaxed-SIMD build (fused multiply-add; node --experimental-wasm-relaxed-simd)
#   types        tsc on tests/types/usage.ts: the whole API as a TypeScript user writes it
#   js           node --test tests/js: the JS API, the CLI, the contract, the .d.ts against the core
#   pack         node --test tests/pack: the npm tarball in empty projects: Node, npx, tsc, Vite,
#                webpack
#   e2e          node --test tests/e2e: the page in headless Chromium, and the bench page's smoke run
#   e2e-firefox  the page's main checks (tests/e2e/engines/, also run in Chromium by e2e) in Firefox
#                ESR over WebDriver BiDi: every step, URL state, keyboard, fallback, the element and the
#                iframe, the build it picks, Node's exact bits
#   e2e-webkit   the same in WebKitGTK's MiniBrowser (Safari's engine) under Xvfb; a missing browser
#                fails these two suites, naming the package (scripts/setup.sh installs them)
#   embed        node --test tests/embed: the element across origins, the iframe, size budgets
#   fuzz-api     node --test tests/fuzz: 2,000 seeded calls of the API fuzzer per build, with a
#                watchdog and a bit check after every error (npm run fuzz: the long runs)
#   fuzz-native  libFuzzer on the core's validation and small forwards, ASan + UBSan, 60 s
#   fuzz-weights libFuzzer on the weights-file reader and a forward pass of each file it accepts,
#                ASan + UBSan, 45 s
set -uo pipefail
cd "$(dirname "$0")/.."
export npm_config_update_notifier=false

bash scripts/setup.sh || { echo "tests: setup failed"; exit 1; }
mkdir -p test-artifacts
# One file per finished suite or step: "STATUS SECONDS" (written by the lanes, read by the summary).
results="$(mktemp -d)"
trap 'rm -rf "$results"' EXIT

# The suites in the summary's order; lane A's; lane B runs every other, in this order.
SUITES=(core-native core-wasm types js pack e2e e2e-firefox e2e-webkit embed fuzz-api fuzz-native fuzz-weights)
LANE_A=(e2e embed fuzz-weights)
LANE_B=()
for name in "${SUITES[@]}"; do [[ " ${LANE_A[*]} " == *" $name "* ]] || LANE_B+=("$name"); done

# suite NAME COMMAND...: runs COMMAND with its output in test-artifacts/NAME.log; when it ends,
# prints that output under the suite's name (one suite at a time: the lanes share the terminal)
# and records "STATUS SECONDS". The suite passes when COMMAND exits 0.
suite() {
  local name="$1" start
  start="$(date +%s)"
  shift
  echo "== $name: started ($*)"
  "$@" >"test-artifacts/$name.log" 2>&1
  local status=$?
  local seconds=$(($(date +%s) - start))
  echo "$status $seconds" >"$results/$name"
  {
    flock 9
    echo
    echo "== $name: $*"
    cat "test-artifacts/$name.log"
    if [ "$status" -eq 0 ]; then echo "== $name: ok ($seconds s)"; else echo "== $name: FAIL ($seconds s)"; fi
  } 9>"$results/.terminal"
}

# node_tests DIR [node --test options...]: every DIR/*.test.mjs in one node --test run; none is a
# failure (the suite was moved or deleted), not a silent pass.
node_tests() {
  local dir="$1"
  shift
  local files=("$dir"/*.test.mjs)
  if [ ! -e "${files[0]}" ]; then
    echo "tests: no $dir/*.test.mjs: the suite is missing (moved? then update scripts/test.sh)"
    return 1
  fi
  node --test --test-reporter=spec "$@" "${files[@]}"
}

# ctest_suite BUILD_DIR TEST...: ctest in BUILD_DIR, after checking that each TEST is registered
# (add_test in CMakeLists.txt), so that a test dropped from the build fails here.
ctest_suite() {
  local dir="$1"
  shift
  local registered
  registered="$(ctest --test-dir "$dir" --show-only=json-v1 2>/dev/null |
    node -e 'let s = ""; process.stdin.on("data", (d) => (s += d)).on("end", () => {
      try { console.log(JSON.parse(s).tests.map((t) => t.name).join(" ")); } catch {} })')"
  local name missing=()
  for name in "$@"; do
    [[ " $registered " == *" $name "* ]] || missing+=("$name")
  done
  if [ ${#missing[@]} -gt 0 ]; then
    echo "tests: $dir has no add_test for ${missing[*]} (registered: ${registered:-none})"
    return 1
  fi
  ctest --test-dir "$dir" --output-on-failure --no-tests=error
}

# run NAME: the suite NAME with its command.
run() {
  case "$1" in
    core-native) suite core-native ctest_suite build/native core_native core_native_asan ;;
    core-wasm) suite core-wasm ctest_suite build/wasm core_wasm core_wasm_asan core_wasm_relaxed ;;
    types) suite types npx --no-install tsc -p tests/types ;;
    js) suite js node_tests tests/js ;;
    pack) suite pack node_tests tests/pack --test-concurrency=1 ;;
    e2e) suite e2e node_tests tests/e2e --test-concurrency=2 ;;
    e2e-firefox) suite e2e-firefox node --test --test-reporter=spec tests/e2e/engines/firefox.test.mjs ;;
    e2e-webkit) suite e2e-webkit node --test --test-reporter=spec tests/e2e/engines/webkit.test.mjs ;;
    embed) suite embed node_tests tests/embed --test-concurrency=1 ;;
    fuzz-api) suite fuzz-api node_tests tests/fuzz --test-concurrency=1 ;;
    fuzz-native) suite fuzz-native bash scripts/fuzz.sh native 60 ;;
    fuzz-weights) suite fuzz-weights bash scripts/fuzz.sh weights 45 ;;
    *) echo "tests: no suite $1" >&2 ;;
  esac
}

# lane NAME...: the suites one after another.
lane() {
  local name
  for name in "$@"; do run "$name"; done
}

# descendants PID: the processes PID started, theirs, and so on.
descendants() {
  local child
  for child in $(cat /proc/"$1"/task/*/children 2>/dev/null); do
    echo "$child"
    descendants "$child"
  done
}
# Ctrl-C or a kill stops lane A too: a background lane would otherwise go on alone.
lane_a=""
stop_lane_a() {
  [ -n "$lane_a" ] || return 0
  local pids
  pids="$(descendants "$lane_a")"
  kill -TERM "$lane_a" $pids 2>/dev/null
}
trap 'stop_lane_a; exit 130' INT TERM

# Formatting first: it takes seconds, and a failure here does not stop the other suites.
suite format npm run -s format:check

start="$(date +%s)"
echo
echo "== build: bash scripts/build.sh all"
bash scripts/build.sh all 2>&1 | tee test-artifacts/build.log
build_status=${PIPESTATUS[0]}
echo "$build_status $(($(date +%s) - start))" >"$results/build"

if [ "$build_status" -eq 0 ]; then
  if [ "${TEST_LANES:-2}" = 1 ]; then
    lane "${SUITES[@]}"
  else
    lane "${LANE_A[@]}" &
    lane_a=$!
    lane "${LANE_B[@]}"
    wait "$lane_a"
    lane_a=""
  fi
else
  echo "tests: the build failed, so the suites after it did not run"
fi

echo
echo "== summary (each suite's output is in test-artifacts/<suite>.log)"
failed=()   # the suites and steps that failed
passed=0    # suites that passed
failures=0  # suites that failed or did not run (the closing line counts suites, not steps)
for name in format build "${SUITES[@]}"; do
  result="not run" seconds=0
  if [ -f "$results/$name" ]; then
    read -r status seconds <"$results/$name"
    if [ "$status" -eq 0 ]; then result=ok; else result=FAIL; fi
  fi
  printf '  %-12s %-8s %5d s\n' "$name" "$result" "$seconds"
  [ "$result" = ok ] || failed+=("$name")
  [ "$name" = build ] && continue  # a step, not a suite
  if [ "$result" = ok ]; then passed=$((passed + 1)); else failures=$((failures + 1)); fi
done
if [ ${#failed[@]} -gt 0 ]; then
  echo "failed: ${failed[*]}"
  [[ " ${failed[*]} " == *" format "* ]] && echo "format: to fix it, run: npm run format"
fi
echo "suites: $passed passed, $failures failed"
[ ${#failed[@]} -eq 0 ]
