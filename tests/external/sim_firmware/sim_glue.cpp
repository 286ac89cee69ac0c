// SPDX-License-Identifier: Apache-2.0
// sim_glue.h over pmukit-sim's C++ API and the board's records.
#include "sim_glue.h"

#include "board.hpp"
#include "board_config.hpp"
#include "pmu_sim/harness.hpp"
#include "pmu_sim/soc.hpp"
#include "pmu_sim/soc_events.hpp"

namespace {

namespace soc = pmu_sim::soc;

constexpr soc::Placement kPlacement = {
    board::config::kSafesu,
#if defined(__riscv)
    board::config::kCm,
    board::config::kAme,
#else
    board::CmInstance{0, false, board::kNotWired},
    board::AmeInstance{false, board::kNotWired},
#endif
};

}  // namespace

extern "C" {

bool fw_sim_attach(void) {
#if defined(__riscv) && __riscv_xlen == 64
  return soc::attach(soc::kSafesu | soc::kCm | soc::kAmeCsrs, kPlacement);
#elif defined(__riscv)
  return soc::attach(soc::kSafesu | soc::kCm, kPlacement);
#else
  return soc::attach(soc::kSafesu, kPlacement);
#endif
}

bool fw_sim_irq_attach(unsigned line, void (*handler)(void* ctx), void* ctx) {
  return harness::attach_irq_handler(line, handler, ctx);
}

uint32_t fw_sim_run(fw_phase_t phase, unsigned rounds) {
  const soc::Phase p = phase == FW_PHASE_MATRIX ? soc::Phase::kMatrix : soc::Phase::kCompute;
  uint32_t x = 1;
  soc::phase_begin(p);
  for (unsigned r = 0; r < rounds; ++r) {
    soc::phase_round(p, r);
    for (unsigned i = 0; i < 32; ++i) x = x * 1103515245u + 12345u;
    soc::service();
  }
  soc::phase_end(p);
  return x;
}

uintptr_t fw_safesu_base(void) { return board::config::kSafesu.base; }
unsigned fw_safesu_overflow_line(void) { return board::config::kSafesu.irq.overflow; }
#if defined(__riscv)
bool fw_cm_present(void) { return board::config::kCm.perf_block; }
uintptr_t fw_cm_gcr_base(void) { return board::config::kCm.gcr_base; }
#else
bool fw_cm_present(void) { return false; }
uintptr_t fw_cm_gcr_base(void) { return 0; }
#endif
unsigned fw_event_cpu0_cycles(void) { return soc::kCpu0Cycles; }
unsigned fw_event_cpu0_compute(void) { return soc::kCpu0Compute; }

}  // extern "C"
