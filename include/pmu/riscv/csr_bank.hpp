// SPDX-License-Identifier: Apache-2.0
// Runtime-index access to a bank of 32 consecutive CSRs (Base + 0..31).
//
// csrr/csrw encode the CSR number as an immediate, so "counter i" cannot be
// computed at run time. A CsrBank holds constexpr tables of the per-number
// accessors (hal::csr_read<Base + i> ...), built with a small index sequence:
// one indirect call per access, no macro towers, no runtime CSR numbers.
// The unchecked entry points mask the index (never out of the table); the
// *_checked forms return kBadArg for i >= 32 before any access.
//
// Where the caller knows at build time which indices i can be (a build-time
// counter file's counters), the *_in<kAmong> forms compare i with each of at
// most kChainMax candidates and run that CSR's own instruction, as
// hand-written code for a fixed hart does: cheaper than the table's load
// and indirect call. With more candidates (or none known) they are the
// table forms.
#pragma once

#include <stdint.h>

#include "pmu/hal/csr.hpp"
#include "pmu/status.hpp"
#include "pmu/util/bits.hpp"

namespace pmu::riscv {

namespace detail {
template <unsigned... I>
struct IndexSeq {};
template <unsigned N, unsigned... I>
struct MakeIndexSeq : MakeIndexSeq<N - 1, N - 1, I...> {};
template <unsigned... I>
struct MakeIndexSeq<0, I...> {
  using type = IndexSeq<I...>;
};

/// A CSR number as a type: what a dispatch hands its operation.
template <uint32_t N>
struct CsrNumber {
  static constexpr uint32_t kValue = N;  ///< The number.
};
/// Bits set in m.
constexpr unsigned popcount32(uint32_t m) { return m == 0 ? 0 : 1 + popcount32(m & (m - 1)); }

using ReadFn = hal::csr_word (*)();
using WriteFn = void (*)(hal::csr_word);
using RmwFn = hal::csr_word (*)(hal::csr_word);

template <uint32_t Base, typename Seq>
struct BankTables;
template <uint32_t Base, unsigned... I>
struct BankTables<Base, IndexSeq<I...>> {
  static constexpr ReadFn kRead[sizeof...(I)] = {&hal::csr_read<Base + I>...};
  static constexpr WriteFn kWrite[sizeof...(I)] = {&hal::csr_write<Base + I>...};
  static constexpr RmwFn kSet[sizeof...(I)] = {&hal::csr_set<Base + I>...};
  static constexpr RmwFn kClear[sizeof...(I)] = {&hal::csr_clear<Base + I>...};
};
}  // namespace detail

template <uint32_t Base>
struct CsrBank {
  static constexpr unsigned kSize = 32;
  static_assert(Base + kSize <= 4096, "bank beyond the 12-bit CSR space");
  using Tables = detail::BankTables<Base, typename detail::MakeIndexSeq<kSize>::type>;

  static constexpr uint32_t number(unsigned i) { return Base + (i & (kSize - 1)); }

  // Always inlined: a constant index then folds to the one csr instruction,
  // a runtime one is a table load and an indirect call at the call site
  // (at -Os GCC otherwise outlines them and every access pays a second call).
  __attribute__((always_inline)) static hal::csr_word read(unsigned i) { return Tables::kRead[i & (kSize - 1)](); }
  __attribute__((always_inline)) static void write(unsigned i, hal::csr_word v) { Tables::kWrite[i & (kSize - 1)](v); }
  // Return the old value, as csrrs/csrrc do.
  __attribute__((always_inline)) static hal::csr_word set(unsigned i, hal::csr_word bits) {
    return Tables::kSet[i & (kSize - 1)](bits);
  }
  __attribute__((always_inline)) static hal::csr_word clear(unsigned i, hal::csr_word bits) {
    return Tables::kClear[i & (kSize - 1)](bits);
  }

