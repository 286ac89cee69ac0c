// SPDX-License-Identifier: Apache-2.0
// C shims over the board and examples/common for main.c (see glue.h).
#include "board.hpp"
#include "board_config.hpp"
#include "devices.hpp"
#include "safesu_unit.hpp"
#include "workload.hpp"

extern "C" {
#include "glue.h"
}

extern "C" {

void ex_putc(char c) { board::putc(c); }
const char* ex_board_name(void) { return board::name(); }
void ex_attach_devices(void) {
  examples::require_catalogue_build();
  (void)examples::attach_emulated_devices(examples::kSafesu);
}
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
uint16_t ex_event_input(const char* name) { return examples::event_input(name); }
const char* ex_event_name(unsigned index) { return examples::event_name(index); }
uint32_t ex_workload(unsigned phase, unsigned rounds) {
  return examples::run_phase(phase == 0 ? examples::Phase::kCompute : examples::Phase::kStream, rounds);
}

}  // extern "C"
