#!/usr/bin/env bash
# Fuzzing (tests/fuzz/README.md): the libFuzzer harness over the C++ core under ASan + UBSan, and the
# seeded JS fuzzer over the public API on both WASM builds.
#
# Usage:
#   scripts/fuzz.sh native [SECONDS]     build build/fuzz/core_fuzz, fuzz the core (default 60 s)
#   scripts/fuzz.sh weights [SECONDS]    build build/fuzz/model_file_fuzz, fuzz the weights-file
#                                        reader and a forward pass of what it accepts (default 60 s)
#   scripts/fuzz.sh api [ARGS...]        node tests/fuzz/api-fuzz.mjs ARGS (default: 2000 calls, both builds)
#   scripts/fuzz.sh soak                 the API's memory soak (100,000 failing + 100,000 good calls)
#   scripts/fuzz.sh weights-api [ARGS]   node tests/fuzz/weights-fuzz.mjs ARGS: damaged weights files
#   scripts/fuzz.sh all [SECONDS]        native and weights for SECONDS each (default 1800), api 20000
#                                        calls, soak, 100,000 damaged weights files, 100,000
#                                        tiny training calls
#   scripts/fuzz.sh build                only build the native harness
#   scripts/fuzz.sh replay FILE...       run the native harness on saved inputs (crash files), verbose
#   scripts/fuzz.sh replay-weights FILE...  the same with the weights harness
#
# Environment: FUZZ_CORE_DIR (default cpp: the core's sources, cpp/attention/**/*.cpp), FUZZ_BUILD_DIR
# (default build/fuzz), FUZZ_CORPUS (a corpus directory kept between runs; default: a fresh copy of
# tests/fuzz/corpus/core per run, except for `all`, which keeps build/fuzz/corpus), FUZZ_JOBS
# (libFuzzer fork jobs, default 1), FUZZ_FORK=0 (stop at the first crash instead of going on).
# Exit status: 0 when nothing was found, 1 when a crash, leak, timeout or API failure was found,
# 2 on a usage or build error.
set -uo pipefail
cd "$(dirname "$0")/.."

# shellcheck source=scripts/compiler-cache.sh
. scripts/compiler-cache.sh
core_dir="${FUZZ_CORE_DIR:-cpp}"
out="${FUZZ_BUILD_DIR:-build/fuzz}"
# How to replay with the same core and build directory (printed with each failing input).
env_prefix=""
[ "$core_dir" = cpp ] || env_prefix+="FUZZ_CORE_DIR=$core_dir "
[ "$out" = build/fuzz ] || env_prefix+="FUZZ_BUILD_DIR=$out "
binary="$out/core_fuzz"
seeds="tests/fuzz/corpus/core"
replay=replay

usage() {
  sed -n '5,17p' "$0" | sed 's/^# \{0,1\}//' >&2
  exit 2
}