  /// Most candidates a *_in form compares i with before it takes the table
  /// (two compares and a branch each against the table's five instructions,
  /// an indirect call and the accessor's return).
  static constexpr unsigned kChainMax = 3;
  /// True when the *_in forms compare: kAmong has 1..kChainMax indices.
  template <uint32_t kAmong>
  static constexpr bool kChain = kAmong != 0 && detail::popcount32(kAmong) <= kChainMax;

  /// read(i) for an i in kAmong (this header's note).
  template <uint32_t kAmong>
  __attribute__((always_inline)) static hal::csr_word read_in(unsigned i) {
    if constexpr (kChain<kAmong>)
      return among<kAmong>(i, [](auto n) __attribute__((always_inline)) {
        return hal::csr_read<decltype(n)::kValue>();
      });
    else
      return read(i);
  }
  /// clear(i, bits) for an i in kAmong (this header's note).
  template <uint32_t kAmong>
  __attribute__((always_inline)) static hal::csr_word clear_in(unsigned i, hal::csr_word bits) {
    if constexpr (kChain<kAmong>)
      return among<kAmong>(i, [bits](auto n) __attribute__((always_inline)) {
        return hal::csr_clear<decltype(n)::kValue>(bits);
      });
    else
      return clear(i, bits);
  }

  static Result<hal::csr_word> read_checked(unsigned i) {
    if (i >= kSize) return Status::kBadArg;
    return read(i);
  }
  static Status write_checked(unsigned i, hal::csr_word v) {
    if (i >= kSize) return Status::kBadArg;
    write(i, v);
    return Status::kOk;
  }

 private:
  // op(CsrNumber<Base + i>) for i, one of kAmong's indices: the last
  // candidate is taken without a compare.
  template <uint32_t kAmong, typename Op>
  __attribute__((always_inline)) static auto among(unsigned i, Op op) {
    constexpr unsigned kLow = util::ctz32(kAmong);
    constexpr uint32_t kRest = kAmong & (kAmong - 1);
    if constexpr (kRest == 0)
      return op(detail::CsrNumber<Base + kLow>{});
    else
      return i == kLow ? op(detail::CsrNumber<Base + kLow>{}) : among<kRest>(i, op);
  }
};

// A 64-bit counter split over two banks on RV32 (Lo + i, Hi + i): hi, lo,
// hi, and on a mismatch all three again (unpriv zicntr.adoc's idiom,
// docs/hw/riscv-counters.md §1.10; keeping the second hi as the next first
// one saves a read on the rare retry but costs a move on every read). On
// RV64 one read.
// i is one of kAmong (every index unless the caller knows better).
template <uint32_t Lo, uint32_t Hi, uint32_t kAmong = ~uint32_t{0}>
__attribute__((always_inline)) inline uint64_t read_counter(unsigned i) {
  if constexpr (hal::kXlen == 32 && CsrBank<Lo>::template kChain<kAmong> && kAmong != 1u) {
    // A small known set: compare i once, then the three reads of that
    // counter's two CSRs (index 0 of the banks at Lo + kLow, Hi + kLow;
    // compared for each read, the chain ran three times).
    constexpr unsigned kLow = util::ctz32(kAmong);
    constexpr uint32_t kRest = kAmong & (kAmong - 1);
    if constexpr (kRest == 0)
      return read_counter<Lo + kLow, Hi + kLow, 1u>(0);
    else
      return i == kLow ? read_counter<Lo + kLow, Hi + kLow, 1u>(0) : read_counter<Lo, Hi, kRest>(i);
  } else if constexpr (hal::kXlen == 32) {
    uint32_t hi;
    uint32_t lo;
    do {
      hi = static_cast<uint32_t>(CsrBank<Hi>::template read_in<kAmong>(i));
      lo = static_cast<uint32_t>(CsrBank<Lo>::template read_in<kAmong>(i));
    } while (static_cast<uint32_t>(CsrBank<Hi>::template read_in<kAmong>(i)) != hi);
    return (static_cast<uint64_t>(hi) << 32) | lo;
  } else {
    return CsrBank<Lo>::template read_in<kAmong>(i);
  }
}

}  // namespace pmu::riscv
