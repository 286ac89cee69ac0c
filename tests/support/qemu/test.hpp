// SPDX-License-Identifier: Apache-2.0
// The QEMU test framework: TEST_CASE(unit, name) { ... } registers a test in
// the image (a const descriptor in section pmu_tests: no static
// constructor; the linker collects the section and defines
// __start_pmu_tests/__stop_pmu_tests itself, so board linker scripts know
// nothing of tests); CHECK, CHECK_EQ and CHECK_OK record failures and carry on.
// runner.cpp is the image's main(): it prints "PASS <board> <unit>.<name>"
// or "FAIL <board> <unit>.<name>" for each test, then "SUMMARY <board> <p>
// passed, <f> failed", and exits 0 only if all passed. Tests drive the
// emulated units through the sim runtime (pmu_sim/harness.hpp).
#pragma once

#include <stdint.h>

#include "pmu_sim/harness.hpp"

namespace qemu_test {

struct TestCase {
  const char* unit;
  const char* name;
  void (*fn)();
};

void check_failed(const char* file, int line, const char* expr);
void check_eq_failed(const char* file, int line, const char* a, const char* b,
                     uint64_t va, uint64_t vb);

}  // namespace qemu_test

#define PMU_TEST_CAT2(a, b) a##b
#define PMU_TEST_CAT(a, b) PMU_TEST_CAT2(a, b)
#define TEST_CASE(unit, name)                                                   \
  static void PMU_TEST_CAT(test_fn_, name)();                                   \
  __attribute__((used, section("pmu_tests"))) static const ::qemu_test::TestCase \
      PMU_TEST_CAT(test_desc_, name) = {#unit, #name,                           \
                                        &PMU_TEST_CAT(test_fn_, name)};         \
  static void PMU_TEST_CAT(test_fn_, name)()

#define CHECK(cond)                                                     \
  do {                                                                  \
    if (!(cond)) ::qemu_test::check_failed(__FILE__, __LINE__, #cond); \
  } while (0)
#define CHECK_EQ(a, b)                                                          \
  do {                                                                          \
    const auto pmu_va_ = (a);                                                   \
    const auto pmu_vb_ = (b);                                                   \
    if (!(pmu_va_ == pmu_vb_))                                                  \
      ::qemu_test::check_eq_failed(__FILE__, __LINE__, #a, #b,                  \
                                   (uint64_t)(pmu_va_), (uint64_t)(pmu_vb_));   \
  } while (0)
#define CHECK_OK(expr) CHECK((expr) == ::pmu::Status::kOk)
