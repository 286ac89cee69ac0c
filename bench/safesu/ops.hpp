// SPDX-License-Identifier: Apache-2.0
// The one place the bench calls the SafeSU driver (bench/common/ops.hpp says
// how): the unit at BENCH_SAFESU_BASE as FixedSafeSU (base and layout
// constants) and SafeSU (chosen at run time, code in libpmu), its
// operations as Baseline / CompileTime / RunTime, the scenarios they run in
// (the same register state for all three, on the host model and in the
// target's RAM), and the lists bench/host and bench/target expand.
#pragma once

#include <stddef.h>
#include <stdint.h>

#include "../common/ops.hpp"
#include "baseline.h"
#include "pmu/hal/mmio.hpp"
#include "pmu/safesu/safesu.hpp"

#ifdef PMU_HOST
#include "pmu_sim/host_bus.hpp"
#include "pmu_sim/safesu_model.hpp"
#endif

namespace bench::safesu {

using pmu::Result;
using pmu::Status;
using pmu::safesu::Route;
namespace s = pmu::safesu;
static_assert(sizeof(Route) == sizeof(bl_safesu_route_t) && offsetof(Route, event) == offsetof(bl_safesu_route_t, event),
              "the baseline's route entry is pmukit's");

// Operands of the table calls.
inline constexpr Route kRoutes24[24] = {
    {0, 5},   {1, 9},   {2, 17},  {3, 33},  {4, 100}, {5, 6},   {6, 7},   {7, 8},
    {8, 10},  {9, 11},  {10, 12}, {11, 13}, {12, 14}, {13, 15}, {14, 16}, {15, 18},
    {16, 19}, {17, 20}, {18, 21}, {19, 22}, {20, 23}, {21, 24}, {22, 25}, {23, 26}};
inline constexpr uint8_t kWeights12[12] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12};
inline uint32_t g_counters_out[24];

// A SafeSU of one configuration on both paths, with its storage.
// Build time: the storage the baseline has, fixed at build time: its static
// callback table, and its static totals for the ops that track them
// (compile_time_tracked: read64, reset_counters(tracked), sync64) or none
// (compile_time: every other figure). Run time: attached at run time.
template <const s::Layout& L>
struct Objects {
  static inline s::Callbacks callbacks_ct{}, callbacks_rt{};
  static inline s::Totals totals_ct{}, totals_rt{};
  using StaticCallbacks = pmu::StaticStorage<s::Callbacks, callbacks_ct>;
  static inline s::FixedSafeSU<BENCH_SAFESU_BASE, L, StaticCallbacks, pmu::NoStorage<s::Totals>> compile_time;
  static inline s::FixedSafeSU<BENCH_SAFESU_BASE, L, StaticCallbacks, pmu::StaticStorage<s::Totals, totals_ct>>
      compile_time_tracked;
  static inline s::SafeSU run_time{BENCH_SAFESU_BASE, L};
  // Run time: 64-bit totals tracked (read64, sync64) or not (every other figure).
  static void track(bool on) { (void)run_time.track_totals(on ? &totals_rt : nullptr); }
};

#ifdef PMU_HOST
// On the host: a model of the unit, fresh for every run, at BENCH_SAFESU_BASE.
template <uint32_t Cores, uint32_t Events, uint32_t Counters = 24>
struct ModelRig {
  static pmu::models::SafesuModel::Config config() {
    pmu::models::SafesuModel::Config c;
    c.n_cores = Cores;
    c.n_soc_ev = Events;
    c.n_counters = Counters;
    return c;
  }
  pmu::models::SafesuModel model{config()};
  pmu_sim::ModelBus bus;
  ModelRig() { bus.map(BENCH_SAFESU_BASE, pmu::models::SafesuModel::kWindowSize, &model); }
};
#endif

