#!/usr/bin/env bash
# Builds everything from source: the native core and its tests (build/native), the WASM module and
# the WASM test suite (build/wasm), the npm package (dist/, with the <attention-lab> element) and the
# static page with its iframe embed page (build/site/), and the benchmark page (build/bench/).
# Usage: scripts/build.sh [native|wasm|dist|element|site|bench|all]   (default: all)
set -euo pipefail
cd "$(dirname "$0")/.."
what="${1:-all}"
jobs="$(nproc)"
# Emscripten 3.1.6 runs its JS tools with Node and needs Debian's node modules (acorn).
export NODE_PATH=/usr/share/nodejs
# shellcheck source=scripts/compiler-cache.sh
. scripts/compiler-cache.sh

# generator DIR: Ninja for a new build tree when it is installed (it keeps every core compiling
# while a target links); a tree keeps the generator it was made with.
generator() {
  if [ ! -f "$1/CMakeCache.txt" ] && command -v ninja >/dev/null; then echo "-G Ninja"; fi
}

build_native() {
  # shellcheck disable=SC2046 # generator's words
  cmake $(generator build/native) -S . -B build/native -DCMAKE_BUILD_TYPE=Release -DATTENTION_SANITIZE=ON \
    -DCMAKE_CXX_COMPILER_LAUNCHER="$COMPILER_CACHE" >/dev/null &&
    NINJA_STATUS="[native %f/%t] " cmake --build build/native -j "$jobs"
}

build_wasm() {
  # emcc runs clang through EM_COMPILER_WRAPPER (a CMake launcher would wrap emcc, which ccache
  # does not know as a compiler).
  # shellcheck disable=SC2046
  EM_COMPILER_WRAPPER="$COMPILER_CACHE" emcmake cmake $(generator build/wasm) -S . -B build/wasm -DCMAKE_BUILD_TYPE=Release \
    -DATTENTION_TEST_PCH="$([ -n "$COMPILER_CACHE" ] && echo OFF || echo ON)" >/dev/null &&
    EM_COMPILER_WRAPPER="$COMPILER_CACHE" NINJA_STATUS="[wasm %f/%t] " cmake --build build/wasm -j "$jobs"
}

# The native and WASM trees at once: each alone leaves a core idle while it links, and the WASM
# tree's links wait for one another. Each tree still gets every core, so neither waits for the other.
build_cores() {
  build_native &
  local native=$!
  local wasm_status=0 native_status=0
  build_wasm || wasm_status=$?
  wait "$native" || native_status=$?
  [ "$native_status" -eq 0 ] || echo "build: the native build failed" >&2
  [ "$wasm_status" -eq 0 ] || echo "build: the WASM build failed" >&2
  [ "$native_status" -eq 0 ] && [ "$wasm_status" -eq 0 ]
}