# Rebuilds the harness when it is missing or older than a source it is built from. Each source is
# compiled on its own (in parallel: Eigen under the sanitizers is slow to compile) and only when its
# object is older than it, than a header of the core or than this script (the flags); then linked.
build_native() {
  # The core's parts are folders (reference/, fast/, train/, ...); their file names stay unique, so
  # objects are named by file name alone.
  shopt -s globstar
  local harnesses=(tests/fuzz/core_fuzz.cpp tests/fuzz/model_file_fuzz.cpp)
  local sources=("$core_dir"/attention/**/*.cpp "${harnesses[@]}")
  local headers=("$core_dir"/attention/**/*.hpp)
  command -v clang++ >/dev/null || { echo "fuzz: clang++ is missing (apt-get install clang libclang-rt-14-dev)" >&2; return 2; }
  mkdir -p "$out/obj"
  # -fsanitize=fuzzer on every file: the core's branches are what libFuzzer's coverage steers by.
  local flags=(-std=c++17 -g -O1 -fno-omit-frame-pointer -ffp-contract=off -msse4.1
    -DEIGEN_NO_DEBUG -DEIGEN_MPL2_ONLY -I"$core_dir" -isystem /usr/include/eigen3
    -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined)
  local objects=() core_objects=() stale=() src obj dep
  for src in "${sources[@]}"; do
    obj="$out/obj/$(basename "$src" .cpp).o"
    objects+=("$obj")
    case "$src" in tests/fuzz/*) ;; *) core_objects+=("$obj") ;; esac
    if [ ! -f "$obj" ]; then stale+=("$src"); continue; fi
    for dep in "$src" "${headers[@]}" "$0"; do
      if [ "$dep" -nt "$obj" ]; then stale+=("$src"); break; fi
    done
  done
  # An object of a source that no longer exists would be linked in: drop it.
  for obj in "$out"/obj/*.o; do
    [ -e "$obj" ] || continue
    case " ${objects[*]} " in *" $obj "*) ;; *) rm -f "$obj" ;; esac
  done
  local relink=0 harness
  for harness in "${harnesses[@]}"; do
    [ -x "$out/$(basename "$harness" .cpp)" ] || relink=1
    for obj in "${objects[@]}"; do [ "$obj" -nt "$out/$(basename "$harness" .cpp)" ] && relink=1; done
  done
  [ ${#stale[@]} -gt 0 ] || [ "$relink" -eq 1 ] || return 0
  echo "fuzz: building $out/{core_fuzz,model_file_fuzz} from $core_dir (clang++, libFuzzer, ASan, UBSan; ${#stale[@]} of ${#sources[@]} sources to compile)"
  local failed=0 running=0
  for src in "${stale[@]}"; do
    obj="$out/obj/$(basename "$src" .cpp).o"
    # Into a temporary file: an interrupted compile leaves no object newer than its source.
    { $COMPILER_CACHE clang++ "${flags[@]}" -c "$src" -o "$obj.tmp" && mv -f "$obj.tmp" "$obj"; } &
    running=$((running + 1))
    if [ "$running" -ge "$(nproc)" ]; then wait -n || failed=1; running=$((running - 1)); fi
  done
  while [ "$running" -gt 0 ]; do wait -n || failed=1; running=$((running - 1)); done
  [ "$failed" -eq 0 ] || { echo "fuzz: compiling the harness failed" >&2; return 2; }
  for harness in "${harnesses[@]}"; do
    clang++ "${flags[@]}" "${core_objects[@]}" "$out/obj/$(basename "$harness" .cpp).o" -pthread \
      -o "$out/$(basename "$harness" .cpp)" || { echo "fuzz: linking $harness failed" >&2; return 2; }
  done
}

# What one saved input does when replayed: the harness's own "BUG" line, or the sanitizer's report
# line, or for a slow input its slowest step; and the input it was running (the harness prints it
# first in verbose mode, and each step with the time the one before it took).
describe_artifact() {
  local file="$1" log what subject status start seconds slowest
  start=$SECONDS
  # -timeout makes libFuzzer itself report an input still running after 30 s; `timeout` is a backstop.
  log="$(CORE_FUZZ_VERBOSE=1 UBSAN_OPTIONS=print_stacktrace=1 timeout 40 "$binary" -runs=1 -timeout=30 -rss_limit_mb=4096 "$file" 2>&1)"
  status=$?
  seconds=$((SECONDS - start))
  what="$(printf '%s\n' "$log" | grep -m1 -E '^[a-z_]+_fuzz: BUG|runtime error:|ERROR: (AddressSanitizer|LeakSanitizer|libFuzzer: out-of-memory)' |
    sed -E 's/^==[0-9]+==//; s/0x[0-9a-f]+/0x…/g')"
  subject="$(printf '%s\n' "$log" | grep -E '^core_fuzz: input ' | tail -1 | sed -E 's/^core_fuzz: input //')"
  # "step B (after A: 1234 ms)": the slowest step A that finished, else the step that was running.
  slowest="$(printf '%s\n' "$log" | grep -oE '\(after .*: [0-9]+ ms\)$' | sed -E 's/^\(after (.*): ([0-9]+) ms\)$/\2 \1/' |
    sort -n | tail -1 | sed -E 's/^([0-9]+) (.*)$/\2 (\1 ms)/')"
  if [ -z "$what" ]; then
    if [ "$status" -ne 0 ]; then
      local running
      running="$(printf '%s\n' "$log" | grep -E '^core_fuzz: step ' | tail -1 | sed -E 's/^core_fuzz: step ([^(]*) \(.*/\1/')"
      what="timeout: still running after 30 s, in step: ${running:-?}"
    elif [[ "$(basename "$file")" == timeout-* ]]; then
      what="slow: over the run's 10 s limit; ${seconds} s on replay, slowest step: ${slowest:-?}"
    else
      what="(nothing on replay, exit $status: a flaky crash or an out-of-memory)"
    fi
  fi
  printf '%s\t%s\n' "$what" "${subject:-?}"
}