// What every SafeSU configuration's ops share: where the registers are and
// which paths are measured.
struct Unit {
  static constexpr uintptr_t kWindow = BENCH_SAFESU_BASE;
  static constexpr unsigned kWindowWords = 64;
  static constexpr Path kCompileTime = Path::kMeasured;
  static constexpr Path kRunTime = Path::kMeasured;
  // Register idx := v, as the scenario's starting state (the model on the
  // host, RAM on the target).
  static void poke(unsigned idx, uint32_t v) { pmu::hal::mmio_write32(kWindow + 4 * idx, v); }
};

// The 4-core/128-event unit: every operation.
struct Ops : Unit {
  using O = Objects<s::k4c128>;
  struct Baseline {
    BENCH_FORWARD uint8_t route(unsigned o, unsigned e) { return bl_safesu_route(o, e); }
    BENCH_FORWARD uint8_t route_table(const Route* r, size_t n) {
      return bl_safesu_route_table(reinterpret_cast<const bl_safesu_route_t*>(r), n);
    }
    BENCH_FORWARD uint8_t start(uint32_t m) { return bl_safesu_start(m); }
    BENCH_FORWARD uint8_t reset() { return bl_safesu_reset(); }
    BENCH_FORWARD bl_u32 read(unsigned k) { return bl_safesu_read(k); }
    BENCH_FORWARD uint8_t read_all(uint32_t* out, unsigned n) { return bl_safesu_read_all(out, n); }
    BENCH_FORWARD bl_u64 read64(unsigned k) { return bl_safesu_read64(k); }
    BENCH_FORWARD bl_u64 read64_untracked(unsigned k) { return bl_safesu_read64_untracked(k); }
    BENCH_FORWARD uint8_t reset_tracked() { return bl_safesu_reset_tracked(); }
    BENCH_FORWARD uint8_t sync64() { return bl_safesu_sync64(); }
    BENCH_FORWARD uint8_t clear_overflow() { return bl_safesu_clear_overflow(); }
    BENCH_FORWARD uint8_t set_weight(unsigned i, unsigned w) { return bl_safesu_set_weight(i, w); }
    BENCH_FORWARD uint8_t set_weights(const uint8_t* w, unsigned n) { return bl_safesu_set_weights(w, n); }
    BENCH_FORWARD uint8_t set_budget(unsigned c, uint32_t limit) { return bl_safesu_set_budget(c, limit); }
    BENCH_FORWARD uint8_t refill(unsigned c) { return bl_safesu_refill(c); }
    BENCH_FORWARD bl_u32 overflow_hook() { return bl_safesu_overflow_hook(); }
    BENCH_FORWARD bl_u32 mccu_hook(unsigned c) { return bl_safesu_mccu_hook(c); }
    BENCH_FORWARD bl_u32 rdc_hook() { return bl_safesu_rdc_hook(); }
    BENCH_FORWARD uint8_t overflow_isr() {
      bl_safesu_overflow_isr(nullptr);
      return BL_OK;
    }
  };
  // One definition for both paths: the objects differ (tracked: the one
  // the ops that keep 64-bit totals use).
#define BENCH_SAFESU_PATH(Name, ATTR, object, tracked)                                                    \
  struct Name {                                                                                          \
    ATTR Status route(unsigned o, unsigned e) { return object.route(o, e); }                             \
    ATTR Status route_table(const Route* r, size_t n) { return object.route_table(r, n); }               \
    ATTR Status start(uint32_t m) { return object.start(m); }                                            \
    ATTR Status reset() { return object.reset(); }                                                       \
    ATTR Result<uint32_t> read(unsigned k) { return object.read(k); }                                    \
    ATTR Status read_all(uint32_t* out, unsigned n) { return object.read_all(out, n); }                  \
    ATTR Result<uint64_t> read64(unsigned k) { return tracked.read64(k); }                               \
    ATTR Result<uint64_t> read64_untracked(unsigned k) { return object.read64(k); }                      \
    ATTR Status reset_tracked() { return tracked.reset(); }                                              \
    ATTR Status sync64() { return tracked.sync64(); }                                                    \
    ATTR Status clear_overflow() { return object.clear_overflow(); }                                     \
    ATTR Status set_weight(unsigned i, unsigned w) { return object.set_weight(i, w); }                   \
    ATTR Status set_weights(const uint8_t* w, unsigned n) { return object.set_weights(w, n); }           \
    ATTR Status set_budget(unsigned c, uint32_t limit) { return object.set_budget(c, limit); }           \
    ATTR Status refill(unsigned c) { return object.refill(c); }                                          \
    ATTR Result<uint32_t> overflow_hook() { return object.handle_overflow_irq(); }                       \
    ATTR Result<uint32_t> mccu_hook(unsigned c) { return object.handle_mccu_irq(c); }                    \
    ATTR Result<uint32_t> rdc_hook() { return object.handle_rdc_irq(); }                                 \
    ATTR Status overflow_isr() {                                                                         \
      decltype(object)::overflow_isr(&object);                                                           \
      return Status::kOk;                                                                                \
    }                                                                                                    \
  };
  BENCH_SAFESU_PATH(CompileTime, BENCH_OUT_OF_LINE, O::compile_time, O::compile_time_tracked)
  BENCH_SAFESU_PATH(RunTime, BENCH_FORWARD, O::run_time, O::run_time)
#undef BENCH_SAFESU_PATH

