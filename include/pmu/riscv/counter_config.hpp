// SPDX-License-Identifier: Apache-2.0
// What a RISC-V counter file has: which counters, Sscofpmf or not, and where
// the overflow vector comes from. Plain data, constexpr-constructible.
#pragma once

#include <stdint.h>

namespace pmu::riscv {

// Where the overflow vector comes from. QEMU 7.2 masks scountovf with
// mcounteren even in M-mode, so M-mode code there either sets mcounteren or
// reads the OF bits one counter at a time (docs/hw/riscv-counters.md §2.5).
enum class OverflowSource : uint8_t { kScountovf, kEventOf };

struct CounterConfig {
  uint32_t counters = 0;  // implemented counters: bit 0 cycle, 2 instret, 3..31 hpm
  bool sscofpmf = false;  // OF/xINH bits, mhpmeventNh on RV32, scountovf, LCOFI
  bool present = true;    // false: every call is kUnavailable (AME not declared)
  OverflowSource overflow_source = OverflowSource::kScountovf;
};

}  // namespace pmu::riscv
