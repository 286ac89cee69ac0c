// SPDX-License-Identifier: Apache-2.0
// Runtime-index access to a bank of 32 consecutive CSRs (Base + 0..31).
//
// csrr/csrw encode the CSR number as an immediate, so "counter i" cannot be
// computed at run time. A CsrBank holds constexpr tables of the per-number
// accessors (hal::csr_read<Base + i> ...), built with a small index sequence:
// one indirect call per access, no macro towers, no runtime CSR numbers.
// The unchecked entry points mask the index (never out of the table); the
// *_checked forms return kBadArg for i >= 32 before any access.
#pragma once

#include <stdint.h>

#include "pmu/hal/csr.hpp"
#include "pmu/status.hpp"

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

  static hal::csr_word read(unsigned i) { return Tables::kRead[i & (kSize - 1)](); }
  static void write(unsigned i, hal::csr_word v) { Tables::kWrite[i & (kSize - 1)](v); }
  // Return the old value, as csrrs/csrrc do.
  static hal::csr_word set(unsigned i, hal::csr_word bits) { return Tables::kSet[i & (kSize - 1)](bits); }
  static hal::csr_word clear(unsigned i, hal::csr_word bits) { return Tables::kClear[i & (kSize - 1)](bits); }

  static Result<hal::csr_word> read_checked(unsigned i) {
    if (i >= kSize) return Status::kBadArg;
    return read(i);
  }
  static Status write_checked(unsigned i, hal::csr_word v) {
    if (i >= kSize) return Status::kBadArg;
    write(i, v);
    return Status::kOk;
  }
};

}  // namespace pmu::riscv
