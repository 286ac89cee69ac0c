// SPDX-License-Identifier: Apache-2.0
#include "known_shape.hpp"

#include "pmu/report.hpp"

namespace {

// Units of work per round: 6 + 3 + 1. A unit is kIterations turns of the
// loop body (about 6 instructions).
constexpr unsigned kIterations = 40;

// instret, the unprivileged shadow: M-mode reads it always, S-mode where
// the firmware below opened it (OpenSBI does).
inline uint64_t instret() {
  uintptr_t lo;
#if __riscv_xlen == 32
  uintptr_t hi, hi2;
  do {
    __asm__ volatile("csrr %0, instreth" : "=r"(hi));
    __asm__ volatile("csrr %0, instret" : "=r"(lo));
    __asm__ volatile("csrr %0, instreth" : "=r"(hi2));
  } while (hi != hi2);
  return static_cast<uint64_t>(hi) << 32 | lo;
#else
  __asm__ volatile("csrr %0, instret" : "=r"(lo));
  return lo;
#endif
}

using known_shape::churn;

template <typename Fn>
uint64_t instructions_of(Fn fn) {
  const uint64_t a = instret();
  const uint64_t b = instret();
  fn();
  const uint64_t c = instret();
  return (c - b) - (b - a);  // less the cost of reading instret
}

volatile uint32_t g_sink;

using pmu::report::put_dec;
using pmu::report::put_str;

void put_ppm(const pmu::report::Sink& out, const char* name, uint64_t self, uint64_t inclusive, uint64_t total) {
  put_str(out, "truth ");
  put_str(out, name);
  put_str(out, " self ");
  put_dec(out, self * 1000000 / total);
  put_str(out, " inclusive ");
  put_dec(out, inclusive * 1000000 / total);
  put_str(out, "\n");
}

void put_percent(const pmu::report::Sink& out, const char* name, uint64_t part, uint64_t total) {
  const uint64_t tenths = (part * 1000 + total / 2) / total;
  put_str(out, "  ");
  put_str(out, name);
  unsigned len = 0;
  while (name[len] != '\0') ++len;
  put_dec(out, tenths / 10, len < 14 ? 17 - len : 3);
  put_str(out, ".");
  put_dec(out, tenths % 10);
  put_str(out, "%\n");
}

}  // namespace

extern "C" {
__attribute__((noinline)) uint32_t shape_sixty(uint32_t x) { return churn(x, 6 * kIterations); }
__attribute__((noinline)) uint32_t shape_thirty(uint32_t x) { return churn(x, 3 * kIterations); }
__attribute__((noinline)) uint32_t shape_ten(uint32_t x) { return churn(x, kIterations); }
__attribute__((noinline)) uint32_t shape_outer_a(uint32_t x) { return shape_ten(shape_sixty(x)); }
__attribute__((noinline)) uint32_t shape_outer_b(uint32_t x) { return shape_thirty(x); }
__attribute__((noinline)) uint32_t shape_round(uint32_t x) { return shape_outer_b(shape_outer_a(x)); }
}

namespace known_shape {

uint32_t run(unsigned rounds) {
  uint32_t x = 1;
  for (unsigned r = 0; r < rounds; ++r) x = shape_round(x + r);
  g_sink = x;
  return x;
}

Truth measure(unsigned rounds) {
  Truth t{};
  t.sixty = instructions_of([] { g_sink = shape_sixty(g_sink); });
  t.thirty = instructions_of([] { g_sink = shape_thirty(g_sink); });
  t.ten = instructions_of([] { g_sink = shape_ten(g_sink); });
  t.outer_a = instructions_of([] { g_sink = shape_outer_a(g_sink); });
  t.outer_b = instructions_of([] { g_sink = shape_outer_b(g_sink); });
  t.round = instructions_of([] { g_sink = shape_round(g_sink); });
  t.run = instructions_of([rounds] { (void)run(rounds); });
  t.rounds = rounds;
  return t;
}

void print_truth(const Truth& t, const pmu::report::Sink& out) {
  // What a call costs beyond its callees is the caller's own (self) time.
  const uint64_t n = t.rounds;
  const uint64_t outer_a_self = t.outer_a - t.sixty - t.ten;
  const uint64_t outer_b_self = t.outer_b - t.thirty;
  const uint64_t round_self = t.round - t.outer_a - t.outer_b;
  put_ppm(out, "shape_sixty", n * t.sixty, n * t.sixty, t.run);
  put_ppm(out, "shape_thirty", n * t.thirty, n * t.thirty, t.run);
  put_ppm(out, "shape_ten", n * t.ten, n * t.ten, t.run);
  put_ppm(out, "shape_outer_a", n * outer_a_self, n * t.outer_a, t.run);
  put_ppm(out, "shape_outer_b", n * outer_b_self, n * t.outer_b, t.run);
  put_ppm(out, "shape_round", n * round_self, n * t.round, t.run);
  put_str(out, "known shape: ");
  put_dec(out, t.rounds);
  put_str(out, " rounds, ");
  put_dec(out, t.run);
  put_str(out, " instructions; each function's share of them:\n");
  put_percent(out, "shape_sixty", n * t.sixty, t.run);
  put_percent(out, "shape_thirty", n * t.thirty, t.run);
  put_percent(out, "shape_ten", n * t.ten, t.run);
  put_percent(out, "the callers", t.run - n * (t.sixty + t.thirty + t.ten), t.run);
}

}  // namespace known_shape
