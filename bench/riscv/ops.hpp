// SPDX-License-Identifier: Apache-2.0
// The one place the bench calls the RISC-V counter files (bench/common/ops.hpp
// says how): the standard counters (cycle, instret, hpm counter 3, Sscofpmf)
// and, on RV64, XiangShan CUTE's AME counters, whose CSRs the sim runtime
// emulates. The compile-time path is the build-time file (FixedCounters,
// ame::FixedAmeCounters) with the baseline's storage: a static callback
// table, no 64-bit totals (the baseline tracks none). The run-time path is
// the file configured at run time (Counters, ame::AmeCounters: the
// configuration and the storage pointers in the object, as the C API's
// handles and a file made from discovered or board data hold them), with
// the same configuration and an attached callback table. Both are
// header-only: each path is the file's code compiled into a function of the
// baseline's shape, as a user's code gets it.
#pragma once

#include <stdint.h>

#include "../common/ops.hpp"
#include "baseline.h"
#include "pmu/hal/csr.hpp"
#include "pmu/riscv/ame.hpp"
#include "pmu/riscv/counters.hpp"

#ifdef PMU_HOST
#include "pmu_sim/host_bus.hpp"
#include "pmu_sim/riscv_csr_model.hpp"
#endif

namespace bench::riscv {

using pmu::Result;
using pmu::Status;
namespace r = pmu::riscv;

inline constexpr r::CounterConfig kConfig{BL_RISCV_COUNTERS, true, true, r::OverflowSource::kScountovf};
inline r::CounterCallbacks g_callbacks{};
inline r::FixedCounters<kConfig, pmu::StaticStorage<r::CounterCallbacks, g_callbacks>> g_counters;
inline r::CounterCallbacks g_callbacks_rt{};
inline r::Counters g_counters_rt{kConfig};

#ifdef PMU_HOST
// On the host: a CSR model, fresh for every run.
template <bool Ame>
struct CsrRig {
  static pmu::models::RiscvCsrConfig config() {
    pmu::models::RiscvCsrConfig c;
    c.xlen = BL_XLEN;
    c.num_hpm = 1;
    c.sscofpmf = true;
    c.ame = Ame;
    c.standard = !Ame;
    return c;
  }
  pmu::models::RiscvCsrModel model{config()};
  pmu_sim::ModelBus bus;
  CsrRig() { bus.map_csr(&model); }
};
#endif

struct Ops {
  static constexpr uintptr_t kWindow = 0;
  static constexpr unsigned kWindowWords = 0;  // CSRs: nothing in memory to compare
  static constexpr Path kCompileTime = Path::kMeasured;
  static constexpr Path kRunTime = Path::kMeasured;

  struct Baseline {
    BENCH_FORWARD bl_u64 read64(unsigned i) { return bl_riscv_read64(i); }
    BENCH_FORWARD uint8_t start(uint32_t m) { return bl_riscv_start(m); }
    BENCH_FORWARD uint8_t stop(uint32_t m) { return bl_riscv_stop(m); }
    BENCH_FORWARD bl_u32 lcofi_hook() { return bl_riscv_lcofi_hook(); }
  };
  struct CompileTime {
    BENCH_OUT_OF_LINE Result<uint64_t> read64(unsigned i) { return g_counters.read64(i); }
    BENCH_OUT_OF_LINE Status start(uint32_t m) { return g_counters.start(m); }
    BENCH_OUT_OF_LINE Status stop(uint32_t m) { return g_counters.stop(m); }
    BENCH_OUT_OF_LINE Result<uint32_t> lcofi_hook() { return g_counters.handle_overflow_irq(); }
  };
  struct RunTime {
    BENCH_OUT_OF_LINE Result<uint64_t> read64(unsigned i) { return g_counters_rt.read64(i); }
    BENCH_OUT_OF_LINE Status start(uint32_t m) { return g_counters_rt.start(m); }
    BENCH_OUT_OF_LINE Status stop(uint32_t m) { return g_counters_rt.stop(m); }
    // Out of line in the library already (hook_out_of_line()): called from
    // the call site with the file's address, as the SafeSU and CM run-time
    // hooks are, so the figures start at the hook's own first instruction.
    BENCH_FORWARD Result<uint32_t> lcofi_hook() { return g_counters_rt.handle_overflow_irq(); }
  };

