// SPDX-License-Identifier: Apache-2.0
// Runtime-index access to a bank of 32 consecutive CSRs (Base + 0..31).
//
// csrr/csrw encode the CSR number as an immediate, so "counter i" cannot be
// computed at run time. On a RISC-V target a CsrBank reaches CSR Base + i
// through a table of 32 stubs per operation, each the one CSR instruction
// and a jump back ("csrrc t1, Base+i, t1; jr t0"), entered with a jump that
// links in t0: only t0 and t1 change, so the caller keeps every other
// register across the access (a call through a function pointer, as the host
// build makes, clobbers all the caller-saved ones and costs a table load).
// The unchecked entry points mask the index (never out of the table); the
// *_checked forms return kBadArg for i >= 32 before any access.
//
// Where the caller knows at build time which indices i can be (a build-time
// counter file's counters), the *_in<kAmong> forms compare i with each of at
// most kChainMax candidates and run that CSR's own instruction, as
// hand-written code for a fixed hart does: cheaper than the jump to a stub.
// With more candidates (or none known) they are the table forms.
// clear_bit() takes a single set bit, not an index: its table is in
// util::ctz32's lookup order, so the bit reaches its CSR by the de Bruijn
// multiply alone (an acknowledge loop holds bits, not indices).
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

#if defined(__riscv) && !defined(PMU_HOST)
// The stub table of one operation of bank Base, symbol
// __pmukit_csr_<op>_<Base>: stub k is insn on CSR Base + list[k], then the
// jump back. Emitted by a function that is never called (only named by the
// accesses, so each object that makes one has the table) into a COMDAT
// section, so a program keeps one copy, and none with --gc-sections when
// nothing jumps to it. norvc keeps every stub at 8 bytes. The access itself
// is three instructions of asm, so GCC's size estimate of a function that
// makes one stays small.
#define PMU_CSR_STR_(...) #__VA_ARGS__
#define PMU_CSR_STR(...) PMU_CSR_STR_(__VA_ARGS__)
#define PMU_CSR_INDICES \
  0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31
#define PMU_CSR_STUB_TABLE(op, list, insn)                                                           \
  template <uint32_t Base>                                                                          \
  void csr_stub_table_##op() {                                                                      \
    __asm__(".pushsection .text.__pmukit_csr_" #op "_%0,\"axG\",@progbits,__pmukit_csr_" #op "_%0,comdat\n" \
            ".globl __pmukit_csr_" #op "_%0\n"                                                       \
            ".hidden __pmukit_csr_" #op "_%0\n"                                                      \
            ".p2align 2\n"                                                                           \
            "__pmukit_csr_" #op "_%0:\n"                                                             \
            ".option push\n"                                                                         \
            ".option norvc\n"                                                                        \
            ".irp n," PMU_CSR_STR(list) "\n"                                                         \
            insn "\n"                                                                                \
            "jalr zero, 0(t0)\n"                                                                     \
            ".endr\n"                                                                                \
            ".option pop\n"                                                                          \
            ".popsection"                                                                            \
            :                                                                                        \
            : "i"(Base));                                                                            \
  }
PMU_CSR_STUB_TABLE(read, PMU_CSR_INDICES, "csrrs t1, %0+\\n, zero")
PMU_CSR_STUB_TABLE(write, PMU_CSR_INDICES, "csrrw zero, %0+\\n, t1")
PMU_CSR_STUB_TABLE(set, PMU_CSR_INDICES, "csrrs t1, %0+\\n, t1")
PMU_CSR_STUB_TABLE(clear, PMU_CSR_INDICES, "csrrc t1, %0+\\n, t1")
// The clear table in util::ctz32's lookup order: stub k clears CSR
// Base + kDeBruijnCtz32[k], so a set bit reaches its CSR by the multiply
// alone (clear_bit()).
PMU_CSR_STUB_TABLE(clearbit, PMU_DEBRUIJN_CTZ32, "csrrc t1, %0+\\n, t1")
#undef PMU_CSR_STUB_TABLE
#undef PMU_CSR_INDICES
#undef PMU_CSR_STR
#undef PMU_CSR_STR_

