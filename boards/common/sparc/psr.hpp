// SPDX-License-Identifier: Apache-2.0
// Processor state register updates of the LEON3 glue. Each one touches only
// the field it means to change, in one asm block (read, modify, write).
// Writing back a PSR value read earlier would also write its CWP: wrong as
// soon as the compiler moves the write across a SAVE/RESTORE (a tail call
// does exactly that). An interrupt between the read and the write is
// harmless: its return restores this PSR exactly.
#pragma once

#include <stdint.h>

#include "sparc/board_asm.h"

namespace board::sparc {

// Raises PIL to 15; returns the previous PIL bits for irq_restore().
__attribute__((always_inline)) inline uint32_t irq_save() {
  uint32_t old, tmp;
  __asm__ volatile(
      "rd %%psr, %0\n\t"
      "or %0, %2, %1\n\t"
      "wr %1, %%psr\n\t"
      "nop\n\tnop\n\tnop"
      : "=&r"(old), "=&r"(tmp)
      : "i"(PSR_PIL_MASK)
      : "memory");
  return old & PSR_PIL_MASK;
}

// Sets PIL to the given bits (PSR[11:8] position), keeping everything else.
__attribute__((always_inline)) inline void irq_restore(uint32_t pil_bits) {
  uint32_t tmp;
  __asm__ volatile(
      "rd %%psr, %0\n\t"
      "andn %0, %1, %0\n\t"
      "or %0, %2, %0\n\t"
      "wr %0, %%psr\n\t"
      "nop\n\tnop\n\tnop"
      : "=&r"(tmp)
      : "i"(PSR_PIL_MASK), "r"(pil_bits & PSR_PIL_MASK)
      : "memory");
}

// PIL 15 and traps off (ET = 0): after this any trap puts the CPU in error
// mode, except QEMU's 'ta 0' shutdown.
__attribute__((always_inline)) inline void traps_off() {
  uint32_t tmp;
  __asm__ volatile(
      "rd %%psr, %0\n\t"
      "or %0, %1, %0\n\t"
      "andn %0, %2, %0\n\t"
      "wr %0, %%psr\n\t"
      "nop\n\tnop\n\tnop"
      : "=&r"(tmp)
      : "i"(PSR_PIL_MASK), "i"(PSR_ET)
      : "memory");
}

}  // namespace board::sparc
