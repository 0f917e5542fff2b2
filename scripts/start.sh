#!/usr/bin/env bash
# The README's first command: set everything up, build, and serve the teaching page on localhost.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
bash scripts/build.sh wasm
bash scripts/build.sh dist
bash scripts/build.sh site
exec node scripts/serve.mjs "$@"
