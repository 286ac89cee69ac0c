// SPDX-License-Identifier: Apache-2.0
// The one place the bench calls the CM perf block driver (bench/common/ops.hpp
// says how): the GCR block at BENCH_CM_GCR_BASE, as FixedPerf (base a
// constant) and Perf (base chosen at run time, code in libpmu). The
// compile-time objects hold their storage as the baseline does: a static
// callback table, static totals for the tracked operations and none for the
// others; the run-time object has both attached (the scenarios attach or
// detach its totals).
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

inline c::Callbacks g_callbacks_ct{};
inline c::Callbacks g_callbacks_rt{};
inline c::Totals g_totals_ct{};
inline c::Totals g_totals_rt{};
using StaticCallbacks = pmu::StaticStorage<c::Callbacks, g_callbacks_ct>;
// The untracked operations and the hooks: no totals.
inline c::FixedPerf<BENCH_CM_GCR_BASE, true, StaticCallbacks, pmu::NoStorage<c::Totals>> g_compile_time;
// The tracked operations (read64, *_tracked): static totals.
inline c::FixedPerf<BENCH_CM_GCR_BASE, true, StaticCallbacks, pmu::StaticStorage<c::Totals, g_totals_ct>>
    g_compile_time_tracked;
inline c::Perf g_run_time{BENCH_CM_GCR_BASE};

struct Ops {
  static constexpr uintptr_t kWindow = BENCH_CM_GCR_BASE + c::kGdbOffset + 0x100;
  static constexpr unsigned kWindowWords = (c::kPerfWindowEnd - 0x100) / 4;
  static constexpr Path kCompileTime = Path::kMeasured;
  static constexpr Path kRunTime = Path::kMeasured;

  struct Baseline {
    BENCH_FORWARD uint8_t probe() { return bl_cm_probe(); }
    BENCH_FORWARD uint8_t program(unsigned i, unsigned e, uint32_t q) { return bl_cm_program(i, e, q); }
    BENCH_FORWARD uint8_t start(uint32_t m) { return bl_cm_start(m); }
    BENCH_FORWARD uint8_t stop(uint32_t m) { return bl_cm_stop(m); }
    BENCH_FORWARD uint8_t reset(uint32_t m) { return bl_cm_reset(m); }
    BENCH_FORWARD uint8_t reset_and_start(uint32_t m) { return bl_cm_reset_and_start(m); }
    BENCH_FORWARD uint8_t control(uint32_t a, uint32_t o, uint32_t r) { return bl_cm_control(a, o, r); }
    BENCH_FORWARD uint8_t set_interrupt_enable(bool on) { return bl_cm_set_interrupt_enable(on); }
    BENCH_FORWARD uint8_t set_overflow_stop(bool on) { return bl_cm_set_overflow_stop(on); }
    BENCH_FORWARD bl_u32 read(unsigned i) { return bl_cm_read(i); }
    BENCH_FORWARD bl_u32 read_overflow() { return bl_cm_read_overflow(); }
    BENCH_FORWARD uint8_t clear_overflow(uint32_t m) { return bl_cm_clear_overflow(m); }
    BENCH_FORWARD uint8_t preload(unsigned i, uint32_t v) { return bl_cm_preload(i, v); }
    BENCH_FORWARD bl_u64 read64(unsigned i) { return bl_cm_read64(i); }
    BENCH_FORWARD uint8_t preload_tracked(unsigned i, uint32_t v) { return bl_cm_preload_tracked(i, v); }
    BENCH_FORWARD uint8_t reset_tracked(uint32_t m) { return bl_cm_reset_tracked(m); }
    BENCH_FORWARD uint8_t clear_overflow_tracked(uint32_t m) { return bl_cm_clear_overflow_tracked(m); }
    BENCH_FORWARD bl_u32 overflow_hook() { return bl_cm_overflow_hook(); }
    BENCH_FORWARD uint8_t overflow_isr() {
      bl_cm_overflow_isr(nullptr);
      return BL_OK;
    }
  };
  // One definition for both paths: the objects differ. The tracked
  // operations are the same calls on an object with totals (compile time:
  // its own type; run time: totals attached by the scenario).
#define BENCH_CM_PATH(Name, ATTR, object, tracked)                                                         \
  struct Name {                                                                                           \
    ATTR Status probe() { return object.probe(); }                                                        \
    ATTR Status program(unsigned i, unsigned e, uint32_t q) { return object.program(i, e, q); }           \
    ATTR Status start(uint32_t m) { return object.start(m); }                                             \
    ATTR Status stop(uint32_t m) { return object.stop(m); }                                               \
    ATTR Status reset(uint32_t m) { return object.reset(m); }                                             \
    ATTR Status reset_and_start(uint32_t m) { return object.reset_and_start(m); }                         \
    ATTR Status control(uint32_t a, uint32_t o, uint32_t r) { return object.control(a, o, r); }           \
    ATTR Status set_interrupt_enable(bool on) { return object.set_interrupt_enable(on); }                 \
    ATTR Status set_overflow_stop(bool on) { return object.set_overflow_stop(on); }                       \
    ATTR Result<uint32_t> read(unsigned i) { return object.read(i); }                                     \
    ATTR Result<uint32_t> read_overflow() { return object.read_overflow(); }                              \
    ATTR Status clear_overflow(uint32_t m) { return object.clear_overflow(m); }                           \
    ATTR Status preload(unsigned i, uint32_t v) { return object.preload(i, v); }                          \
    ATTR Result<uint64_t> read64(unsigned i) { return tracked.read64(i); }                                \
    ATTR Status preload_tracked(unsigned i, uint32_t v) { return tracked.preload(i, v); }                 \
    ATTR Status reset_tracked(uint32_t m) { return tracked.reset(m); }                                    \
    ATTR Status clear_overflow_tracked(uint32_t m) { return tracked.clear_overflow(m); }                  \
    ATTR Result<uint32_t> overflow_hook() { return object.handle_overflow_irq(); }                        \
    ATTR Status overflow_isr() {                                                                          \
      decltype(object)::overflow_isr(&object);                                                            \
      return Status::kOk;                                                                                 \
    }                                                                                                     \
  };
  BENCH_CM_PATH(CompileTime, BENCH_OUT_OF_LINE, g_compile_time, g_compile_time_tracked)
  BENCH_CM_PATH(RunTime, BENCH_FORWARD, g_run_time, g_run_time)
#undef BENCH_CM_PATH

