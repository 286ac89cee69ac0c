// SPDX-License-Identifier: Apache-2.0
// The QEMU 'virt' machine's console and exit devices, the same from M-mode
// and from S-mode (OpenSBI leaves both reachable): the 16550 UART at
// 0x10000000 (poll LSR bit 5, write THR) and the SiFive test finisher at
// 0x100000 (0x5555 = exit 0; code << 16 | 0x3333 = exit code):
// docs/hw/riscv-counters.md §2.5.
#pragma once

#include <stdint.h>

namespace board::virt {

constexpr uintptr_t kUart = 0x10000000;      // 16550: THR +0, LSR +5
constexpr uintptr_t kFinisher = 0x00100000;  // SiFive test device

inline void uart_putc(char c) {
  volatile uint8_t* const uart = reinterpret_cast<volatile uint8_t*>(kUart);
  while ((uart[5] & 0x20) == 0) {
  }
  uart[0] = static_cast<uint8_t>(c);
}

// The finisher word for exit code `code`. QEMU exits with the word's
// 16-bit code and the host keeps its low 8 bits, so a non-zero code whose
// low byte is 0 (256, -256) would read as success: it exits 255.
constexpr uint32_t finisher_word(int code) {
  const uint32_t low = static_cast<uint32_t>(code) & 0xFFu;
  return code == 0 ? 0x5555u : ((low != 0 ? low : 0xFFu) << 16) | 0x3333u;
}

[[noreturn]] inline void finisher_exit(int code) {
  const uint32_t v = finisher_word(code);
  for (;;) *reinterpret_cast<volatile uint32_t*>(kFinisher) = v;
}

}  // namespace board::virt