// The jump to the stub at byte off of table op, linking in t0; v is t1,
// the stub's operand and result (op's table function is named, so that it
// is made).
#define PMU_CSR_STUB_JUMP(op, v, off)                                                        \
  __asm__ volatile("lla t0, __pmukit_csr_" #op "_%[base]\n"                                   \
                   "add t0, t0, %[at]\n"                                                      \
                   "jalr t0, 0(t0)"                                                           \
                   : v                                                                        \
                   : [base] "i"(Base), [at] "r"(off), [table] "X"(&csr_stub_table_##op<Base>) \
                   : "t0", "memory")

template <uint32_t Base>
struct BankStubs {
  static constexpr uintptr_t offset(unsigned i) { return uintptr_t{i & 31u} * 8u; }
  __attribute__((always_inline)) static hal::csr_word read(unsigned i) {
    register hal::csr_word v __asm__("t1");
    PMU_CSR_STUB_JUMP(read, "=r"(v), offset(i));
    return v;
  }
  __attribute__((always_inline)) static void write(unsigned i, hal::csr_word value) {
    register hal::csr_word v __asm__("t1") = value;
    PMU_CSR_STUB_JUMP(write, "+r"(v), offset(i));  // (csrrw zero, ..., t1 leaves t1 as it is)
  }
  __attribute__((always_inline)) static hal::csr_word set(unsigned i, hal::csr_word bits) {
    register hal::csr_word v __asm__("t1") = bits;
    PMU_CSR_STUB_JUMP(set, "+r"(v), offset(i));
    return v;
  }
  __attribute__((always_inline)) static hal::csr_word clear(unsigned i, hal::csr_word bits) {
    register hal::csr_word v __asm__("t1") = bits;
    PMU_CSR_STUB_JUMP(clear, "+r"(v), offset(i));
    return v;
  }
  __attribute__((always_inline)) static hal::csr_word clear_bit(uint32_t bit, hal::csr_word bits) {
    register hal::csr_word v __asm__("t1") = bits;
    PMU_CSR_STUB_JUMP(clearbit, "+r"(v), uintptr_t{util::debruijn_slot32(bit)} * 8u);
    return v;
  }
};
#undef PMU_CSR_STUB_JUMP
#endif

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

  // Always inlined: a run-time index is then the jump to its stub where it is
  // used (host: a table load and an indirect call; at -Os GCC otherwise
  // outlines them and every access pays a second call).
#if defined(__riscv) && !defined(PMU_HOST)
  __attribute__((always_inline)) static hal::csr_word read(unsigned i) { return detail::BankStubs<Base>::read(i); }
  __attribute__((always_inline)) static void write(unsigned i, hal::csr_word v) { detail::BankStubs<Base>::write(i, v); }
  // Return the old value, as csrrs/csrrc do.
  __attribute__((always_inline)) static hal::csr_word set(unsigned i, hal::csr_word bits) {
    return detail::BankStubs<Base>::set(i, bits);
  }
  __attribute__((always_inline)) static hal::csr_word clear(unsigned i, hal::csr_word bits) {
    return detail::BankStubs<Base>::clear(i, bits);
  }
  /// clear(ctz(bit), bits) for bit, a single set bit: no ctz lookup.
  __attribute__((always_inline)) static hal::csr_word clear_bit(uint32_t bit, hal::csr_word bits) {
    return detail::BankStubs<Base>::clear_bit(bit, bits);
  }
#else
  __attribute__((always_inline)) static hal::csr_word read(unsigned i) { return Tables::kRead[i & (kSize - 1)](); }
  __attribute__((always_inline)) static void write(unsigned i, hal::csr_word v) { Tables::kWrite[i & (kSize - 1)](v); }
  // Return the old value, as csrrs/csrrc do.
  __attribute__((always_inline)) static hal::csr_word set(unsigned i, hal::csr_word bits) {
    return Tables::kSet[i & (kSize - 1)](bits);
  }
  __attribute__((always_inline)) static hal::csr_word clear(unsigned i, hal::csr_word bits) {
    return Tables::kClear[i & (kSize - 1)](bits);
  }
  /// clear(ctz(bit), bits) for bit, a single set bit.
  __attribute__((always_inline)) static hal::csr_word clear_bit(uint32_t bit, hal::csr_word bits) {
    return clear(util::ctz32(bit), bits);
  }
#endif

  /// Most candidates a *_in form compares i with before it takes the table
  /// (two compares and a branch each against the stub jump's five
  /// instructions and the stub's two).
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

  /// clear_bit(bit, bits) for a bit of kAmong (this header's note).
  template <uint32_t kAmong>
  __attribute__((always_inline)) static hal::csr_word clear_bit_in(uint32_t bit, hal::csr_word bits) {
    if constexpr (kChain<kAmong>)
      return clear_in<kAmong>(util::ctz32(bit), bits);
    else
      return clear_bit(bit, bits);
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
