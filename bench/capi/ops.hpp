// SPDX-License-Identifier: Apache-2.0
// The C API (include/pmu/c/, src/capi) beside the C++ call it forwards to.
// A C handle holds the run-time C++ object, so each C call is set beside the
// same call on a run-time C++ object of the same unit, configuration and
// storage: the difference is what the C API adds (issue 11: at most a
// handle check, bench/capi/baseline.c). Per unit (SafeSU, CM, RISC-V), a
// struct that inherits the unit's scenarios, register window and host rig
// from its ops (bench/<unit>/ops.hpp) and offers each operation twice:
//   Cpp  the run-time C++ object's call (SafeSU, CM: libpmu's out-of-line
//        member; RISC-V, header-only: the member compiled out of line, on
//        the object's address as the C handle's file gets it)
//   C    the C function on a handle initialised to the same object
// each taking the object or the handle as its first argument (cpp_unit(),
// c_unit()), which the bench makes opaque before it counts: where the
// linker put either (a gp-relative address is one instruction, a far one
// two) is the caller's, not the API's.
// Value calls return the C answer (value and status), as a C caller gets it.
// bench/host checks the two make the same accesses, callbacks and result;
// bench/target/capi_bench.cpp counts their instructions.
#pragma once

#include <stdint.h>

#include "../cm/ops.hpp"
#include "../common/ops.hpp"
#include "../riscv/ops.hpp"
#include "../safesu/ops.hpp"
#include "baseline.h"
#include "pmu/c/pmu.h"

