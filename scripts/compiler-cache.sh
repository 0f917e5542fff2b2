# Sourced by scripts/build.sh and scripts/fuzz.sh: compile through ccache when it is installed
# (scripts/setup.sh installs it), so that sources compiled before, in this tree or in another clone
# on this machine, are not compiled again: a fresh clone's build then costs its links. The cache is
# ccache's own (~/.cache/ccache, outside the tree). ATTENTION_CCACHE=0 compiles everything.
#
# Sets COMPILER_CACHE to "ccache" or "" (the launcher for a compiler command).
# CCACHE_BASEDIR: paths inside the tree are hashed as relative ones, so two clones share entries.
# CCACHE_NOHASHDIR: nor is the working directory hashed (-g in the fuzz build would add it).
# CCACHE_SLOPPINESS: the native tests' precompiled Catch2 header (target_precompile_headers) is
# cacheable only when ccache may ignore its timestamps and the __TIME__-style macros, which no
# source here uses. The WASM tests compile without one through ccache (ATTENTION_TEST_PCH in
# CMakeLists.txt: clang's records its tree's paths, and a fresh clone would miss).
COMPILER_CACHE=""
if [ "${ATTENTION_CCACHE:-1}" != 0 ] && command -v ccache >/dev/null; then
  COMPILER_CACHE=ccache
  export CCACHE_BASEDIR="$PWD" CCACHE_NOHASHDIR=1
  export CCACHE_SLOPPINESS=pch_defines,time_macros,include_file_mtime,include_file_ctime
fi