  // The hooks' callback: hpm counter 3.
  static void attach(bl_callback_fn fn) {
    (void)g_counters.on_overflow(3, {fn, nullptr});
    (void)g_counters_rt.attach_callbacks(&g_callbacks_rt);
    (void)g_counters_rt.on_overflow(3, {fn, nullptr});
    (void)bl_riscv_on_overflow(3, {fn, nullptr});
  }

  static void idle() {}
  // hpm counter 3 has overflowed: OF set (by software; no interrupt enabled).
  static void overflowed() {
#if BL_XLEN == 32
    pmu::hal::csr_write<r::csr::mhpmeventh(3)>(r::mhpmevent::kOfHigh);
#else
    pmu::hal::csr_write<r::csr::mhpmevent(3)>(static_cast<pmu::hal::csr_word>(r::mhpmevent::kOf.mask()));
#endif
#ifndef PMU_HOST
    // QEMU 7.2 masks scountovf with mcounteren even in M-mode
    // (docs/hw/riscv-counters.md §2.5): open it as firmware that lets
    // S-mode see the counters does.
    (void)pmu::hal::csr_set<r::csr::kMcounteren>(~pmu::hal::csr_word{0});
#endif
  }
#ifdef PMU_HOST
  using Rig = CsrRig<false>;
  static inline Rig* rig = nullptr;
#endif
};

#if BL_XLEN == 64
// AME (RV64 only): every counter but time.
inline constexpr r::CounterConfig kAmeConfig = r::ame::AmeConfig{true, BL_AME_COUNTERS};
inline r::CounterCallbacks g_ame_callbacks{};
inline r::ame::FixedAmeCounters<kAmeConfig, pmu::StaticStorage<r::CounterCallbacks, g_ame_callbacks>> g_ame;
inline r::CounterCallbacks g_ame_callbacks_rt{};
inline r::ame::AmeCounters g_ame_rt{kAmeConfig};

struct AmeOps {
  static constexpr uintptr_t kWindow = 0;
  static constexpr unsigned kWindowWords = 0;
  static constexpr Path kCompileTime = Path::kMeasured;
  static constexpr Path kRunTime = Path::kMeasured;
  struct Baseline {
    BENCH_FORWARD bl_u32 ame_hook() { return bl_ame_hook(); }
  };
  struct CompileTime {
    BENCH_OUT_OF_LINE Result<uint32_t> ame_hook() { return g_ame.handle_overflow_irq(); }
  };
  struct RunTime {
    BENCH_FORWARD Result<uint32_t> ame_hook() { return g_ame_rt.handle_overflow_irq(); }  // (as RunTime::lcofi_hook)
  };
  static void attach(bl_callback_fn fn) {
    (void)g_ame.on_overflow(3, {fn, nullptr});
    (void)g_ame_rt.attach_callbacks(&g_ame_callbacks_rt);
    (void)g_ame_rt.on_overflow(3, {fn, nullptr});
    (void)bl_ame_on_overflow(3, {fn, nullptr});
  }
  // AME counter 3 has overflowed (OF, bit 63 of its event register).
  static void overflowed() {
    pmu::hal::csr_write<r::csr::ame_mhpmevent(3)>(static_cast<pmu::hal::csr_word>(r::mhpmevent::kOf.mask()));
  }
#ifdef PMU_HOST
  using Rig = CsrRig<true>;
  static inline Rig* rig = nullptr;
#endif
};
#define BENCH_HAS_AME 1
#else
#define BENCH_HAS_AME 0
#endif

}  // namespace bench::riscv

// X(name, scenario, operation, arguments...): operations timed as calls.
#define BENCH_RISCV_OPS(X)                                  \
  X("riscv.read64", idle, read64, 0u)                       \
  X("riscv.start(one)", idle, start, 0x8u)                  \
  X("riscv.stop(one)", idle, stop, 0x8u)                    \
  X("riscv.lcofi_hook(1_flagged)", overflowed, lcofi_hook)

// X(name, scenario, hook, arguments...): hooks timed from entry to the first callback.
#define BENCH_RISCV_HOOKS(X) X("riscv.lcofi_hook_to_callback", overflowed, lcofi_hook)
#define BENCH_AME_HOOKS(X) X("riscv.ame_hook_to_callback", overflowed, ame_hook)
#define BENCH_AME_OPS(X) X("riscv.ame_hook(1_flagged)", overflowed, ame_hook)
