// SPDX-License-Identifier: Apache-2.0
// GRLIB IRQMP, the LEON3 boards' interrupt controller, as seen by CPU 0:
// levels 1..15 (0 does not exist), pending +0x04, force +0x08, clear +0x0C,
// CPU 0 mask +0x40, CPU 0 force +0x80 (writing bit n, 15..1, forces level n;
// writing bit 16 + n drops it: an atomic set/clear, unlike +0x08 whose write
// replaces the whole force word). docs/hw/grlib-leon3-qemu.md §6.3 (offsets,
// and the force behaviour verified on QEMU). The CPU acknowledges a level
// when it takes its trap, which clears its pending and force bits.
// Every call checks its line first and touches no register for a bad one
// (tests/boards/host/grlib_irqmp_test.cpp).
#pragma once

#include <stdint.h>

#include "../board_reg.hpp"

namespace board::grlib {

namespace irqmp {
using pmu::reg::Access;
struct Pending : Reg32<Access::kRO> {};
struct Force : Reg32<Access::kRW> {};
struct Clear : Reg32<Access::kWO> {};  // write 1: drop that pending level
struct Mask : Reg32<Access::kRW> {};
struct CpuForce : Reg32<Access::kWO> {};  // bits 15:1 set, bits 31:17 clear
constexpr pmu::reg::Reg<Pending> kPending{0x04};
constexpr pmu::reg::Reg<Force> kForce{0x08};
constexpr pmu::reg::Reg<Clear> kClear{0x0C};
constexpr pmu::reg::Reg<Mask> kCpu0Mask{0x40};
constexpr pmu::reg::Reg<CpuForce> kCpu0Force{0x80};
constexpr unsigned kClearShift = 16;  // CPU force: bit 16 + n drops level n
}  // namespace irqmp

class Irqmp {
 public:
  static constexpr unsigned kLevels = 16;  // 1..15 exist
  static constexpr bool line_ok(unsigned line) { return line >= 1 && line < kLevels; }

  constexpr explicit Irqmp(uintptr_t base) : base_(base) {}

  // CPU 0 takes nothing: every level masked, nothing forced, nothing
  // pending. 3 writes.
  void reset() const;
  // CPU 0 mask bit of 'line' on / off: 1 read, 1 write (call with
  // interrupts masked: the read-modify-write is not atomic). kBadArg for a
  // line that does not exist.
  [[nodiscard]] pmu::Status unmask(unsigned line) const;
  [[nodiscard]] pmu::Status mask(unsigned line) const;
  // Makes 'line' pending for CPU 0 through its force register / drops a
  // forced 'line': 1 write each.
  [[nodiscard]] pmu::Status force(unsigned line) const;
  [[nodiscard]] pmu::Status unforce(unsigned line) const;
  // Drops a pending 'line': 1 write.
  [[nodiscard]] pmu::Status clear(unsigned line) const;
  // Whether 'line' is pending: 1 read.
  [[nodiscard]] pmu::Result<bool> pending(unsigned line) const;

 private:
  uintptr_t base_;
};

}  // namespace board::grlib
