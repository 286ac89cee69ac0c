// SPDX-License-Identifier: Apache-2.0
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
__attribute__((always_inline)) constexpr uint64_t low_mask64(unsigned n) { return n >= 64 ? ~uint64_t{0} : (uint64_t{1} << n) - 1; }
constexpr uint32_t low_mask32(unsigned n) { return n >= 32 ? ~uint32_t{0} : (uint32_t{1} << n) - 1; }

constexpr uint32_t bit32(unsigned n) { return n < 32 ? uint32_t{1} << n : 0; }
constexpr uint64_t bit64(unsigned n) { return n < 64 ? uint64_t{1} << n : 0; }

template <typename T>
constexpr T min(T a, T b) { return b < a ? b : a; }
template <typename T>
constexpr T max(T a, T b) { return a < b ? b : a; }

template <typename T, size_t N>
constexpr size_t array_size(const T (&)[N]) { return N; }

// Number of trailing zeros; v must be non-zero. A de Bruijn multiply and a
// table lookup (a few instructions), not __builtin_ctz: on RV32/RV64 without
// Zbb and on LEON3 that is a libgcc call with a loop, in the middle of every
// interrupt hook's dispatch.
inline constexpr uint8_t kDeBruijnCtz32[32] = {0,  1,  28, 2,  29, 14, 24, 3,  30, 22, 20,
                                               15, 25, 17, 4,  8,  31, 27, 13, 23, 21, 19,
                                               16, 7,  26, 12, 18, 6,  11, 5,  10, 9};
__attribute__((always_inline)) constexpr unsigned ctz32(uint32_t v) {
  return kDeBruijnCtz32[static_cast<uint32_t>((v & (0u - v)) * 0x077CB531u) >> 27];
}
constexpr unsigned ctz64(uint64_t v) {
  return static_cast<uint32_t>(v) != 0 ? ctz32(static_cast<uint32_t>(v))
                                       : 32 + ctz32(static_cast<uint32_t>(v >> 32));
}

template <typename A, typename B>
struct is_same { static constexpr bool value = false; };
template <typename A>
struct is_same<A, A> { static constexpr bool value = true; };

}  // namespace pmu::util
