// SPDX-License-Identifier: Apache-2.0
// The one place the bench calls the SafeSU driver (bench/common/ops.hpp says
// how): the 4-core/128-event unit at BENCH_SAFESU_BASE, its operations as
// Baseline / CompileTime / RunTime, the scenarios they run in (the same
// register state for all three, on the host model and in the target's RAM),
// and the lists bench/host and bench/target expand.
#pragma once

#include <stddef.h>
#include <stdint.h>

#include "../common/ops.hpp"
#include "baseline.h"
#include "pmu/safesu/safesu.hpp"

#ifdef PMU_HOST
#include "pmu_sim/host_bus.hpp"
#include "pmu_sim/safesu_model.hpp"
#endif

namespace bench::safesu {

using pmu::Result;
using pmu::Status;
using pmu::safesu::Route;
static_assert(sizeof(Route) == sizeof(bl_safesu_route_t) && offsetof(Route, event) == offsetof(bl_safesu_route_t, event),
              "the baseline's route entry is pmukit's");

// Operands of the table calls.
inline constexpr Route kRoutes24[24] = {
    {0, 5},   {1, 9},   {2, 17},  {3, 33},  {4, 100}, {5, 6},   {6, 7},   {7, 8},
    {8, 10},  {9, 11},  {10, 12}, {11, 13}, {12, 14}, {13, 15}, {14, 16}, {15, 18},
    {16, 19}, {17, 20}, {18, 21}, {19, 22}, {20, 23}, {21, 24}, {22, 25}, {23, 26}};
inline constexpr uint8_t kWeights8[8] = {1, 2, 3, 4, 5, 6, 7, 8};
inline uint32_t g_counters_out[24];

inline pmu::safesu::SafeSU g_run_time{BENCH_SAFESU_BASE, pmu::safesu::k4c128};
inline pmu::safesu::SafeSU g_run_time_6c256{BENCH_SAFESU_BASE, pmu::safesu::k6c256};
inline constexpr uint8_t kWeights12[12] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12};

#ifdef PMU_HOST
// On the host: a model of the unit, fresh for every run, at BENCH_SAFESU_BASE.
template <uint32_t Cores, uint32_t Events>
struct ModelRig {
  static pmu::models::SafesuModel::Config config() {
    pmu::models::SafesuModel::Config c;
    c.n_cores = Cores;
    c.n_soc_ev = Events;
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
  static constexpr Path kCompileTime = Path::kNotYet;
  static constexpr Path kRunTime = Path::kMeasured;
  static void idle() {}
};

// The 4-core/128-event unit: every operation.
struct Ops : Unit {

  struct Baseline {
    BENCH_FORWARD uint8_t route(unsigned o, unsigned e) { return bl_safesu_route(o, e); }
    BENCH_FORWARD uint8_t route_table(const Route* r, size_t n) {
      return bl_safesu_route_table(reinterpret_cast<const bl_safesu_route_t*>(r), n);
    }
    BENCH_FORWARD uint8_t enable_counters() { return bl_safesu_enable_counters(); }
    BENCH_FORWARD uint8_t reset_counters() { return bl_safesu_reset_counters(); }
    BENCH_FORWARD bl_u32 read(unsigned k) { return bl_safesu_read(k); }
    BENCH_FORWARD uint8_t read_all(uint32_t* out, unsigned n) { return bl_safesu_read_all(out, n); }
    BENCH_FORWARD uint8_t clear_overflow() { return bl_safesu_clear_overflow(); }
    BENCH_FORWARD uint8_t set_weight(unsigned i, unsigned w) { return bl_safesu_set_weight(i, w); }
    BENCH_FORWARD uint8_t set_weights(const uint8_t* w, unsigned n) { return bl_safesu_set_weights(w, n); }
    BENCH_FORWARD uint8_t set_budget(unsigned c, uint32_t limit) { return bl_safesu_set_budget(c, limit); }
    BENCH_FORWARD uint8_t refill(unsigned c) { return bl_safesu_refill(c); }
    BENCH_FORWARD bl_u32 overflow_hook() { return bl_safesu_overflow_hook(); }
    BENCH_FORWARD bl_u32 mccu_hook(unsigned c) { return bl_safesu_mccu_hook(c); }
    BENCH_FORWARD bl_u32 rdc_hook() { return bl_safesu_rdc_hook(); }
  };

