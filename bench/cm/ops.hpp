// SPDX-License-Identifier: Apache-2.0
// The one place the bench calls the CM perf block driver (bench/common/ops.hpp
// says how): the GCR block at BENCH_CM_GCR_BASE, as FixedPerf (base a
// constant) and Perf (base chosen at run time, code in libpmu).
#pragma once

#include <stdint.h>

#include "../common/ops.hpp"
#include "baseline.h"
#include "pmu/cm/perf.hpp"

#ifdef PMU_HOST
#include "pmu_sim/cm_model.hpp"
#include "pmu_sim/host_bus.hpp"
#endif

namespace bench::cm {

using pmu::Result;
using pmu::Status;
namespace c = pmu::cm;

inline c::FixedPerf<BENCH_CM_GCR_BASE> g_compile_time;
inline c::Perf g_run_time{BENCH_CM_GCR_BASE};
inline c::Callbacks g_callbacks_ct{};
inline c::Callbacks g_callbacks_rt{};

struct Ops {
  static constexpr uintptr_t kWindow = BENCH_CM_GCR_BASE + c::kGdbOffset + 0x100;
  static constexpr unsigned kWindowWords = (c::kPerfWindowEnd - 0x100) / 4;
  static constexpr Path kCompileTime = Path::kMeasured;
  static constexpr Path kRunTime = Path::kMeasured;

  struct Baseline {
    BENCH_FORWARD uint8_t program(unsigned i, unsigned e, uint32_t q) { return bl_cm_program(i, e, q); }
    BENCH_FORWARD uint8_t start(uint32_t m) { return bl_cm_start(m); }
    BENCH_FORWARD uint8_t stop(uint32_t m) { return bl_cm_stop(m); }
    BENCH_FORWARD bl_u32 read(unsigned i) { return bl_cm_read(i); }
    BENCH_FORWARD bl_u32 overflow_hook() { return bl_cm_overflow_hook(); }
  };
  struct CompileTime {
    BENCH_OUT_OF_LINE Status program(unsigned i, unsigned e, uint32_t q) { return g_compile_time.program(i, e, q); }
    BENCH_OUT_OF_LINE Status start(uint32_t m) { return g_compile_time.start(m); }
    BENCH_OUT_OF_LINE Status stop(uint32_t m) { return g_compile_time.stop(m); }
    BENCH_OUT_OF_LINE Result<uint32_t> read(unsigned i) { return g_compile_time.read(i); }
    BENCH_OUT_OF_LINE Result<uint32_t> overflow_hook() { return g_compile_time.handle_overflow_irq(); }
  };
  struct RunTime {
    BENCH_FORWARD Status program(unsigned i, unsigned e, uint32_t q) { return g_run_time.program(i, e, q); }
    BENCH_FORWARD Status start(uint32_t m) { return g_run_time.start(m); }
    BENCH_FORWARD Status stop(uint32_t m) { return g_run_time.stop(m); }
    BENCH_FORWARD Result<uint32_t> read(unsigned i) { return g_run_time.read(i); }
    BENCH_FORWARD Result<uint32_t> overflow_hook() { return g_run_time.handle_overflow_irq(); }
  };

  // The hook's callback: P0.
  static void attach(bl_callback_fn fn) {
    g_compile_time.attach_callbacks(&g_callbacks_ct);
    g_run_time.attach_callbacks(&g_callbacks_rt);
    (void)g_compile_time.on_overflow(c::kP0Counter, {fn, nullptr});
    (void)g_run_time.on_overflow(c::kP0Counter, {fn, nullptr});
    (void)bl_cm_on_overflow(c::kP0Counter, {fn, nullptr});
  }

#ifdef PMU_HOST
  // On the host: the model, fresh for every run, at the GDB.
  struct Rig {
    pmu::models::CmPerfModel model;
    pmu_sim::ModelBus bus;
    Rig() { bus.map(BENCH_CM_GCR_BASE + c::kGdbOffset, c::kGdbSize, &model); }
  };
  static inline Rig* rig = nullptr;
  static void poke(uint32_t offset, uint32_t v) { rig->bus.mmio_write32(BENCH_CM_GCR_BASE + c::kGdbOffset + offset, v); }
  static void idle() {}
  static void counting() { poke(0x100, 0x150); }  // all three counting
  // P0 wrapped: its overflow flag is set.
  static void p0_overflowed() {
    poke(0x198, 0xFFFFFFF0u);
    poke(0x130, 0);      // P0 counts event 0 (request count) ...
    poke(0x100, 0x40);   // ... and runs
    rig->model.set_event_rate(0, 1);
    rig->bus.advance(64);
    poke(0x100, 0);      // stopped, flag kept
  }
#else
  static volatile uint32_t* regs() { return reinterpret_cast<volatile uint32_t*>(BENCH_CM_GCR_BASE + c::kGdbOffset); }
  static void idle() { regs()[0x100 / 4] = 2; }  // Perf_Num_Cnt reads 2
  static void counting() { regs()[0x100 / 4] = 0x152; }
  static void p0_overflowed() {
    idle();
    regs()[0x198 / 4] = 0x20;
    regs()[0x120 / 4] = c::kP0Mask;
  }
#endif
};

}  // namespace bench::cm

// X(name, scenario, operation, arguments...): operations timed as calls.
#define BENCH_CM_OPS(X)                                              \
  X("cm.program", idle, program, 1u, 2u, 0x1234u)                    \
  X("cm.start(all)", idle, start, 7u)                                \
  X("cm.stop(one)", counting, stop, 2u)                              \
  X("cm.read(one)", counting, read, 1u)                              \
  X("cm.overflow_hook(1_flagged)", p0_overflowed, overflow_hook)

// X(name, scenario, hook, arguments...): hooks timed from entry to the first callback.
#define BENCH_CM_HOOKS(X) X("cm.overflow_hook_to_callback", p0_overflowed, overflow_hook)
