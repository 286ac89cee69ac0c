// SPDX-License-Identifier: Apache-2.0
// A workload whose profile is known by construction: each round calls
//
//   shape_round
//     shape_outer_a ── shape_sixty   (6 units of work: ~60% of the instructions)
//                  └── shape_ten     (1 unit:          ~10%)
//     shape_outer_b ── shape_thirty  (3 units:         ~30%)
//
// The leaves run the same loop body a fixed number of times, with no
// data-dependent branch, so every call retires the same instructions.
// measure() counts them with instret (one call of each
// function alone), which is what a profile of N rounds must show: self
// shares for the leaves, inclusive shares for the callers. Built with
// -fno-omit-frame-pointer (example.mk), so call chains can be walked.
// The names are C names, so a profile shows them as they are here.
#pragma once

#include <stdint.h>

#include "pmu/report.hpp"

extern "C" {
uint32_t shape_sixty(uint32_t x);
uint32_t shape_thirty(uint32_t x);
uint32_t shape_ten(uint32_t x);
uint32_t shape_outer_a(uint32_t x);
uint32_t shape_outer_b(uint32_t x);
uint32_t shape_round(uint32_t x);
}

namespace known_shape {

// The loop body every leaf runs: always inlined, so each leaf's samples
// land in the leaf itself. The asm keeps the compiler from folding turns.
// (The SafeSU sampling test, tests/profile/qemu/profile_safesu, runs it too.)
__attribute__((always_inline)) inline uint32_t churn(uint32_t x, unsigned turns) {
  for (unsigned i = 0; i < turns; ++i) {
    x = x * 1664525u + 1013904223u;
    __asm__ volatile("" : "+r"(x));
    x ^= x >> 7;
  }
  return x;
}

// Runs 'rounds' rounds; returns a checksum (so the work stays).
uint32_t run(unsigned rounds);

// Instructions retired by one call of each function (its callees
// included), and by run(rounds) as a whole, counted with instret.
struct Truth {
  uint64_t sixty, thirty, ten;        // the leaves
  uint64_t outer_a, outer_b, round;   // the callers, callees included
  uint64_t run;                       // run(rounds): the rounds and the loop around them
  unsigned rounds;
};
Truth measure(unsigned rounds);

// Prints the truth as "truth <function> self <ppm> inclusive <ppm>" lines
// (parts per million of run()'s instructions; the leaves' self = inclusive,
// the callers' self = their own few instructions), which the accuracy check
// (tests/profile/tool/check_target.py) compares with the profile, and a
// readable table.
void print_truth(const Truth& t, const pmu::report::Sink& out);

}  // namespace known_shape
