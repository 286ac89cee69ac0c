// SPDX-License-Identifier: Apache-2.0
// Code-generation hints only GCC knows. The hot paths were tuned with GCC
// (the compiler the figures of docs/performance.md are measured with); under
// another compiler (clang) each hint is empty, so that the headers compile
// warning-free there too, and the code means the same.
#pragma once

#if defined(__GNUC__) && !defined(__clang__)
/** Keeps a function one out-of-line copy: GCC would otherwise clone it per
 *  constant argument, and the calls sharing it would no longer share it. */
#define PMU_NOCLONE __attribute__((noclone))
/** Keeps a function's loop invariants in its loops: a loop that usually runs
 *  once then takes no callee-saved register for a hoisted constant. */
#define PMU_INVARIANTS_IN_LOOPS __attribute__((optimize("no-move-loop-invariants")))
#else
#define PMU_NOCLONE             /**< GCC only (pmu/util/compiler.hpp) */
#define PMU_INVARIANTS_IN_LOOPS /**< GCC only (pmu/util/compiler.hpp) */
#endif