  // The hooks' callbacks: counter 0, core 1, input 0, on every implementation.
  static void attach(bl_callback_fn fn) {
    const pmu::IrqCallback p{fn, nullptr};
    (void)bl_safesu_on_overflow(0, {fn, nullptr});
    (void)bl_safesu_on_mccu(1, {fn, nullptr});
    (void)bl_safesu_on_rdc(0, {fn, nullptr});
    (void)O::run_time.attach_callbacks(&O::callbacks_rt);
    (void)O::compile_time.on_overflow(0, p);
    (void)O::compile_time.on_mccu(1, p);
    (void)O::compile_time.on_rdc(0, p);
    (void)O::run_time.on_overflow(0, p);
    (void)O::run_time.on_mccu(1, p);
    (void)O::run_time.on_rdc(0, p);
  }

  // ---- Scenarios: the register state an operation starts from ----------------
  // (every scenario but 'tracked' runs pmukit without 64-bit totals)
  static void idle() { O::track(false); }
  static void counting() {
    idle();
    poke(0, 1);
  }
  // Totals tracked, counting, the overflow unit on (its vector readable).
  static void tracked() {
    idle();
    poke(0, 1u | 4u);
    O::track(true);
  }
#ifdef PMU_HOST
  using Rig = ModelRig<4, 128>;
  static inline Rig* rig = nullptr;
  // Counter 0 passed 0xFFFFFFFF (flag set, overflow unit on) and moved on.
  static void overflow_flagged() {
    idle();
    poke(25, 1);                    // overflow mask: counter 0
    poke(0, 1u | 4u | (1u << 30));  // counting, overflow unit on, self-test: every output high
    poke(1, 0xFFFFFFF0u);
    rig->bus.advance(40);
    poke(0, 4u | (1u << 30));  // stop counting, past the flag
  }
  // Counter 0 parked on all ones, stopped: a write of 0xFFFFFFFF sets its
  // flag and it re-flags every cycle (§8).
  static void overflow_parked() {
    idle();
    poke(25, 1);
    poke(0, 4u);  // overflow unit on, not counting
    poke(1, 0xFFFFFFFFu);
    rig->bus.advance(2);
  }
  // Input 0 (core 0) ran past its threshold 2.
  static void rdc_fired() {
    idle();
    poke(38, 2);        // weight (threshold) of input 0
    poke(29, 1u << 6);  // RDC on (4 cores: bit N+2)
    rig->model.set_event(0, true);  // output 0 is routed to event 0 at reset
    rig->bus.advance(10);
  }
#else
  // On the target the registers are RAM: a scenario writes what the
  // hardware would show.
  static void overflow_flagged() {
    idle();
    poke(25, 1);
    poke(0, 4u | (1u << 30));
    poke(1, 0x10);
    poke(26, 1);  // the overflow vector: counter 0
  }
  static void overflow_parked() {
    idle();
    poke(25, 1);
    poke(0, 4u);
    poke(1, 0xFFFFFFFFu);
    poke(26, 1);
  }
  static void rdc_fired() {
    idle();
    poke(38, 2);
    poke(29, 1u << 6);
    poke(40, 1);  // the RDC vector: input 0
  }
#endif
};

