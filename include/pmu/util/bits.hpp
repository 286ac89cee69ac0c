// SPDX-License-Identifier: Apache-2.0
// Small constexpr bit and arithmetic helpers. The cross toolchains ship no
// C++ standard library, so pmukit carries the few it needs (no <bit>, no
// <algorithm>, no <type_traits>).
#pragma once

#include <stddef.h>
#include <stdint.h>

/// Freestanding helpers (the cross toolchains ship no C++ standard library).
namespace pmu::util {

/// ceil(a / b), written the way the SafeSU RTL writes it: (a-1)/b+1 (a > 0).
constexpr uint32_t ceil_div(uint32_t a, uint32_t b) { return a == 0 ? 0 : (a - 1) / b + 1; }

/// $clog2 as SystemVerilog defines it: clog2(1) = 0, clog2(2) = 1, clog2(5) = 3.
constexpr uint32_t clog2(uint32_t v) {
  uint32_t r = 0;
  uint32_t x = 1;
  while (x < v) {
    x <<= 1;
    ++r;
  }
  return r;
}

/// A mask of the low n bits, for n in 0..64, without the shift-by-width UB.
__attribute__((always_inline)) constexpr uint64_t low_mask64(unsigned n) { return n >= 64 ? ~uint64_t{0} : (uint64_t{1} << n) - 1; }
/// A mask of the low n bits, for n in 0..32 (n >= 32: all ones).
constexpr uint32_t low_mask32(unsigned n) { return n >= 32 ? ~uint32_t{0} : (uint32_t{1} << n) - 1; }

/// Bit n as a mask; 0 for n >= 32 (no shift-by-width UB).
constexpr uint32_t bit32(unsigned n) { return n < 32 ? uint32_t{1} << n : 0; }
/// Bit n as a mask; 0 for n >= 64.
constexpr uint64_t bit64(unsigned n) { return n < 64 ? uint64_t{1} << n : 0; }

/// The smaller of a and b (a when equal).
template <typename T>
constexpr T min(T a, T b) { return b < a ? b : a; }
/// The larger of a and b.
template <typename T>
constexpr T max(T a, T b) { return a < b ? b : a; }

/// The element count of a built-in array.
template <typename T, size_t N>
constexpr size_t array_size(const T (&)[N]) { return N; }

// Number of trailing zeros; v must be non-zero. A multiply and a table
// lookup (a few instructions), not __builtin_ctz: on RV32/RV64 without Zbb
// and on LEON3 that is a libgcc call with a loop, in the middle of every
// interrupt hook's dispatch. The lowest set bit times a multiplier puts a
// different 5-bit pattern in the product's top bits for each bit position
// the multiplier serves; a 32-entry table maps it back. Two multipliers:
// de Bruijn's for all 32 bits, and one that is a single RISC-V `lui` for
// the bits below 2^20 (the SafeSU's RDC inputs).

/// A multiply-and-lookup table: bit index by ctz_slot().
struct CtzTable {
  uint8_t at[32];  ///< bit index by slot; slots no bit lands in hold 0
};
/// The slot of bit, a single set bit: the top 5 bits of bit * multiplier.
__attribute__((always_inline)) constexpr unsigned ctz_slot(uint32_t bit, uint32_t multiplier) {
  return static_cast<uint32_t>(bit * multiplier) >> 27;
}
/// The table of a multiplier for bits 0..bits-1.
constexpr CtzTable make_ctz_table(uint32_t multiplier, unsigned bits) {
  CtzTable t{};
  for (unsigned k = 0; k < bits; ++k) t.at[ctz_slot(uint32_t{1} << k, multiplier)] = static_cast<uint8_t>(k);
  return t;
}
/// True when table answers k for every bit k below bits (no two share a slot).
template <typename Table>
constexpr bool ctz_table_serves(const Table& table, uint32_t multiplier, unsigned bits) {
  for (unsigned k = 0; k < bits; ++k)
    if (table[ctz_slot(uint32_t{1} << k, multiplier)] != k) return false;
  return true;
}

/// ctz32's multiplier, a de Bruijn sequence: every bit 0..31 has a slot.
inline constexpr uint32_t kDeBruijnMultiplier = 0x077CB531u;
/// ctz32's lookup table as a list (make_ctz_table(kDeBruijnMultiplier, 32),
/// checked below). A macro, so that tables the assembler makes in that
/// order (riscv/csr_bank.hpp) are made from the same list.
#define PMU_DEBRUIJN_CTZ32 \
  0, 1, 28, 2, 29, 14, 24, 3, 30, 22, 20, 15, 25, 17, 4, 8, 31, 27, 13, 23, 21, 19, 16, 7, 26, 12, 18, 6, 11, 5, 10, 9
/// ctz32's lookup table.
inline constexpr uint8_t kDeBruijnCtz32[32] = {PMU_DEBRUIJN_CTZ32};
static_assert(ctz_table_serves(kDeBruijnCtz32, kDeBruijnMultiplier, 32), "the list is the multiplier's table");
/// The index into kDeBruijnCtz32 of bit, a single set bit.
__attribute__((always_inline)) constexpr unsigned debruijn_slot32(uint32_t bit) {
  return ctz_slot(bit, kDeBruijnMultiplier);
}
/// Number of trailing zeros of v (v non-zero): a de Bruijn multiply and lookup, no libgcc loop.
__attribute__((always_inline)) constexpr unsigned ctz32(uint32_t v) { return kDeBruijnCtz32[debruijn_slot32(v & (0u - v))]; }
/// ctz32 of v's low 32 bits (0 for none, as ctz32(0)), computed on the
/// whole word: the product's low 32 bits are the same, but RV64 needs no
/// sext.w to truncate v first (a pointer-wide snapshot, riscv/counter_file.hpp).
__attribute__((always_inline)) constexpr unsigned ctz32_of_word(uintptr_t v) {
  return kDeBruijnCtz32[static_cast<uint32_t>((v & (0 - v)) * kDeBruijnMultiplier) >> 27];
}

/// ctz20's multiplier: its low 12 bits are 0, so on RISC-V it is one `lui`
/// (ctz32's takes lui and addi). Found by search; no multiplier with 12 low
/// zero bits serves 21 bits.
inline constexpr uint32_t kCtz20Multiplier = 0x04657000u;
/// The bits ctz20 serves: 0..19.
inline constexpr unsigned kCtz20Bits = 20;
/// ctz20's lookup table.
inline constexpr CtzTable kCtz20 = make_ctz_table(kCtz20Multiplier, kCtz20Bits);
static_assert(ctz_table_serves(kCtz20.at, kCtz20Multiplier, kCtz20Bits), "every bit below 2^20 has a slot of its own");
/// Number of trailing zeros of v, non-zero and below 2^20 (the SafeSU's RDC
/// inputs): ctz32 with a one-instruction multiplier.
__attribute__((always_inline)) constexpr unsigned ctz20(uint32_t v) {
  return kCtz20.at[ctz_slot(v & (0u - v), kCtz20Multiplier)];
}
/// True when v has exactly one bit set: v ^ (v - 1) then spans more bits
/// than v - 1 (not so for 0, whose v - 1 is all ones). Three instructions.
__attribute__((always_inline)) constexpr bool single_bit32(uint32_t v) { return (v ^ (v - 1)) > v - 1; }
/// Number of trailing zeros of v (v non-zero), from two ctz32.
constexpr unsigned ctz64(uint64_t v) {
  return static_cast<uint32_t>(v) != 0 ? ctz32(static_cast<uint32_t>(v))
                                       : 32 + ctz32(static_cast<uint32_t>(v >> 32));
}

/// std::is_same stand-in (no `<type_traits>` in the cross toolchains).
template <typename A, typename B>
struct is_same { static constexpr bool value = false; /**< A and B differ. */ };
/// is_same for identical types.
template <typename A>
struct is_same<A, A> { static constexpr bool value = true; /**< A and B are the same type. */ };

}  // namespace pmu::util
