// SPDX-License-Identifier: Apache-2.0
// The counter-unit contract: what every counter unit (SafeSU, CM perf block,
// standard/Sscofpmf counters, Ibex, AME) offers, with the same names and
// result types, so code written against one works against all of them
// (OpenSBI sbi_pmu / Linux riscv_pmu style).
//
//   using raw_type = uint32_t or uint64_t;      the hardware counter's word
//   Result<raw_type> read(unsigned i);          raw value: one access (+ the call)
//   Result<uint64_t> read64(unsigned i);        64-bit total (software-extended
//                                               where the hardware is narrower;
//                                               kUnavailable where that needs
//                                               tracking storage not attached)
//   Status start(uint32_t mask);                start / stop counters by mask
//   Status stop(uint32_t mask);
//   Status on_overflow(unsigned i, IrqCallback cb);
//   Result<uint32_t> handle_overflow_irq();     the hook (irq.hpp order);
//                                               returns the mask it served
//   static void overflow_isr(void* self);       ISR adapter, void(*)(void*)
//
// Counter i is the hardware's own bit position in the unit's overflow or
// inhibit mask: SafeSU 0..n-1; CM 0 cycle, 1 P0, 2 P1 (GCR_DB_PC_OV order);
// RISC-V the mcountinhibit index (0 cycle, 2 instret, 3..31 hpm).
//
// Each unit states `static_assert(pmu::is_counter_unit<Unit>::value)`; the
// individual checks below give a readable error for what is missing.
#pragma once

#include <stdint.h>

#include "pmu/irq.hpp"
#include "pmu/status.hpp"
#include "pmu/util/bits.hpp"

namespace pmu {

/// The contract's compile-time checks, one trait per clause (no `<type_traits>`: freestanding).
namespace contract {
/// std::declval stand-in: names a T& in unevaluated operands only (never defined).
template <typename T>
T&& declval() noexcept;
/// std::void_t stand-in: SFINAE on whether an expression is well formed.
template <typename...>
using void_t = void;
/// std::bool_constant stand-in: the base of every clause trait.
template <bool B>
struct bool_constant {
  static constexpr bool value = B;  ///< The trait's answer.
};

#define PMU_CONTRACT_MEMBER(name, expr, expected)                                                    \
  template <typename T, typename = void>                                                            \
  struct name : bool_constant<false> {};                                                            \
  template <typename T>                                                                             \
  struct name<T, void_t<decltype(expr)>> : bool_constant<util::is_same<decltype(expr), expected>::value> {}

/// Clause: `using raw_type = uint32_t or uint64_t`.
template <typename T, typename = void>
struct has_raw_type : bool_constant<false> {};
template <typename T>
struct has_raw_type<T, void_t<typename T::raw_type>>
    : bool_constant<util::is_same<typename T::raw_type, uint32_t>::value ||
                    util::is_same<typename T::raw_type, uint64_t>::value> {};

/// Clause: `Result<raw_type> read(unsigned)`.
template <typename T, typename = void>
struct has_read : bool_constant<false> {};
template <typename T>
struct has_read<T, void_t<typename T::raw_type, decltype(declval<T&>().read(0u))>>
    : bool_constant<util::is_same<decltype(declval<T&>().read(0u)), Result<typename T::raw_type>>::value> {};
PMU_CONTRACT_MEMBER(has_read64, declval<T&>().read64(0u), Result<uint64_t>);
PMU_CONTRACT_MEMBER(has_start, declval<T&>().start(uint32_t{0}), Status);
PMU_CONTRACT_MEMBER(has_stop, declval<T&>().stop(uint32_t{0}), Status);
PMU_CONTRACT_MEMBER(has_on_overflow, declval<T&>().on_overflow(0u, IrqCallback{}), Status);
PMU_CONTRACT_MEMBER(has_overflow_hook, declval<T&>().handle_overflow_irq(), Result<uint32_t>);
PMU_CONTRACT_MEMBER(has_overflow_isr, &T::overflow_isr, IsrFn);

#undef PMU_CONTRACT_MEMBER
}  // namespace contract

/// True when T meets the whole counter-unit contract (this header's list); each unit static_asserts it.
template <typename T>
struct is_counter_unit
    : contract::bool_constant<contract::has_raw_type<T>::value && contract::has_read<T>::value &&
                              contract::has_read64<T>::value && contract::has_start<T>::value &&
                              contract::has_stop<T>::value && contract::has_on_overflow<T>::value &&
                              contract::has_overflow_hook<T>::value && contract::has_overflow_isr<T>::value> {};

/// One static_assert per clause, so a unit that misses one is told which; returns is_counter_unit<T>::value.
template <typename T>
constexpr bool check_counter_unit() {
  static_assert(contract::has_raw_type<T>::value, "counter unit: `using raw_type = uint32_t or uint64_t`");
  static_assert(contract::has_read<T>::value, "counter unit: `Result<raw_type> read(unsigned)`");
  static_assert(contract::has_read64<T>::value, "counter unit: `Result<uint64_t> read64(unsigned)`");
  static_assert(contract::has_start<T>::value, "counter unit: `Status start(uint32_t mask)`");
  static_assert(contract::has_stop<T>::value, "counter unit: `Status stop(uint32_t mask)`");
  static_assert(contract::has_on_overflow<T>::value, "counter unit: `Status on_overflow(unsigned, IrqCallback)`");
  static_assert(contract::has_overflow_hook<T>::value, "counter unit: `Result<uint32_t> handle_overflow_irq()`");
  static_assert(contract::has_overflow_isr<T>::value, "counter unit: `static void overflow_isr(void*)`");
  return is_counter_unit<T>::value;
}

}  // namespace pmu
