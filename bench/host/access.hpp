// SPDX-License-Identifier: Apache-2.0
// Host bench: every operation of every unit's list (bench/<unit>/ops.hpp) run
// by each implementation (baseline, compile-time, run-time) on a fresh model
// in the same scenario, with its bus accesses, callbacks and result
// recorded. The figures are the accesses; the implementations must agree
// access for access, or a ratio would compare unlike work. The C API's
// operations (bench/capi/ops.hpp, "capi.*") are run the same way, the C++
// run-time call in the baseline's place: the C call must equal it.
#pragma once

#include <stddef.h>
#include <stdint.h>

#include <string>
#include <utility>
#include <vector>

#include "../common/ops.hpp"
#include "pmu_sim/host_bus.hpp"

namespace bench {

// What one implementation did in one run.
struct Trace {
  std::vector<pmu_sim::Access> accesses;
  std::vector<std::pair<unsigned, size_t>> callbacks;  // (source, accesses made before it)
  Outcome outcome{};
  bool operator==(const Trace& o) const {
    return accesses == o.accesses && callbacks == o.callbacks && outcome == o.outcome;
  }
};

struct OpRun {
  std::string name;
  Trace baseline;
  std::vector<std::pair<const char*, Trace>> pmukit;  // ("compile-time" | "run-time" | "c-api", trace)
  size_t reads() const;
  size_t writes() const;
  size_t csr() const;
  // Empty if every pmukit path did what the baseline did; else what differs.
  std::string divergence() const;
};

// The operations of each unit, run.
std::vector<OpRun> run_safesu();
std::vector<OpRun> run_cm();
std::vector<OpRun> run_riscv();
std::vector<OpRun> run_capi();  // baseline: the C++ run-time call; pmukit: the C call
std::vector<OpRun> run_all();

// Counts of an access list (the access counter make bench prints).
struct AccessCount {
  size_t reads = 0, writes = 0, csr = 0;
};
AccessCount count_accesses(const std::vector<pmu_sim::Access>& log);
// "mmio_reads=R mmio_writes=W" (and " csr_accesses=N" if any).
std::string format_counts(const AccessCount& c);

namespace detail {
// The backend whose log the running implementation writes; its callbacks
// note their position in it.
inline pmu_sim::Backend* g_recording = nullptr;
inline Trace* g_trace = nullptr;
void note_callback(void* ctx, unsigned source);

// One implementation of one operation on a fresh rig of the unit.
template <class Ops, class Call, class... Args>
Trace run_once(void (*scenario)(), Call call, Args... args) {
  typename Ops::Rig rig;
  Ops::rig = &rig;
  Trace t;
  {
    pmu_sim::ScopedBackend use(rig.bus);
    scenario();
    rig.bus.clear_log();
    g_recording = &rig.bus;
    g_trace = &t;
    t.outcome = outcome(call(args...));
    g_recording = nullptr;
    g_trace = nullptr;
  }
  t.accesses = rig.bus.log;
  Ops::rig = nullptr;
  return t;
}
}  // namespace detail

}  // namespace bench

// Expands an ops.hpp list entry inside a function that has `using Ops = ...;`
// and a std::vector<OpRun> runs.
#define BENCH_HOST_RUN(name_, scenario_, op_, ...)                                                          \
  do {                                                                                                      \
    ::bench::OpRun r;                                                                                       \
    r.name = name_;                                                                                         \
    r.baseline = ::bench::detail::run_once<Ops>(&Ops::scenario_,                                            \
        [](auto... a) { return Ops::Baseline::op_(a...); }, ##__VA_ARGS__);                                 \
    if (Ops::kCompileTime == ::bench::Path::kMeasured)                                                                             \
      r.pmukit.emplace_back("compile-time", ::bench::detail::run_once<Ops>(&Ops::scenario_,                 \
          [](auto... a) { return Ops::CompileTime::op_(a...); }, ##__VA_ARGS__));                           \
    if (Ops::kRunTime == ::bench::Path::kMeasured)                                                                                 \
      r.pmukit.emplace_back("run-time", ::bench::detail::run_once<Ops>(&Ops::scenario_,                     \
          [](auto... a) { return Ops::RunTime::op_(a...); }, ##__VA_ARGS__));                               \
    runs.push_back(std::move(r));                                                                           \
  } while (0);
// Expands a bench/capi/ops.hpp list entry the same way: the C++ run-time
// call is the reference, the C call must do exactly its work.
#define BENCH_HOST_CAPI_RUN(name_, scenario_, op_, ...)                                                    \
  do {                                                                                                      \
    ::bench::OpRun r;                                                                                       \
    r.name = name_;                                                                                         \
    r.baseline = ::bench::detail::run_once<Ops>(&Ops::scenario_,                                            \
        [](auto... a) { return Ops::Cpp::op_(a...); }, Ops::cpp_unit(), ##__VA_ARGS__);                     \
    r.pmukit.emplace_back("c-api", ::bench::detail::run_once<Ops>(&Ops::scenario_,                          \
        [](auto... a) { return Ops::C::op_(a...); }, Ops::c_unit(), ##__VA_ARGS__));                        \
    runs.push_back(std::move(r));                                                                           \
  } while (0);