namespace bench::capi {

using pmu::Result;
using pmu::Status;

// A C value call's answer, as an outcome (outcome() of the C answers: at
// the end, in the global namespace, where argument-dependent lookup finds it).
template <typename A>
inline Outcome c_outcome(const A& a) {
  return {a.status, a.status == PMU_OK ? static_cast<uint64_t>(a.value) : 0};
}

// ---- SafeSU (4 cores, 128 events) ----------------------------------------------------
inline pmu::safesu::SafeSU g_safesu{BENCH_SAFESU_BASE, pmu::safesu::k4c128};
inline pmu::safesu::Callbacks g_safesu_callbacks{};
inline pmu_safesu_t g_safesu_handle;
inline pmu_safesu_callbacks_t g_safesu_handle_callbacks{};

struct SafeSU : ::bench::safesu::Ops {
  struct Cpp {
    using Unit = pmu::safesu::SafeSU;
    BENCH_FORWARD Status route(Unit* u, unsigned o, unsigned e) { return u->route(o, e); }
    BENCH_FORWARD Status enable_counters(Unit* u) { return u->start(u->all_counters()); }
    BENCH_FORWARD Result<uint32_t> read(Unit* u, unsigned k) { return u->read(k); }
    BENCH_FORWARD Status set_budget(Unit* u, unsigned c, uint32_t limit) { return u->set_budget(c, limit); }
    BENCH_FORWARD Result<uint32_t> overflow_hook(Unit* u) { return u->handle_overflow_irq(); }
    BENCH_FORWARD Status overflow_isr(Unit* u) {
      Unit::overflow_isr(u);
      return Status::kOk;
    }
  };
  struct C {
    using Unit = pmu_safesu_t;
    BENCH_FORWARD pmu_status_t route(Unit* h, unsigned o, unsigned e) { return pmu_safesu_crossbar_route(h, o, e); }
    BENCH_FORWARD pmu_status_t enable_counters(Unit* h) { return pmu_safesu_counters_enable(h); }
    BENCH_FORWARD pmu_u32_result_t read(Unit* h, unsigned k) { return pmu_safesu_counter_read(h, k); }
    BENCH_FORWARD pmu_status_t set_budget(Unit* h, unsigned c, uint32_t limit) {
      return pmu_safesu_mccu_budget_set(h, c, limit);
    }
    BENCH_FORWARD pmu_u32_result_t overflow_hook(Unit* h) { return pmu_safesu_overflow_irq_handle(h); }
    BENCH_FORWARD pmu_status_t overflow_isr(Unit* h) {
      pmu_safesu_overflow_isr(h);
      return PMU_OK;
    }
  };
  // The C++ object and the C handle, passed to each call as its first argument.
  static Cpp::Unit* cpp_unit() { return &g_safesu; }
  static C::Unit* c_unit() { return &g_safesu_handle; }
  // Both objects: the same unit, callbacks attached, counter 0's callback fn.
  static void attach(bl_callback_fn fn) {
    (void)g_safesu.attach_callbacks(&g_safesu_callbacks);
    (void)g_safesu.on_overflow(0, {fn, nullptr});
    (void)pmu_safesu_init(&g_safesu_handle, BENCH_SAFESU_BASE, PMU_SAFESU_LAYOUT_4C128);
    (void)pmu_safesu_callbacks_attach(&g_safesu_handle, &g_safesu_handle_callbacks);
    (void)pmu_safesu_overflow_callback_set(&g_safesu_handle, 0, fn, nullptr);
  }
};

// ---- CM perf block ---------------------------------------------------------------------
inline pmu::cm::Perf g_cm{BENCH_CM_GCR_BASE};
inline pmu::cm::Callbacks g_cm_callbacks{};
inline pmu_cm_t g_cm_handle;
inline pmu_cm_callbacks_t g_cm_handle_callbacks{};

struct Cm : ::bench::cm::Ops {
  struct Cpp {
    using Unit = pmu::cm::Perf;
    BENCH_FORWARD Status start(Unit* u, uint32_t m) { return u->start(m); }
    BENCH_FORWARD Result<uint32_t> read(Unit* u, unsigned i) { return u->read(i); }
    BENCH_FORWARD Result<uint32_t> overflow_hook(Unit* u) { return u->handle_overflow_irq(); }
    BENCH_FORWARD Status overflow_isr(Unit* u) {
      Unit::overflow_isr(u);
      return Status::kOk;
    }
  };
  struct C {
    using Unit = pmu_cm_t;
    BENCH_FORWARD pmu_status_t start(Unit* h, uint32_t m) { return pmu_cm_counters_start(h, m); }
    BENCH_FORWARD pmu_u32_result_t read(Unit* h, unsigned i) {
      return pmu_cm_counter_read(h, static_cast<pmu_cm_counter_t>(i));
    }
    BENCH_FORWARD pmu_u32_result_t overflow_hook(Unit* h) { return pmu_cm_overflow_irq_handle(h); }
    BENCH_FORWARD pmu_status_t overflow_isr(Unit* h) {
      pmu_cm_overflow_isr(h);
      return PMU_OK;
    }
  };
  static Cpp::Unit* cpp_unit() { return &g_cm; }
  static C::Unit* c_unit() { return &g_cm_handle; }
  // Both objects: P0's callback fn; no totals (the scenarios here are untracked).
  static void attach(bl_callback_fn fn) {
    g_cm.attach_callbacks(&g_cm_callbacks);
    (void)g_cm.on_overflow(pmu::cm::kP0Counter, {fn, nullptr});
    (void)pmu_cm_init(&g_cm_handle, BENCH_CM_GCR_BASE, true);
    (void)pmu_cm_callbacks_attach(&g_cm_handle, &g_cm_handle_callbacks);
    (void)pmu_cm_overflow_callback_set(&g_cm_handle, PMU_CM_P0, fn, nullptr);
  }
};

// ---- RISC-V counter file (M-mode, the bench's configuration) ----------------------------
inline pmu::riscv::Counters g_riscv{::bench::riscv::kConfig};
inline pmu::riscv::CounterCallbacks g_riscv_callbacks{};
inline pmu_riscv_counters_t g_riscv_handle;
inline pmu_riscv_callbacks_t g_riscv_handle_callbacks{};

struct Riscv : ::bench::riscv::Ops {
  struct Cpp {
    // The run-time file is header-only: its calls compiled out of line, on
    // the object's address (what the C handle's dispatch jumps to).
    BENCH_OUT_OF_LINE Status start_on(pmu::riscv::Counters* f, uint32_t m) { return f->start(m); }
    BENCH_OUT_OF_LINE Result<uint64_t> read_on(pmu::riscv::Counters* f, unsigned i) { return f->read(i); }
    BENCH_OUT_OF_LINE Result<uint64_t> read64_on(pmu::riscv::Counters* f, unsigned i) { return f->read64(i); }
    BENCH_OUT_OF_LINE Result<uint32_t> hook_on(pmu::riscv::Counters* f) { return f->handle_overflow_irq(); }
    BENCH_OUT_OF_LINE void isr_on(void* f) { pmu::riscv::Counters::overflow_isr(f); }
    using Unit = pmu::riscv::Counters;
    BENCH_FORWARD Status start(Unit* f, uint32_t m) { return start_on(f, m); }
    BENCH_FORWARD Result<uint64_t> read(Unit* f, unsigned i) { return read_on(f, i); }
    BENCH_FORWARD Result<uint64_t> read64(Unit* f, unsigned i) { return read64_on(f, i); }
    BENCH_FORWARD Result<uint32_t> lcofi_hook(Unit* f) { return hook_on(f); }
    BENCH_FORWARD Status overflow_isr(Unit* f) {
      isr_on(f);
      return Status::kOk;
    }
  };
  struct C {
    using Unit = pmu_riscv_counters_t;
    BENCH_FORWARD pmu_status_t start(Unit* h, uint32_t m) { return pmu_riscv_counters_start(h, m); }
    BENCH_FORWARD pmu_u64_result_t read(Unit* h, unsigned i) { return pmu_riscv_counter_read(h, i); }
    BENCH_FORWARD pmu_u64_result_t read64(Unit* h, unsigned i) { return pmu_riscv_counter_read_extended(h, i); }
    BENCH_FORWARD pmu_u32_result_t lcofi_hook(Unit* h) { return pmu_riscv_overflow_irq_handle(h); }
    BENCH_FORWARD pmu_status_t overflow_isr(Unit* h) {
      pmu_riscv_overflow_isr(h);
      return PMU_OK;
    }
  };
  static Cpp::Unit* cpp_unit() { return &g_riscv; }
  static C::Unit* c_unit() { return &g_riscv_handle; }
  static void attach(bl_callback_fn fn) {
    pmu_riscv_counters_config_t cfg;
    (void)pmu_riscv_counters_config_default(&cfg);
    cfg.counters = ::bench::riscv::kConfig.counters;
    cfg.sscofpmf = ::bench::riscv::kConfig.sscofpmf;
    cfg.present = ::bench::riscv::kConfig.present;
    cfg.overflow_source = PMU_RISCV_OVERFLOW_SCOUNTOVF;
    cfg.irq_mode = PMU_RISCV_IRQ_MACHINE;
    (void)pmu_riscv_counters_init(&g_riscv_handle, &cfg);
    // Both files: hpm counter 3's callback fn.
    g_riscv.attach_callbacks(&g_riscv_callbacks);
    (void)g_riscv.on_overflow(3, {fn, nullptr});
    (void)pmu_riscv_callbacks_attach(&g_riscv_handle, &g_riscv_handle_callbacks);
    (void)pmu_riscv_overflow_callback_set(&g_riscv_handle, 3, fn, nullptr);
  }
};

}  // namespace bench::capi

