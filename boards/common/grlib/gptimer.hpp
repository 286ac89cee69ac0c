// SPDX-License-Identifier: Apache-2.0
// GRLIB GPTIMER, the LEON3 boards' time base: a shared prescaler (value
// +0x00, reload +0x04, configuration +0x08) and timers 1..7, timer n at
// 0x10 * n: counter +0x0, reload +0x4, control +0x8 (GRLIB IP core manual,
// GPTIMER; QEMU's has 2 timers: docs/hw/grlib-leon3-qemu.md §6.3). Timers
// count down once per prescaler underflow. Every call checks its timer
// number first and touches no register for a bad one
// (tests/boards/host/grlib_gptimer_test.cpp).
#pragma once

#include <stdint.h>

#include "../board_reg.hpp"

namespace board::grlib {

namespace gptimer {
using pmu::reg::Access;
struct Scaler : Reg32<Access::kRW> {};
struct Counter : Reg32<Access::kRW> {};
struct Ctrl : Reg32<Access::kRW> {};
constexpr pmu::reg::Reg<Scaler> kScalerValue{0x00};
constexpr pmu::reg::Reg<Scaler> kScalerReload{0x04};
constexpr uint32_t kTimerStride = 0x10;  // timer n at kTimerStride * n
constexpr uint32_t kCounterOffset = 0x0;
constexpr uint32_t kReloadOffset = 0x4;
constexpr uint32_t kCtrlOffset = 0x8;
constexpr pmu::reg::Field<Ctrl> kCtrlEnable = pmu::reg::flag<Ctrl>(0);   // EN
constexpr pmu::reg::Field<Ctrl> kCtrlRestart = pmu::reg::flag<Ctrl>(1);  // RS: reload on underflow
constexpr pmu::reg::Field<Ctrl> kCtrlLoad = pmu::reg::flag<Ctrl>(2);     // LD: load the reload value now
}  // namespace gptimer

class Gptimer {
 public:
  static constexpr unsigned kMaxTimers = 7;
  static constexpr bool timer_ok(unsigned n) { return n >= 1 && n <= kMaxTimers; }

  constexpr explicit Gptimer(uintptr_t base) : base_(base) {}

  // The shared prescaler: reload, then the current value (2 writes). Every
  // timer ticks once per reload + 1 system clocks.
  void set_prescaler(uint32_t reload) const;
  // Timer n counts down from 0xFFFFFFFF, restarts there on underflow, no
  // interrupt: 2 writes (reload, control = EN | RS | LD). kBadArg for a
  // timer number outside 1..7.
  [[nodiscard]] pmu::Status start_free_running(unsigned n) const;
  // Timer n's counter: 1 read.
  [[nodiscard]] pmu::Result<uint32_t> read(unsigned n) const;

 private:
  static constexpr uint32_t timer_reg(unsigned n, uint32_t offset) { return gptimer::kTimerStride * n + offset; }
  uintptr_t base_;
};

// How a board uses a GPTIMER as its time base (board::cycles()).
struct TimeBase {
  unsigned timer;            // GRLIB numbering, 1..7; runs free, no interrupt
  bool set_prescaler;        // false: keep the prescaler as the boot loader set it
  uint32_t prescaler_reload;
  uint32_t cycles_per_tick;  // what cycles() counts per timer tick
};

}  // namespace board::grlib
