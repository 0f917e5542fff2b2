#!/usr/bin/env bash
# The size sweep behind the shipped model's d = 64, h = 4 (docs/TRAINING.md, "Why these sizes"):
# trains each d:h below with scripts/train.sh and otherwise the defaults (the same corpus, steps,
# seed and learning rate), and prints one Markdown row per size: parameters, file size, held-out
# loss as stored (int8 rows) and in float32, and each head's strongest role with its lift over
# the random-weight model. Logs and files in build/sweep/.
# Usage: scripts/train-sweep.sh [steps (default 3000)] [threads (default 1)] [d:h ...]
#        (default sizes: 32:4 64:2 64:8 128:4 64:4)
set -euo pipefail
cd "$(dirname "$0")/.."
steps=${1:-3000}
threads=${2:-1}
shift $(($# < 2 ? $# : 2))
sizes=("$@")
[ ${#sizes[@]} -gt 0 ] || sizes=(32:4 64:2 64:8 128:4 64:4)
mkdir -p build/sweep
echo "| d | h | d_h | parameters | file (bytes) | held-out loss (int8) | float32 | heads: strongest role, lift | time ($threads thread(s)) |"
echo "|---|---|---|---|---|---|---|---|---|"
for size in "${sizes[@]}"; do
  d=${size%:*}
  h=${size#*:}
  name=build/sweep/d$d-h$h-s$steps
  start=$(date +%s)
  bash scripts/train.sh --out "$name.atlm" --width "$d" --heads "$h" --steps "$steps" \
    --threads "$threads" --quiet >"$name.log" 2>&1
  seconds=$(($(date +%s) - start))
  node - "$name.log" "$d" "$h" "$seconds" <<'JS'
const fs = require('fs');
const [log, d, h, seconds] = process.argv.slice(2);
const text = fs.readFileSync(log, 'utf8');
const pick = (re) => (text.match(re) ?? [])[1] ?? '?';
const heads = [...text.matchAll(/→ (\S+): \d+ % of its weight on .*?, ([\d.]+)× the random model/g)]
  .map((m, i) => `${i + 1} ${m[1]} ${m[2]}×`);
console.log(`| ${d} | ${h} | ${d / h} | ${pick(/(\d+) parameters/)} | ${pick(/: (\d+) bytes/)} | ` +
  `${pick(/held-out loss ([\d.]+)/)} | ${pick(/float32 ([\d.]+)/)} | ${heads.join('; ')} | ` +
  `${Math.floor(seconds / 60)} min ${seconds % 60} s |`);
JS
done
