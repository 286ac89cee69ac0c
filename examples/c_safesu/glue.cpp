// SPDX-License-Identifier: Apache-2.0
// C shims over the board and examples/common for main.c (see glue.h).
#include "board.hpp"
#include "board_config.hpp"
#include "devices.hpp"
#include "safesu_unit.hpp"
#include "pmu_sim/soc_events.hpp"
#include "workload.hpp"

extern "C" {
#include "glue.h"
}

extern "C" {

void ex_putc(char c) { board::putc(c); }
const char* ex_board_name(void) { return board::name(); }
void ex_attach_devices(void) { (void)examples::attach_emulated_devices(examples::kSafesu); }
uintptr_t ex_safesu_base(void) { return examples::safesu_record().base; }
unsigned ex_safesu_cores(void) { return examples::safesu_record().cores; }
unsigned ex_safesu_events(void) { return examples::safesu_record().events; }
bool ex_attach_overflow_line(void (*handler)(void* ctx), void* ctx) {
  return examples::attach_irq(examples::safesu_overflow_line(), handler, ctx);
}
void ex_irq_enable(bool on) {
  if (on)
    board::irq_global_enable();
  else
    board::irq_global_disable();
}
unsigned ex_event_cpu0_cycles(void) { return pmu_sim::soc::kCpu0Cycles; }
unsigned ex_event_cpu0_compute(void) { return pmu_sim::soc::kCpu0Compute; }
unsigned ex_event_cpu0_load_store(void) { return pmu_sim::soc::kCpu0LoadStore; }
uint32_t ex_workload(unsigned phase, unsigned rounds) {
  return examples::run_phase(phase == 0 ? examples::Phase::kCompute : examples::Phase::kStream, rounds);
}

}  // extern "C"