  struct RunTime {
    BENCH_FORWARD Status route(unsigned o, unsigned e) { return g_run_time.route(o, e); }
    BENCH_FORWARD Status route_table(const Route* r, size_t n) { return g_run_time.route_table(r, n); }
    BENCH_FORWARD Status enable_counters() { return g_run_time.enable_counters(); }
    BENCH_FORWARD Status reset_counters() { return g_run_time.reset_counters(); }
    BENCH_FORWARD Result<uint32_t> read(unsigned k) { return g_run_time.read_counter(k); }
    BENCH_FORWARD Status read_all(uint32_t* out, unsigned n) { return g_run_time.read_counters(out, n); }
    BENCH_FORWARD Status clear_overflow() { return g_run_time.clear_overflow(); }
    BENCH_FORWARD Status set_weight(unsigned i, unsigned w) { return g_run_time.set_weight(i, w); }
    BENCH_FORWARD Status set_weights(const uint8_t* w, unsigned n) { return g_run_time.set_weights(w, n); }
    BENCH_FORWARD Status set_budget(unsigned c, uint32_t limit) { return g_run_time.set_budget(c, limit); }
    BENCH_FORWARD Status refill(unsigned c) { return g_run_time.refill(c); }
    BENCH_FORWARD Result<uint32_t> overflow_hook() { return g_run_time.handle_overflow_irq(); }
    BENCH_FORWARD Result<uint32_t> mccu_hook(unsigned c) { return g_run_time.handle_mccu_irq(c); }
    BENCH_FORWARD Result<uint32_t> rdc_hook() { return g_run_time.handle_rdc_irq(); }
  };
  using CompileTime = RunTime;  // not measured while kCompileTime is kNotYet

  // The hooks' callbacks: counter 0, core 1, input 0, on every implementation.
  static void attach(bl_callback_fn fn) {
    const bl_callback b{fn, nullptr};
    const pmu::IrqCallback p{fn, nullptr};
    (void)bl_safesu_on_overflow(0, b);
    (void)bl_safesu_on_mccu(1, b);
    (void)bl_safesu_on_rdc(0, b);
    (void)g_run_time.on_overflow(0, p);
    (void)g_run_time.on_mccu(1, p);
    (void)g_run_time.on_rdc(0, p);
  }

  // ---- Scenarios: the register state an operation starts from ----------------
#ifdef PMU_HOST
  using Rig = ModelRig<4, 128>;
  static inline Rig* rig = nullptr;
  static void poke(unsigned idx, uint32_t v) { rig->bus.mmio_write32(kWindow + 4 * idx, v); }

