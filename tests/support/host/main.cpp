// SPDX-License-Identifier: Apache-2.0
// Host test entry: GoogleTest with one "PASS host <Suite>.<Test>" /
// "FAIL host ..." line per test (failure messages indented under it), and a
// closing "SUMMARY host <p> passed, <f> failed" line: the form `make test`
// counts (tools/build-run-report.sh, suite). host-xlen32 for XLEN 32 builds,
// host@clang (host-xlen32@clang) for a build by clang.
#include <gtest/gtest.h>

#include <cstdio>
#include <string>

#include "host/backend.hpp"

namespace {

class LinePrinter : public ::testing::EmptyTestEventListener {
 public:
  explicit LinePrinter(const char* tag) : tag_(tag) {}
  void OnTestPartResult(const ::testing::TestPartResult& r) override {
    if (!r.failed()) return;
    std::printf("  %s:%d: failure\n", r.file_name() != nullptr ? r.file_name() : "?", r.line_number());
    std::string text = r.message();
    for (size_t at = 0; at < text.size();) {
      const size_t end = text.find('\n', at);
      std::printf("    %s\n", text.substr(at, end - at).c_str());
      at = end == std::string::npos ? text.size() : end + 1;
    }
  }
  void OnTestEnd(const ::testing::TestInfo& info) override {
    const char* verdict = info.result()->Skipped() ? "SKIP" : info.result()->Passed() ? "PASS" : "FAIL";
    std::printf("%s %s %s.%s\n", verdict, tag_, info.test_suite_name(), info.name());
    std::fflush(stdout);
  }
  void OnTestProgramEnd(const ::testing::UnitTest& u) override {
    std::printf("SUMMARY %s %d passed, %d failed\n", tag_, u.successful_test_count(), u.failed_test_count());
    std::fflush(stdout);
  }

 private:
  const char* tag_;
};

}  // namespace

int main(int argc, char** argv) {
  ::testing::InitGoogleTest(&argc, argv);
  pmu::test::report_bus_faults_as_failures();
// How the binary was built, when not with the default compiler: "@clang"
// (mk/host.mk defines it; make test runs the host tests built by clang too).
#ifndef PMU_TEST_BUILD_TAG
#define PMU_TEST_BUILD_TAG ""
#endif
#if PMU_HOST_XLEN == 32
  const char* tag = "host-xlen32" PMU_TEST_BUILD_TAG;
#else
  const char* tag = "host" PMU_TEST_BUILD_TAG;
#endif
  auto& listeners = ::testing::UnitTest::GetInstance()->listeners();
  delete listeners.Release(listeners.default_result_printer());  // these lines replace gtest's own
  listeners.Append(new LinePrinter(tag));
  return RUN_ALL_TESTS();
}
