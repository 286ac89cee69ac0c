// SPDX-License-Identifier: Apache-2.0
// Exact instruction counts on the RISC-V QEMU boards (-icount shift=0, so
// minstret counts retired instructions exactly). The units' registers are
// plain RAM at the baselines' constant addresses (bench/common/baseline.h),
// so no trap is in a figure. Each operation of a unit's list
// (bench/<unit>/ops.hpp) is timed for the baseline and pmukit's paths, from
// the same register state, and must leave the same register state; one line
// per operation: "bench <name> baseline=N compile_time=N run_time=N".
// tests/bench/qemu/instret checks these counters against code of known length.
#pragma once

#include <stdint.h>

#include "../common/baseline.h"
#include "../common/ops.hpp"
#include "pmu_sim/harness.hpp"
#include "qemu/test.hpp"

// The callback every hook under measurement calls: its first instruction
// reads minstret into bench_at_callback (written in assembly, so nothing
// comes before the read; bench/target/callback.cpp).
extern "C" void bench_on_callback(void* ctx, unsigned source);
extern "C" volatile uint32_t bench_at_callback;

namespace bench {

__attribute__((always_inline)) inline uint32_t instret() {
  uintptr_t v;
  __asm__ volatile("csrr %0, minstret" : "=r"(v)::"memory");
  return static_cast<uint32_t>(v);
}

// The compiler forgets what v holds (an argument is not a constant the call
// could be specialised for), at no instruction.
template <typename T>
__attribute__((always_inline)) inline void opaque(T& v) {
  __asm__ volatile("" : "+r"(v));
}

// Instructions retired by call(args...) (the argument moves, the call and
// everything it runs), minus the cost of measuring nothing.
template <typename Call, typename... Args>
__attribute__((always_inline)) inline uint32_t instructions(Call call, Args... args) {
  (opaque(args), ...);
  const uint32_t e0 = instret();
  const uint32_t e1 = instret();
  uint32_t overhead = e1 - e0;
  opaque(overhead);  // computed here, not between the two reads below
  const uint32_t t0 = instret();
  (void)call(args...);
  const uint32_t t1 = instret();
  return t1 - t0 - overhead;
}

// minstret, and in 'after' the address of the instruction after the read.
__attribute__((always_inline)) inline uint32_t instret_at(uintptr_t& after) {
  uintptr_t v;
  __asm__ volatile("lla %1, 1f\n\tcsrr %0, minstret\n1:" : "=&r"(v), "=&r"(after)::"memory");
  return static_cast<uint32_t>(v);
}

// The instructions a call site runs from 'from' up to and including its call
// (jal/jalr/c.jalr/c.jal with the return address in ra): what the caller
// does before the callee's first instruction (argument moves, an object's
// address, the call). Read from the image's own code, which must be
// straight-line there: 0 if a branch or jump comes first.
inline uint32_t call_site_length(uintptr_t from) {
  const auto* p = reinterpret_cast<const uint16_t*>(from);
  for (uint32_t n = 1; n <= 16; ++n) {
    const uint32_t lo = *p;
    if ((lo & 3u) == 3u) {  // 32 bits
      const uint32_t insn = lo | uint32_t{p[1]} << 16;
      const uint32_t opcode = insn & 0x7Fu;
      const uint32_t rd = (insn >> 7) & 31u;
      if (opcode == 0x6F || opcode == 0x67) return rd == 1 ? n : 0;  // jal / jalr
      if (opcode == 0x63) return 0;                                  // a branch
      p += 2;
    } else {  // 16 bits (C)
      const uint32_t op = lo & 3u, funct3 = lo >> 13, rs2 = (lo >> 2) & 31u, rs1 = (lo >> 7) & 31u;
      if (op == 2 && (lo >> 12) == 9 && rs2 == 0 && rs1 != 0) return n;  // c.jalr
      if (op == 2 && (lo >> 12) == 8 && rs2 == 0 && rs1 != 0) return 0;  // c.jr
      if (op == 1 && funct3 == 1 && __riscv_xlen == 32) return n;        // c.jal (RV32)
      if (op == 1 && (funct3 == 5 || funct3 == 6 || funct3 == 7)) return 0;  // c.j, c.beqz, c.bnez
      p += 1;
    }
  }
  return 0;
}

// Instructions from a hook's first instruction to the first instruction of
// its first callback: the window from the call site to the callback, less
// the call site's own instructions before the hook's entry (its argument
// moves, an object's address and the call, read from the code). A hook that
// does not call back, or a call site that is not straight-line, gives 0.
template <typename Call, typename... Args>
__attribute__((always_inline)) inline uint32_t to_first_callback(Call call, Args... args) {
  (opaque(args), ...);
  bench_at_callback = 0;
  const uint32_t e0 = instret();
  const uint32_t e1 = instret();
  uint32_t overhead = e1 - e0;
  opaque(overhead);
  uintptr_t site;
  const uint32_t t0 = instret_at(site);
  (void)call(args...);
  const uint32_t at = bench_at_callback;
  const uint32_t before_entry = call_site_length(site);
  return at == 0 || before_entry == 0 ? 0 : at - t0 - overhead - before_entry;
}

inline void report(const char* what, const char* metric, uint32_t value) {
  harness::printf("bench %s %s=%u\n", what, metric, static_cast<unsigned>(value));
}

// The register window of a unit, kept to compare what the implementations leave.
template <unsigned Words>
struct Window {
  uint32_t words[Words];
  static Window take(uintptr_t base) {
    Window w;
    for (unsigned i = 0; i < Words; ++i) w.words[i] = reinterpret_cast<volatile const uint32_t*>(base)[i];
    return w;
  }
  static void clear(uintptr_t base) {
    for (unsigned i = 0; i < Words; ++i) reinterpret_cast<volatile uint32_t*>(base)[i] = 0;
  }
  bool operator==(const Window& o) const {
    for (unsigned i = 0; i < Words; ++i)
      if (words[i] != o.words[i]) return false;
    return true;
  }
};

// Times one operation for each implementation, each from the scenario's
// register state, checks they leave the same registers (units whose
// registers are memory: kWindowWords > 0), prints the line.
template <class Ops, class Measure, class B, class C, class R, class... Args>
void run_op(const char* name, void (*scenario)(), Measure measure, B baseline, C compile_time, R run_time,
            Args... args) {
  constexpr unsigned kWords = Ops::kWindowWords > 0 ? Ops::kWindowWords : 1;
  using W = Window<kWords>;
  auto fresh = [&] {
    if constexpr (Ops::kWindowWords > 0) W::clear(Ops::kWindow);
    scenario();
  };
  auto same_registers = [&](const W& expected) {
    if constexpr (Ops::kWindowWords > 0) CHECK(W::take(Ops::kWindow) == expected);
  };
  fresh();
  const uint32_t nb = measure(baseline, args...);
  W after_baseline{};
  if constexpr (Ops::kWindowWords > 0) after_baseline = W::take(Ops::kWindow);
  harness::printf("bench %s baseline=%u", name, static_cast<unsigned>(nb));
  auto path = [&](const char* key, Path p, auto call) {
    if (p != Path::kMeasured) return;
    fresh();
    const uint32_t n = measure(call, args...);
    same_registers(after_baseline);
    harness::printf(" %s=%u", key, static_cast<unsigned>(n));
  };
  path("compile_time", Ops::kCompileTime, compile_time);
  path("run_time", Ops::kRunTime, run_time);
  harness::printf("\n");
}

struct TimeCall {
  template <class Call, class... Args>
  __attribute__((always_inline)) uint32_t operator()(Call call, Args... args) const {
    return instructions(call, args...);
  }
};
struct TimeToCallback {
  template <class Call, class... Args>
  __attribute__((always_inline)) uint32_t operator()(Call call, Args... args) const {
    return to_first_callback(call, args...);
  }
};

}  // namespace bench

// Expand an ops.hpp list inside a function with `using Ops = ...;`:
// BENCH_SAFESU_OPS(BENCH_TIME_CALL), BENCH_SAFESU_HOOKS(BENCH_TIME_TO_CALLBACK).
#define BENCH_TARGET_RUN(measure_, name_, scenario_, op_, ...)                                          \
  ::bench::run_op<Ops>(                                                                                 \
      name_, &Ops::scenario_, measure_,                                                                 \
      [](auto... a) __attribute__((always_inline)) { return Ops::Baseline::op_(a...); },               \
      [](auto... a) __attribute__((always_inline)) { return Ops::CompileTime::op_(a...); },            \
      [](auto... a) __attribute__((always_inline)) { return Ops::RunTime::op_(a...); }, ##__VA_ARGS__);
#define BENCH_TIME_CALL(name_, scenario_, op_, ...) \
  BENCH_TARGET_RUN(::bench::TimeCall{}, name_, scenario_, op_, ##__VA_ARGS__)
#define BENCH_TIME_TO_CALLBACK(name_, scenario_, op_, ...) \
  BENCH_TARGET_RUN(::bench::TimeToCallback{}, name_, scenario_, op_, ##__VA_ARGS__)
