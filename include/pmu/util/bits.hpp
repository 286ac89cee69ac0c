// Small constexpr bit and arithmetic helpers. The cross toolchains ship no
// C++ standard library, so pmukit carries the few it needs (no <bit>, no
// <algorithm>, no <type_traits>).
#pragma once

#include <stddef.h>
#include <stdint.h>

namespace pmu::util {

// ceil(a / b), written the way the SafeSU RTL writes it: (a-1)/b+1 (a > 0).
constexpr uint32_t ceil_div(uint32_t a, uint32_t b) { return a == 0 ? 0 : (a - 1) / b + 1; }

// $clog2 as SystemVerilog defines it: clog2(1) = 0, clog2(2) = 1, clog2(5) = 3.
constexpr uint32_t clog2(uint32_t v) {
  uint32_t r = 0;
  uint32_t x = 1;
  while (x < v) {
    x <<= 1;
    ++r;
  }
  return r;
}

// A mask of the low n bits, for n in 0..64, without the shift-by-width UB.
constexpr uint64_t low_mask64(unsigned n) { return n >= 64 ? ~uint64_t{0} : (uint64_t{1} << n) - 1; }
constexpr uint32_t low_mask32(unsigned n) { return n >= 32 ? ~uint32_t{0} : (uint32_t{1} << n) - 1; }

constexpr uint32_t bit32(unsigned n) { return n < 32 ? uint32_t{1} << n : 0; }
constexpr uint64_t bit64(unsigned n) { return n < 64 ? uint64_t{1} << n : 0; }

template <typename T>
constexpr T min(T a, T b) { return b < a ? b : a; }
template <typename T>
constexpr T max(T a, T b) { return a < b ? b : a; }

template <typename T, size_t N>
constexpr size_t array_size(const T (&)[N]) { return N; }

// Number of trailing zeros; v must be non-zero.
constexpr unsigned ctz32(uint32_t v) { return static_cast<unsigned>(__builtin_ctz(v)); }
constexpr unsigned ctz64(uint64_t v) { return static_cast<unsigned>(__builtin_ctzll(v)); }

template <typename A, typename B>
struct is_same { static constexpr bool value = false; };
template <typename A>
struct is_same<A, A> { static constexpr bool value = true; };

}  // namespace pmu::util