// The 6-core/256-event unit (SELENE: 8-bit crossbar fields), for the
// largest table calls of the scaling figures.
struct Ops6c256 : Unit {
  using O = Objects<s::k6c256>;
  struct Baseline {
    BENCH_FORWARD uint8_t route_table(const Route* r, size_t n) {
      return bl_safesu6_route_table(reinterpret_cast<const bl_safesu_route_t*>(r), n);
    }
    BENCH_FORWARD uint8_t set_weights(const uint8_t* w, unsigned n) { return bl_safesu6_set_weights(w, n); }
  };
  struct CompileTime {
    BENCH_OUT_OF_LINE Status route_table(const Route* r, size_t n) { return O::compile_time.route_table(r, n); }
    BENCH_OUT_OF_LINE Status set_weights(const uint8_t* w, unsigned n) { return O::compile_time.set_weights(w, n); }
  };
  struct RunTime {
    BENCH_FORWARD Status route_table(const Route* r, size_t n) { return O::run_time.route_table(r, n); }
    BENCH_FORWARD Status set_weights(const uint8_t* w, unsigned n) { return O::run_time.set_weights(w, n); }
  };
  static void idle() {}
#ifdef PMU_HOST
  using Rig = ModelRig<6, 256>;
  static inline Rig* rig = nullptr;
#endif
};

// Units with N counters (4 cores, 128 events), for sync64's scaling.
template <unsigned N>
inline constexpr s::Layout kCounters = s::make_layout(s::shipped_params(4, 128, N));
template <unsigned N, uint8_t (*BaselineSync)()>
struct SyncOps : Unit {
  using O = Objects<kCounters<N>>;
  struct Baseline {
    BENCH_FORWARD uint8_t sync64() { return BaselineSync(); }
  };
  struct CompileTime {
    BENCH_OUT_OF_LINE Status sync64() { return O::compile_time_tracked.sync64(); }
  };
  struct RunTime {
    BENCH_FORWARD Status sync64() { return O::run_time.sync64(); }
  };
  static void tracked() {
    poke(0, 1);
    O::track(true);
  }
#ifdef PMU_HOST
  using Rig = ModelRig<4, 128, N>;
  static inline Rig* rig = nullptr;
#endif
};
using Sync1 = SyncOps<1, &bl_safesu_sync64_1>;
using Sync4 = SyncOps<4, &bl_safesu_sync64_4>;
using Sync8 = SyncOps<8, &bl_safesu_sync64_8>;
using Sync16 = SyncOps<16, &bl_safesu_sync64_16>;

}  // namespace bench::safesu

// X(name, scenario, operation, arguments...): operations timed as calls.
#define BENCH_SAFESU_OPS(X)                                                          \
  X("safesu.route(no_straddle)", idle, route, 0u, 5u)                                \
  X("safesu.route(straddle)", idle, route, 4u, 100u)                                 \
  X("safesu.enable_counters", idle, start, 0xFFFFFFu)                                \
  X("safesu.reset_counters(counting)", counting, reset)                              \
  X("safesu.read(one)", counting, read, 3u)                                          \
  X("safesu.read64(one)", tracked, read64, 3u)                                       \
  X("safesu.read64(untracked)", counting, read64_untracked, 3u)                      \
  X("safesu.reset_counters(tracked)", tracked, reset_tracked)                        \
  X("safesu.clear_overflow", idle, clear_overflow)                                   \
  X("safesu.set_weight", idle, set_weight, 5u, 9u)                                   \
  X("safesu.set_budget", idle, set_budget, 1u, 1000u)                                \
  X("safesu.refill", idle, refill, 1u)                                               \
  X("safesu.overflow_hook(1_flagged)", overflow_flagged, overflow_hook)              \
  X("safesu.overflow_hook(1_parked)", overflow_parked, overflow_hook)                \
  X("safesu.overflow_isr(1_flagged)", overflow_flagged, overflow_isr)                \
  X("safesu.mccu_hook", idle, mccu_hook, 1u)                                         \
  X("safesu.rdc_hook(1_input)", rdc_fired, rdc_hook)

