// SPDX-License-Identifier: Apache-2.0
// The test runner: runs every TEST_CASE linked into the image, one
// PASS/FAIL line each, then the SUMMARY line; the exit status says whether
// all passed.
#include "board.hpp"
#include "pmu_sim/harness.hpp"
#include "qemu/test.hpp"

// How the image was built, when not with the defaults (GCC, -Os): "@O2",
// "@clang" (mk/target.mk defines it). make test runs the suites built
// otherwise too, and each line says where and how it ran.
#ifndef PMU_TEST_BUILD_TAG
#define PMU_TEST_BUILD_TAG ""
#endif

extern "C" const qemu_test::TestCase __start_pmu_tests[];
extern "C" const qemu_test::TestCase __stop_pmu_tests[];

namespace qemu_test {
namespace {
bool g_failed;
}  // namespace

void check_failed(const char* file, int line, const char* expr) {
  g_failed = true;
  harness::printf("  check failed: %s:%d: %s\n", file, line, expr);
}

void check_eq_failed(const char* file, int line, const char* a, const char* b, uint64_t va,
                     uint64_t vb) {
  g_failed = true;
  harness::printf("  check failed: %s:%d: %s == %s (0x%llx vs 0x%llx)\n", file, line, a, b,
                  static_cast<unsigned long long>(va), static_cast<unsigned long long>(vb));
}

}  // namespace qemu_test

extern "C" int main() {
  unsigned passed = 0;
  unsigned failed = 0;
  // The linker lays the descriptors out last-defined first; run them in
  // source order.
  for (const qemu_test::TestCase* t = __stop_pmu_tests; t != __start_pmu_tests;) {
    --t;
    harness::reset();
    qemu_test::g_failed = false;
    t->fn();
    const bool bad = qemu_test::g_failed;
    harness::reset();
    harness::printf("%s %s%s %s.%s\n", bad ? "FAIL" : "PASS", board::name(), PMU_TEST_BUILD_TAG, t->unit, t->name);
    if (bad) {
      ++failed;
    } else {
      ++passed;
    }
  }
  harness::printf("SUMMARY %s%s %u passed, %u failed\n", board::name(), PMU_TEST_BUILD_TAG, passed, failed);
  return failed == 0 && passed > 0 ? 0 : 1;
}
