// SPDX-License-Identifier: Apache-2.0
// The profiler's host tests: GoogleTest with one "PASS host profile.<Suite>.<Test>"
// (or FAIL/SKIP) line per test, the form `make test` counts.
#include <gtest/gtest.h>

#include <cstdio>

namespace {

struct VerdictLines : ::testing::EmptyTestEventListener {
  void OnTestEnd(const ::testing::TestInfo& t) override {
    const auto* r = t.result();
    std::printf("%s host profile.%s.%s\n", r->Skipped() ? "SKIP" : (r->Passed() ? "PASS" : "FAIL"),
                t.test_suite_name(), t.name());
    std::fflush(stdout);
  }
};

}  // namespace

int main(int argc, char** argv) {
  ::testing::InitGoogleTest(&argc, argv);
  ::testing::UnitTest::GetInstance()->listeners().Append(new VerdictLines);
  return RUN_ALL_TESTS();
}
