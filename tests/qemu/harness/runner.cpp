// The test runner: runs every TEST_CASE linked into the image, one
// PASS/FAIL line each, then the SUMMARY line; the exit status says whether
// all passed. Example images link the harness without this file.
#include "detail.hpp"
#include "harness.hpp"

extern "C" const harness::TestCase __start_pmu_tests[];
extern "C" const harness::TestCase __stop_pmu_tests[];

extern "C" int main() {
  unsigned passed = 0;
  unsigned failed = 0;
  // The linker lays the descriptors out last-defined first; run them in
  // source order.
  for (const harness::TestCase* t = __stop_pmu_tests; t != __start_pmu_tests;) {
    --t;
    harness::detail::reset_after_test();
    t->fn();
    const bool bad = harness::current_failed();
    harness::detail::reset_after_test();
    harness::printf("%s %s %s.%s\n", bad ? "FAIL" : "PASS", board::name(), t->unit, t->name);
    if (bad) {
      ++failed;
    } else {
      ++passed;
    }
  }
  harness::printf("SUMMARY %s %u passed, %u failed\n", board::name(), passed, failed);
  return failed == 0 && passed > 0 ? 0 : 1;
}
