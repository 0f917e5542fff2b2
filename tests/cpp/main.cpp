// Catch2's main for the core's test suite (native and WASM).
#define CATCH_CONFIG_MAIN
#include <catch2/catch.hpp>
