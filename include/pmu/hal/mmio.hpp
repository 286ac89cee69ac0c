// SPDX-License-Identifier: Apache-2.0
// The MMIO half of the hardware seam: single aligned 32-bit accesses only
// (the SafeSU ignores HSIZE, so a narrower store would overwrite a whole
// register; a wider one would be two transfers). Nothing above this layer
// dereferences a device address.
#pragma once

#include <stdint.h>

#ifdef PMU_HOST
#include "pmu/hal/host_seam.h"
#endif

namespace pmu::hal {

/// One aligned 32-bit load from device address addr (the host seam in a host build).
inline uint32_t mmio_read32(uintptr_t addr) {
#ifdef PMU_HOST
  return pmu_host_mmio_read32(addr);
#else
  return *reinterpret_cast<volatile const uint32_t*>(addr);
#endif
}

/// One aligned 32-bit store of value to device address addr.
inline void mmio_write32(uintptr_t addr, uint32_t value) {
#ifdef PMU_HOST
  pmu_host_mmio_write32(addr, value);
#else
  *reinterpret_cast<volatile uint32_t*>(addr) = value;
#endif
}

/// One aligned 32-bit load of register 'offset' of the device at 'base', for
/// a lone read: as mmio_store32(), a run-time base laundered into a plain
/// pointer lets a build-time offset fold into the load.
__attribute__((always_inline)) inline uint32_t mmio_load32(uintptr_t base, uintptr_t offset) {
#ifdef PMU_HOST
  return pmu_host_mmio_read32(base + offset);
#else
  if (__builtin_constant_p(base) || !__builtin_constant_p(offset)) {
    return *reinterpret_cast<volatile const uint32_t*>(base + offset);
  } else {
    const volatile uint8_t* at = reinterpret_cast<const volatile uint8_t*>(base);
    __asm__("" : "+r"(at));
    return *reinterpret_cast<const volatile uint32_t*>(at + offset);
  }
#endif
}

/// mmio_read32() as a register of the pointer's width holds it: the word
/// sign-extended (RV64 keeps every 32-bit value so). For a snapshot a hook
/// tests, keeps across a call and passes on: GCC 12 sign-extends a volatile
/// load's result again when it copies it to a saved register (a sext.w on
/// rv64), which an asm load, already in that form, does not need.
inline intptr_t mmio_read32_wide(uintptr_t addr) {
#if defined(PMU_HOST)
  return static_cast<int32_t>(pmu_host_mmio_read32(addr));
#elif defined(__riscv) && __riscv_xlen == 64
  intptr_t word;
  __asm__ volatile("lw %0, %1" : "=r"(word) : "m"(*reinterpret_cast<volatile const uint32_t*>(addr)) : "memory");
  return word;
#else
  return static_cast<int32_t>(*reinterpret_cast<volatile const uint32_t*>(addr));
#endif
}

/// One aligned 32-bit store of value to register 'offset' of the device at
/// 'base', for a lone store (a W1C clear). GCC 12 at -Os keeps a constant
/// offset out of a volatile access whose address is an integer made a
/// pointer: an add, then the store at 0. A base laundered through an empty
/// asm is a plain pointer, and the offset folds into the store. Only for a
/// base known at run time and an offset known at build time (a constant
/// sum needs no help); not for a read-modify-write, whose two accesses GCC
/// then arranges worse.
__attribute__((always_inline)) inline void mmio_store32(uintptr_t base, uintptr_t offset, uint32_t value) {
#ifdef PMU_HOST
  pmu_host_mmio_write32(base + offset, value);
#else
  if (__builtin_constant_p(base) || !__builtin_constant_p(offset)) {
    *reinterpret_cast<volatile uint32_t*>(base + offset) = value;
  } else {
    volatile uint8_t* at = reinterpret_cast<volatile uint8_t*>(base);
    __asm__("" : "+r"(at));
    *reinterpret_cast<volatile uint32_t*>(at + offset) = value;
  }
#endif
}

}  // namespace pmu::hal
