// SPDX-License-Identifier: Apache-2.0
// board::cycles() on the LEON3 boards (LEON3 has no cycle counter): a GPTIMER
// timer counts down from 0xFFFFFFFF once per prescaler underflow, and a
// software extension makes it a 64-bit up-count, scaled to what the board
// calls a cycle (board_config.hpp kTimeBase: qemu-leon3 guest instructions,
// leon3-grlib timer ticks).
#include "board.hpp"
#include "board_config.hpp"
#include "grlib/gptimer.hpp"
#include "pmu/util/wide_counter.hpp"
#include "sparc/machine.hpp"
#include "sparc/psr.hpp"

namespace {
constexpr board::grlib::Gptimer kGptimer(board::config::kGptimer);
constexpr board::grlib::TimeBase kBase = board::config::kTimeBase;
static_assert(board::grlib::Gptimer::timer_ok(kBase.timer), "GPTIMER timers are 1..7");
pmu::util::WideCounter g_time(32);

uint32_t elapsed() { return 0xFFFFFFFFu - kGptimer.read(kBase.timer).value_or(0xFFFFFFFFu); }
}  // namespace

namespace board {

uint64_t cycles() {
  // Interrupts off around the read-and-extend: handlers call this too.
  const uint32_t pil = sparc::irq_save();
  const uint64_t t = g_time.observe(elapsed());
  sparc::irq_restore(pil);
  return t * kBase.cycles_per_tick;
}

namespace sparc {

void start_time_base() {
  if (kBase.set_prescaler) kGptimer.set_prescaler(kBase.prescaler_reload);
  (void)kGptimer.start_free_running(kBase.timer);
  g_time.restart(elapsed());
}

}  // namespace sparc
}  // namespace board