build_dist() {
  mkdir -p dist
  for f in index.mjs model.mjs loader.mjs features.mjs embeddings.mjs tokens.mjs known-tokens.mjs vocabulary.mjs builds.mjs presets.mjs experiments.mjs sizes.mjs errors.mjs options.mjs contract.mjs setting-text.mjs trained.mjs train.mjs train-input.mjs node-builtin.mjs steps.mjs suggest.mjs core-files.mjs threads-note.mjs threads-start.mjs; do cp "web/lib/$f" dist/; done
  # The trained weights (a source file: `npm run train -- --out web/weights/brown.atlm` writes it),
  # beside trained.mjs, which reads it relative to its own URL.
  cp web/weights/brown.atlm dist/
  # The types, once, named like the module they describe (index.mjs → index.d.mts).
  rm -f dist/index.d.ts
  cp web/lib/index.d.ts dist/index.d.mts
  # The CLI (cli.mjs, the bin; its modules in cli/), present.mjs and stage-text.mjs, shared with
  # the page.
  rm -rf dist/cli && mkdir -p dist/cli
  cp web/lib/cli.mjs web/lib/present.mjs web/lib/stage-text.mjs dist/ && cp web/lib/cli/*.mjs dist/cli/ && chmod +x dist/cli.mjs
  # The tokenizer and its GPT-2 vocabulary, bundled into one file with no bare imports.
  mkdir -p build
  npx --no-install esbuild web/lib/tokenizer.mjs --bundle --format=esm --minify \
    --outfile=dist/tokenizer.mjs --log-level=warning --metafile=build/tokenizer.meta.json
  build_worker
  build_element
  # embed.html, the page for iframes, served from the package's dist/ as it is: its module (the
  # library modules beside it stay separate files), styles and icon.
  rm -f dist/embed.mjs
  node scripts/build-embed-package.mjs
  cp web/app/embed.html web/app/icon.svg web/app/styles*.css dist/
  # The licences of what the bundles hold from node_modules, and of what the core compiles in.
  node scripts/third-party-notices.mjs dist/THIRD_PARTY_NOTICES.md build/tokenizer.meta.json
  # What `attention-lab lesson` inlines into a lesson file: the lesson page bundled, its styles and
  # the list of steps, labs and exercises (dist/lesson/).
  node scripts/build-lesson.mjs
  # What the Python module for Jupyter (python/attention_lab/, shipped as dist/python/) inlines
  # into a notebook's output: the element bundled with the single-thread core (dist/notebook/).
  node scripts/build-notebook.mjs
  rm -rf dist/python && mkdir -p dist/python/attention_lab && cp python/attention_lab/*.py dist/python/attention_lab/
}

build_worker() {
  # The threaded build's pthread worker, also as a module exporting its source text: browsers start
  # it from a blob: URL (a worker script on another origin, a CDN, is refused). And emscripten's own
  # `new Worker(new URL("…worker.js", import.meta.url))` (used only without locateFile, which the
  # API always passes) is hidden from bundlers: webpack would otherwise try to bundle the worker.
  # Emscripten sets `var _scriptDir = import.meta.url` at the top of the module: same URL, but no
  # bundler looks for `new URL(…, _scriptDir)`.
  # Node starts the same worker from its file: a CommonJS script, so .cjs in this "type": "module"
  # package (the loader maps emscripten's .js name to it).
  if [ -f dist/attention-core-threads.worker.js ]; then
    mv dist/attention-core-threads.worker.js dist/attention-core-threads.worker.cjs
  fi
  [ -f dist/attention-core-threads.worker.cjs ] || { echo "build: dist/attention-core-threads.worker.cjs is missing (run: scripts/build.sh wasm)" >&2; return 1; }
  node --input-type=module -e '
    import fs from "node:fs";
    const source = fs.readFileSync("dist/attention-core-threads.worker.cjs", "utf8");
    fs.writeFileSync("dist/attention-core-threads.worker-source.mjs",
      "// The source of attention-core-threads.worker.js, started from a blob: URL in browsers.\n" +
      `export default ${JSON.stringify(source)};\n`);
    const core = "dist/attention-core-threads.mjs";
    const text = fs.readFileSync(core, "utf8");
    const literal = `new Worker(new URL("attention-core-threads.worker.js",import.meta.url))`;
    const hidden = `new Worker(new URL("attention-core-threads.worker.js",_scriptDir))`; // _scriptDir = import.meta.url
    if (text.includes(literal)) fs.writeFileSync(core, text.split(literal).join(hidden));
    else if (!text.includes(hidden)) throw new Error(`${core}: emscripten worker creation not found`);
  '
}

build_element() {
  # The <attention-lab> custom element and its types.
  node web/element/build.mjs dist/attention-lab.js
  cp web/element/attention-lab.d.mts dist/attention-lab.d.mts
}

build_site() {
  # The teaching page: static files as they are; the page's modules bundled into app.mjs (and
  # embed.html's embed.mjs), which import the library modules the package ships as ./lib/*.mjs.
  rm -rf build/site
  mkdir -p build/site/lib
  find web/app -maxdepth 1 -type f ! -name '*.mjs' -exec cp {} build/site/ \;
  # The API and the core builds, with the threaded build's worker source (browsers start it from a
  # blob: URL; not the CLI, nor Node's worker file: a page has no use for them), and the custom
  # element (lib/attention-lab.js, with the labs it loads for a `lab` attribute,
  # lib/attention-lab-labs.js, and the exercises it loads for an `exercise` attribute,
  # lib/attention-lab-exercises.js, and the catalogues it loads for a `lang`,
  # lib/attention-lab-strings-<lang>.js, for pages that embed it from here).
  find dist -maxdepth 1 -type f \( -name '*.mjs' -o -name '*.wasm' -o -name 'attention-lab.js' -o -name 'attention-lab-labs.js' -o -name 'attention-lab-exercises.js' -o -name 'attention-lab-strings-*.js' -o -name '*.atlm' \) \
    ! -name 'cli.mjs' -exec cp {} build/site/lib/ \;
  node scripts/build-site.mjs
  # Brotli and gzip copies beside each file, which scripts/serve.mjs (and static hosts) send.
  node scripts/precompress.mjs build/site
}

build_bench() {
  # The benchmark page (web/bench, `npm run bench -- --browser`): a folder of its own, served by
  # `node scripts/serve.mjs --root build/bench`, not part of build/site: it carries the peers' .wasm
  # (onnxruntime-web's alone is 14 MB) that the teaching page has no use for, and build/site is
  # what gets published. bench.js is the page; worker.js hosts one engine, with tfjs bundled in.
  rm -rf build/bench
  mkdir -p build/bench/lib build/bench/peers/ort build/bench/peers/tfjs
  cp web/bench/bench.html web/bench/bench.css build/bench/
  npx --no-install esbuild bench=web/bench/page.mjs worker=web/bench/worker.mjs --bundle --format=esm \
    --target=es2022 --platform=browser --minify --sourcemap --outdir=build/bench --log-level=error
  # attention-lab as on the teaching page (imported at run time from ./lib/, not bundled).
  find dist -maxdepth 1 -type f \( -name '*.mjs' -o -name '*.wasm' \) \
    ! -name 'cli.mjs' -exec cp {} build/bench/lib/ \;
  # The peers' own files from node_modules: no CDN. ORT's wasm-only ESM build finds its
  # ort-wasm-simd-threaded.{mjs,wasm} beside itself; tfjs-backend-wasm is told where its .wasm are.
  local ort=node_modules/onnxruntime-web/dist
  cp "$ort/ort.wasm.min.mjs" "$ort/ort-wasm-simd-threaded.mjs" "$ort/ort-wasm-simd-threaded.wasm" build/bench/peers/ort/
  cp node_modules/@tensorflow/tfjs-backend-wasm/dist/*.wasm build/bench/peers/tfjs/
}

case "$what" in
  native) build_native ;;
  wasm) build_wasm ;;
  dist) build_dist ;;
  element) build_element ;;
  site) build_site ;;
  bench) build_bench ;;
  all) build_cores; build_dist; build_site; build_bench ;;
  *) echo "usage: $0 [native|wasm|dist|element|site|bench|all]" >&2; exit 2 ;;
esac
