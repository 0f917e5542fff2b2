#!/usr/bin/env bash
# Installs what attention-lab needs on a fresh Debian bookworm machine: Debian's emscripten, Eigen,
# Catch2, Chromium, Firefox ESR and WebKitGTK's WebDriver (the engine e2e suites), clang-format 14,
# clang's libFuzzer and PyTorch (apt), and the npm dev
# dependencies (npm ci, Prettier and TypeScript among them). Safe to run again: it only installs what is missing. Needs root (or sudo)
# for apt.
set -euo pipefail
cd "$(dirname "$0")/.."

# clang and libclang-rt-14-dev: the libFuzzer harness (tests/fuzz/core_fuzz.cpp). python3-torch: Debian's PyTorch,
# which runs the page's "copy as PyTorch" snippets in tests/js/pytorch.test.mjs (/usr/bin/python3).
# firefox-esr (driven by puppeteer-core over WebDriver BiDi), webkit2gtk-driver (WebKitWebDriver and
# MiniBrowser: Safari's engine) and xvfb + xauth (MiniBrowser needs a display): the e2e-firefox and
# e2e-webkit suites. ninja-build: scripts/build.sh builds new trees with Ninja (Make without it).
# ccache: scripts/build.sh and scripts/fuzz.sh compile through it (scripts/compiler-cache.sh).
APT_PACKAGES=(emscripten libeigen3-dev catch2 chromium clang-format clang libclang-rt-14-dev cmake g++ make ninja-build ccache python3-torch
  firefox-esr webkit2gtk-driver xvfb xauth)
# The Jupyter test executes a notebook headless with the Python module (tests/embed/jupyter.test.mjs).
APT_PACKAGES+=(jupyter-nbconvert python3-nbclient python3-ipykernel python3-nbformat jupyter-client python3-ipython)

missing=()
for pkg in "${APT_PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q 'install ok installed' || missing+=("$pkg")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "setup: installing Debian packages: ${missing[*]}"
  sudo_cmd=()
  [ "$(id -u)" -ne 0 ] && sudo_cmd=(sudo)
  "${sudo_cmd[@]}" apt-get update -qq
  DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends \
    "${missing[@]}" >/dev/null
fi

node_major="$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)"
if [ "$node_major" -lt 20 ]; then
  echo "setup: Node.js 20 or newer is required (found: $(node --version 2>/dev/null || echo none))" >&2
  exit 1
fi

# npm ci when node_modules is missing or older than the lock file.
if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  echo "setup: installing npm packages (npm ci)"
  npm ci --no-audit --no-fund --loglevel=error
fi
echo "setup: ready"
