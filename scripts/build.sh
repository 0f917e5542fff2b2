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
  # The same types as .d.mts: the package has no "type": "module" (emscripten's pthread worker is
  # CommonJS), so TypeScript reads a plain .d.ts as CommonJS.
  cp web/lib/index.d.ts dist/index.d.mts
  [ -f web/lib/cli.mjs ] && cp web/lib/cli.mjs dist/ && chmod +x dist/cli.mjs
  # The tokenizer and its GPT-2 vocabulary, bundled into one file with no bare imports.
  npx --no-install esbuild web/lib/tokenizer.mjs --bundle --format=esm --minify \
    --outfile=dist/tokenizer.mjs --log-level=warning
}

build_site() {
  # The teaching page: static files as they are; the page's modules (with d3-scale-chromatic)
  # bundled into app.mjs, which imports the API relatively as ./lib/index.mjs (kept external).
  rm -rf build/site
  mkdir -p build/site/lib
  find web/app -maxdepth 1 -type f ! -name '*.mjs' -exec cp {} build/site/ \;
  npx --no-install esbuild web/app/main.mjs --bundle --format=esm --target=es2022 \
    --external:./lib/* --outfile=build/site/app.mjs --sourcemap --log-level=warning
  # The API and the core builds, with the threaded build's worker (not the CLI: a page has no use for it).
  find dist -maxdepth 1 -type f \( -name '*.mjs' -o -name '*.wasm' -o -name '*.worker.js' \) ! -name 'cli.mjs' \
    -exec cp {} build/site/lib/ \;
}

case "$what" in
  native) build_native ;;
  wasm) build_wasm ;;
  dist) build_dist ;;
  site) build_site ;;
  all) build_native; build_wasm; build_dist; build_site ;;
  *) echo "usage: $0 [native|wasm|dist|site|all]" >&2; exit 2 ;;
esac
