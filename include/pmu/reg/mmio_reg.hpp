// SPDX-License-Identifier: Apache-2.0
// read / write / modify of typed MMIO registers through the seam.
// read() exists only for readable registers and write() only for writable
// ones (a static_assert says why, at the call site's instantiation);
// modify() is exactly one load and one store.
#pragma once

#include <stdint.h>

#include "pmu/hal/mmio.hpp"
#include "pmu/reg/field.hpp"

namespace pmu::reg {

template <typename Tag>
inline Value<Tag> read(uintptr_t base, Reg<Tag> r) {
  static_assert(sizeof(typename Tag::word_t) == 4, "MMIO registers are 32-bit");
  static_assert(readable(Tag::kAccess), "this register is write-only");
  return Value<Tag>{hal::mmio_read32(base + r.offset)};
}

template <typename Tag>
inline void write(uintptr_t base, Reg<Tag> r, Value<Tag> v) {
  static_assert(sizeof(typename Tag::word_t) == 4, "MMIO registers are 32-bit");
  static_assert(writable(Tag::kAccess), "this register is read-only");
  hal::mmio_write32(base + r.offset, v.raw);
}

// One load, one store; fn maps the old value to the new one.
template <typename Tag, typename Fn>
inline Value<Tag> modify(uintptr_t base, Reg<Tag> r, Fn fn) {
  static_assert(Tag::kAccess == Access::kRW, "modify needs a read-write register");
  const Value<Tag> old = read(base, r);
  const Value<Tag> next = fn(old);
  write(base, r, next);
  return next;
}

// Clear W1C bits: writes exactly the given mask, nothing else.
template <typename Tag>
inline void clear_w1c(uintptr_t base, Reg<Tag> r, typename Tag::word_t bits) {
  static_assert(Tag::kAccess == Access::kW1C, "clear_w1c needs a write-1-to-clear register");
  hal::mmio_write32(base + r.offset, bits);
}

}  // namespace pmu::reg
