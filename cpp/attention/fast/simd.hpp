// A small 4-lane float vector layer: WebAssembly SIMD128 (wasm_simd128.h) in the browser build,
// SSE4.1 natively, plain scalars elsewhere. The GEMM micro-kernels and the vectorised softmax are
// written once against it. Eigen 3.4 has no WebAssembly SIMD path, which is why this exists.
#pragma once

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstring>

#if defined(__wasm_simd128__) && defined(__wasm_relaxed_simd__)
#include <wasm_simd128.h>
#define ATTENTION_SIMD "wasm-relaxed-simd"
#elif defined(__wasm_simd128__)
#include <wasm_simd128.h>
#define ATTENTION_SIMD "wasm-simd128"
#elif defined(__SSE4_1__)
#include <smmintrin.h>
#define ATTENTION_SIMD "sse4.1"
#else
#define ATTENTION_SIMD "scalar"
#endif

namespace attention::simd {

// One line per operation and backend, so the three can be read side by side.
// clang-format off
#if defined(__wasm_simd128__)
using f32x4 = v128_t;
inline f32x4 load(const float* p) { return wasm_v128_load(p); }
inline void store(float* p, f32x4 v) { wasm_v128_store(p, v); }
inline f32x4 splat(float x) { return wasm_f32x4_splat(x); }
inline f32x4 load_splat(const float* p) { return wasm_v128_load32_splat(p); }
inline f32x4 add(f32x4 a, f32x4 b) { return wasm_f32x4_add(a, b); }
inline f32x4 sub(f32x4 a, f32x4 b) { return wasm_f32x4_sub(a, b); }
inline f32x4 mul(f32x4 a, f32x4 b) { return wasm_f32x4_mul(a, b); }
inline f32x4 max(f32x4 a, f32x4 b) { return wasm_f32x4_pmax(a, b); }
inline f32x4 min(f32x4 a, f32x4 b) { return wasm_f32x4_pmin(a, b); }
inline f32x4 round_nearest(f32x4 a) { return wasm_f32x4_nearest(a); }
inline f32x4 bit_and(f32x4 a, f32x4 b) { return wasm_v128_and(a, b); }
inline f32x4 greater(f32x4 a, f32x4 b) { return wasm_f32x4_gt(a, b); }
// select(mask, a, b): a in the lanes whose mask bits are set, b in the others.
inline f32x4 select(f32x4 mask, f32x4 a, f32x4 b) { return wasm_v128_bitselect(a, b, mask); }
// 2^n for integral n in [-126, 127], by building the exponent bits.
inline f32x4 pow2(f32x4 n) {
  return wasm_i32x4_shl(wasm_i32x4_add(wasm_i32x4_trunc_sat_f32x4(n), wasm_i32x4_splat(127)), 23);
}
inline float horizontal_sum(f32x4 v) {
  const f32x4 pair = wasm_f32x4_add(v, wasm_i32x4_shuffle(v, v, 2, 3, 0, 1));
  return wasm_f32x4_extract_lane(wasm_f32x4_add(pair, wasm_i32x4_shuffle(pair, pair, 1, 0, 3, 2)), 0);
}
inline float horizontal_max(f32x4 v) {
  const f32x4 pair = wasm_f32x4_pmax(v, wasm_i32x4_shuffle(v, v, 2, 3, 0, 1));
  return wasm_f32x4_extract_lane(wasm_f32x4_pmax(pair, wasm_i32x4_shuffle(pair, pair, 1, 0, 3, 2)), 0);
}
// a·b + c. The relaxed-SIMD build (-mrelaxed-simd) emits one f32x4.relaxed_madd: one rounding
// where the CPU has fused multiply-add (V8 on x86-64 with FMA3, ARM64), two where it does not.
// Clang 14 knows only the pre-standard f32x4.fma (0xfd 0xaf 0x01), which no engine accepts, with
// the same operands a, b, c; scripts/relax-simd.mjs rewrites each one into relaxed_madd
// (0xfd 0x85 0x02) after the link. The SIMD128 build: a product, then a sum, as before.
#if defined(__wasm_relaxed_simd__)
inline f32x4 madd(f32x4 a, f32x4 b, f32x4 c) { return __builtin_wasm_fma_f32x4(a, b, c); }
#else
inline f32x4 madd(f32x4 a, f32x4 b, f32x4 c) { return wasm_f32x4_add(c, wasm_f32x4_mul(a, b)); }
#endif
#elif defined(__SSE4_1__)
using f32x4 = __m128;
inline f32x4 load(const float* p) { return _mm_loadu_ps(p); }
inline void store(float* p, f32x4 v) { _mm_storeu_ps(p, v); }
inline f32x4 splat(float x) { return _mm_set1_ps(x); }
inline f32x4 load_splat(const float* p) { return _mm_set1_ps(*p); }
inline f32x4 add(f32x4 a, f32x4 b) { return _mm_add_ps(a, b); }
inline f32x4 sub(f32x4 a, f32x4 b) { return _mm_sub_ps(a, b); }
inline f32x4 mul(f32x4 a, f32x4 b) { return _mm_mul_ps(a, b); }
inline f32x4 max(f32x4 a, f32x4 b) { return _mm_max_ps(a, b); }
inline f32x4 min(f32x4 a, f32x4 b) { return _mm_min_ps(a, b); }
inline f32x4 madd(f32x4 a, f32x4 b, f32x4 c) { return _mm_add_ps(c, _mm_mul_ps(a, b)); }
inline f32x4 round_nearest(f32x4 a) { return _mm_round_ps(a, _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC); }
inline f32x4 bit_and(f32x4 a, f32x4 b) { return _mm_and_ps(a, b); }
inline f32x4 greater(f32x4 a, f32x4 b) { return _mm_cmpgt_ps(a, b); }
inline f32x4 select(f32x4 mask, f32x4 a, f32x4 b) { return _mm_blendv_ps(b, a, mask); }
inline f32x4 pow2(f32x4 n) {
  return _mm_castsi128_ps(_mm_slli_epi32(_mm_add_epi32(_mm_cvttps_epi32(n), _mm_set1_epi32(127)), 23));
}
inline float horizontal_sum(f32x4 v) {
  const f32x4 pair = _mm_add_ps(v, _mm_movehl_ps(v, v));
  return _mm_cvtss_f32(_mm_add_ss(pair, _mm_shuffle_ps(pair, pair, 1)));
}
inline float horizontal_max(f32x4 v) {
  const f32x4 pair = _mm_max_ps(v, _mm_movehl_ps(v, v));
  return _mm_cvtss_f32(_mm_max_ss(pair, _mm_shuffle_ps(pair, pair, 1)));
}
#else
struct f32x4 {
  float v[4];
};
inline f32x4 load(const float* p) { f32x4 r; std::memcpy(r.v, p, 16); return r; }
inline void store(float* p, f32x4 a) { std::memcpy(p, a.v, 16); }
inline f32x4 splat(float x) { return {{x, x, x, x}}; }
inline f32x4 load_splat(const float* p) { return splat(*p); }
#define ATTENTION_LANEWISE(name, expr)                       \
  inline f32x4 name(f32x4 a, f32x4 b) {                      \
    f32x4 r;                                                 \
    for (int i = 0; i < 4; ++i) r.v[i] = (expr);             \
    return r;                                                \
  }
ATTENTION_LANEWISE(add, a.v[i] + b.v[i])
ATTENTION_LANEWISE(sub, a.v[i] - b.v[i])
ATTENTION_LANEWISE(mul, a.v[i] * b.v[i])
ATTENTION_LANEWISE(max, b.v[i] < a.v[i] ? a.v[i] : b.v[i])
ATTENTION_LANEWISE(min, a.v[i] < b.v[i] ? a.v[i] : b.v[i])
#undef ATTENTION_LANEWISE
inline f32x4 madd(f32x4 a, f32x4 b, f32x4 c) { return add(c, mul(a, b)); }
inline f32x4 round_nearest(f32x4 a) { for (float& x : a.v) x = std::nearbyint(x); return a; }
inline f32x4 bit_and(f32x4 a, f32x4 b) {
  for (int i = 0; i < 4; ++i) {
    std::uint32_t x, y;
    std::memcpy(&x, &a.v[i], 4);
    std::memcpy(&y, &b.v[i], 4);
    x &= y;
    std::memcpy(&a.v[i], &x, 4);
  }
  return a;
}
inline f32x4 greater(f32x4 a, f32x4 b) {
  f32x4 r;
  for (int i = 0; i < 4; ++i) { const std::uint32_t m = a.v[i] > b.v[i] ? ~0u : 0u; std::memcpy(&r.v[i], &m, 4); }
  return r;
}
inline f32x4 pow2(f32x4 n) { for (float& x : n.v) x = std::ldexp(1.0f, int(x)); return n; }
inline f32x4 select(f32x4 mask, f32x4 a, f32x4 b) {
  for (int i = 0; i < 4; ++i) { std::uint32_t m; std::memcpy(&m, &mask.v[i], 4); if (!m) a.v[i] = b.v[i]; }
  return a;
}
inline float horizontal_sum(f32x4 v) { return (v.v[0] + v.v[2]) + (v.v[1] + v.v[3]); }
inline float horizontal_max(f32x4 v) { return std::fmax(std::fmax(v.v[0], v.v[2]), std::fmax(v.v[1], v.v[3])); }
#endif
// clang-format on

// A mask of the first n lanes (n from 0 to 4): all bits set in them, none in the others.
inline f32x4 lanes_below(int n) {
  alignas(16) static const std::uint32_t masks[5][4] = {
      {0, 0, 0, 0}, {~0u, 0, 0, 0}, {~0u, ~0u, 0, 0}, {~0u, ~0u, ~0u, 0}, {~0u, ~0u, ~0u, ~0u}};
  return load(reinterpret_cast<const float*>(masks[n]));
}

// The first n lanes of v (n from 0 to 4), the others +0: a partial vector without going through
// memory (a vector load right after scalar stores to the same bytes stalls store forwarding).
inline f32x4 keep_first(f32x4 v, int n) {
  return bit_and(v, lanes_below(n));
}

// Whether none of v[0..n) is NaN or ±∞: x − x is 0 for every finite x and NaN otherwise, and one
// NaN makes the running sums NaN. Six times faster than a loop over std::isfinite in WebAssembly
// (0.06 vs 0.35 ms for the 786,432 floats of a T = 1024, d = 768 output).
inline bool all_finite(const float* v, std::size_t n) {
  f32x4 a = splat(0.0f), b = splat(0.0f);
  std::size_t i = 0;
  for (; i + 8 <= n; i += 8) {
    const f32x4 x = load(v + i), y = load(v + i + 4);
    a = add(a, sub(x, x));
    b = add(b, sub(y, y));
  }
  float rest = horizontal_sum(add(a, b));
  for (; i < n; ++i) rest += v[i] - v[i];
  return rest == 0.0f;
}

// e^x for four lanes (Cephes' expf: x = n·ln2 + r, a degree-5 polynomial for e^r on |r| ≤ ln2/2,
// then the exponent bits for 2^n): within 1 ulp on [−87.3, 0], the softmax's range, as
// tests/cpp/fast/simd.test.cpp measures. Inputs below −87.3 give e^−87.3 ≈ 1.2e-38 rather than a
// subnormal or 0: callers zero masked entries themselves.
inline f32x4 exp(f32x4 x) {
  x = min(max(x, splat(-87.3f)), splat(88.3f));
  const f32x4 n = round_nearest(mul(x, splat(1.44269504088896341f)));
  f32x4 r = sub(x, mul(n, splat(0.693359375f)));
  r = sub(r, mul(n, splat(-2.12194440e-4f)));
  // Horner's rule on madd: fused in the relaxed-SIMD build (S4's thousands of tiny softmaxes spend
  // most of their time here), the same bits as before in the others.
  f32x4 p = splat(1.9875691500e-4f);
  p = madd(p, r, splat(1.3981999507e-3f));
  p = madd(p, r, splat(8.3334519073e-3f));
  p = madd(p, r, splat(4.1665795894e-2f));
  p = madd(p, r, splat(1.6666665459e-1f));
  p = madd(p, r, splat(5.0000001201e-1f));
  p = add(add(mul(mul(p, r), r), r), splat(1.0f));
  return mul(p, pow2(n));
}

}  // namespace attention::simd