inline bench::Outcome outcome(const pmu_u32_result_t& a) { return bench::capi::c_outcome(a); }
inline bench::Outcome outcome(const pmu_u64_result_t& a) { return bench::capi::c_outcome(a); }

// X(name, scenario, operation, arguments...): each operation timed as the
// C++ run-time call and as the C call, from the same scenario. A status
// call, a value call, set budget, the hook and its ISR adapter of each unit
// that has them.
#define BENCH_CAPI_SAFESU_OPS(X)                                        \
  X("capi.safesu.route(no_straddle)", idle, route, 0u, 5u)              \
  X("capi.safesu.enable_counters", idle, enable_counters)               \
  X("capi.safesu.read(one)", counting, read, 3u)                        \
  X("capi.safesu.set_budget", idle, set_budget, 1u, 1000u)              \
  X("capi.safesu.overflow_hook(1_flagged)", overflow_flagged, overflow_hook)  \
  X("capi.safesu.overflow_isr(1_flagged)", overflow_flagged, overflow_isr)
#define BENCH_CAPI_CM_OPS(X)                                      \
  X("capi.cm.start(all)", idle, start, 7u)                        \
  X("capi.cm.read(one)", counting, read, 1u)                      \
  X("capi.cm.overflow_hook(1_flagged)", p0_overflowed, overflow_hook)  \
  X("capi.cm.overflow_isr(1_flagged)", p0_overflowed, overflow_isr)
#define BENCH_CAPI_RISCV_OPS(X)                  \
  X("capi.riscv.start(one)", idle, start, 0x8u)  \
  X("capi.riscv.read(one)", idle, read, 0u)      \
  X("capi.riscv.read64", idle, read64, 0u)        \
  X("capi.riscv.lcofi_hook(1_flagged)", overflowed, lcofi_hook) \
  X("capi.riscv.overflow_isr(1_flagged)", overflowed, overflow_isr)
// Hooks from entry to the first callback.
// (the hook an application calls, and the ISR adapter an RTOS calls)
#define BENCH_CAPI_SAFESU_HOOKS(X)                                                   \
  X("capi.safesu.overflow_hook_to_callback", overflow_flagged, overflow_hook)        \
  X("capi.safesu.overflow_isr_to_callback", overflow_flagged, overflow_isr)
#define BENCH_CAPI_CM_HOOKS(X)                                               \
  X("capi.cm.overflow_hook_to_callback", p0_overflowed, overflow_hook)       \
  X("capi.cm.overflow_isr_to_callback", p0_overflowed, overflow_isr)
#define BENCH_CAPI_RISCV_HOOKS(X)                                         \
  X("capi.riscv.lcofi_hook_to_callback", overflowed, lcofi_hook)          \
  X("capi.riscv.overflow_isr_to_callback", overflowed, overflow_isr)