# Groups the run's artifacts by what they report (numbers aside); prints one example, its input and
# its replay command per group. Returns 1 when there is any artifact.
report_artifacts() {
  local dir="$1"
  local files=()
  mapfile -t files < <(find "$dir" -maxdepth 1 -type f \( -name 'crash-*' -o -name 'leak-*' -o -name 'timeout-*' -o -name 'oom-*' \) | sort)
  if [ ${#files[@]} -eq 0 ]; then
    echo "fuzz $label: no crash, leak, timeout or out-of-memory input"
    return 0
  fi
  echo "fuzz $label: ${#files[@]} failing input(s) in $dir"
  local f line what key timeouts=0
  declare -A count example message subject
  # Replaying every file of a long run takes long: describe the first 60, and at most three slow
  # inputs (each takes 30 s to replay).
  for f in "${files[@]:0:60}"; do
    if [[ "$(basename "$f")" == timeout-* ]]; then
      timeouts=$((timeouts + 1))
      if [ "$timeouts" -gt 3 ]; then
        key="timeout (not replayed)"
        count["$key"]=$(( ${count["$key"]:-0} + 1 ))
        [ -n "${example["$key"]:-}" ] || { example["$key"]="$f"; message["$key"]="$key"; subject["$key"]="?"; }
        continue
      fi
    fi
    line="$(describe_artifact "$f")"
    what="${line%%$'\t'*}"
    key="$(printf '%s' "$what" | sed -E 's/[0-9]+/N/g')"
    count["$key"]=$(( ${count["$key"]:-0} + 1 ))
    if [ -z "${example["$key"]:-}" ]; then
      example["$key"]="$f"
      message["$key"]="$what"
      subject["$key"]="${line#*$'\t'}"
    fi
  done
  [ ${#files[@]} -le 60 ] || echo "  (the first 60 replayed)"
  for key in "${!count[@]}"; do
    echo "  [${count[$key]}×] ${message[$key]}"
    echo "      input:  ${subject[$key]}"
    echo "      replay: ${env_prefix}scripts/fuzz.sh $replay ${example[$key]}"
  done
  return 1
}

# run_libfuzzer LABEL SECONDS MAX_LEN: runs $binary on a fresh copy of $seeds (or FUZZ_CORPUS) for
# SECONDS; then replays and groups what it saved. LABEL names the suite line ("fuzz-LABEL: ...").
run_libfuzzer() {
  local label="$1" seconds="$2" max_len="$3"
  build_native || return 2
  local stamp corpus artifacts log
  stamp="$(date -u +%Y%m%dT%H%M%SZ)"
  # The committed seeds, in a fresh directory (so that a short run takes the same time every time),
  # or in FUZZ_CORPUS, where long runs keep what they find for the next one.
  corpus="${FUZZ_CORPUS:-$out/corpus-$label-$stamp}"
  artifacts="$out/artifacts/$label-$stamp/"
  log="$out/$label-$stamp.log"
  mkdir -p "$corpus" "$artifacts"
  cp -n "$seeds"/* "$corpus"/ 2>/dev/null || true
  [ "$label" != weights ] || shipped_seeds "$corpus"
  local options=(-max_len="$max_len" -timeout=10 -rss_limit_mb=4096 -max_total_time="$seconds"
    -print_final_stats=1 -artifact_prefix="$artifacts")
  # Fork mode records a crash and goes on, so one run shows every kind of bug it meets (the known
  # ones would otherwise stop it within seconds).
  if [ "${FUZZ_FORK:-1}" != 0 ]; then
    options+=(-fork="${FUZZ_JOBS:-1}" -ignore_crashes=1 -ignore_timeouts=1 -ignore_ooms=1)
  fi
  echo "fuzz $label: $binary ${options[*]} $corpus (log: $log)"
  "$binary" "${options[@]}" "$corpus" >"$log" 2>&1
  local status=$?
  # Executions: "Done N runs" (one process) or the last "#N:" status line (fork mode).
  local runs
  runs="$(grep -oE '^Done [0-9]+ runs' "$log" | grep -oE '[0-9]+' | tail -1)"
  [ -n "$runs" ] || runs="$(grep -oE '^#[0-9]+' "$log" | tr -d '#' | tail -1)"
  echo "fuzz $label: ${runs:-0} executions in ${seconds} s ($(( ${runs:-0} / (seconds > 0 ? seconds : 1) )) per second), libFuzzer exit $status"
  [ -n "${FUZZ_CORPUS:-}" ] || rm -rf "$corpus"
  report_artifacts "$artifacts"
  local found=$?
  if [ "$found" -eq 0 ] && [ "$status" -ne 0 ]; then
    echo "fuzz $label: libFuzzer exited with $status without saving an input; see $log"
    tail -20 "$log"
    found=1
  fi
  # One line in the form scripts/test.sh counts ("name: N passed, N failed").
  echo "fuzz-$label: $((found == 0 ? 1 : 0)) passed, $((found == 0 ? 0 : 1)) failed"
  return "$found"
}

# The shipped weights file as seeds of the weights harness (its first byte is the harness's mode:
# 0x00 takes the bytes as they are; 0x13 recomputes the CRC-32 and runs two model ids; 0x37 also
# the size field, and runs four GPT-2 ids through the file's vocabulary).
shipped_seeds() {
  local file
  for file in web/weights/*.atlm; do
    [ -f "$file" ] || continue
    { printf '\x00'; cat "$file"; } >"$1/shipped-$(basename "$file" .atlm)-as-is"
    { printf '\x13'; cat "$file"; } >"$1/shipped-$(basename "$file" .atlm)-crc-fixed"
    { printf '\x37'; cat "$file"; } >"$1/shipped-$(basename "$file" .atlm)-gpt2-ids"
  done
}

run_native() {
  binary="$out/core_fuzz" seeds="tests/fuzz/corpus/core" replay=replay
  run_libfuzzer native "${1:-60}" 4096
}

# Inputs up to the shipped file's size and a quarter more, so mutations can also grow it.
run_weights() {
  binary="$out/model_file_fuzz" seeds="tests/fuzz/corpus/weights" replay=replay-weights
  run_libfuzzer weights "${1:-60}" 400000
}

run_api() {
  [ -f dist/index.mjs ] || { echo "fuzz: dist/index.mjs is missing (run: scripts/build.sh wasm && scripts/build.sh dist)" >&2; return 2; }
  if [ $# -eq 0 ]; then set -- --calls 2000 --build both; fi
  mkdir -p "$out"
  node tests/fuzz/api-fuzz.mjs "$@"
}

what="${1:-}"
[ $# -gt 0 ] && shift
case "$what" in
  native) run_native "${1:-60}" ;;
  weights) run_weights "${1:-60}" ;;
  build) build_native ;;
  replay)
    [ $# -gt 0 ] || usage
    build_native || exit 2
    for f in "$@"; do CORE_FUZZ_VERBOSE=1 UBSAN_OPTIONS=print_stacktrace=1 "$binary" -runs=1 "$f"; done
    ;;
  replay-weights)
    [ $# -gt 0 ] || usage
    build_native || exit 2
    for f in "$@"; do UBSAN_OPTIONS=print_stacktrace=1 "$out/model_file_fuzz" -runs=1 "$f"; done
    ;;
  api) run_api "$@" ;;
  weights-api) node tests/fuzz/weights-fuzz.mjs "$@" ;;
  soak) run_api --soak --build both ;;
  all)
    status=0
    FUZZ_CORPUS="${FUZZ_CORPUS:-$out/corpus}" run_native "${1:-1800}" || status=1
    FUZZ_CORPUS="${FUZZ_CORPUS:-$out/corpus-weights}" run_weights "${1:-1800}" || status=1
    run_api --calls 20000 --build both --report "$out/api-fuzz-report.json" || status=1
    run_api --soak --build both || status=1
    node tests/fuzz/weights-fuzz.mjs --calls 100000 --report "$out/weights-fuzz-report.json" || status=1
    node tests/fuzz/train-fuzz.mjs --calls 100000 || status=1
    exit "$status"
    ;;
  *) usage ;;
esac