  static void counting() { poke(0, 1); }
  // Counter 0 passed 0xFFFFFFFF (flag set, overflow unit on) and moved on.
  static void overflow_flagged() {
    poke(25, 1);                       // overflow mask: counter 0
    poke(0, 1u | 4u | (1u << 30));     // counting, overflow unit on, self-test: every output high
    poke(1, 0xFFFFFFF0u);
    rig->bus.advance(40);
    poke(0, 4u | (1u << 30));          // stop counting, past the flag
  }
  // Input 0 (core 0) ran past its threshold 2.
  static void rdc_fired() {
    poke(38, 2);          // weight (threshold) of input 0
    poke(29, 1u << 6);    // RDC on (4 cores: bit N+2)
    rig->model.set_event(0, true);  // output 0 is routed to event 0 at reset
    rig->bus.advance(10);
  }
#else
  // On the target: the registers are RAM; a scenario writes what the
  // hardware would show.
  static volatile uint32_t* regs() { return reinterpret_cast<volatile uint32_t*>(kWindow); }
  static void counting() { regs()[0] = 1; }
  static void overflow_flagged() {
    regs()[25] = 1;
    regs()[0] = 4u | (1u << 30);
    regs()[1] = 0x10;
    regs()[26] = 1;  // the overflow vector: counter 0
  }
  static void rdc_fired() {
    regs()[38] = 2;
    regs()[29] = 1u << 6;
    regs()[40] = 1;  // the RDC vector: input 0
  }
#endif
};

// The 6-core/256-event unit (SELENE: 8-bit crossbar fields), for the
// largest table calls of the scaling figures.
struct Ops6c256 : Unit {
  struct Baseline {
    BENCH_FORWARD uint8_t route_table(const Route* r, size_t n) {
      return bl_safesu6_route_table(reinterpret_cast<const bl_safesu_route_t*>(r), n);
    }
    BENCH_FORWARD uint8_t set_weights(const uint8_t* w, unsigned n) { return bl_safesu6_set_weights(w, n); }
  };
  struct RunTime {
    BENCH_FORWARD Status route_table(const Route* r, size_t n) { return g_run_time_6c256.route_table(r, n); }
    BENCH_FORWARD Status set_weights(const uint8_t* w, unsigned n) { return g_run_time_6c256.set_weights(w, n); }
  };
  using CompileTime = RunTime;  // not measured while kCompileTime is kNotYet
#ifdef PMU_HOST
  using Rig = ModelRig<6, 256>;
  static inline Rig* rig = nullptr;
#endif
};

}  // namespace bench::safesu

// X(name, scenario, operation, arguments...): operations timed as calls.
#define BENCH_SAFESU_OPS(X)                                                          \
  X("safesu.route(no_straddle)", idle, route, 0u, 5u)                                \
  X("safesu.route(straddle)", idle, route, 4u, 100u)                                 \
  X("safesu.enable_counters", idle, enable_counters)                                 \
  X("safesu.reset_counters(counting)", counting, reset_counters)                     \
  X("safesu.read(one)", counting, read, 3u)                                          \
  X("safesu.clear_overflow", idle, clear_overflow)                                   \
  X("safesu.set_weight", idle, set_weight, 5u, 9u)                                   \
  X("safesu.set_budget", idle, set_budget, 1u, 1000u)                                \
  X("safesu.refill", idle, refill, 1u)                                               \
  X("safesu.overflow_hook(1_flagged)", overflow_flagged, overflow_hook)              \
  X("safesu.mccu_hook", idle, mccu_hook, 1u)                                         \
  X("safesu.rdc_hook(1_input)", rdc_fired, rdc_hook)

// The table calls at n = 1, 4, 8, 16, 24 (set_weights: up to the 8 inputs).
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
  X("safesu.read_all(n=24)", counting, read_all, ::bench::safesu::g_counters_out, 24u)

// The same on the 6-core/256-event unit at its maximum (Ops6c256).
#define BENCH_SAFESU6_SCALING(X)                                                                      \
  X("safesu.route_table(n=24,6c256)", idle, route_table, ::bench::safesu::kRoutes24, size_t{24})      \
  X("safesu.set_weights(n=12,6c256)", idle, set_weights, ::bench::safesu::kWeights12, 12u)

// X(name, scenario, hook, arguments...): hooks timed from entry to the first callback.
#define BENCH_SAFESU_HOOKS(X)                                                \
  X("safesu.overflow_hook_to_callback", overflow_flagged, overflow_hook)     \
  X("safesu.mccu_hook_to_callback", idle, mccu_hook, 1u)                     \
  X("safesu.rdc_hook_to_callback", rdc_fired, rdc_hook)
