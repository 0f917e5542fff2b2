#!/usr/bin/env bash
# Builds everything from source: the native core and its tests (build/native), the WASM module and
# the WASM test suite (build/wasm), the npm package (dist/) and the static page (build/site/).
# Usage: scripts/build.sh [native|wasm|dist|site|all]   (default: all)
set -euo pipefail
cd "$(dirname "$0")/.."
what="${1:-all}"
jobs="$(nproc)"
# Emscripten 3.1.6 runs its JS tools with Node and needs Debian's node modules (acorn).
export NODE_PATH=/usr/share/nodejs

build_native() {
  cmake -S . -B build/native -DCMAKE_BUILD_TYPE=Release -DATTENTION_SANITIZE=ON >/dev/null
  cmake --build build/native -j "$jobs"
}

build_wasm() {
  emcmake cmake -S . -B build/wasm -DCMAKE_BUILD_TYPE=Release >/dev/null
  cmake --build build/wasm -j "$jobs"
}

build_dist() {
  mkdir -p dist
  for f in index.mjs errors.mjs options.mjs index.d.ts; do cp "web/lib/$f" dist/; done
  [ -f web/lib/cli.mjs ] && cp web/lib/cli.mjs dist/ && chmod +x dist/cli.mjs
  # The tokenizer and its GPT-2 vocabulary, bundled into one file with no bare imports.
  npx --no-install esbuild web/lib/tokenizer.mjs --bundle --format=esm --minify \
    --outfile=dist/tokenizer.mjs --log-level=warning
}

build_site() {
  rm -rf build/site
  mkdir -p build/site/lib
  cp -r web/app/. build/site/
  cp dist/*.mjs dist/*.wasm build/site/lib/
}

case "$what" in
  native) build_native ;;
  wasm) build_wasm ;;
  dist) build_dist ;;
  site) build_site ;;
  all) build_native; build_wasm; build_dist; build_site ;;
  *) echo "usage: $0 [native|wasm|dist|site|all]" >&2; exit 2 ;;
esac