// The table calls at n = 1, 4, 8, 16, 24 (set_weights: up to the 8 inputs;
// sync_counters64 on the 24-counter unit here, the smaller ones below).
#define BENCH_SAFESU_SCALING(X)                                                                       \
  X("safesu.route_table(n=1)", idle, route_table, ::bench::safesu::kRoutes24, size_t{1})              \
  X("safesu.route_table(n=4)", idle, route_table, ::bench::safesu::kRoutes24, size_t{4})              \
  X("safesu.route_table(n=8)", idle, route_table, ::bench::safesu::kRoutes24, size_t{8})              \
  X("safesu.route_table(n=16)", idle, route_table, ::bench::safesu::kRoutes24, size_t{16})            \
  X("safesu.route_table(n=24)", idle, route_table, ::bench::safesu::kRoutes24, size_t{24})            \
  X("safesu.set_weights(n=1)", idle, set_weights, ::bench::safesu::kWeights12, 1u)                    \
  X("safesu.set_weights(n=4)", idle, set_weights, ::bench::safesu::kWeights12, 4u)                    \
  X("safesu.set_weights(n=8)", idle, set_weights, ::bench::safesu::kWeights12, 8u)                    \
  X("safesu.read_all(n=1)", counting, read_all, ::bench::safesu::g_counters_out, 1u)                  \
  X("safesu.read_all(n=4)", counting, read_all, ::bench::safesu::g_counters_out, 4u)                  \
  X("safesu.read_all(n=8)", counting, read_all, ::bench::safesu::g_counters_out, 8u)                  \
  X("safesu.read_all(n=16)", counting, read_all, ::bench::safesu::g_counters_out, 16u)                \
  X("safesu.read_all(n=24)", counting, read_all, ::bench::safesu::g_counters_out, 24u)                \
  X("safesu.sync_counters64(n=24)", tracked, sync64)

// The same on the 6-core/256-event unit at its maximum (Ops6c256).
#define BENCH_SAFESU6_SCALING(X)                                                                      \
  X("safesu.route_table(n=24,6c256)", idle, route_table, ::bench::safesu::kRoutes24, size_t{24})      \
  X("safesu.set_weights(n=12,6c256)", idle, set_weights, ::bench::safesu::kWeights12, 12u)

// sync_counters64 on units of 1, 4, 8 and 16 counters: Y(ops, name), each
// with the one operation sync64 in scenario 'tracked'.
#define BENCH_SAFESU_SYNC_UNITS(Y)                      \
  Y(::bench::safesu::Sync1, "safesu.sync_counters64(n=1)")   \
  Y(::bench::safesu::Sync4, "safesu.sync_counters64(n=4)")   \
  Y(::bench::safesu::Sync8, "safesu.sync_counters64(n=8)")   \
  Y(::bench::safesu::Sync16, "safesu.sync_counters64(n=16)")

// X(name, scenario, hook, arguments...): hooks timed from entry to the first callback.
#define BENCH_SAFESU_HOOKS(X)                                                \
  X("safesu.overflow_hook_to_callback", overflow_flagged, overflow_hook)     \
  X("safesu.mccu_hook_to_callback", idle, mccu_hook, 1u)                     \
  X("safesu.rdc_hook_to_callback", rdc_fired, rdc_hook)