  // The hook's callback: P0.
  static void attach(bl_callback_fn fn) {
    g_run_time.attach_callbacks(&g_callbacks_rt);
    (void)g_compile_time.on_overflow(c::kP0Counter, {fn, nullptr});
    (void)g_run_time.on_overflow(c::kP0Counter, {fn, nullptr});
    (void)bl_cm_on_overflow(c::kP0Counter, {fn, nullptr});
  }
  // 64-bit totals tracked (the *_tracked figures) or not (every other one):
  // the run-time object's; the compile-time objects' are fixed by type.
  static void track(bool on) { g_run_time.track_totals(on ? &g_totals_rt : nullptr); }

#ifdef PMU_HOST
  // On the host: the model, fresh for every run, at the GDB.
  struct Rig {
    pmu::models::CmPerfModel model;
    pmu_sim::ModelBus bus;
    Rig() { bus.map(BENCH_CM_GCR_BASE + c::kGdbOffset, c::kGdbSize, &model); }
  };
  static inline Rig* rig = nullptr;
  static void poke(uint32_t offset, uint32_t v) { rig->bus.mmio_write32(BENCH_CM_GCR_BASE + c::kGdbOffset + offset, v); }
  static void idle() { track(false); }
  static void counting() {
    idle();
    poke(0x100, 0x150);  // all three counting
    rig->model.set_event_rate(0, 1);
    rig->bus.advance(10);
  }
  static void tracked() {
    counting();
    track(true);
  }
  // P0 wrapped: its overflow flag is set.
  static void p0_overflowed() {
    idle();
    poke(0x198, 0xFFFFFFF0u);
    poke(0x130, 0);      // P0 counts event 0 (request count) ...
    poke(0x100, 0x40);   // ... and runs
    rig->model.set_event_rate(0, 1);
    rig->bus.advance(64);
    poke(0x100, 0);      // stopped, flag kept
  }
#else
  static volatile uint32_t* regs() { return reinterpret_cast<volatile uint32_t*>(BENCH_CM_GCR_BASE + c::kGdbOffset); }
  static void idle() {
    track(false);
    regs()[0x100 / 4] = 2;  // Perf_Num_Cnt reads 2
  }
  static void counting() {
    idle();
    regs()[0x100 / 4] = 0x152;
    regs()[0x198 / 4] = 77;  // P0
  }
  static void tracked() {
    counting();
    track(true);
  }
  static void p0_overflowed() {
    idle();
    regs()[0x198 / 4] = 0x20;
    regs()[0x120 / 4] = c::kP0Mask;
  }
#endif
};

}  // namespace bench::cm

// X(name, scenario, operation, arguments...): operations timed as calls.
// Counter indices and masks as an application writes them: constants.
#define BENCH_CM_OPS(X)                                                          \
  X("cm.probe", idle, probe)                                                     \
  X("cm.program", idle, program, 1u, 2u, 0x1234u)                                \
  X("cm.start(all)", idle, start, 7u)                                            \
  X("cm.stop(one)", counting, stop, 4u)                                          \
  X("cm.reset(one)", counting, reset, 2u)                                        \
  X("cm.reset_and_start(all)", idle, reset_and_start, 7u)                        \
  X("cm.control", counting, control, 2u, 4u, 1u)                                 \
  X("cm.set_interrupt_enable", idle, set_interrupt_enable, true)                 \
  X("cm.set_overflow_stop", counting, set_overflow_stop, false)                  \
  X("cm.read(one)", counting, read, 1u)                                          \
  X("cm.read_overflow", p0_overflowed, read_overflow)                            \
  X("cm.clear_overflow(one)", p0_overflowed, clear_overflow, 2u)                 \
  X("cm.preload(one)", counting, preload, 2u, 0xFFFFFF00u)                       \
  X("cm.read64(one)", tracked, read64, 1u)                                       \
  X("cm.preload(tracked)", tracked, preload_tracked, 2u, 0xFFFFFF00u)            \
  X("cm.reset(tracked)", tracked, reset_tracked, 2u)                             \
  X("cm.clear_overflow(tracked)", tracked, clear_overflow_tracked, 2u)           \
  X("cm.overflow_hook(1_flagged)", p0_overflowed, overflow_hook)                 \
  X("cm.overflow_hook(spurious)", counting, overflow_hook)                       \
  X("cm.overflow_isr(1_flagged)", p0_overflowed, overflow_isr)

// X(name, scenario, hook, arguments...): hooks timed from entry to the first
// callback: the handler, and the ISR adapter an RTOS calls.
#define BENCH_CM_HOOKS(X)                                                 \
  X("cm.overflow_hook_to_callback", p0_overflowed, overflow_hook)         \
  X("cm.overflow_isr_to_callback", p0_overflowed, overflow_isr)
