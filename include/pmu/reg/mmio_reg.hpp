// SPDX-License-Identifier: Apache-2.0
// The verbs on typed MMIO registers, and the only way library code reaches
// MMIO (src/ never calls hal::mmio_* itself; make test checks it).
//
//   read(base, r)            readable registers only
//   write(base, r, v)        RW and WO registers only: writing a read-only
//                            register, or a W1C one by accident, does not compile
//   modify(base, r, fn)      exactly one load and one store; the register's
//                            never-write-back bits are dropped from the old value
//   pulse(base, r, f)        set a PulseField for one write, release it with the
//                            next: 1R 2W, every other bit written back as read
//   clear_w1c(base, r, bits) W1C registers only; writes exactly 'bits'
//
// A static_assert names the rule at the call site's instantiation.
#pragma once

#include <stdint.h>

#include "pmu/hal/mmio.hpp"
#include "pmu/reg/field.hpp"

namespace pmu::reg {

/// Reads register r of the unit at base: one 32-bit load (readable registers only).
template <typename Tag, typename O>
__attribute__((always_inline)) inline Value<Tag> read(uintptr_t base, Reg<Tag, O> r) {
  static_assert(sizeof(typename Tag::word_t) == 4, "MMIO registers are 32-bit");
  static_assert(readable(Tag::kAccess), "this register is write-only");
  return Value<Tag>{hal::mmio_read32(base + r.offset)};
}

/// read() for a lone read of a run-time base (a snapshot, a probe): the
/// register's offset folds into the load (hal::mmio_load32). Not where other
/// accesses to the same base come close, as GCC then arranges them worse
/// (the SafeSU's reads: make bench).
template <typename Tag, typename O>
__attribute__((always_inline)) inline Value<Tag> read_alone(uintptr_t base, Reg<Tag, O> r) {
  static_assert(sizeof(typename Tag::word_t) == 4, "MMIO registers are 32-bit");
  static_assert(readable(Tag::kAccess), "this register is write-only");
  return Value<Tag>{hal::mmio_load32(base, r.offset)};
}

/// read() for a snapshot kept across a call: the word sign-extended to the
/// pointer's width (hal::mmio_read32_wide), 32 bits of which are the register.
template <typename Tag, typename O>
__attribute__((always_inline)) inline intptr_t read_wide(uintptr_t base, Reg<Tag, O> r) {
  static_assert(sizeof(typename Tag::word_t) == 4, "MMIO registers are 32-bit");
  static_assert(readable(Tag::kAccess), "this register is write-only");
  return hal::mmio_read32_wide(base + r.offset);
}

/// Writes v to register r: one 32-bit store (RW and WO registers; not W1C).
template <typename Tag, typename O>
__attribute__((always_inline)) inline void write(uintptr_t base, Reg<Tag, O> r, Value<Tag> v) {
  static_assert(sizeof(typename Tag::word_t) == 4, "MMIO registers are 32-bit");
  static_assert(writable(Tag::kAccess), "this register is read-only");
  static_assert(Tag::kAccess != Access::kW1C, "a W1C register is cleared with clear_w1c()");
  hal::mmio_write32(base + r.offset, v.raw);
}

/// Read-modify-write of a read-write register: one load, one store; fn maps the old value (without the register's
/// never-write-back bits) to the new one; returns what it wrote.
template <typename Tag, typename O, typename Fn>
__attribute__((always_inline)) inline Value<Tag> modify(uintptr_t base, Reg<Tag, O> r, Fn fn) {
  static_assert(Tag::kAccess == Access::kRW, "modify needs a read-write register");
  const Value<Tag> old{static_cast<typename Tag::word_t>(read(base, r).raw & ~r.keep_out)};
  const Value<Tag> next = fn(old);
  write(base, r, next);
  return next;
}

/// Sets a level-action bit for one write and release it with the next (the
/// hardware acts while the bit is 1). Returns the value written last.
template <typename Tag, typename O>
__attribute__((always_inline)) inline Value<Tag> pulse(uintptr_t base, Reg<Tag, O> r, PulseField<Tag> f) {
  static_assert(Tag::kAccess == Access::kRW, "pulse needs a read-write register");
  const Value<Tag> rest{static_cast<typename Tag::word_t>(read(base, r).raw & ~r.keep_out)};
  write(base, r, Value<Tag>{static_cast<typename Tag::word_t>(rest.raw | f.mask())});
  write(base, r, rest);
  return rest;
}

/// Clears W1C bits: writes exactly the given bits, nothing else.
template <typename Tag, typename O>
__attribute__((always_inline)) inline void clear_w1c(uintptr_t base, Reg<Tag, O> r, typename Tag::word_t bits) {
  static_assert(Tag::kAccess == Access::kW1C, "clear_w1c needs a write-1-to-clear register");
  hal::mmio_store32(base, r.offset, bits);
}

}  // namespace pmu::reg
